import LiveTickerCore
import LiveTickerRender
import LiveTickerScales

extension LiveTickerChart {
    /// Finds each series' visible positions, gathers what the frame draws from them (the raw
    /// ticks of a short window, or a candidate set from the block summaries of a long one) and
    /// picks the visible time window and the value domain. Copies the candles.
    ///
    /// Cost: O(plot width + held candles + levels + held ticks / the coarsest block size) ring
    /// reads per series, independent of how many ticks the history or the window holds (the
    /// raw path copies fewer than `64 × minimumBlocks` ticks). No allocation.
    func collectVisibleData() {
        frame = FrameState()
        for s in scratch { s.tagRect = .empty }
        var newestTime = Int64.min
        var oldestTime = Int64.max
        for (index, series) in sources.enumerated() where readsSeries[index] {
            let s = scratch[index]
            s.newest = series.newestTick
            s.firstValue = series.oldestHeldFiniteValue()
            if let times = series.heldTimeRange() {
                newestTime = max(newestTime, times.upperBound)
                oldestTime = min(oldestTime, times.lowerBound)
            }
            s.visibleTicks = 0..<0
            s.rawTicks = 0..<0
            s.usesCandidates = false
            s.candidateCount = 0
            s.tickExtent = ValueExtent()
            s.candleExtent = ValueExtent()
            let candleCount = usesCandleSlots ? series.copyNewestCandles(into: s.candles) : 0
            s.visibleCandles = 0..<candleCount
            s.copiedCandleCount = candleCount
            // Every tick went into exactly one candle, in order: the copied candles end at the
            // tick position written last (read right after the copy; a live producer may have
            // moved on by a tick or two, which only nudges this frame's line within its slot).
            s.candleTicksEnd = usesCandleSlots ? series.tickPositionsWritten : 0
        }
        guard newestTime >= oldestTime else { return }  // nothing held anywhere

        switch options.window {
        case .follow(let span):
            frame.windowEnd = newestTime
            if let span, span > 0 {
                let (start, overflow) = newestTime.subtractingReportingOverflow(span)
                frame.windowStart = overflow ? .min : max(start, oldestTime)
            } else {
                frame.windowStart = oldestTime
            }
        case .fixed(let from, let to):
            frame.windowStart = min(from, to)
            frame.windowEnd = max(from, to)
        }
        let start = frame.windowStart
        let end = frame.windowEnd

        var mostCandles = 0
        for (index, series) in sources.enumerated() where readsSeries[index] {
            let s = scratch[index]
            // Ticks are kept in arrival order; the visible ones are the newest run whose times
            // lie in the window (a backwards timestamp inside the run stays in it).
            let visible = series.positions(inTimeWindow: start, end)
            s.visibleTicks = visible
            if let level = series.summaryLevel(forCount: UInt64(visible.count), minimumBlocks: s.minimumBlocks) {
                // Long window: first/min/max/last of position-aligned blocks built by the
                // producer; their extremes give the exact value range.
                let set = series.collectCandidates(positions: visible, level: level, into: s.candidates)
                s.usesCandidates = true
                s.candidateCount = set.count
                s.tickExtent.include(set.minimum)
                s.tickExtent.include(set.maximum)
            } else {
                let copied = series.copyTicks(positions: visible, into: s.ticks)
                s.rawTicks = 0..<copied.count
                s.rawFirstPosition = copied.firstPosition
                for i in s.rawTicks { s.tickExtent.include(s.ticks[i].value) }
            }
            if case .fixed = options.window {
                // A fixed range shows the last value *in* it (header, tag), not the feed's
                // newest, which may lie outside and would be pinned to an edge.
                if visible.isEmpty {
                    s.newest = nil
                } else if !s.rawTicks.isEmpty {
                    s.newest = s.ticks[s.rawTicks.upperBound &- 1]
                } else {
                    let one = UnsafeMutableBufferPointer(rebasing: s.ticks[0..<1])
                    s.newest = series.copyTicks(positions: (visible.upperBound &- 1)..<visible.upperBound, into: one).count == 1 ? one[0] : nil
                }
            }

            if usesCandleSlots {
                // A time candle is visible while its window [start, start + w) overlaps the
                // visible window; a tick-count candle while its first tick's time does.
                let candleWidth = series.candleInterval.nanosecondsIfTimed ?? 1
                var upperCandle = s.visibleCandles.upperBound
                while upperCandle > 0, s.candles[upperCandle &- 1].startTime > end { upperCandle &-= 1 }
                var lowerCandle = upperCandle
                while lowerCandle > 0, s.candles[lowerCandle &- 1].startTime &+ candleWidth > start {
                    lowerCandle &-= 1
                }
                s.visibleCandles = lowerCandle..<upperCandle
                for i in s.visibleCandles where s.candles[i].isDrawable {
                    s.candleExtent.include(s.candles[i].high)
                    s.candleExtent.include(s.candles[i].low)
                }
                mostCandles = max(mostCandles, s.visibleCandles.count)
            }
        }
        // Each mark says what it shows (by default its series' ticks, and their candles in
        // candle-slot charts).
        var extent = ValueExtent()
        let data = ChartFrameData(chart: self)
        for mark in marks { mark.includeValues(data, into: &extent) }
        frame.hasData = !extent.isEmpty
        frame.slotCount = max(mostCandles, minimumSlotCount())

        // Pad the data range by 6 % so lines never touch the plot's edges; the domain type
        // already widened a flat or empty range into a finite, non-degenerate one.
        let domain = extent.domain
        let pad = domain.span * 0.06
        frame.valueLower = ValueSanitizer.clampForScale(domain.lower - pad)
        frame.valueUpper = ValueSanitizer.clampForScale(domain.upper + pad)
    }

