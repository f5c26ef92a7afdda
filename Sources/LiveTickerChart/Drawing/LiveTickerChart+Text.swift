import LiveTickerRender
import LiveTickerScales

extension LiveTickerChart {
    /// Height of a line of label text in pixels. O(1).
    var textHeight: Int { glyphs.lineHeight }

    /// A pixel unit that grows with the text (1 at the built-in font's 16-px line): gaps,
    /// paddings and dashes scale with it, so a large font on a 4K panel keeps its proportions.
    var textUnit: Int { max(1, glyphs.lineHeight / 16) }

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
