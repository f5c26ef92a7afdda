import LiveTickerCore
import LiveTickerRender
import LiveTickerScales

extension LiveTickerChart {
    /// Threshold (alarm) lines across the plot, each labelled with its value at the left.
    func drawThresholds(_ values: [Double], color: RGBColor, _ geometry: ChartGeometry, into fb: Framebuffer) {
        let plot = geometry.layout.plot
        let textHeight = self.textHeight
        // Without data the scale is made up: no level is above or below anything.
        guard frame.hasData else { return }
        // Off the plot (the data has not come near them): their values at the edge they lie
        // beyond, in one label per edge (`86, 90 (above)`), so an alarm level not reached yet is
        // still on the wall.
        let x = plot.minX &+ 4 &* textUnit
        var above = LabelText()
        var below = LabelText()
        for value in values where value.isFinite {
            let y = PixelRect.snap(geometry.pixelY(ValueSanitizer.clampForScale(value)) - 0.5)
            guard y >= plot.minY, y < plot.maxY else {
                if y < plot.minY { Self.list(value, in: &above) } else { Self.list(value, in: &below) }
                continue
            }
            fb.horizontalLine(y: y, minX: plot.minX, maxX: plot.maxX, color: color, clip: plot)
            drawText(ValueLabel.trueValue(value), x: x, y: y &- textHeight &- 2, color: color, clip: plot, into: fb)
        }
        // (A local function, not a loop over an array literal: this runs every frame.)
        func edge(_ label: LabelText, _ side: StaticString, y: Int) {
            guard !label.isEmpty else { return }
            var text = label
            text.append(side)
            drawText(text, x: x, y: y, color: color, clip: plot, into: fb)
        }
        edge(above, " (above)", y: plot.minY &+ 2)
        edge(below, " (below)", y: plot.maxY &- textHeight &- 2)
    }

    /// Appends `value` to a comma-separated list of values. O(digits), no allocation.
    private static func list(_ value: Double, in text: inout LabelText) {
        if !text.isEmpty { text.append(", " as StaticString) }
        text.append(ValueLabel.trueValue(value))
    }

    /// For each series with data: a dashed line across the plot at the last value and a tag in
    /// the value-axis strip showing the true last value (unclamped, full precision). Tags
    /// stack without overlapping, in value order, as on a trader's price scale: each sits as
    /// close to its value's row as the others allow, inside the strip. O(series²), no
    /// allocation (the order lives in storage reserved at init).
    func drawLastValues(of series: [Int], _ geometry: ChartGeometry, into fb: Framebuffer) {
        let layout = geometry.layout
        let strip = layout.valueAxis
        let tagHeight = valueTagHeight
        let decimals = valueDecimals()
        tagOrder.removeAll(keepingCapacity: true)
        for index in series where scratch.indices.contains(index) {
            let s = scratch[index]
            s.tagRect = .empty
            guard let newest = s.newest, newest.value.isFinite, tagOrder.count < tagOrder.capacity else { continue }
            s.tagRow = PixelRect.snap(geometry.pixelY(ValueSanitizer.clampForScale(newest.value)) - 0.5)
            s.tagTop = s.tagRow &- tagHeight / 2
            // Insertion by row (top of the strip first): a handful of series, no allocation.
            var at = tagOrder.count
            tagOrder.append(index)
            while at > 0, scratch[tagOrder[at &- 1]].tagRow > s.tagRow {
                tagOrder.swapAt(at, at &- 1)
                at &-= 1
            }
        }
        // Push down from the top, then up from the bottom: no overlap, all inside the strip
        // when they fit (a strip too short for every tag keeps the order and clips the last).
        var floor = strip.minY
        for index in tagOrder {
            let s = scratch[index]
            s.tagTop = max(s.tagTop, floor)
            floor = s.tagTop &+ tagHeight
        }
        var ceiling = strip.maxY
        for index in tagOrder.reversed() {
            let s = scratch[index]
            s.tagTop = max(strip.minY, min(s.tagTop, ceiling &- tagHeight))
            ceiling = s.tagTop
        }
        for index in tagOrder {
            let s = scratch[index]
            guard let newest = s.newest else { continue }
            let color = seriesColor(index)
            if !defersLastValueLine {
                if lastValueUnderlay.current { lastValueUnderlay.save(row: s.tagRow, columns: layout.plot, from: fb) }
                drawDashes(row: s.tagRow, color: color, clip: layout.plot, into: fb)
            }
            if scratch.count > 1, s.keptCount > 0, s.pixelXs[s.keptCount &- 1].isFinite, s.pixelYs[s.keptCount &- 1].isFinite {
                // The series' marker at its line's end, as in the legend.
                drawMarker(
                    index, centreX: PixelRect.snap(s.pixelXs[s.keptCount &- 1]), centreY: PixelRect.snap(s.pixelYs[s.keptCount &- 1]),
                    size: textHeight / 2, into: fb, clip: layout.plot)
            }
            s.tagRect = drawValueTag(newest.value, top: s.tagTop, color: color, layout, decimals: decimals, into: fb)
        }
    }

