import Testing
import LiveTickerRender

@Suite("Bitmap text")
struct TextTests {
    let white = RGBColor(0xFFFFFF)

    /// Pixels of one character drawn alone at scale 1, as a 0/1 grid.
    func render(_ byte: UInt8, font: BitmapFont = .builtin) -> [Bool] {
        let fb = Framebuffer(width: font.glyphWidth, height: font.glyphHeight)
        fb.drawText([byte], font: font, x: 0, y: 0, color: RGBColor(0xFFFFFF), clip: fb.bounds)
        var out: [Bool] = []
        for y in 0..<fb.height { for x in 0..<fb.width { out.append(fb[x, y] != 0) } }
        return out
    }

    @Test("the built-in font has 95 distinct printable glyphs; only space is blank")
    func distinctGlyphs() {
        let font = BitmapFont.builtin
        #expect(font.glyphWidth == 8 && font.glyphHeight == 16)
        var seen: [[Bool]] = []
        for b in UInt8(0x20)...UInt8(0x7E) {
            let g = render(b)
            #expect(!seen.contains(g), "glyph \(b) duplicates another")
            seen.append(g)
            #expect(font.hasInk(b) == (b != 0x20), "glyph \(b)")
        }
    }

    @Test("glyphs keep a blank column on the right so characters never touch")
    func spacing() {
        for b in UInt8(0x21)...UInt8(0x7E) {
            let g = render(b)
            for y in 0..<16 { #expect(!g[y * 8 + 7], "glyph \(b) row \(y)") }
        }
    }

    @Test("8 and 0 differ, and a label changes when a digit changes")
    func digitsDiffer() {
        #expect(render(UInt8(ascii: "8")) != render(UInt8(ascii: "0")))
        let a = Framebuffer(width: 80, height: 16), b = Framebuffer(width: 80, height: 16)
        a.drawText("101.25", x: 0, y: 0, color: white, clip: a.bounds)
        b.drawText("101.26", x: 0, y: 0, color: white, clip: b.bounds)
        var differing = 0
        for y in 0..<16 { for x in 0..<80 where a[x, y] != b[x, y] { differing += 1; #expect(x >= 40 && x < 48) } }
        #expect(differing > 0)
    }

    @Test("width is count × advance × scale")
    func measurement() {
        let font = BitmapFont.builtin
        #expect(font.width(of: "12:34:56") == 8 * 8)
        #expect(font.width(of: "101.25", scale: 3) == 6 * 8 * 3)
        #expect(font.width(of: [UInt8](), scale: 2) == 0)
        #expect(font.lineHeight(scale: 2) == 32)
    }

    @Test("scale 2 draws every pixel as a 2×2 block")
    func scaling() {
        let one = Framebuffer(width: 8, height: 16), two = Framebuffer(width: 16, height: 32)
        one.drawText("A", x: 0, y: 0, color: white, clip: one.bounds)
        two.drawText("A", x: 0, y: 0, scale: 2, color: white, clip: two.bounds)
        for y in 0..<32 { for x in 0..<16 { #expect(two[x, y] == one[x / 2, y / 2]) } }
    }

    @Test("text is clipped at the clip's edges and never written outside")
    func clipping() {
        let c = GuardedCanvas(width: 30, height: 20)
        for (x, y) in [(-5, -7), (20, 10), (-1_000_000, 3), (Int.max, Int.min), (Int.min, Int.max), (25, -3), (3, 12)] {
            c.fb.drawText("W@8#", x: x, y: y, scale: 2, color: white, clip: c.clip)
            c.fb.drawText("MW", x: x, y: y, scale: Int.max, color: white, clip: c.clip)
        }
        #expect(c.outsideWrites() == 0)
        #expect(c.changedPixels() > 0)
        // A glyph straddling the right edge lights pixels up to the clip's last column only.
        let d = GuardedCanvas(width: 12, height: 20)
        d.fb.drawText("H", x: 6, y: 1, color: white, clip: d.clip)
        #expect(d.fb[7, 5] == 0xFFFFFF && d.fb[8, 5] == 0xFFFFFF && d.fb[9, 5] == GuardedCanvas.background)
        #expect(d.outsideWrites() == 0)
    }

    @Test("translucent text blends; bytes without a glyph draw '?'")
    func alphaAndFallback() {
        let a = Framebuffer(width: 8, height: 16), b = Framebuffer(width: 8, height: 16)
        a.drawText([0xE9], font: .builtin, x: 0, y: 0, color: white, clip: a.bounds)
        b.drawText("?", x: 0, y: 0, color: white, clip: b.bounds)
        for y in 0..<16 { for x in 0..<8 { #expect(a[x, y] == b[x, y]) } }
        let t = Framebuffer(width: 8, height: 16)
        t.drawText("#", x: 0, y: 0, color: white, alpha: 128, clip: t.bounds)
        var levels = Set<UInt32>()
        for y in 0..<16 { for x in 0..<8 { levels.insert(t[x, y]) } }
        #expect(levels == [0, PixelBlend.blend(0, 0xFFFFFF, alpha: 128)])
    }

    @Test("drawing the same labels twice gives identical bytes")
    func deterministic() {
        func draw() -> [UInt32] {
            let fb = Framebuffer(width: 200, height: 40, stride: 210)
            fb.drawText("12:34:56 101.25", x: 3, y: 2, color: white, clip: fb.bounds)
            fb.drawText("Mon 30", x: 50, y: 20, scale: 2, color: RGBColor(0x88CC44), alpha: 200, clip: fb.bounds)
            return Array(UnsafeBufferPointer(start: fb.pixels, count: fb.stride * fb.height))
        }
        let a = draw(), b = draw()
        #expect(a.count == b.count && zip(a, b).allSatisfy { $0 == $1 })
    }
}
