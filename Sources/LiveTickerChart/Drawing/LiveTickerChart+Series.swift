import LiveTickerCore
import LiveTickerDownsampling
import LiveTickerRender
import LiveTickerScales

extension LiveTickerChart {
    /// Fills `xs`/`ys` with the points of series `index` in chart x units (the visible ticks on
    /// the raw path, the candidate set on the summary path), downsamples them to the plot width
    /// and maps the kept points to pixels (NaN where the pen lifts): `pixelXs`/`pixelYs`, their
    /// count in `keptCount`. O(points handed to the downsampler) — bounded by the panel width, not by the
    /// history — and no allocation. Candle slots: see
    /// ``downsampleBySlots(of:count:plotWidth:reusing:points:)``, which maps only the points of the
    /// slots whose picks changed.
    ///
    /// On the summary path the result is exactly what the configured algorithm gives on a
    /// series made of just the candidates (see ``LiveSeries/collectCandidates(positions:level:into:)``
    /// for which ticks those are).
    func prepareLine(of index: Int, _ geometry: ChartGeometry) {
        let s = scratch[index]
        s.keptCount = 0
        if usesCandleSlots {
            prepareSlotLine(of: index, geometry)
            return
        }
        let count: Int
        if s.usesCandidates {
            count = s.candidateCount
            guard count > 0 else { return }
            // Candidates carry the running maximum of the times from the window's first
            // tick, the same x the raw path computes below.
            for i in 0..<count {
                let candidate = s.candidates[i]
                s.xs[i] = Double(candidate.drawTime &- frame.windowStart)
                s.ys[i] = candidate.value
            }
        } else {
            let visible = s.rawTicks
            guard !visible.isEmpty else { return }
            count = visible.count
            // x is time from the window start. A backwards timestamp is drawn at the newest
            // time seen so far (a vertical step) so the line keeps its arrival order.
            var runningMax = Int64.min
            for i in 0..<count {
                let tick = s.ticks[visible.lowerBound &+ i]
                runningMax = max(runningMax, tick.time)
                s.xs[i] = Double(runningMax &- frame.windowStart)
                s.ys[i] = tick.value
            }
        }
        let plotWidth = geometry.layout.plot.width
        guard plotWidth > 0 else { return }
        let kept = Downsampler.downsample(
            algorithm: options.algorithm,
            x: UnsafeBufferPointer(rebasing: s.xs[0..<count]),
            y: UnsafeBufferPointer(rebasing: s.ys[0..<count]),
            points: max(3, plotWidth), into: s.indices)
        for k in 0..<kept {
            let i = s.indices[k]
            if i == Downsampling.gapMarker {
                s.pixelXs[k] = .nan
                s.pixelYs[k] = .nan
            } else {
                s.pixelXs[k] = geometry.pixelX(s.xs[i])
                s.pixelYs[k] = geometry.pixelY(ValueSanitizer.clampForScale(s.ys[i]))
            }
        }
        s.keptCount = kept
    }

    /// ``prepareLine(of:_:)`` in candle modes, where the line shares the candles' x axis: each
    /// point is placed inside the slot of the candle that aggregated it and the line is
    /// downsampled slot by slot into `lineXs`/`lineYs`, then mapped to pixels. Nothing when no
    /// candle is visible. O(the points of the slots recomputed + kept), no allocation.
    func prepareSlotLine(of index: Int, _ geometry: ChartGeometry) {
        let s = scratch[index]
        let plotWidth = geometry.layout.plot.width
        guard !s.visibleCandles.isEmpty, plotWidth > 0 else { return }
        var kept: Int
        if s.usesCandidates {
            kept = downsampleCandidatesBySlots(of: s, plotWidth: plotWidth, reusing: true)
            if kept < 0 {
                // Candles left out of the collection could not be copied (the plot's width
                // changed since the last frame): collect them all and compute every chunk.
                completeCandidates(of: index)
                kept = downsampleCandidatesBySlots(of: s, plotWidth: plotWidth, reusing: false)
            }
        } else {
            let visible = s.rawTicks
            guard !visible.isEmpty else { return }
            // Invariant: `visible` lies within `s.ticks`, which outlives the call.
            let points = RawTickPoints(
                ticks: UnsafePointer(s.ticks.baseAddress! + visible.lowerBound), firstPosition: s.rawFirstPosition)
            kept = downsampleBySlots(of: s, count: visible.count, plotWidth: plotWidth, points: points)
        }
        guard kept > 0 else { return }
        let base = s.lineHalf &* s.lineCapacity
        // Invariant: kept ≤ lineCapacity ≤ the pixel buffers' capacity.
        geometry.mapToPixels(
            xs: s.lineXs.baseAddress! + base, ys: s.lineYs.baseAddress! + base, count: kept,
            pixelXs: s.pixelXs.baseAddress!, pixelYs: s.pixelYs.baseAddress!)
        s.keptCount = kept
    }

