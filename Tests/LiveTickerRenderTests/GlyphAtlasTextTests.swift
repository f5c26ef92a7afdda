import LiveTickerTestSupport
import Testing

@testable import LiveTickerRender

@Suite("Glyph-atlas text: bitmap glyphs stored by selection")
struct GlyphAtlasTextTests {
    @Test func onlyAllOrNothingCoverageIsBinary() {
        #expect(GlyphAtlas(bitmap: .builtin, scale: 2).isBinary)
        var images = GlyphAtlas.images(bitmap: .builtin, scale: 1)
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
        let images = GlyphAtlas.images(bitmap: font, scale: scale)
        let lineHeight = font.glyphHeight * scale
        let binary = GlyphAtlas(images: images, lineHeight: lineHeight, ascent: lineHeight * 3 / 4)
        var grey = images
        grey[1].coverage[0] = 128
        let perPixel = GlyphAtlas(images: grey, lineHeight: lineHeight, ascent: lineHeight * 3 / 4)
        #expect(binary.isBinary && !perPixel.isBinary)

        let text = Array("Wed 30 1,234.5 +0.12% |ACME| 102.87 _~#".utf8)
        let width = binary.width(of: text) + 24
        let height = lineHeight + 8
        let background = texturedFramebuffer(width: width, height: height, seed: 7)
        for x in -9...6 {
            for (left, right) in [(0, width), (3, width - 5), (7, width - 2), (1, width - 11)] {
                let clip = PixelRect(minX: left, minY: 2, maxX: right, maxY: height - 3)
                let a = texturedFramebuffer(width: width, height: height, seed: 7)
                let b = texturedFramebuffer(width: width, height: height, seed: 7)
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
