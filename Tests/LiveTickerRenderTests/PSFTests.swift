import Testing
import LiveTickerRender

/// Builds small synthetic PC Screen Fonts for the parser tests.
enum SyntheticPSF {
    static func le32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }

    /// A PSF2 font of `count` 10×4 glyphs (2 bytes per row); glyph g has row 0 = g, row 1 set
    /// to the 10th pixel only. With a Unicode table mapping 'A' → glyph 2 and 'é' (UTF-8,
    /// two bytes) → glyph 1, plus a combining sequence on glyph 3 that must be ignored.
    static func psf2(count: Int = 4, unicode: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = [0x72, 0xB5, 0x4A, 0x86]
        bytes += le32(0) + le32(32) + le32(unicode ? 1 : 0) + le32(count) + le32(8) + le32(4) + le32(10)
        for g in 0..<count {
            bytes += [UInt8(g), 0, 0x00, 0x40, 0, 0, 0, 0]
        }
        if unicode {
            bytes += [0xFF]  // glyph 0: nothing
            bytes += [0xC3, 0xA9, 0xFF]  // glyph 1: é
            bytes += [UInt8(ascii: "A"), 0xFF]  // glyph 2: A
            bytes += [0xFE, UInt8(ascii: "B"), 0xFF]  // glyph 3: only a sequence (B + nothing)
        }
        return bytes
    }

    /// A PSF1 font: 256 glyphs 8×6, glyph g's first row is g; Unicode table maps 'Z' → 7.
    static func psf1() -> [UInt8] {
        var bytes: [UInt8] = [0x36, 0x04, 0x02, 6]
        for g in 0..<256 { bytes += [UInt8(g), 0, 0, 0, 0, 0] }
        for g in 0..<256 {
            if g == 7 { bytes += [UInt8(ascii: "Z"), 0] }
            bytes += [0xFF, 0xFF]
        }
        return bytes
    }
}

@Suite("PSF console fonts")
struct PSFTests {
    @Test("PSF2 header, glyph rows and Unicode table are read")
    func psf2() throws {
        let font = try BitmapFont(psf: SyntheticPSF.psf2())
        #expect(font.glyphWidth == 10 && font.glyphHeight == 4 && font.glyphCount == 4 && font.bytesPerRow == 2)
        // 'A' maps to glyph 2 whose first row is 0b00000010 → pixel 6 of row 0, and row 1 has pixel 9.
        let fb = Framebuffer(width: 10, height: 4)
        fb.drawText("A", font: font, x: 0, y: 0, color: RGBColor(0xFFFFFF), clip: fb.bounds)
        var lit: [[Int]] = []
        for y in 0..<4 { lit.append((0..<10).filter { fb[$0, y] != 0 }) }
        #expect(lit == [[6], [9], [], []])
        #expect(font.width(of: "AAA") == 30)
        // 'B' appears only inside a combining sequence, so it has no glyph and no '?' either.
        #expect(!font.hasInk(UInt8(ascii: "B")))
        // é (Latin-1 byte 0xE9) maps through the table to glyph 1 (first row 0b00000001).
        let e = Framebuffer(width: 10, height: 4)
        e.drawText([0xE9], font: font, x: 0, y: 0, color: RGBColor(0xFFFFFF), clip: e.bounds)
        #expect(e[7, 0] != 0 && e[6, 0] == 0)
    }

    @Test("PSF2 without a Unicode table indexes glyphs by byte value")
    func psf2Plain() throws {
        let font = try BitmapFont(psf: SyntheticPSF.psf2(count: 4, unicode: false))
        let fb = Framebuffer(width: 10, height: 4)
        fb.drawText([3], font: font, x: 0, y: 0, color: RGBColor(0xFFFFFF), clip: fb.bounds)
        #expect(fb[6, 0] != 0 && fb[7, 0] != 0 && fb[5, 0] == 0)
    }

    @Test("PSF1 with a Unicode table")
    func psf1() throws {
        let font = try BitmapFont(psf: SyntheticPSF.psf1())
        #expect(font.glyphWidth == 8 && font.glyphHeight == 6 && font.glyphCount == 256)
        let fb = Framebuffer(width: 8, height: 6)
        fb.drawText("Z", font: font, x: 0, y: 0, color: RGBColor(0xFFFFFF), clip: fb.bounds)
        // glyph 7 = 0b00000111
        #expect((0..<8).filter { fb[$0, 0] != 0 } == [5, 6, 7])
    }

    @Test("malformed fonts are rejected", arguments: [
        [], [0x72, 0xB5, 0x4A], [1, 2, 3, 4, 5], Array(SyntheticPSF.psf2().prefix(40)),
        Array(SyntheticPSF.psf1().prefix(100)),
    ] as [[UInt8]])
    func malformed(bytes: [UInt8]) {
        #expect(throws: FontError.self) { try BitmapFont(psf: bytes) }
    }

    @Test("PSF2 with an inconsistent glyph size or absurd dimensions is rejected")
    func badHeader() {
        var bytes = SyntheticPSF.psf2()
        bytes[20] = 9  // bytes per glyph no longer 2 × 4
        #expect(throws: FontError.self) { try BitmapFont(psf: bytes) }
        var wide = SyntheticPSF.psf2()
        wide[28] = 200  // width 200
        #expect(throws: FontError.self) { try BitmapFont(psf: wide) }
    }

    @Test("a truncated or garbled Unicode table does not crash and maps what it can")
    func garbledTable() throws {
        var bytes = SyntheticPSF.psf2()
        bytes.removeLast(3)
        bytes += [0xE2, 0x82]  // cut UTF-8
        let font = try BitmapFont(psf: bytes)
        #expect(font.hasInk(UInt8(ascii: "A")))
    }
}