    /// Height of a value tag: a line of text and its padding.
    var valueTagHeight: Int { textHeight &+ 2 &* max(2, textUnit &* 2) }

    /// A dashed horizontal line across `clip` on `row` (or, with `column`, a vertical one down
    /// `clip`): 6-px dashes with 4-px gaps, scaled with the text for high-DPI panels, at 2/3
    /// opacity so the data stays visible through it.
    func drawDashes(row: Int? = nil, column: Int? = nil, color: RGBColor, clip: PixelRect, into fb: Framebuffer) {
        let pattern = DashPattern(on: Double(6 &* textUnit), off: Double(4 &* textUnit))
        if let row {
            fb.blendDashedRow(y: row, minX: clip.minX, length: Double(clip.width), pattern: pattern, color: color, alpha: 170, clip: clip)
        }
        if let column {
            pattern.forEachDash(length: Double(clip.height)) { from, to in
                fb.verticalLine(x: column, minY: clip.minY &+ Int(from), maxY: clip.minY &+ Int(to), color: color, alpha: 170, clip: clip)
            }
        }
    }

    /// Series `index`'s dash pattern, for its line and its legend sample: none for the first
    /// series; dashes, dots and dash-dots for the next (cycling, with the markers' four
    /// shapes), so series differ where colour alone would be the only cue (grey-scale prints,
    /// colour-blind viewers). Scaled with the pen (and the text on high-DPI panels); nil when
    /// ``ChartOptions/dashesSeries`` is off. O(1).
    func seriesDash(_ index: Int, lineWidth: Double) -> DashPattern? {
        guard options.dashesSeries, index > 0 else { return nil }
        let unit = max(lineWidth, 1.5 * Double(textUnit))
        switch index % 4 {
        case 1: return DashPattern(on: 5, off: 3).scaled(by: unit)  // dashes
        case 2: return DashPattern(on: 0, off: 2.5).scaled(by: unit)  // dots
        case 3: return DashPattern(5, 2.5, 0, 2.5).scaled(by: unit)  // dash-dot
        default: return DashPattern(on: 1.5, off: 2).scaled(by: unit)  // short dashes
        }
    }

    /// A tag across the value strip centred on `row` (kept inside the strip), filled with
    /// `color` and showing the true `value`; returns its rectangle.
    @discardableResult
    func drawValueTag(_ value: Double, row: Int, color: RGBColor, _ layout: ChartLayout, into fb: Framebuffer) -> PixelRect {
        let tagHeight = valueTagHeight
        let top = min(max(row &- tagHeight / 2, layout.valueAxis.minY), layout.valueAxis.maxY &- tagHeight)
        return drawValueTag(value, top: top, color: color, layout, into: fb)
    }