    /// The slot (x in candle units from the plot's left edge) of copied candle `i` of `s`:
    /// the visible candles fill the rightmost slots, oldest first. O(1).
    @inline(__always)
    func slot(ofCandle i: Int, in s: SeriesScratch) -> Int {
        frame.slotCount &- s.visibleCandles.count &+ (i &- s.visibleCandles.lowerBound)
    }

    /// The pixel column through the middle of candle `i`'s slot. O(1).
    func column(ofCandle i: Int, in s: SeriesScratch, _ geometry: ChartGeometry) -> Int {
        PixelRect.snap(geometry.pixelX(Double(slot(ofCandle: i, in: s)) + 0.5) - 0.5)
    }

    /// Slots shown even when fewer candles exist, so that a few candles are not drawn as
    /// giant blocks: the number of candle intervals the follow span covers, at least 12.
    func minimumSlotCount() -> Int {
        guard case .follow(let span?) = options.window,
            let width = sources.first?.candleInterval.nanosecondsIfTimed, width > 0
        else { return 12 }
        return max(12, min(4096, Int(span / width)))
    }

    /// Builds this frame's geometry: layout from the text size and the widest value label,
    /// value scale and x domain (time or candle slots).
    func makeGeometry(frame rect: PixelRect) -> ChartGeometry {
        let textHeight = self.textHeight
        let approximatePlotHeight = max(1, rect.height - 4 * textHeight)
        let targetTicks = max(2, min(12, approximatePlotHeight / (textHeight * 3)))
        let scale = NiceScale(
            domain: ValueDomain(lower: frame.valueLower, upper: frame.valueUpper), targetTickCount: targetTicks)
        frame.valueScale = scale

        // The value strip is sized from the scale's extremes (its first and last tick, which
        // bound every label it can show) and the tags, with hysteresis: it widens at once when
        // a label needs it and narrows only when two digits' worth is free (one digit of headroom), so a live price
        // crossing 1000 does not shift and rescale the whole plot every time it crosses.
        var needed = glyphs.digitAdvance &* 6
        if scale.tickCount > 0 {
            needed = max(needed, textWidth(scale.label(at: 0)), textWidth(scale.label(at: scale.tickCount &- 1)))
        }
        for s in scratch {
            if let newest = s.newest { needed = max(needed, textWidth(ValueLabel.trueValue(newest.value)) + 2 * textUnit) }
        }
        // One digit of headroom when it changes, so the next longer value still fits.
        if needed > valueStripWidth || needed &+ 2 &* glyphs.digitAdvance < valueStripWidth {
            valueStripWidth = needed &+ glyphs.digitAdvance
        }
        let widestLabel = valueStripWidth
        let layout = ChartLayout(frame: rect, textHeight: textHeight, valueLabelWidth: widestLabel)
        let xUpper: Double =
            !usesCandleSlots
            ? Double(frame.windowEnd &- frame.windowStart) : Double(frame.slotCount)
        return ChartGeometry(
            layout: layout, x: (0, xUpper), y: (frame.valueLower, frame.valueUpper),
            timeOrigin: frame.windowStart)
    }
}

extension CandleInterval {
    /// The window width in ns for time candles; nil for tick-count candles.
    var nanosecondsIfTimed: Int64? {
        if case .time(let nanoseconds) = self { return nanoseconds }
        return nil
    }
}
