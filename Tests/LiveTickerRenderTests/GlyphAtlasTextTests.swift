import LiveTickerRender
import Testing

/// One image per byte of `font` at `scale`, inked pixels 255, as `GlyphAtlas(bitmap:scale:)`
/// makes them.
private func bitmapImages(_ font: BitmapFont, scale: Int) -> [GlyphAtlas.Image] {
    let w = font.glyphWidth * scale
    let h = font.glyphHeight * scale
    return (0..<256).map { byte in
        var pixels = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w where font.isInked(UInt8(byte), column: x / scale, row: y / scale) { pixels[y * w + x] = 255 }
        }
        return GlyphAtlas.Image(width: w, height: h, left: 0, top: 0, advance: font.advance * scale, coverage: pixels)
    }
}

/// A framebuffer of `width × height` filled with a fixed pseudo-random pattern (every pixel
/// differs from its neighbours, so a pixel stored where it should be kept shows).
private func noisy(width: Int, height: Int) -> Framebuffer {
    let fb = Framebuffer(width: width, height: height)
    var state: UInt32 = 2_463_534_242
    for i in 0..<(width * height) {
        state ^= state << 13
        state ^= state >> 17
        state ^= state << 5
        fb.pixels[i] = state & 0x00FF_FFFF
    }
    return fb
}

@Suite("Glyph-atlas text: bitmap glyphs stored by selection")
struct GlyphAtlasTextTests {
    @Test func onlyAllOrNothingCoverageIsBinary() {
        #expect(GlyphAtlas(bitmap: .builtin, scale: 2).isBinary)
        var images = bitmapImages(.builtin, scale: 1)
        #expect(GlyphAtlas(images: images, lineHeight: 16, ascent: 12).isBinary)
        images[1].coverage[0] = 128
        #expect(!GlyphAtlas(images: images, lineHeight: 16, ascent: 12).isBinary)
    }

    /// A binary atlas's text (four pixels a step, by selection) against the same glyphs in an
    /// atlas that one grey pixel in an unused glyph makes non-binary (pixel by pixel), over a
    /// noisy background, at every pen offset modulo 4 and clips cutting glyphs on all sides:
    /// the same bytes everywhere.
    @Test(arguments: [1, 2, 3])
    func selectionStoresWhatThePixelLoopStores(scale: Int) {
        let font = BitmapFont.builtin
        let images = bitmapImages(font, scale: scale)
        let lineHeight = font.glyphHeight * scale
        let binary = GlyphAtlas(images: images, lineHeight: lineHeight, ascent: lineHeight * 3 / 4)
        var grey = images
        grey[1].coverage[0] = 128
        let perPixel = GlyphAtlas(images: grey, lineHeight: lineHeight, ascent: lineHeight * 3 / 4)
        #expect(binary.isBinary && !perPixel.isBinary)

        let text = Array("Wed 30 1,234.5 +0.12% |ACME| 102.87 _~#".utf8)
        let width = binary.width(of: text) + 24
        let height = lineHeight + 8
        let background = noisy(width: width, height: height)
        for x in -9...6 {
            for (left, right) in [(0, width), (3, width - 5), (7, width - 2), (1, width - 11)] {
                let clip = PixelRect(minX: left, minY: 2, maxX: right, maxY: height - 3)
                let a = noisy(width: width, height: height)
                let b = noisy(width: width, height: height)
                text.withUnsafeBufferPointer { t in
                    _ = a.drawText(t, x: x, y: 1, atlas: binary, color: RGBColor(0x00_FF88), clip: clip)
                    _ = b.drawText(t, x: x, y: 1, atlas: perPixel, color: RGBColor(0x00_FF88), clip: clip)
                }
                var differing = 0
                var inked = 0
                for i in 0..<(width * height) {
                    if a.pixels[i] != b.pixels[i] { differing += 1 }
                    if a.pixels[i] != background.pixels[i] { inked += 1 }
                }
                #expect(differing == 0, "pen x \(x), clip \(left)..<\(right)")
                #expect(inked > 0)
            }
        }
    }
}