    /// A tag across the value strip from row `top`, filled with `color` and showing the true
    /// `value`; returns its rectangle.
    @discardableResult
    func drawValueTag(
        _ value: Double, top: Int, color: RGBColor, _ layout: ChartLayout, decimals: Int? = nil, into fb: Framebuffer
    ) -> PixelRect {
        let pad = max(2, textUnit &* 2)
        let tag = PixelRect(minX: layout.valueAxis.minX, minY: top, maxX: layout.valueAxis.maxX, maxY: top &+ valueTagHeight)
        fb.fill(tag, color: color, clip: layout.valueAxis)
        // The last values with the header's decimals (never fewer than the value needs);
        // other tags (the crosshair's) the true value; on a compact axis its notation.
        let text = Self.tagText(value, decimals: decimals, scale: frame.valueScale)
        drawText(
            text, x: tag.minX &+ max(4, textHeight / 2), y: top &+ pad,
            color: options.theme.tagText, clip: layout.valueAxis, into: fb)
        return tag
    }

    /// A value tag's text: on a compact axis (`1.2035B`) the axis' notation with a digit more
    /// than its labels (the tag stands between two of them); else the header's `decimals` (never fewer than the value needs), or the true
    /// value when nil (the crosshair's tag). O(1), no allocation.
    static func tagText(_ value: Double, decimals: Int?, scale: NiceScale?) -> LabelText {
        if case .compact(let exponent, let digits)? = scale?.labelStyle, abs(value) >= 1e6, abs(value) < 1e15 {
            return NiceScale.compact(value, exponent: exponent, fractionDigits: min(max(digits &+ 1, 2), 6))
        }
        return decimals.map { headerNumber(value, decimals: $0) } ?? ValueLabel.trueValue(value)
    }

    /// Whether `box` (rows only matter: labels share the strip) overlaps a last-value tag.
    func overlapsLastValueTag(_ box: PixelRect) -> Bool {
        for s in scratch where !s.tagRect.isEmpty {
            if box.minY < s.tagRect.maxY, box.maxY > s.tagRect.minY { return true }
        }
        return false
    }

