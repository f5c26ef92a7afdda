import LiveTickerRender
import LiveTickerScales

extension LiveTickerChart {
    /// Height of a line of label text in pixels. O(1).
    var textHeight: Int { glyphs.lineHeight }

    /// A pixel unit that grows with the text (1 at the built-in font's 16-px line): gaps,
    /// paddings and dashes scale with it, so a large font on a 4K panel keeps its proportions.
    var textUnit: Int { max(1, glyphs.lineHeight / 16) }

    /// `no data`, centred in `plot`, for a chart none of whose series has a value yet (a
    /// source not connected yet, a symbol the feed never sends): an empty plot otherwise reads
    /// as a flat feed. O(text), no allocation.
    func drawNoData(_ plot: PixelRect, into fb: Framebuffer) {
        let text: LabelText = "no data"
        let width = textWidth(text)
        guard width < plot.width, textHeight < plot.height else { return }
        _ = drawText(
            text, x: plot.minX &+ (plot.width &- width) / 2, y: plot.minY &+ (plot.height &- textHeight) / 2, color: options.theme.label,
            clip: plot, into: fb)
    }

    /// Width in pixels of `text` in the chart's glyphs. O(count).
    func textWidth(_ text: LabelText) -> Int {
        text.withUTF8 { glyphs.width(of: $0) }
    }

    /// Draws a label (no allocation) and returns the x just after it.
    @discardableResult
    func drawText(_ text: LabelText, x: Int, y: Int, color: RGBColor, clip: PixelRect, into fb: Framebuffer) -> Int {
        text.withUTF8 { bytes in
            fb.drawText(bytes, x: x, y: y, atlas: glyphs, color: color, clip: clip)
        }
    }

    /// Draws bytes kept by the chart (series names) and returns the x just after them.
    @discardableResult
    func drawBytes(_ bytes: [UInt8], x: Int, y: Int, color: RGBColor, clip: PixelRect, into fb: Framebuffer) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            fb.drawText(buffer, x: x, y: y, atlas: glyphs, color: color, clip: clip)
        }
    }
}
