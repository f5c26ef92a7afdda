import LiveTickerCore
import LiveTickerRender
import LiveTickerScales

extension LiveTickerChart {
    /// Value labels right of the plot and time labels below it; a label that would collide
    /// with its neighbour or a last-value tag is left out rather than overlapped.
    func drawAxisLabels(_ geometry: ChartGeometry, into fb: Framebuffer) {
        let layout = geometry.layout
        let theme = options.theme
        let textHeight = self.textHeight
        let gap = max(4, textHeight / 2)
        // The crosshair's tags are drawn last, over everything: labels under them are left out.
        var crosshairRows = PixelRect.empty
        var crosshairSpan = PixelRect.empty
        if let time = crosshair, let mark = crosshairMark(at: time, geometry) {
            if mark.value.isFinite {
                let row = PixelRect.snap(geometry.pixelY(ValueSanitizer.clampForScale(mark.value)) - 0.5)
                crosshairRows = PixelRect(x: layout.valueAxis.minX, y: row &- valueTagHeight / 2, width: 1, height: valueTagHeight)
            }
            crosshairSpan = crosshairTimeTag(crosshairLabel(time), x: mark.x, layout)
        }
        // No data: no value labels (a made-up 0.1 … 0.9 read as readings); the plot says so.
        if let scale = frame.valueScale, frame.hasData {
            for i in 0..<scale.tickCount {
                let value = scale.tick(at: i)
                guard value >= frame.valueLower, value <= frame.valueUpper else { continue }
                let top = PixelRect.snap(geometry.pixelY(value)) &- textHeight / 2
                let box = PixelRect(x: layout.valueAxis.minX + gap, y: top, width: 1, height: textHeight)
                // Dropped, never cut: the whole label inside the strip, clear of every tag.
                guard box.minY >= layout.valueAxis.minY, box.maxY <= layout.valueAxis.maxY, !overlapsLastValueTag(box),
                    crosshairRows.isEmpty || box.maxY <= crosshairRows.minY || box.minY >= crosshairRows.maxY
                else { continue }
                drawText(scale.label(at: i), x: box.minX, y: top, color: theme.label, clip: layout.valueAxis, into: fb)
            }
        }
        guard labelsTimeAxis else { return }
        // Labels that name a day, month or year first, then the clock labels that fit between
        // them: a multi-day chart never loses its dates to a crowded clock label.
        let top = layout.timeAxis.minY &+ gap
        timeLabelSpans.removeAll(keepingCapacity: true)
        for pass in 0..<2 {
            forEachTimeTick(geometry) { x, label, level in
                guard (level >= .day) == (pass == 0) else { return }
                let width = textWidth(label)
                let left = x &- width / 2
                let right = left &+ width
                // Dropped, never cut: the whole label must lie under the plot.
                guard left >= layout.plot.minX, right <= layout.plot.maxX else { return }
                for span in timeLabelSpans where left < span.right &+ gap && right &+ gap > span.left { return }
                if !crosshairSpan.isEmpty, left < crosshairSpan.maxX, right > crosshairSpan.minX { return }
                guard timeLabelSpans.count < timeLabelSpans.capacity else { return }
                timeLabelSpans.append((left, right))
                drawText(label, x: left, y: top, color: theme.label, clip: layout.timeAxis, into: fb)
            }
        }
    }

    /// Calls `body` with the pixel column, label and label level of each time tick inside the
    /// plot, on the calendar of ``ChartOptions/timeZone`` (``CalendarTicks``).
    ///
    /// Line mode: ticks on calendar steps over the window. Candle modes: steps at least one
    /// candle long, each placed at the first candle slot starting at or after the tick, and
    /// labelled with *that candle's* start time (so a label under a slot names its candle, and
    /// a weekend gap moves labels, never leaves empty space); a candle is labelled once.
    ///
    /// The step aims at a label every two label widths; where that leaves fewer than three
    /// labels on the plot (a narrow portrait panel) and the width holds three, finer steps are
    /// tried until three fit.
    ///
    /// Walked once a frame for the plot's columns (``timeTicks``): each walk formats every
    /// tick's label on the calendar, and the grid, both label passes and each part of a
    /// partial frame ask for the ticks (six walks a frame before: the 1080p reference frame's
    /// labels stage took 0.027–0.028 ms, now 0.016–0.018; `Bench --section frame --no-peers`,
    /// builds alternating).
    func forEachTimeTick(_ geometry: ChartGeometry, _ body: (Int, LabelText, CalendarLabel.Level) -> Void) {
        let columns = geometry.layout.plot.minX..<geometry.layout.plot.maxX
        if timeTicksColumns != columns {
            timeTicksColumns = columns
            timeTicks.removeAll(keepingCapacity: true)
            walkFittingTimeTicks(geometry) { x, label, level in timeTicks.append(TimeAxisTick(x: x, label: label, level: level)) }
        }
        for tick in timeTicks { body(tick.x, tick.label, tick.level) }
    }

