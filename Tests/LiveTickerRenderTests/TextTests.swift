import LiveTickerRender
import Testing

/// Draws `text` (as UTF-8 bytes) and returns drawText's result.
@discardableResult
private func draw(
    _ text: String, on fb: Framebuffer, x: Int, y: Int, scale: Int = 1, font: BitmapFont = .builtin,
    color: RGBColor = RGBColor(0xFFFFFF), clip: PixelRect? = nil
) -> Int {
    Array(text.utf8).withUnsafeBufferPointer {
        fb.drawText($0, x: x, y: y, font: font, scale: scale, color: color, clip: clip ?? fb.bounds)
    }
}

/// The inked pixels of a framebuffer cleared to 0, as a set of (x, y).
private func lit(_ fb: Framebuffer) -> Set<[Int]> {
    var out = Set<[Int]>()
    for y in 0..<fb.height {
        for x in 0..<fb.width where fb[x, y] != 0 { out.insert([x, y]) }
    }
    return out
}

/// Lit pixels of one byte drawn alone at the origin of an exactly cell-sized buffer.
private func glyphPixels(_ byte: UInt8, scale: Int = 1) -> Set<[Int]> {
    let font = BitmapFont.builtin
    let fb = Framebuffer(width: font.glyphWidth * scale, height: font.glyphHeight * scale)
    [byte].withUnsafeBufferPointer {
        _ = fb.drawText($0, x: 0, y: 0, font: font, scale: scale, color: RGBColor(0xFFFFFF), clip: fb.bounds)
    }
    return lit(fb)
}

private let printable: [UInt8] = Array(0x20...0x7E)

@Suite struct TextTests {
    @Test func builtinMetrics() {
        let font = BitmapFont.builtin
        #expect(font.glyphWidth == 8)
        #expect(font.glyphHeight == 16)
        #expect(font.advance == 8)
        #expect(font.width(ofCount: 6, scale: 1) == 48)
        #expect(font.width(ofCount: 6, scale: 3) == 144)
        #expect(font.width(ofCount: 0, scale: 3) == 0)
        #expect(font.width(ofCount: -4, scale: 3) == 0)
        #expect(font.width(ofCount: 4, scale: 0) == 0)
        #expect(font.width(ofCount: Int.max, scale: 2) == Int.max)
        #expect(font.width(ofCount: 2, scale: Int.max) == Int.max)
    }

    @Test func eightAndZeroDiffer() {
        #expect(glyphPixels(UInt8(ascii: "8")) != glyphPixels(UInt8(ascii: "0")))
        // Look-alike pairs a chart reader must tell apart.
        for pair in ["0O", "1l", "1I", "lI", "5S", "8B", "2Z", "6b", "9g", "o0"] {
            let b = Array(pair.utf8)
            #expect(glyphPixels(b[0]) != glyphPixels(b[1]), "\(pair)")
        }
    }

    @Test func everyPrintableGlyphIsInkedAndDistinct() {
        var seen: [Set<[Int]>: UInt8] = [:]
        for byte in printable {
            let pixels = glyphPixels(byte)
            if byte == 0x20 {
                #expect(pixels.isEmpty, "space must be blank")
                continue
            }
            #expect(!pixels.isEmpty, "glyph 0x\(String(byte, radix: 16)) is blank")
            if let other = seen[pixels] {
                Issue.record("glyphs 0x\(String(byte, radix: 16)) and 0x\(String(other, radix: 16)) are identical")
            }
            seen[pixels] = byte
        }
        #expect(seen.count == 94)
    }

    @Test func glyphsStayInsideTheirCell() {
        let font = BitmapFont.builtin
        for byte in printable + [0x00, 0x7F, 0x80, 0xFF] {
            let fb = Framebuffer(width: 40, height: 50)
            [byte].withUnsafeBufferPointer {
                _ = fb.drawText($0, x: 13, y: 17, font: font, scale: 1, color: RGBColor(0xFFFFFF), clip: fb.bounds)
            }
            for p in lit(fb) {
                #expect(p[0] >= 13 && p[0] < 13 + 8 && p[1] >= 17 && p[1] < 17 + 16, "0x\(String(byte, radix: 16)) at \(p)")
            }
            // The last column is the inter-character gap.
            #expect(!lit(fb).contains { $0[0] == 13 + 7 })
        }
    }