    /// The header strip: per series (a legend when there are several: the series' marker
    /// before its name) its name, last value and change since the oldest value held, all
    /// values with one number of decimals (the most any last value needs, at most 6), large
    /// ones compact (`1.23M`); the change as ``ChartOptions/change`` says; a `STALE` badge with
    /// the last tick's time when the feed has been silent longer than
    /// ``ChartOptions/staleAfter``; the visible tick count at the right when it fits.
    ///
    /// Nothing is cut at the panel's edge: the badges are placed first (a wall must say it is
    /// stale before anything else), then the series get the most detail that fits all of them
    /// (name, value and change; then name and value, the tags showing them too; then the name
    /// alone), and a series that fits not even so is left out whole. O(series), no allocation.
    ///
    /// With no framebuffer it only lays the header out. Returns where its contents lie (see
    /// ``HeaderExtent``). O(series + text length), no allocation.
    func drawHeader(_ geometry: ChartGeometry, into fb: Framebuffer?) -> HeaderExtent {
        let header = geometry.layout.header
        let theme = options.theme
        let textHeight = self.textHeight
        let y = header.minY &+ (header.height &- textHeight) / 2
        let space = glyphs.digitAdvance
        let decimals = valueDecimals()
        // Several series: the change as a percent only, so the legend fits.
        var change = options.change
        if change == .automatic { change = sources.allSatisfy(\.holdsMeasurements) ? .none : .both }
        if scratch.count > 2 && change == .both { change = .percent }
        // The items' start: after the caption, when there is one.
        var left = geometry.layout.plot.minX
        var right = header.maxX &- space
        var extent = HeaderExtent(itemsEnd: left, rightStart: header.maxX)
        if isStale, let newestTime = newestTickTime() {
            // A wall must never show an old price as if it were live.
            let text = staleBadgeText(newest: newestTime, now: options.clock?() ?? newestTime)
            let width = textWidth(text) &+ 2 &* space
            let badge = PixelRect(x: right &- width, y: header.minY &+ 2, width: width, height: max(1, header.height &- 4))
            if badge.minX >= left {
                if let fb {
                    fb.fill(badge, color: theme.down, clip: header)
                    drawText(text, x: badge.minX &+ space, y: y, color: theme.tagText, clip: header, into: fb)
                }
                right = badge.minX &- space
                extent.rightStart = badge.minX
            }
        }
        let badgeRight = right
        right = drawBadge(right: right, left: left, y: y, header: header, into: fb)
        if right != badgeRight { extent.rightStart = right &+ space }
        // Where the items would end with `detail` and names at most `nameLimit` px wide.
        func end(_ detail: HeaderDetail, nameLimit: Int) -> Int {
            var end = left
            for index in scratch.indices {
                end = headerItem(index, x: end, y: y, detail: detail, change: change, decimals: decimals, nameLimit: nameLimit, header: header, into: nil)
            }
            return end
        }
        if !captionBytes.isEmpty {
            left = drawCaption(left: left, right: right, itemsEnd: end(.value, nameLimit: .max), y: y, header: header, into: fb)
        }
        // In order: the value (and change) with whole names; for one series, the same with its
        // name shortened with "..." to what the value leaves, as long as it keeps a few letters
        // (a long --title left the header blank, or showed the name without the value a ticker
        // is for); whole names alone (several series: a legend's names are never cut while
        // they fit); names shortened to equal shares.
        let least = textWidth("Wi..." as LabelText)
        func shortened(_ detail: HeaderDetail) -> Int? {
            let withoutNames = end(detail, nameLimit: 0) &- left
            // Each name is followed by a space: the share is what is left of its slot.
            let share = (right &- left &+ space &- withoutNames) / max(1, scratch.count) &- space
            return share >= least ? share : nil
        }
        var detail = HeaderDetail.name
        var nameLimit = Int.max
        if end(.change, nameLimit: .max) &- space <= right {
            detail = .change
        } else if end(.value, nameLimit: .max) &- space <= right {
            detail = .value
        } else if scratch.count == 1, let share = shortened(.change) {
            (detail, nameLimit) = (.change, share)
        } else if scratch.count == 1, let share = shortened(.value) {
            (detail, nameLimit) = (.value, share)
        } else if end(.name, nameLimit: .max) &- space > right, let share = shortened(.name) {
            nameLimit = share
        }
        var x = left
        for index in scratch.indices {
            let end = headerItem(index, x: x, y: y, detail: detail, change: change, decimals: decimals, nameLimit: nameLimit, header: header, into: nil)
            guard end &- space <= right else { break }  // left out whole, never cut
            x = fb.map {
                headerItem(index, x: x, y: y, detail: detail, change: change, decimals: decimals, nameLimit: nameLimit, header: header, into: $0)
            } ?? end
        }
        extent.itemsEnd = x
        var count = 0
        for s in scratch { count &+= s.visibleTicks.count }
        var text = Self.headerNumber(Double(count), decimals: 0)
        // A bar file's ticks are its bars' closes: 60 daily bars are not "60 ticks".
        let bars = sources.allSatisfy(\.holdsBars)
        if count == 1 {
            text.append(bars ? " bar" as StaticString : " tick" as StaticString)
        } else {
            text.append(bars ? " bars" as StaticString : " ticks" as StaticString)
        }
        let width = textWidth(text)
        // Only where it fits: never over a series' numbers.
        if right &- width >= x {
            if let fb { drawText(text, x: right &- width, y: y, color: theme.label, clip: header, into: fb) }
            extent.rightStart = right &- width
        }
        return extent
    }