    /// ``downsampleBySlots(of:count:plotWidth:reusing:points:)`` over the candidate set; 0
    /// when there is none (and none skipped). O(as that), no allocation.
    private func downsampleCandidatesBySlots(of s: SeriesScratch, plotWidth: Int, reusing: Bool) -> Int {
        guard s.candidateCount > 0 || s.skippedCount > 0 else { return 0 }
        // Invariant: the set's `candidateCount` entries lie within `s.candidates`, which
        // outlives the call.
        let points = CandidatePoints(candidates: UnsafePointer(s.candidates.baseAddress!))
        return downsampleBySlots(of: s, count: s.candidateCount, plotWidth: plotWidth, reusing: reusing, points: points)
    }

    /// Collects the candidates of the candles a candle-slot frame left out (see
    /// ``collectSlotCandidates(of:skipping:)``): the whole window's set, the value range
    /// unchanged. Nothing when none was left out. O(the window's collection), no allocation.
    func completeCandidates(of index: Int) {
        let s = scratch[index]
        guard s.usesCandidates, s.skippedCount > 0 else { return }
        let extent = s.tickExtent
        collectSlotCandidates(of: index, skipping: false)
        s.tickExtent = extent
    }

    /// Candles of series `index` by slot: a 1-px wick from low to high and a body from open to
    /// close, `max(2, 0.6 × slot)` wide and at least 1 px tall; non-drawable candles keep their
    /// slot empty.
    func drawCandles(of index: Int, _ geometry: ChartGeometry, into fb: Framebuffer) {
        let s = scratch[index]
        let candles = s.visibleCandles
        guard !candles.isEmpty else { return }
        let plot = geometry.layout.plot
        let theme = options.theme
        let slotPixels = Double(plot.width) / Double(max(1, frame.slotCount))
        let bodyWidth = max(1, Int(max(2, 0.6 * slotPixels)))
        for i in candles {
            let candle = s.candles[i]
            guard candle.isDrawable else { continue }
            let color = candle.close >= candle.open ? theme.up : theme.down
            let wickX = column(ofCandle: i, in: s, geometry)
            let high = PixelRect.snap(geometry.pixelY(ValueSanitizer.clampForScale(candle.high)))
            let low = PixelRect.snap(geometry.pixelY(ValueSanitizer.clampForScale(candle.low)))
            fb.verticalLine(x: wickX, minY: high, maxY: max(low, high &+ 1), color: color, clip: plot)
            let openY = geometry.pixelY(ValueSanitizer.clampForScale(candle.open))
            let closeY = geometry.pixelY(ValueSanitizer.clampForScale(candle.close))
            let top = PixelRect.snap(min(openY, closeY))
            let bottom = max(top &+ 1, PixelRect.snap(max(openY, closeY)))
            let left = wickX &- (bodyWidth &- 1) / 2
            fb.fill(PixelRect(minX: left, minY: top, maxX: left &+ bodyWidth, maxY: bottom), color: color, clip: plot)
        }
    }
}