    @Test func designMetricsAreConsistent() {
        let font = BitmapFont.builtin
        func rows(_ c: Character) -> (top: Int, bottom: Int) {
            let b = c.asciiValue!
            let inked = (0..<16).filter { r in (0..<8).contains { font.isInked(b, column: $0, row: r) } }
            return (inked.first!, inked.last!)
        }
        for c in "ABCDEFGHIJKLMNOPRSTUVWXYZ0123456789bdhkl" {
            #expect(rows(c) == (2, 12), "\(c) should span cap height rows 2...12")
        }
        for c in "acemnorsuvwxz" {
            #expect(rows(c) == (6, 12), "\(c) should span x-height rows 6...12")
        }
        for c in "gjpqy" {
            #expect(rows(c).bottom == 15, "\(c) needs a descender")
        }
    }

    @Test func returnedPenMatchesWidthAndInk() {
        let text = "ACME 101.25 +1.62 (+1.60%)"
        for scale in 1...3 {
            let fb = Framebuffer(width: 700, height: 60)
            let end = draw(text, on: fb, x: 5, y: 3, scale: scale)
            let width = BitmapFont.builtin.width(ofCount: text.utf8.count, scale: scale)
            #expect(end == 5 + width)
            let xs = lit(fb).map { $0[0] }
            #expect(xs.min()! >= 5)
            #expect(xs.max()! < 5 + width)
            // The last glyph ')' is inked, so the ink reaches into the last cell.
            #expect(xs.max()! >= 5 + width - BitmapFont.builtin.advance * scale)
        }
    }

    @Test func scaleTwoDoublesEveryPixel() {
        for byte in printable {
            let one = glyphPixels(byte, scale: 1)
            let two = glyphPixels(byte, scale: 2)
            var expected = Set<[Int]>()
            for p in one {
                for dy in 0..<2 { for dx in 0..<2 { expected.insert([p[0] * 2 + dx, p[1] * 2 + dy]) } }
            }
            #expect(two == expected, "0x\(String(byte, radix: 16))")
        }
    }

