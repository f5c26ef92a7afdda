import LiveTickerCore
import LiveTickerRender
import LiveTickerScales

extension LiveTickerChart {
    /// Threshold (alarm) lines across the plot, each labelled with its value at the left.
    func drawThresholds(_ values: [Double], color: RGBColor, _ geometry: ChartGeometry, into fb: Framebuffer) {
        let plot = geometry.layout.plot
        let textHeight = self.textHeight
        for value in values where value.isFinite {
            let y = PixelRect.snap(geometry.pixelY(ValueSanitizer.clampForScale(value)) - 0.5)
            fb.horizontalLine(y: y, minX: plot.minX, maxX: plot.maxX, color: color, clip: plot)
            drawText(
                ValueLabel.trueValue(value), x: plot.minX &+ 4 &* textUnit, y: y &- textHeight &- 2,
                color: color, clip: plot, into: fb)
        }
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
            drawDashes(row: s.tagRow, color: color, clip: layout.plot, into: fb)
            s.tagRect = drawValueTag(newest.value, top: s.tagTop, color: color, layout, into: fb)
        }
    }

    /// Height of a value tag: a line of text and its padding.
    var valueTagHeight: Int { textHeight &+ 2 &* max(2, textUnit &* 2) }

    /// A dashed horizontal line across `clip` on `row` (or, with `column`, a vertical one down
    /// `clip`): 6-px dashes with 4-px gaps, scaled with the text for high-DPI panels, at 2/3
    /// opacity so the data stays visible through it.
    func drawDashes(row: Int? = nil, column: Int? = nil, color: RGBColor, clip: PixelRect, into fb: Framebuffer) {
        let dash = 6 &* textUnit
        let step = 10 &* textUnit
        if let row {
            var x = clip.minX
            while x < clip.maxX {
                fb.horizontalLine(y: row, minX: x, maxX: x &+ dash, color: color, alpha: 170, clip: clip)
                x &+= step
            }
        }
        if let column {
            var y = clip.minY
            while y < clip.maxY {
                fb.verticalLine(x: column, minY: y, maxY: y &+ dash, color: color, alpha: 170, clip: clip)
                y &+= step
            }
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
    func drawValueTag(_ value: Double, top: Int, color: RGBColor, _ layout: ChartLayout, into fb: Framebuffer) -> PixelRect {
        let pad = max(2, textUnit &* 2)
        let tag = PixelRect(minX: layout.valueAxis.minX, minY: top, maxX: layout.valueAxis.maxX, maxY: top &+ valueTagHeight)
        fb.fill(tag, color: color, clip: layout.valueAxis)
        drawText(
            ValueLabel.trueValue(value), x: tag.minX &+ max(4, textHeight / 2), y: top &+ pad,
            color: options.theme.tagText, clip: layout.valueAxis, into: fb)
        return tag
    }

    /// Whether `box` (rows only matter: labels share the strip) overlaps a last-value tag.
    func overlapsLastValueTag(_ box: PixelRect) -> Bool {
        for s in scratch where !s.tagRect.isEmpty {
            if box.minY < s.tagRect.maxY, box.maxY > s.tagRect.minY { return true }
        }
        return false
    }

    /// The header strip: per series its name, last value and change since the oldest value
    /// held (absolute and percent), in the series colour; the visible tick count at the right.
    func drawHeader(_ geometry: ChartGeometry, into fb: Framebuffer) {
        let header = geometry.layout.header
        let theme = options.theme
        let textHeight = self.textHeight
        let y = header.minY &+ (header.height &- textHeight) / 2
        let space = glyphs.digitAdvance
        var x = geometry.layout.plot.minX
        for (index, s) in scratch.enumerated() {
            x = drawBytes(s.titleBytes, x: x, y: y, color: theme.title, clip: header, into: fb) &+ space
            guard let newest = s.newest else { continue }
            x = drawText(ValueLabel.trueValue(newest.value), x: x, y: y, color: theme.seriesColor(index), clip: header, into: fb) &+ space
            if newest.value.isFinite, s.firstValue.isFinite {
                let change = newest.value - s.firstValue
                let color = change >= 0 ? theme.up : theme.down
                var text = LabelText()
                if change >= 0 { text.append("+" as StaticString) }
                text.append(ValueLabel.trueValue(change, maxSignificantDigits: 6))
                x = drawText(text, x: x, y: y, color: color, clip: header, into: fb) &+ space
                if s.firstValue != 0 {
                    var percent: LabelText = "("
                    let ratio = change / abs(s.firstValue) * 100
                    if ratio >= 0 { percent.append("+" as StaticString) }
                    percent.append(ValueLabel.fixed(ratio, fractionDigits: 2))
                    percent.append("%)" as StaticString)
                    x = drawText(percent, x: x, y: y, color: color, clip: header, into: fb) &+ 2 &* space
                }
            }
        }
        var count = 0
        for s in scratch { count &+= s.visibleTicks.count }
        var text = ValueLabel.fixed(Double(count), fractionDigits: 0)
        text.append(" ticks" as StaticString)
        let width = textWidth(text)
        drawText(text, x: header.maxX &- width &- space, y: y, color: theme.label, clip: header, into: fb)
    }
}