    /// Draws ``captionBytes`` at `left` (or only measures it, `fb` nil) and returns where the
    /// series' items start after it: whole when the items, which reach `itemsEnd` (one space
    /// past them) from `left` with their values shown, still end by `right` after it; else
    /// shortened with "..." to the room they leave, if a few letters fit; else nothing (`left`).
    /// O(caption), no allocation.
    func drawCaption(left: Int, right: Int, itemsEnd: Int, y: Int, header: PixelRect, into fb: Framebuffer?) -> Int {
        let space = glyphs.digitAdvance
        // The caption and two spaces after it move the items right by as much.
        let room = right &- itemsEnd &- space
        let color = options.theme.title
        if glyphs.width(of: captionBytes) <= room {
            let end = fb.map { drawBytes(captionBytes, x: left, y: y, color: color, clip: header, into: $0) } ?? left &+ glyphs.width(of: captionBytes)
            return end &+ 2 &* space
        }
        guard room >= textWidth("Wi..." as LabelText) else { return left }
        return drawShortened(captionBytes, fitting: room, x: left, y: y, color: color, clip: header, into: fb) &+ 2 &* space
    }

    /// Draws the first characters of `bytes` that leave room for "..." in `width` pixels, then
    /// "...", at `x` (or only measures them, `fb` nil); returns the x after the dots. A header
    /// name and a caption too long for their room are shortened so. O(bytes), no allocation.
    func drawShortened(
        _ bytes: [UInt8], fitting width: Int, x: Int, y: Int, color: RGBColor, clip: PixelRect, into fb: Framebuffer?
    ) -> Int {
        let dots: LabelText = "..."
        let (kept, keptWidth) = bytes.withUnsafeBufferPointer { glyphs.prefix(of: $0, fitting: width &- textWidth(dots)) }
        guard let fb else { return x &+ keptWidth &+ textWidth(dots) }
        let end = bytes.withUnsafeBufferPointer { text in
            fb.drawText(UnsafeBufferPointer(rebasing: text[0..<kept]), x: x, y: y, atlas: glyphs, color: color, clip: clip)
        }
        return drawText(dots, x: end, y: y, color: color, clip: clip, into: fb)
    }

    /// The stale badge's text: `STALE since 16:29:59`, with the date before the clock when the
    /// last tick was not today (both in the chart's zone), so a feed dead for days does not read
    /// as silent since this afternoon. O(log transitions), no allocation.
    func staleBadgeText(newest: Int64, now: Int64) -> LabelText {
        var text: LabelText = "STALE since "
        let zone = options.timeZone
        let last = CalendarLabel.local(newest, zone: zone)
        let today = CalendarLabel.local(now, zone: zone)
        if last.year != today.year || last.month != today.month || last.day != today.day {
            text.append(CalendarLabel.date(newest, zone: zone))
            text.append(UInt8(ascii: " "))
        }
        text.append(CalendarLabel.format(newest, level: .second, step: CalendarStep(1, .second), zone: zone))
        return text
    }

    /// How much of a series the header shows (see ``drawHeader(_:into:)``).
    enum HeaderDetail { case change, value, name }

