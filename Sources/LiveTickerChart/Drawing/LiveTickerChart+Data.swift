import LiveTickerCore
import LiveTickerRender
import LiveTickerScales

extension LiveTickerChart {
    /// Copies each series' newest ticks and candles out of its rings, picks the visible time
    /// window and the value domain. O(held ticks + held candles), no allocation.
    func collectVisibleData() {
        frame = FrameState()
        var newestTime = Int64.min
        var oldestTime = Int64.max
        for (index, series) in series.enumerated() {
            let s = scratch[index]
            let copied = series.ticks.copyNewest(into: s.ticks).count
            s.visibleTicks = 0..<copied
            s.newest = copied > 0 ? s.ticks[copied &- 1] : nil
            s.firstValue = .nan
            for i in 0..<copied where s.ticks[i].value.isFinite {
                s.firstValue = s.ticks[i].value
                break
            }
            for i in 0..<copied {
                let time = s.ticks[i].time
                if time > newestTime { newestTime = time }
                if time < oldestTime { oldestTime = time }
            }
            let candleCount = options.kind == .line ? 0 : series.candles.copyNewest(into: s.candles).count
            s.visibleCandles = 0..<candleCount
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

        var extent = ValueExtent()
        var mostCandles = 0
        for (index, series) in series.enumerated() {
            let s = scratch[index]
            // Ticks are kept in arrival order; the visible ones are the newest run whose times
            // lie in the window (a backwards timestamp inside the run stays in it).
            var upper = s.visibleTicks.upperBound
            while upper > 0, s.ticks[upper &- 1].time > end { upper &-= 1 }
            var lower = upper
            while lower > 0, s.ticks[lower &- 1].time >= start { lower &-= 1 }
            s.visibleTicks = lower..<upper
            for i in s.visibleTicks { extent.include(s.ticks[i].value) }

            if options.kind != .line {
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
                    extent.include(s.candles[i].high)
                    extent.include(s.candles[i].low)
                }
                mostCandles = max(mostCandles, s.visibleCandles.count)
            }
        }
        frame.hasData = !extent.isEmpty
        frame.slotCount = max(mostCandles, minimumSlotCount())

        // Pad the data range by 6 % so lines never touch the plot's edges; the domain type
        // already widened a flat or empty range into a finite, non-degenerate one.
        let domain = extent.domain
        let pad = domain.span * 0.06
        frame.valueLower = ValueSanitizer.clampForScale(domain.lower - pad)
        frame.valueUpper = ValueSanitizer.clampForScale(domain.upper + pad)
    }

    /// Slots shown even when fewer candles exist, so that a few candles are not drawn as
    /// giant blocks: the number of candle intervals the follow span covers, at least 12.
    func minimumSlotCount() -> Int {
        guard case .follow(let span?) = options.window,
            let width = series.first?.candleInterval.nanosecondsIfTimed, width > 0
        else { return 12 }
        return max(12, min(4096, Int(span / width)))
    }

    /// Builds this frame's geometry: layout from the text size and the widest value label,
    /// value scale and x domain (time or candle slots).
    func makeGeometry(frameWidth: Int, frameHeight: Int) -> ChartGeometry {
        let textHeight = font.glyphHeight &* textScale
        let approximatePlotHeight = max(1, frameHeight - 4 * textHeight)
        let targetTicks = max(2, min(12, approximatePlotHeight / (textHeight * 3)))
        let scale = NiceScale(
            domain: ValueDomain(lower: frame.valueLower, upper: frame.valueUpper), targetTickCount: targetTicks)
        frame.valueScale = scale

        var widestLabel = font.advance &* textScale &* 6
        for i in 0..<scale.tickCount {
            let value = scale.tick(at: i)
            guard value >= frame.valueLower, value <= frame.valueUpper else { continue }
            widestLabel = max(widestLabel, textWidth(scale.label(at: i)))
        }
        for s in scratch {
            if let newest = s.newest { widestLabel = max(widestLabel, textWidth(ValueLabel.trueValue(newest.value)) + 2 * textScale) }
        }
        let layout = ChartLayout(
            width: frameWidth, height: frameHeight, textHeight: textHeight, valueLabelWidth: widestLabel)
        let xUpper: Double =
            options.kind == .line
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
