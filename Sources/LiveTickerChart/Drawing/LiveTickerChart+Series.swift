import LiveTickerCore
import LiveTickerDownsampling
import LiveTickerRender
import LiveTickerScales

extension LiveTickerChart {
    /// Fills `xs`/`ys` with the points of series `index` in chart x units (the visible ticks on
    /// the raw path, the candidate set on the summary path), downsamples them to the plot width
    /// and maps the kept points to pixels (NaN where the pen lifts): `pixelXs`/`pixelYs`, their
    /// count in `keptCount`. O(points handed to the downsampler) — bounded by the panel width, not by the
    /// history — and no allocation.
    ///
    /// On the summary path the result is exactly what the configured algorithm gives on a
    /// series made of just the candidates (see ``LiveSeries/collectCandidates(positions:level:into:)``
    /// for which ticks those are).
    func prepareLine(of index: Int, _ geometry: ChartGeometry) {
        let s = scratch[index]
        s.keptCount = 0
        let count: Int
        if s.usesCandidates {
            count = s.candidateCount
            guard count > 0 else { return }
            if !usesCandleSlots {
                // Candidates carry the running maximum of the times from the window's first
                // tick, the same x the raw path computes below.
                for i in 0..<count {
                    let candidate = s.candidates[i]
                    s.xs[i] = Double(candidate.drawTime &- frame.windowStart)
                    s.ys[i] = candidate.value
                }
            } else {
                guard mapCandidatesToSlots(of: index) else { return }
            }
        } else {
            let visible = s.rawTicks
            guard !visible.isEmpty else { return }
            count = visible.count
            if !usesCandleSlots {
                // x is time from the window start. A backwards timestamp is drawn at the newest
                // time seen so far (a vertical step) so the line keeps its arrival order.
                var runningMax = Int64.min
                for i in 0..<count {
                    let tick = s.ticks[visible.lowerBound &+ i]
                    runningMax = max(runningMax, tick.time)
                    s.xs[i] = Double(runningMax &- frame.windowStart)
                    s.ys[i] = tick.value
                }
            } else {
                guard mapTicksToSlots(of: index) else { return }
            }
        }
        let plotWidth = geometry.layout.plot.width
        guard plotWidth > 0 else { return }
        let kept =
            usesCandleSlots
            ? downsampleBySlots(of: s, count: count, plotWidth: plotWidth)
            : Downsampler.downsample(
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

    /// In candle modes the line shares the candles' x axis: each tick is placed inside the slot
    /// of the candle that aggregated it. Every tick went into exactly one candle, in order, and
    /// each candle records how many it took, so walking positions and candles back from the
    /// newest copied candle pairs them exactly, whatever the window (follow or fixed, with
    /// newer candles outside it). Within a slot a tick sits at its time's fraction of the candle
    /// window, or at its rank for tick-count candles. Returns false when no candle is visible.
    /// O(visible ticks + copied candles).
    func mapTicksToSlots(of index: Int) -> Bool {
        let s = scratch[index]
        let visible = s.rawTicks
        return mapToSlots(of: index, count: visible.count) { i in
            let tick = s.ticks[visible.lowerBound &+ i]
            return (s.rawFirstPosition &+ UInt64(i), tick.time, tick.value)
        }
    }

    /// ``mapTicksToSlots(of:)`` for a candidate set: the same pairing, by each candidate's
    /// position. O(candidates + copied candles).
    func mapCandidatesToSlots(of index: Int) -> Bool {
        let s = scratch[index]
        return mapToSlots(of: index, count: s.candidateCount) { i in
            let candidate = s.candidates[i]
            return (candidate.position, candidate.time, candidate.value)
        }
    }

    /// Fills `xs`/`ys[0..<count]` with slot coordinates for the points `point(i)` gives
    /// (position, time, value), which come in increasing position order.
    private func mapToSlots(of index: Int, count: Int, _ point: (Int) -> (UInt64, Int64, Double)) -> Bool {
        let s = scratch[index]
        let candles = s.visibleCandles
        guard !candles.isEmpty else { return false }
        let width: Int64? = s.candleWidth > 0 ? s.candleWidth : nil
        // Tick positions of the newest visible candle: skip the newer candles copied but not
        // visible (a fixed window in the past).
        var candleEnd = Int64(truncatingIfNeeded: s.candleTicksEnd)
        for newer in candles.upperBound..<s.copiedCandleCount { candleEnd &-= Int64(max(0, s.candles[newer].tickCount)) }
        var candle = candles.upperBound &- 1
        var candleStart = candleEnd &- Int64(max(0, s.candles[candle].tickCount))
        var i = count &- 1
        while i >= 0 {
            let (rawPosition, time, value) = point(i)
            let position = Int64(truncatingIfNeeded: rawPosition)
            while position < candleStart, candle > candles.lowerBound {
                candle &-= 1
                candleEnd = candleStart
                candleStart = candleEnd &- Int64(max(0, s.candles[candle].tickCount))
            }
            let c = s.candles[candle]
            let fraction: Double
            if position < candleStart {
                fraction = -1  // older than every visible candle: left of the plot, clipped
            } else if position >= candleEnd {
                fraction = 1  // newer than the newest visible candle: right of the plot, clipped
            } else if let width, width > 0 {
                fraction = Self.slotFraction(of: time, in: c, width: width)
            } else {
                fraction = (Double(position &- candleStart) + 0.5) / Double(max(1, c.tickCount))
            }
            s.xs[i] = Double(slot(ofCandle: candle, in: s)) + fraction
            s.ys[i] = value
            i &-= 1
        }
        return true
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