    /// One series' header item at `x` (its legend sample and marker when there are several
    /// series, its name, and as `detail` allows its last value and change), drawn into `fb`,
    /// or only measured when `fb` is nil. Returns the x where the next item starts. No allocation.
    func headerItem(
        _ index: Int, x start: Int, y: Int, detail: HeaderDetail, change: ChartOptions.Change, decimals: Int,
        nameLimit: Int = .max, header: PixelRect, into fb: Framebuffer?
    ) -> Int {
        let theme = options.theme
        let textHeight = self.textHeight
        let space = glyphs.digitAdvance
        let s = scratch[index]
        var x = start
        func put(_ text: LabelText, _ color: RGBColor) {
            if let fb { x = drawText(text, x: x, y: y, color: color, clip: header, into: fb) &+ space } else { x &+= textWidth(text) &+ space }
        }
        if scratch.count > 1 {
            // A sample of the series' line (its colour, width and dash pattern) through its marker.
            let sample = textHeight &* 2
            if let fb {
                let width = seriesStyles[index].lineWidth ?? options.lineWidth
                let middle = Double(y &+ textHeight / 2) + 0.5
                rasterizer.strokeLine(
                    x0: Double(x), y0: middle, x1: Double(x &+ sample), y1: middle, width: max(2, width), color: seriesColor(index),
                    dash: seriesDash(index, lineWidth: max(2, width)), clip: header, into: fb)
                drawMarker(index, centreX: x &+ sample / 2, centreY: y &+ textHeight / 2, size: textHeight / 2, into: fb, clip: header)
            }
            x &+= sample &+ space
        }
        // Whole names are measured only when a limit asks (the drawing pass measures nothing).
        let fullWidth = nameLimit == .max ? 0 : s.titleBytes.withUnsafeBufferPointer { glyphs.width(of: $0) }
        if fullWidth <= nameLimit {
            if let fb {
                x = drawBytes(s.titleBytes, x: x, y: y, color: theme.title, clip: header, into: fb) &+ space
            } else {
                x &+= (nameLimit == .max ? s.titleBytes.withUnsafeBufferPointer { glyphs.width(of: $0) } : fullWidth) &+ space
            }
        } else if nameLimit > 0 {
            x = drawShortened(s.titleBytes, fitting: nameLimit, x: x, y: y, color: theme.title, clip: header, into: fb) &+ space
        }
        // Only gaps so far: no value to show (not "NaN").
        guard detail != .name, let newest = s.newest, !newest.value.isNaN else { return x }
        // The last value known before a gap is dimmed: not what the feed says now.
        put(Self.headerNumber(newest.value, decimals: decimals), s.newestIsGap ? theme.label : seriesColor(index))
        guard detail == .change, newest.value.isFinite, s.firstValue.isFinite, change != .none else { return x }
        let delta = newest.value - s.firstValue
        let color = delta >= 0 ? theme.up : theme.down
        if change == .both || change == .absolute {
            put(Self.changeNumber(delta, of: newest.value, decimals: decimals), color)
        }
        // A percent of a signal that crosses zero (an ECG in mV, a temperature in °C around
        // freezing) says nothing: `-0.14 (-57.14%)` of a heartbeat. Prices keep one sign.
        let oneSign = s.tickExtent.isEmpty || s.tickExtent.min > 0 || s.tickExtent.max < 0
        if change != .absolute, s.firstValue != 0, oneSign || options.change == .percent {
            var percent: LabelText = change == .both ? "(" : ""
            let ratio = delta / abs(s.firstValue) * 100
            percent.append(Self.signedPercent(ratio))
            percent.append(change == .both ? "%)" as StaticString : "%" as StaticString)
            put(percent, color)
        }
        return x &+ space
    }

    /// Decimals every value of the header and the tags is shown with: ``dataDecimals`` when
    /// set (the data's own), else the most any series' last value needs (at most 6), so
    /// `97.00` stands beside `96.95`. O(series).
    func valueDecimals() -> Int {
        if let given = dataDecimals { return min(max(0, given), 10) }
        var decimals = 0
        for s in scratch {
            if let newest = s.newest, newest.value.isFinite, abs(newest.value) < 1e6 {
                decimals = max(decimals, Self.fractionDigits(ValueLabel.trueValue(newest.value, maxSignificantDigits: 8)))
            }
        }
        return min(decimals, 6)
    }

    /// The newest tick time over all series, if any.
    func newestTickTime() -> Int64? {
        var newest: Int64?
        for s in scratch { if let t = s.newest?.time { newest = max(newest ?? t, t) } }
        return newest
    }

    /// A header number: fixed `decimals` below a million, compact above (`1.23M`, `4.5B`,
    /// `7.1T`), the true value for what neither fits, and for a value too small for the
    /// decimals, which would read as 0 (`1.5e-9` amperes, with decimals learnt from text
    /// written in exponent form).
    /// A change in percent with its sign and two decimals: `+1.58`, `-0.00` (a fall too small
    /// for two decimals keeps its sign, in the fall's colour: it read `0.00`). O(1).
    static func signedPercent(_ ratio: Double) -> LabelText {
        signed(ratio, fractionDigits: 2)
    }

