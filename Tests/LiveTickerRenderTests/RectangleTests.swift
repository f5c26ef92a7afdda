import LiveTickerRender
import Testing

@Suite("Crisp rectangles and lines")
struct RectangleTests {
    @Test("opaque fill covers exactly the rectangle")
    func opaqueFill() {
        let c = GuardedCanvas(width: 20, height: 10)
        c.fb.fill(PixelRect(x: 3, y: 2, width: 5, height: 4), color: RGBColor(0xFF0000), clip: c.clip)
        for y in 0..<10 {
            for x in 0..<20 {
                let inside = x >= 3 && x < 8 && y >= 2 && y < 6
                #expect(c.fb[x, y] == (inside ? 0xFF0000 : GuardedCanvas.background))
            }
        }
    }

    @Test("alpha fill gives the blended colour")
    func alphaFill() {
        let c = GuardedCanvas(width: 8, height: 8)
        c.fb.fill(PixelRect(x: 2, y: 2, width: 2, height: 2), color: RGBColor(0xFFFFFF), alpha: 77, clip: c.clip)
        // background 0x10,0x20,0x30 → round((255·77 + v·178)/255)
        let expect = { (v: Int) in (255 * 77 + v * 178 + 127) / 255 }
        let p = c.fb[2, 2]
        #expect(channel(p, 2) == expect(0x10))
        #expect(channel(p, 1) == expect(0x20))
        #expect(channel(p, 0) == expect(0x30))
        #expect(c.changedPixels() == 4)
    }

    @Test("a translucent fill of any width over an uneven background equals blending each pixel")
    func alphaFillEveryWidth() {
        // Background: runs of one colour broken by grid-like rows, columns and single pixels,
        // so the remembered destination of narrow fills must change and come back.
        let width = 48
        let height = 23
        func background(_ x: Int, _ y: Int) -> UInt32 {
            if y % 7 == 3 || x % 11 == 5 { return 0x0040_4850 }
            if (x &* 31 &+ y &* 17) % 29 == 0 { return UInt32(truncatingIfNeeded: x &* 0x01_0305 &+ y &* 0x07_0B0D) & 0x00FF_FFFF }
            return 0x0010_2030
        }
        for alpha: UInt8 in [1, 77, 200, 254] {
            for w in 1...40 {
                let fb = Framebuffer(width: width, height: height, stride: width + 2)
                for y in 0..<height { for x in 0..<(width + 2) { fb.pixels[y * fb.stride + x] = background(x, y) } }
                let rect = PixelRect(x: 3, y: 1, width: w, height: height - 3)
                fb.fill(rect, color: RGBColor(0x26A69A), alpha: alpha, clip: fb.bounds)
                for y in 0..<height {
                    for x in 0..<(width + 2) {
                        let inside = x >= rect.minX && x < rect.maxX && y >= rect.minY && y < rect.maxY
                        let expected = inside ? PixelBlend.blend(background(x, y), RGBColor(0x26A69A).pixel, alpha: UInt32(alpha)) : background(x, y)
                        guard fb.pixels[y * fb.stride + x] == expected else {
                            Issue.record("alpha \(alpha), width \(w): pixel (\(x), \(y)) is \(fb.pixels[y * fb.stride + x]), expected \(expected)")
                            return
                        }
                    }
                }
            }
        }
    }

    @Test("extreme and inverted coordinates never write outside the clip")
    func extremes() {
        let c = GuardedCanvas(width: 16, height: 12)
        let values = [Int.min, Int.min + 1, -1_000_000, -1, 0, 1, 5, 15, 16, 1_000_000, Int.max - 1, Int.max]
        for a in values {
            for b in values {
                c.fb.fill(PixelRect(minX: a, minY: b, maxX: b, maxY: a), color: RGBColor(0xFFFFFF), clip: c.clip)
                c.fb.fill(PixelRect(x: a, y: b, width: b, height: a), color: RGBColor(0xFFFFFF), alpha: 9, clip: c.clip)
                c.fb.horizontalLine(y: a, minX: a, maxX: b, color: RGBColor(0xFFFFFF), clip: c.clip)
                c.fb.verticalLine(x: b, minY: a, maxY: b, color: RGBColor(0xFFFFFF), clip: c.clip)
                c.fb.strokeRect(PixelRect(minX: a, minY: a, maxX: b, maxY: b), color: RGBColor(0xFFFFFF), clip: c.clip)
            }
        }
        #expect(c.outsideWrites() == 0)
        #expect(c.changedPixels() > 0)
    }