    @Test func bytesOutsideTheFontDrawTheReplacementBox() {
        let box = glyphPixels(0x80)
        #expect(!box.isEmpty)
        for byte: UInt8 in [0x00, 0x09, 0x1F, 0x7F, 0xC3, 0xFF] {
            #expect(glyphPixels(byte) == box)
        }
        for byte in printable { #expect(glyphPixels(byte) != box) }
        // UTF-8 "é" is two bytes, so two boxes.
        let fb = Framebuffer(width: 40, height: 20)
        #expect(draw("é", on: fb, x: 0, y: 0) == 16)
    }

    @Test func clippedDrawingIsTheUnclippedDrawingRestricted() {
        let text = "12:34:56 Mon"
        let full = Framebuffer(width: 120, height: 40)
        draw(text, on: full, x: 3, y: 5, scale: 1)
        let clips = [
            PixelRect(minX: 10, minY: 8, maxX: 60, maxY: 15), PixelRect(minX: 0, minY: 0, maxX: 7, maxY: 40),
            PixelRect(minX: 90, minY: 16, maxX: 120, maxY: 40), PixelRect(minX: 50, minY: 50, maxX: 60, maxY: 60),
        ]
        for clip in clips {
            let part = Framebuffer(width: 120, height: 40)
            draw(text, on: part, x: 3, y: 5, scale: 1, clip: clip)
            let expected = lit(full).filter { clip.contains(x: $0[0], y: $0[1]) }
            #expect(lit(part) == expected, "clip \(clip)")
        }
    }

    @Test func neverWritesOutsideClipOrBuffer() {
        let extremes = [Int.min, Int.min / 2, -1 << 40, -100_000, -37, -9, -1, 0, 1, 3, 17, 30, 45, 1 << 40, Int.max / 2, Int.max]
        let scales = [-3, 0, 1, 2, 3, 7, 1 << 20, 1 << 40, Int.max]
        let canvas = GuardedCanvas(width: 48, height: 40)
        var drewSomething = false
        for x in extremes {
            for y in extremes {
                for scale in scales {
                    Array("Mg8%_|".utf8).withUnsafeBufferPointer {
                        _ = canvas.fb.drawText(
                            $0, x: x, y: y, font: .builtin, scale: scale, color: RGBColor(0xFF00FF), clip: canvas.clip)
                    }
                    if canvas.changedPixels() > 0 { drewSomething = true }
                }
            }
        }
        #expect(canvas.outsideWrites() == 0)
        #expect(drewSomething)
    }

    @Test func clipWithExtremeEdgesStaysInTheBuffer() {
        let fb = Framebuffer(width: 30, height: 20, stride: 37)
        fb.clear(to: 0x00AB_CDEF)
        for y in 0..<20 { for x in 0..<30 { fb[x, y] = 0 } }
        let huge = PixelRect(minX: Int.min, minY: Int.min, maxX: Int.max, maxY: Int.max)
        for (x, y) in [(-5, -5), (20, 10), (-3, 12), (25, -2)] {
            draw("WMW", on: fb, x: x, y: y, scale: 2, clip: huge)
        }
        for y in 0..<20 {
            for x in 30..<37 { #expect(fb.row(y)[x] == 0x00AB_CDEF) }
        }
        #expect(!lit(fb).isEmpty)
    }

    @Test func invertedOrEmptyClipDrawsNothing() {
        let canvas = GuardedCanvas(width: 40, height: 30)
        for clip in [PixelRect.empty, PixelRect(minX: 30, minY: 5, maxX: 2, maxY: 25), PixelRect(minX: 2, minY: 20, maxX: 30, maxY: 4)] {
            Array("88".utf8).withUnsafeBufferPointer {
                _ = canvas.fb.drawText($0, x: 2, y: 2, font: .builtin, scale: 1, color: RGBColor(0xFFFFFF), clip: clip)
            }
        }
        #expect(canvas.changedPixels() == 0)
    }

    @Test func nonPositiveScaleAndEmptyTextDrawNothing() {
        let fb = Framebuffer(width: 40, height: 40)
        #expect(draw("abc", on: fb, x: 4, y: 4, scale: 0) == 4)
        #expect(draw("abc", on: fb, x: 4, y: 4, scale: -2) == 4)
        #expect(draw("", on: fb, x: 4, y: 4, scale: 2) == 4)
        #expect(lit(fb).isEmpty)
        // Saturating pen: no trap near Int.max.
        #expect(draw("abc", on: fb, x: Int.max - 5, y: 0, scale: 1) == Int.max)
    }

    @Test func colourIsWrittenOpaque() {
        let fb = Framebuffer(width: 16, height: 16)
        fb.clear(to: 0x0011_2233)
        draw("H", on: fb, x: 0, y: 0, color: RGBColor(0x40A0F0))
        let values = Set((0..<16).flatMap { y in (0..<16).map { x in fb[x, y] } })
        #expect(values == [0x0011_2233, 0x0040_A0F0])
    }

    @Test func sameTextTwiceGivesIdenticalBytes() {
        func render() -> [UInt32] {
            let canvas = GuardedCanvas(width: 400, height: 40)
            Array("ACME 101.25 +1.62 (+1.60%) 12:34:56 Mon 30 Mar".utf8).withUnsafeBufferPointer {
                _ = canvas.fb.drawText($0, x: 2, y: 3, font: .builtin, scale: 1, color: RGBColor(0xE0E0E0), clip: canvas.clip)
            }
            return canvas.snapshot()
        }
        #expect(render() == render())
    }
}
