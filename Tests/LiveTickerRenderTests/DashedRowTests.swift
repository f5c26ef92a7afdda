import LiveTickerRender
import Testing

@Suite("Dashed rows in one pass")
struct DashedRowTests {
    /// An uneven background: grid rows and columns, scattered odd pixels, the alpha byte set
    /// in places (so a store where none belongs shows).
    static func background(_ x: Int, _ y: Int) -> UInt32 {
        if y % 7 == 3 || x % 11 == 5 { return 0x0040_4850 }
        if (x &* 31 &+ y &* 17) % 29 == 0 { return UInt32(truncatingIfNeeded: x &* 0x01_0305 &+ y &* 0x07_0B0D) | 0xFF00_0000 }
        return 0x0010_2030
    }

    static func canvas(_ width: Int, _ height: Int) -> Framebuffer {
        let fb = Framebuffer(width: width, height: height, stride: width + 3)
        for y in 0..<height { for x in 0..<(width + 3) { fb.pixels[y * fb.stride + x] = background(x, y) } }
        return fb
    }

    @Test("the same pixels as one horizontal line per dash: patterns, phases of the clip, scissors, opacities, rows outside")
    func sameAsLinePerDash() {
        let width = 97
        let height = 9
        let patterns = [
            DashPattern(on: 6, off: 4), DashPattern(on: 18, off: 12), DashPattern(on: 2.5, off: 1.5),
            DashPattern(6, 3, 0, 3), DashPattern(on: 0, off: 2), DashPattern(on: 5, off: 0), DashPattern(on: 0.2, off: 0.1),
        ]
        let clips = [
            PixelRect(minX: 0, minY: 0, maxX: width, maxY: height), PixelRect(minX: 7, minY: 2, maxX: 90, maxY: 8),
            PixelRect(minX: -20, minY: -3, maxX: 140, maxY: 20), PixelRect(minX: 40, minY: 0, maxX: 41, maxY: 9),
        ]
        let scissors = [
            PixelRect(minX: 0, minY: 0, maxX: width, maxY: height), PixelRect(minX: 13, minY: 0, maxX: 61, maxY: height),
            PixelRect(minX: 0, minY: 5, maxX: width, maxY: 6), PixelRect(minX: 50, minY: 0, maxX: 50, maxY: height),
        ]
        for pattern in patterns {
            for clip in clips {
                for scissor in scissors {
                    for alpha: UInt8 in [0, 1, 170, 254, 255] {
                        for row in [-1, 0, 4, 8, 9] {
                            let one = Self.canvas(width, height)
                            let each = Self.canvas(width, height)
                            one.scissor = scissor
                            each.scissor = scissor
                            let color = RGBColor(0x26A69A)
                            one.blendDashedRow(
                                y: row, minX: clip.minX, length: Double(clip.width), pattern: pattern, color: color,
                                alpha: alpha, clip: clip)
                            pattern.forEachDash(length: Double(clip.width)) { from, to in
                                each.horizontalLine(
                                    y: row, minX: clip.minX &+ Int(from), maxX: clip.minX &+ Int(to), color: color, alpha: alpha,
                                    clip: clip)
                            }
                            let count = one.stride * height
                            let same = (0..<count).allSatisfy { one.pixels[$0] == each.pixels[$0] }
                            #expect(same, "pattern \(pattern), clip \(clip), scissor \(scissor), alpha \(alpha), row \(row)")
                        }
                    }
                }
            }
        }
    }

    @Test("a translucent dashed row blends the dashes and leaves the gaps")
    func dashesAndGaps() {
        let fb = Self.canvas(40, 3)
        fb.blendDashedRow(
            y: 1, minX: 0, length: 40, pattern: DashPattern(on: 6, off: 4), color: RGBColor(0xFFFFFF), alpha: 170,
            clip: fb.bounds)
        for x in 0..<40 {
            let inDash = x % 10 < 6
            let before = Self.background(x, 1)
            let expected = inDash ? PixelBlend.blend(before, 0xFFFFFF, alpha: 170) : before
            #expect(fb.pixels[fb.stride + x] == expected, "column \(x)")
            #expect(fb.pixels[x] == Self.background(x, 0))
        }
    }
}