    @Test("a clip larger than the buffer is cut to the buffer")
    func clipBeyondBuffer() {
        let fb = Framebuffer(width: 4, height: 3, stride: 6)
        fb.clear(to: 0x0011_1111)
        fb.fill(
            PixelRect(minX: -100, minY: -100, maxX: 100, maxY: 100), color: RGBColor(0x00FF00),
            clip: PixelRect(minX: Int.min, minY: Int.min, maxX: Int.max, maxY: Int.max))
        for y in 0..<3 {
            for x in 0..<6 { #expect(fb.pixels[y * 6 + x] == (x < 4 ? 0x00FF00 : 0x0011_1111)) }
        }
    }

    @Test("translucent outline blends its corners once")
    func outlineCorners() {
        let c = GuardedCanvas(width: 12, height: 12)
        c.fb.strokeRect(PixelRect(x: 2, y: 2, width: 6, height: 5), color: RGBColor(0xFFFFFF), alpha: 128, clip: c.clip)
        let edge = c.fb[4, 2]
        for (x, y) in [(2, 2), (7, 2), (2, 6), (7, 6), (2, 4), (7, 4), (4, 6)] { #expect(c.fb[x, y] == edge) }
        #expect(c.fb[4, 4] == GuardedCanvas.background)
        #expect(c.changedPixels() == 2 * 6 + 2 * 3)
    }

    @Test("snap rounds, clamps and sends NaN far away")
    func snapping() {
        #expect(PixelRect.snap(2.49) == 2)
        #expect(PixelRect.snap(2.5) == 3)
        #expect(PixelRect.snap(-0.6) == -1)
        #expect(PixelRect.snap(.nan) == PixelRect.farAway)
        #expect(PixelRect.snap(.infinity) == 1 << 40)
        #expect(PixelRect.snap(-1e308) == -(1 << 40))
        #expect(PixelRect(snapping: 5.2, 9.7, 1.4, 3.1) == PixelRect(minX: 1, minY: 3, maxX: 5, maxY: 10))
        #expect(PixelRect(snapping: .nan, 0, 3, 3).isEmpty)
    }

    @Test("fill around a hole covers the rectangle except the hole, each pixel once")
    func fillAroundHole() {
        let holes = [
            PixelRect(x: 4, y: 3, width: 6, height: 4), PixelRect(x: -5, y: -5, width: 9, height: 30),
            PixelRect(x: 10, y: 8, width: 50, height: 50), PixelRect.empty,
            PixelRect(x: 0, y: 0, width: 20, height: 12),
            PixelRect(minX: Int.min, minY: 5, maxX: Int.max, maxY: 6),
        ]
        for hole in holes {
            let c = GuardedCanvas(width: 20, height: 12)
            let rect = PixelRect(x: 2, y: 1, width: 15, height: 9)
            c.fb.fill(rect, color: RGBColor(0x00FF00), around: hole, clip: c.clip)
            #expect(c.outsideWrites() == 0)
            for y in 0..<12 {
                for x in 0..<20 {
                    let filled = rect.contains(x: x, y: y) && c.clip.contains(x: x, y: y) && !hole.contains(x: x, y: y)
                    #expect(c.fb[x, y] == (filled ? 0x00FF00 : GuardedCanvas.background), "\(hole) at \(x),\(y)")
                }
            }
        }
    }

    @Test("1-px columns (opaque and blended) equal the per-pixel result and stay inside")
    func narrowColumns() {
        let c = GuardedCanvas(width: 10, height: 12)
        c.fb.verticalLine(x: 3, minY: -100, maxY: 100, color: RGBColor(0xFFFFFF), clip: c.clip)
        c.fb.verticalLine(x: 6, minY: 2, maxY: 9, color: RGBColor(0xFF8000), alpha: 100, clip: c.clip)
        #expect(c.outsideWrites() == 0)
        for y in 1..<11 { #expect(c.fb[3, y] == 0xFFFFFF) }
        for y in 0..<12 {
            let expected =
                y >= 2 && y < 9
                ? PixelBlend.blend(GuardedCanvas.background, 0xFF8000, alpha: 100) : GuardedCanvas.background
            #expect(c.fb[6, y] == expected)
        }
    }
}