    /// The header's change `delta` of a last value `value` shown with `decimals`: signed, as
    /// ``headerNumber(_:decimals:)`` writes it, but a change below the value's own shown
    /// precision (16.5 then 16.500001, a float's noise) in those decimals, `+0.0`, not `+1e-6`
    /// (the true-value form is for values themselves too small for the decimals). O(digits).
    static func changeNumber(_ delta: Double, of value: Double, decimals: Int) -> LabelText {
        if roundsToZero(abs(delta), decimals: decimals), !roundsToZero(abs(value), decimals: decimals) {
            return signed(delta, fractionDigits: decimals)
        }
        var text = LabelText()
        if delta >= 0 { text.append("+" as StaticString) }
        text.append(headerNumber(delta, decimals: decimals))
        return text
    }

    /// `value` with its sign and `fractionDigits` decimals: `+1.58`, `-0.00` (a fall too small
    /// for the decimals keeps its sign). O(digits).
    static func signed(_ value: Double, fractionDigits: Int) -> LabelText {
        let digits = ValueLabel.fixed(value, fractionDigits: fractionDigits)
        var text = LabelText()
        if value >= 0 {
            text.append("+" as StaticString)
        } else if digits.isEmpty || digits[0] != UInt8(ascii: "-") {
            text.append("-" as StaticString)
        }
        text.append(digits)
        return text
    }

    /// Whether a nonzero `magnitude` below 0.5 is under half the last decimal's unit, so
    /// `decimals` decimals would write it as 0. O(decimals).
    static func roundsToZero(_ magnitude: Double, decimals: Int) -> Bool {
        guard magnitude > 0, magnitude < 0.5 else { return false }
        var half = 0.5
        for _ in 0..<max(0, decimals) { half /= 10 }
        return magnitude < half
    }

    static func headerNumber(_ value: Double, decimals: Int) -> LabelText {
        guard value.isFinite else { return ValueLabel.trueValue(value) }
        let magnitude = abs(value)
        if roundsToZero(magnitude, decimals: decimals) { return ValueLabel.trueValue(value, maxSignificantDigits: 4) }
        if magnitude < 1e6 { return ValueLabel.fixed(value, fractionDigits: decimals) }
        let (divisor, suffix): (Double, StaticString) =
            magnitude < 1e9 ? (1e6, "M") : magnitude < 1e12 ? (1e9, "B") : magnitude < 1e15 ? (1e12, "T") : (0, "")
        guard divisor > 0 else { return ValueLabel.scientific(value, significantDigits: 4) }
        var text = ValueLabel.fixed(value / divisor, fractionDigits: 2)
        text.append(suffix)
        return text
    }

    /// Digits after the decimal point in a formatted number (0 for none or an exponent form).
    static func fractionDigits(_ text: LabelText) -> Int {
        var dot = -1
        for i in 0..<text.count {
            let byte = text[i]
            if byte == UInt8(ascii: ".") { dot = i }
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return 0 }
        }
        return dot < 0 ? 0 : text.count &- dot &- 1
    }

    /// Series `index`'s marker: a filled square, diamond, triangle or circle (by index), so
    /// series differ by shape where colour alone would be the only cue (grey-scale prints,
    /// colour-blind viewers). Drawn in the legend and at each line's last point.
    func drawMarker(_ index: Int, centreX: Int, centreY: Int, size: Int, into fb: Framebuffer, clip: PixelRect) {
        let color = seriesColor(index)
        let half = max(2, size / 2)
        for dy in -half...half {
            let span: Int
            switch index % 4 {
            case 0: span = half  // square
            case 1: span = half &- abs(dy)  // diamond
            case 2: span = (dy &+ half) / 2  // triangle, point up
            default:  // circle
                var w = 0
                while (w &+ 1) &* (w &+ 1) &+ dy &* dy <= half &* half { w &+= 1 }
                span = w
            }
            fb.horizontalLine(y: centreY &+ dy, minX: centreX &- span, maxX: centreX &+ span &+ 1, color: color, clip: clip)
        }
    }
}
