import LiveTickerFreeType
import LiveTickerRender
import Testing

/// These tests need Debian's fonts-dejavu-core (scripts/test installs it); without it they
/// fail, naming the file, rather than pass without looking.
@Suite("FreeType label glyphs")
struct FreeTypeFontTests {
    @Test("DejaVu Sans renders anti-aliased glyphs once into an atlas; digits share one advance")
    func atlas() throws {
        let atlas = try FreeTypeFont.atlas(path: FreeTypeFont.defaultPath, pixelSize: 27)
        #expect(atlas.lineHeight >= 27 && atlas.lineHeight <= 40)
        let digits = (UInt8(ascii: "0")...UInt8(ascii: "9")).map { atlas.advance(of: $0) }
        #expect(Set(digits).count == 1 && digits[0] > 10)
        #expect(atlas.advance(of: UInt8(ascii: "i")) < atlas.advance(of: UInt8(ascii: "M")))  // proportional
        // Drawn: partial coverage exists (anti-aliasing), only inside the clip.
        let fb = Framebuffer(width: 200, height: 60)
        fb.fill(fb.bounds, color: RGBColor(red: 0, green: 0, blue: 0), clip: fb.bounds)
        let clip = PixelRect(x: 0, y: 0, width: 120, height: 60)
        let end = Array("102.87 Mar".utf8).withUnsafeBufferPointer {
            fb.drawText($0, x: 4, y: 10, atlas: atlas, color: RGBColor(red: 255, green: 255, blue: 255), clip: clip)
        }
        #expect(end == 4 + atlas.width(of: Array("102.87 Mar".utf8)))
        var grays = Set<UInt32>()
        for y in 0..<60 {
            for x in 0..<200 {
                let v = fb[x, y] & 0xFF
                if x >= 120 { #expect(v == 0) }
                grays.insert(v)
            }
        }
        #expect(grays.contains(255) && grays.count > 20)
    }

    @Test("°, €, ü draw their own glyphs (they drew as '?'); a character the font lacks draws its '?'")
    func westernGlyphs() throws {
        let atlas = try FreeTypeFont.atlas(path: FreeTypeFont.defaultPath, pixelSize: 20)
        func ink(_ text: String) -> [UInt32] {
            let fb = Framebuffer(width: 120, height: 40)
            fb.fill(fb.bounds, color: RGBColor(red: 0, green: 0, blue: 0), clip: fb.bounds)
            _ = LabelEncoding.encode(text).withUnsafeBufferPointer {
                fb.drawText($0, x: 2, y: 4, atlas: atlas, color: RGBColor(red: 255, green: 255, blue: 255), clip: fb.bounds)
            }
            return (0..<40).flatMap { y in (0..<120).map { x in fb[x, y] } }
        }
        let question = ink("?")
        for text in ["°", "€", "ü", "–"] {
            let drawn = ink(text)
            #expect(drawn != question, "\(text) drew as '?'")
            #expect(drawn.contains { $0 & 0xFF > 128 }, "\(text) drew nothing")
        }
        // U+2202 is not in the code page: one '?', as wide as the font's.
        #expect(ink("∂") == question)
    }

    @Test("a file that is not a font is a clear error naming it")
    func notAFont() {
        #expect(throws: FreeTypeFont.LoadError.self) { try FreeTypeFont.atlas(path: "/etc/hostname", pixelSize: 16) }
        #expect(throws: FreeTypeFont.LoadError.self) { try FreeTypeFont.atlas(path: "/nonexistent.ttf", pixelSize: 16) }
    }

    @Test("text far outside the buffer or clip writes nothing and never traps")
    func extremes() throws {
        let atlas = try FreeTypeFont.atlas(path: FreeTypeFont.defaultPath, pixelSize: 14)
        let fb = Framebuffer(width: 32, height: 32)
        fb.fill(fb.bounds, color: RGBColor(red: 1, green: 2, blue: 3), clip: fb.bounds)
        let before = (0..<32 * 32).map { fb[$0 % 32, $0 / 32] }
        for (x, y) in [(Int.min, 0), (Int.max, 0), (0, Int.min), (0, Int.max), (-10_000, 5), (40, 40)] {
            Array("Wg".utf8).withUnsafeBufferPointer {
                _ = fb.drawText($0, x: x, y: y, atlas: atlas, color: RGBColor(red: 255, green: 0, blue: 0), clip: fb.bounds)
            }
        }
        #expect((0..<32 * 32).map { fb[$0 % 32, $0 / 32] } == before)
    }

    @Test("the bitmap font as an atlas draws exactly the pixels of the bitmap text path")
    func bitmapAtlas() {
        let text = Array("09:30 Tue 5 +1.6%".utf8)
        for scale in 1...3 {
            let a = Framebuffer(width: 420, height: 60)
            let b = Framebuffer(width: 420, height: 60)
            let atlas = GlyphAtlas(bitmap: .builtin, scale: scale)
            text.withUnsafeBufferPointer {
                _ = a.drawText($0, x: 3, y: 2, font: .builtin, scale: scale, color: RGBColor(red: 200, green: 100, blue: 50), clip: a.bounds)
                _ = b.drawText($0, x: 3, y: 2, atlas: atlas, color: RGBColor(red: 200, green: 100, blue: 50), clip: b.bounds)
            }
            #expect((0..<420 * 60).allSatisfy { a[$0 % 420, $0 / 420] == b[$0 % 420, $0 / 420] })
        }
    }
}
