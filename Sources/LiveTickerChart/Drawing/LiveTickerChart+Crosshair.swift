import LiveTickerCore
import LiveTickerRender
import LiveTickerScales

extension LiveTickerChart {
    /// Where the crosshair falls this frame: its pixel column and the first series' value there
    /// (NaN in a gap or before the first tick).
    struct CrosshairMark {
        var x: Int
        var value: Double
    }

    /// The crosshair at `time` on the first series, or nil when the time is outside what the
    /// frame shows. Line mode: the column of that time and the value of the last tick at or
    /// before it (the same points the line is drawn through: raw ticks, or the candidate set
    /// on a long history). Candle modes: the slot of the last candle starting at or before the
    /// time, and its close. O(log visible points + visible candles), no allocation.
    func crosshairMark(at time: Int64, _ geometry: ChartGeometry) -> CrosshairMark? {
        guard frame.hasData, let s = scratch.first else { return nil }
        let plot = geometry.layout.plot
        if !usesCandleSlots {
            guard time >= frame.windowStart, time <= frame.windowEnd else { return nil }
            let x = PixelRect.snap(geometry.pixelX(geometry.x(forTime: time)) - 0.5)
            // xs are the drawn times from the window start, never decreasing: the last one at
            // or before the crosshair is found by bisection.
            let count = s.usesCandidates ? s.candidateCount : s.rawTicks.count
            let target = Double(time &- frame.windowStart)
            var low = 0
            var high = count
            while low < high {
                let middle = low &+ (high &- low) / 2
                if s.xs[middle] <= target { low = middle &+ 1 } else { high = middle }
            }
            let value = low > 0 ? s.ys[low &- 1] : .nan
            return x >= plot.minX && x < plot.maxX ? CrosshairMark(x: x, value: value) : nil
        }
        let candles = s.visibleCandles
        var end = candles.upperBound  // past the last candle starting at or before the time
        while end > candles.lowerBound, s.candles[end &- 1].startTime > time { end &-= 1 }
        guard end > candles.lowerBound else { return nil }
        let candle = s.candles[end &- 1]
        return CrosshairMark(x: column(ofCandle: end &- 1, in: s, geometry), value: candle.isDrawable ? candle.close : .nan)
    }

    /// Dashed crosshair lines through the marked column and the value there, with a time tag
    /// in the time strip and a value tag in the value strip (drawn over the axis labels, in the
    /// label colour). Nothing when ``crosshair`` is nil or outside the frame.
    func drawCrosshair(_ geometry: ChartGeometry, into fb: Framebuffer) {
        guard let time = crosshair, let mark = crosshairMark(at: time, geometry) else { return }
        let layout = geometry.layout
        let plot = layout.plot
        let color = options.theme.label
        drawDashes(column: mark.x, color: color, clip: plot, into: fb)
        if mark.value.isFinite {
            let valueY = PixelRect.snap(geometry.pixelY(ValueSanitizer.clampForScale(mark.value)) - 0.5)
            drawDashes(row: valueY, color: color, clip: plot, into: fb)
            drawValueTag(mark.value, row: valueY, color: color, layout, into: fb)
        }
        let pad = max(2, textUnit &* 2)
        let label = crosshairLabel(time)
        let tag = crosshairTimeTag(label, x: mark.x, layout)
        let left = tag.minX
        fb.fill(tag, color: color, clip: layout.timeAxis)
        drawText(label, x: left &+ pad, y: tag.minY &+ pad, color: options.theme.tagText, clip: layout.timeAxis, into: fb)
    }

    /// The crosshair's time label: in the chart's zone, to the second (the date on a window of
    /// days). O(log transitions).
    func crosshairLabel(_ time: Int64) -> LabelText {
        let local = Self.shifted(time, by: Int64(options.timeZone.offset(atEpochNanoseconds: time)) &* 1_000_000_000)
        let span = frame.windowEnd &- frame.windowStart
        let format: TimeLabelFormat = span > 86_400 * 1_000_000_000 ? .date : .seconds
        return TimeLabel.format(epochNanoseconds: local, as: format)
    }

    /// Where the crosshair's time tag goes: centred on column `x`, kept under the plot, over
    /// the time labels' rows (drawAxisLabels puts them `gap` below the strip's top).
    func crosshairTimeTag(_ label: LabelText, x: Int, _ layout: ChartLayout) -> PixelRect {
        let pad = max(2, textUnit &* 2)
        let width = textWidth(label) &+ 2 &* pad
        let plot = layout.plot
        let left = min(max(x &- width / 2, plot.minX), plot.maxX &- width)
        let labelTop = layout.timeAxis.minY &+ max(4, textHeight / 2)
        return PixelRect(x: left, y: labelTop &- pad, width: width, height: valueTagHeight)
    }
}
