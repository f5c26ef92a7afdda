import LiveTickerCore
import LiveTickerRender
import LiveTickerScales

extension LiveTickerChart {
    /// Threshold (alarm) lines across the plot, each labelled with its value at the left.
    func drawThresholds(_ values: [Double], color: RGBColor, _ geometry: ChartGeometry, into fb: Framebuffer) {
        let plot = geometry.layout.plot
        let textHeight = font.glyphHeight &* textScale
        for value in values where value.isFinite {
            let y = PixelRect.snap(geometry.pixelY(ValueSanitizer.clampForScale(value)) - 0.5)
            fb.horizontalLine(y: y, minX: plot.minX, maxX: plot.maxX, color: color, clip: plot)
            drawText(
                ValueLabel.trueValue(value), x: plot.minX &+ 4 &* textScale, y: y &- textHeight &- 2,
                color: color, clip: plot, into: fb)
        }
    }

    /// For each series with data: a dashed line across the plot at the last value and a tag in
    /// the value-axis strip showing the true last value (unclamped, full precision).
    func drawLastValues(of series: [Int], _ geometry: ChartGeometry, into fb: Framebuffer) {
        let layout = geometry.layout
        for index in series where scratch.indices.contains(index) {
            let s = scratch[index]
            s.tagRect = .empty
            guard let newest = s.newest, newest.value.isFinite else { continue }
            let color = seriesColor(index)
            let y = PixelRect.snap(geometry.pixelY(ValueSanitizer.clampForScale(newest.value)) - 0.5)
            drawDashes(row: y, color: color, clip: layout.plot, into: fb)
            s.tagRect = drawValueTag(newest.value, row: y, color: color, layout, into: fb)
        }
    }

    /// A dashed horizontal line across `clip` on `row` (or, with `column`, a vertical one down
    /// `clip`): 6-px dashes with 4-px gaps, scaled with the text for high-DPI panels, at 2/3
    /// opacity so the data stays visible through it.
    func drawDashes(row: Int? = nil, column: Int? = nil, color: RGBColor, clip: PixelRect, into fb: Framebuffer) {
        let dash = 6 &* textScale
        let step = 10 &* textScale
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
        let textHeight = font.glyphHeight &* textScale
        let pad = max(2, textScale &* 2)
        let tagHeight = textHeight &+ 2 &* pad
        let top = min(max(row &- tagHeight / 2, layout.valueAxis.minY), layout.valueAxis.maxY &- tagHeight)
        let tag = PixelRect(minX: layout.valueAxis.minX, minY: top, maxX: layout.valueAxis.maxX, maxY: top &+ tagHeight)
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
        let textHeight = font.glyphHeight &* textScale
        let y = header.minY &+ (header.height &- textHeight) / 2
        let space = font.advance &* textScale
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
        drawBadge(rightEdge: header.maxX &- width &- 3 &* space, y: y, clip: header, into: fb)
    }
}
