import LiveTickerRender
import LiveTickerScales

extension LiveTickerChart {
    /// Width in pixels of `text` in the chart's font and scale. O(1).
    func textWidth(_ text: LabelText) -> Int {
        font.width(ofCount: text.count, scale: textScale)
    }

    /// Draws a label (no allocation) and returns the x just after it.
    @discardableResult
    func drawText(_ text: LabelText, x: Int, y: Int, color: RGBColor, clip: PixelRect, into fb: Framebuffer) -> Int {
        text.withUTF8 { bytes in
            fb.drawText(bytes, x: x, y: y, font: font, scale: textScale, color: color, clip: clip)
        }
    }

    /// Draws bytes kept by the chart (series names) and returns the x just after them.
    @discardableResult
    func drawBytes(_ bytes: [UInt8], x: Int, y: Int, color: RGBColor, clip: PixelRect, into fb: Framebuffer) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            fb.drawText(buffer, x: x, y: y, font: font, scale: textScale, color: color, clip: clip)
        }
    }
}