    /// The walk ``forEachTimeTick(_:_:)`` keeps: the step with the fewest extra ticks that
    /// fits three labels where the width holds three. O(ticks × steps tried).
    func walkFittingTimeTicks(_ geometry: ChartGeometry, _ body: (Int, LabelText, CalendarLabel.Level) -> Void) {
        guard frame.hasData, frame.windowEnd >= frame.windowStart else { return }
        let plot = geometry.layout.plot
        let labelWidth = textWidth("Wed 30")
        let gap = max(4, textHeight / 2)
        // Asking for up to twice the labels that could stand side by side: a step's rounding
        // up to the calendar ladder leaves fewer, and the fit test drops what collides.
        let most = 2 &* (plot.width / max(1, textWidth("09:30") &+ gap)) &- max(2, plot.width / max(1, labelWidth * 2))
        var extra = 0
        while extra < most, fittingTimeLabels(geometry, extraTicks: extra) < 3 { extra &+= 1 }
        walkTimeTicks(geometry, extraTicks: extra, body)
    }

    /// How many of the labels `walkTimeTicks` gives for `extraTicks` lie wholly under the plot
    /// and clear of each other (as ``drawAxisLabels(_:into:)`` places them). O(ticks).
    func fittingTimeLabels(_ geometry: ChartGeometry, extraTicks: Int) -> Int {
        let plot = geometry.layout.plot
        let gap = max(4, textHeight / 2)
        var count = 0
        var lastRight = Int.min
        walkTimeTicks(geometry, extraTicks: extraTicks) { x, label, _ in
            let width = textWidth(label)
            let left = x &- width / 2
            guard left >= plot.minX, left &+ width <= plot.maxX, left >= lastRight &+ gap || lastRight == .min else { return }
            lastRight = left &+ width
            count &+= 1
        }
        return count
    }

    /// The ticks of `forEachTimeTick`, on a step for about one label every two label widths
    /// plus `extraTicks` more.
    func walkTimeTicks(_ geometry: ChartGeometry, extraTicks: Int, _ body: (Int, LabelText, CalendarLabel.Level) -> Void) {
        let plot = geometry.layout.plot
        let labelWidth = textWidth("Wed 30")
        let maxTicks = max(2, plot.width / max(1, labelWidth * 2)) &+ extraTicks
        let zone = options.timeZone
        if !usesCandleSlots {
            let axis = CalendarTicks(start: frame.windowStart, end: frame.windowEnd, maxTickCount: maxTicks, zone: zone)
            for tick in axis.ticks {
                let x = PixelRect.snap(geometry.pixelX(geometry.x(forTime: tick.time)) - 0.5)
                guard x >= plot.minX, x < plot.maxX else { continue }
                body(x, CalendarLabel.format(tick.time, level: tick.level, step: axis.step, zone: zone), tick.level)
            }
            return
        }
        guard let s = scratch.first, !s.visibleCandles.isEmpty else { return }
        let candles = s.visibleCandles
        let first = s.candles[candles.lowerBound].startTime
        let last = s.candles[candles.upperBound &- 1].startTime
        guard last >= first else { return }
        // As many ticks as fit the slots the candles take, on steps no finer than a candle.
        let slotsWidth = Double(plot.width) * Double(candles.count) / Double(max(1, frame.slotCount))
        let ticksFitting = max(2, Int(slotsWidth) / max(1, labelWidth * 2)) &+ extraTicks
        let interval = s.candleWidth
        let axis = CalendarTicks(start: first, end: last, maxTickCount: ticksFitting, zone: zone, minimumStep: interval)
        var candle = candles.lowerBound
        var previousLabelled: Int64?
        var lastCandle = -1
        for tick in axis.ticks {
            while candle < candles.upperBound, s.candles[candle].startTime < tick.time { candle &+= 1 }
            guard candle < candles.upperBound else { break }
            guard candle != lastCandle else { continue }
            lastCandle = candle
            let time = s.candles[candle].startTime
            let level = CalendarLabel.level(of: time, after: previousLabelled, zone: zone, step: axis.step)
            previousLabelled = time
            body(column(ofCandle: candle, in: s, geometry), CalendarLabel.format(time, level: level, step: axis.step, zone: zone), level)
        }
    }

    /// `time + offset`, saturating at the ends of Int64 instead of wrapping.
    static func shifted(_ time: Int64, by offset: Int64) -> Int64 {
        let (sum, overflow) = time.addingReportingOverflow(offset)
        return overflow ? (offset > 0 ? .max : .min) : sum
    }
}
