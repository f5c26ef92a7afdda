import LiveTickerRender
import LiveTickerScales

extension LiveTickerChart {
    /// Value labels right of the plot and time labels below it; a label that would collide
    /// with its neighbour or a last-value tag is left out rather than overlapped.
    func drawAxisLabels(_ geometry: ChartGeometry, into fb: Framebuffer) {
        let layout = geometry.layout
        let theme = options.theme
        let textHeight = font.glyphHeight &* textScale
        let gap = max(4, textHeight / 2)
        if let scale = frame.valueScale {
            for i in 0..<scale.tickCount {
                let value = scale.tick(at: i)
                guard value >= frame.valueLower, value <= frame.valueUpper else { continue }
                let top = PixelRect.snap(geometry.pixelY(value)) &- textHeight / 2
                let box = PixelRect(x: layout.valueAxis.minX + gap, y: top, width: 1, height: textHeight)
                guard !overlapsLastValueTag(box) else { continue }
                drawText(scale.label(at: i), x: box.minX, y: top, color: theme.label, clip: layout.valueAxis, into: fb)
            }
        }
        var lastLabelEnd = Int.min
        forEachTimeTick(geometry) { x, label in
            let width = textWidth(label)
            let left = x &- width / 2
            guard left > lastLabelEnd &+ gap, left >= layout.timeAxis.minX,
                left &+ width <= layout.plot.maxX
            else { return }
            drawText(label, x: left, y: layout.timeAxis.minY &+ gap, color: theme.label, clip: layout.timeAxis, into: fb)
            lastLabelEnd = left &+ width
        }
    }

    /// Calls `body` with the pixel column and label of each time tick inside the plot.
    ///
    /// Line mode: ticks on human steps over the window. Candle modes: the same steps, each
    /// placed at the first candle slot whose start reaches the tick time (so a weekend gap
    /// moves labels, never leaves empty space).
    func forEachTimeTick(_ geometry: ChartGeometry, _ body: (Int, LabelText) -> Void) {
        guard frame.hasData, frame.windowEnd >= frame.windowStart else { return }
        let plot = geometry.layout.plot
        let labelWidth = textWidth("00:00:00")
        let maxTicks = max(2, plot.width / max(1, labelWidth * 2))
        // Ticks are chosen and labelled on the clock of the configured UTC offset (so an hour
        // tick sits on a local full hour), then shifted back to UTC to be placed.
        let offset = Int64(options.timeZone.offset(atEpochNanoseconds: frame.windowEnd)) &* 1_000_000_000
        if !usesCandleSlots {
            let ticks = TimeTicks(start: Self.shifted(frame.windowStart, by: offset), end: Self.shifted(frame.windowEnd, by: offset), maxTickCount: maxTicks)
            for i in 0..<ticks.count {
                let x = PixelRect.snap(geometry.pixelX(geometry.x(forTime: Self.shifted(ticks.tick(at: i), by: -offset))) - 0.5)
                guard x >= plot.minX, x < plot.maxX else { continue }
                body(x, ticks.label(at: i))
            }
            return
        }
        guard let s = scratch.first, !s.visibleCandles.isEmpty else { return }
        let candles = s.visibleCandles
        let first = s.candles[candles.lowerBound].startTime
        let last = s.candles[candles.upperBound &- 1].startTime
        guard last > first else { return }
        let ticks = TimeTicks(start: Self.shifted(first, by: offset), end: Self.shifted(last, by: offset), maxTickCount: maxTicks)
        var candle = candles.lowerBound
        for i in 0..<ticks.count {
            let time = Self.shifted(ticks.tick(at: i), by: -offset)
            while candle < candles.upperBound, s.candles[candle].startTime < time { candle &+= 1 }
            guard candle < candles.upperBound else { break }
            body(column(ofCandle: candle, in: s, geometry), ticks.label(at: i))
        }
    }

    /// `time + offset`, saturating at the ends of Int64 instead of wrapping.
    static func shifted(_ time: Int64, by offset: Int64) -> Int64 {
        let (sum, overflow) = time.addingReportingOverflow(offset)
        return overflow ? (offset > 0 ? .max : .min) : sum
    }
}
