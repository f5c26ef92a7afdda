extension Framebuffer {
    /// Draws `text` (one character per byte) with its top-left corner at pixel `(x, y)`, each
    /// glyph pixel as a `scale × scale` block (scale clamps to 1…64) in `color` at opacity
    /// `alpha`, clipped to `clip`. Glyphs wholly outside the clip are skipped; partly visible
    /// ones are cut at the clip's edges.
    ///
    /// Cost: O(visible glyph pixels × scale²); no allocation. Pass `Array`, `UnsafeBufferPointer`
    /// or `String.UTF8View` so that labels need no String allocation.
    public func drawText(
        _ text: some Collection<UInt8>, font: BitmapFont, x: Int, y: Int, scale: Int = 1,
        color: RGBColor, alpha: UInt8 = 255, clip: PixelRect
    ) {
        let c = drawable(clip)
        guard !c.isEmpty, alpha != 0 else { return }
        let s = Swift.min(Swift.max(scale, 1), 64)
        let limit = 1 << 40
        let ox = Swift.min(Swift.max(x, -limit), limit), oy = Swift.min(Swift.max(y, -limit), limit)
        let cellW = font.glyphWidth &* s, cellH = font.glyphHeight &* s
        guard oy < c.maxY, oy &+ cellH > c.minY else { return }
        let rowBytes = font.bytesPerRow, glyphBytes = font.glyphHeight &* rowBytes
        let pixel = color.pixel & 0x00FF_FFFF, a = UInt32(alpha)
        font.bitmaps.withUnsafeBufferPointer { bitmaps in
            font.byteToGlyph.withUnsafeBufferPointer { map in
                var gx = ox
                for byte in text {
                    defer { gx &+= cellW }
                    if gx >= c.maxX { break }
                    if gx &+ cellW <= c.minX { continue }
                    let g = map[Int(byte)]
                    if g == .max { continue }
                    let glyph = bitmaps.baseAddress! + Int(g) &* glyphBytes
                    var row = 0
                    while row < font.glyphHeight {
                        defer { row &+= 1 }
                        let py0 = oy &+ row &* s
                        if py0 &+ s <= c.minY || py0 >= c.maxY { continue }
                        // Up to 64 bits of one glyph row, leftmost pixel in the top bit.
                        var bits: UInt64 = 0
                        var k = 0
                        while k < rowBytes {
                            bits |= UInt64(glyph[row &* rowBytes &+ k]) << UInt64(56 &- 8 &* k)
                            k &+= 1
                        }
                        if bits == 0 { continue }
                        let yStart = Swift.max(py0, c.minY), yEnd = Swift.min(py0 &+ s, c.maxY)
                        var col = 0
                        while bits != 0 && col < font.glyphWidth {
                            if bits & (1 << 63) != 0 {
                                let px0 = gx &+ col &* s
                                let xStart = Swift.max(px0, c.minX), xEnd = Swift.min(px0 &+ s, c.maxX)
                                if xStart < xEnd {
                                    var py = yStart
                                    while py < yEnd {
                                        let r = self.row(py)
                                        var px = xStart
                                        while px < xEnd {
                                            r[px] = a == 255 ? pixel : PixelBlend.blend(r[px], pixel, alpha: a)
                                            px &+= 1
                                        }
                                        py &+= 1
                                    }
                                }
                            }
                            bits <<= 1
                            col &+= 1
                        }
                    }
                }
            }
        }
    }

    /// Draws a `String`'s UTF-8 bytes (see the byte overload); no allocation.
    public func drawText(
        _ text: String, font: BitmapFont = .builtin, x: Int, y: Int, scale: Int = 1,
        color: RGBColor, alpha: UInt8 = 255, clip: PixelRect
    ) {
        drawText(text.utf8, font: font, x: x, y: y, scale: scale, color: color, alpha: alpha, clip: clip)
    }
}
