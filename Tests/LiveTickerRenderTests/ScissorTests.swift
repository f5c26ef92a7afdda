import CLiveTickerKernels
import LiveTickerTestSupport
import Testing

@testable import LiveTickerRender

/// `Framebuffer.scissor`: every primitive drawn with a scissor stores, inside it, exactly the
/// bytes it stores without one, and nothing outside it (stride padding included), for scissors
/// at every edge, one pixel wide, and straddling the clip. This is what lets a chart redraw only
/// its damaged rectangles and still show the picture a full frame shows.
@Suite("Scissor: inside it the unscissored bytes, outside it nothing")
struct ScissorTests {
    static let width = 97
    static let height = 61

    /// A textured canvas (every blend reads a different destination).
    static func canvas(seed: UInt64 = 5) -> Framebuffer {
        texturedFramebuffer(width: width, height: height, stride: width + 3, seed: seed)
    }

    static let scissors: [PixelRect] = {
        var list = [
            PixelRect(minX: 0, minY: 0, maxX: width, maxY: height),
            PixelRect(minX: 40, minY: 0, maxX: width, maxY: height),  // a column band to the right edge
            PixelRect(minX: 2, minY: 30, maxX: width - 2, maxY: 31),  // one row
            PixelRect(minX: 33, minY: 5, maxX: 34, maxY: 55),  // one column
            PixelRect(minX: 0, minY: 0, maxX: 9, maxY: 7),  // a corner, across the clip's edge
            PixelRect(minX: 64, minY: 17, maxX: 65 + 63, maxY: 23),  // across a 64-column word, past the edge
            PixelRect(minX: 10, minY: 3, maxX: 70, maxY: 4),
        ]
        var g = SplitMix64(seed: 17)
        for _ in 0..<24 {
            let x0 = Int(g.next() % UInt64(width)), y0 = Int(g.next() % UInt64(height))
            let x1 = x0 + 1 + Int(g.next() % UInt64(width)), y1 = y0 + 1 + Int(g.next() % UInt64(height / 2))
            list.append(PixelRect(minX: x0, minY: y0, maxX: x1, maxY: y1))
        }
        return list
    }()

    /// Every one-row and every one-column scissor across the buffer, and bands two and three
    /// rows tall: the strips a chart's last-value lines damage, at every row an area's run
    /// or a capsule's reach can start, end or be cut.
    static let strips: [PixelRect] = {
        var list: [PixelRect] = []
        for y in 0..<height {
            list.append(PixelRect(minX: 0, minY: y, maxX: width, maxY: y + 1))
            list.append(PixelRect(minX: 7, minY: y, maxX: width - 20, maxY: y + 1 + y % 3))
        }
        for x in 0..<width { list.append(PixelRect(minX: x, minY: 0, maxX: x + 1, maxY: height)) }
        return list
    }()

    /// Draws `body` unscissored and with each scissor onto the same texture, and compares.
    func expectScissored(_ what: String, scissors: [PixelRect] = Self.scissors, _ body: (Framebuffer) -> Void) {
        let full = Self.canvas()
        body(full)
        let before = Self.canvas()
        for scissor in scissors {
            let fb = Self.canvas()
            fb.scissor = scissor
            body(fb)
            fb.resetScissor()
            var wrong = 0
            var first = ""
            for y in 0..<fb.height {
                for x in 0..<fb.stride {
                    let inside = x < fb.width && scissor.contains(x: x, y: y)
                    let expected = inside ? full.pixels[y * fb.stride + x] : before.pixels[y * fb.stride + x]
                    if fb.pixels[y * fb.stride + x] != expected {
                        if wrong == 0 { first = "(\(x), \(y)) \(inside ? "inside" : "outside")" }
                        wrong += 1
                    }
                }
            }
            #expect(wrong == 0, "\(what), scissor \(scissor): \(wrong) pixels differ, first at \(first)")
        }
    }

    static let clip = PixelRect(minX: 3, minY: 2, maxX: width - 4, maxY: height - 3)

    @Test("strokes: the column sweep at every level, dashed and translucent, and the general path")
    func strokes() {
        let (xs, ys) = randomWalk(120, seed: 3, step: 6, start: 30, dx: 0.8)
        let levels: [Int32] = [0, 1, 2].filter { ltk_level_supported($0) != 0 }
        for level in levels {
            for (width, alpha, dash) in [(1.5, UInt8(255), DashPattern?.none), (2.5, 170, DashPattern(on: 5, off: 3)), (7.0, 255, nil)] {
                expectScissored("sweep level \(level), width \(width)") { fb in
                    let r = Rasterizer()
                    r.kernelLevel = level
                    r.strokePolyline(xs: xs, ys: ys, width: width, color: RGBColor(0x33_99FF), alpha: alpha, dash: dash, clip: Self.clip, into: fb)
                }
            }
        }
        // A zig-zag in x takes the general path; a far-off point exercises the segment clipping.
        let zx: [Double] = [5, 80, 12, 90, 40, .nan, 50, 1e300, 20]
        let zy: [Double] = [5, 50, 30, 10, 58, 3, 20, -1e300, 40]
        for width in [1.0, 3.0] {
            expectScissored("general path, width \(width)") { fb in
                let r = Rasterizer()
                r.strokePolyline(xs: zx, ys: zy, width: width, color: RGBColor(0xFF_8800), alpha: 200, clip: Self.clip, into: fb)
            }
            expectScissored("general path, no sweep, width \(width)") { fb in
                let r = Rasterizer()
                r.usesColumnSweep = false
                r.strokePolyline(xs: xs, ys: ys, width: width, color: RGBColor(0xFF_8800), alpha: 200, dash: DashPattern(on: 4, off: 2), clip: Self.clip, into: fb)
            }
        }
    }

    @Test("the plot backdrop with grid, outline and area in one pass, and the area alone")
    func backdropAndArea() {
        var (xs, ys) = randomWalk(100, seed: 8, step: 5, start: 25, dx: 0.9)
        xs[40] = .nan
        let backdrop = PlotBackdrop(
            background: RGBColor(0x10_1010), gridColor: RGBColor(0x30_3030), gridRows: [5, 17, 30, 44],
            gridColumns: [10, 33, 64, 80], outline: RGBColor(0x80_8080))
        expectScissored("backdrop") { fb in
            Rasterizer().paint(backdrop, clip: Self.clip, into: fb)
        }
        expectScissored("backdrop and area") { fb in
            Rasterizer().paint(backdrop, areaUnder: xs, ys: ys, baseline: Double(Self.clip.maxY), color: RGBColor(0x22_88EE), alpha: 77, clip: Self.clip, into: fb)
        }
        expectScissored("area") { fb in
            Rasterizer().fillArea(xs: xs, ys: ys, baseline: 50.5, color: RGBColor(0x22_88EE), alpha: 90, clip: Self.clip, into: fb)
        }
    }

    @Test("every one-row and one-column scissor: the area's runs and the stroke's capsules cut at each row and column")
    func strips() {
        // Steep steps, so that area runs start and end inside the strips and capsules cross
        // many rows; a gap, and a wide pen whose reach spans rows a thin one misses.
        var (xs, walk) = randomWalk(90, seed: 21, step: 14, start: 30, dx: 1.05)
        xs[55] = .nan
        // Folded into the buffer's rows (0…61), a little past the clip's at both ends.
        let ys = walk.map { v -> Double in
            let m = (v - 1).truncatingRemainder(dividingBy: 118)
            let folded = m < 0 ? m + 118 : m
            return 1 + (folded > 59 ? 118 - folded : folded)
        }
        let backdrop = PlotBackdrop(
            background: RGBColor(0x10_1010), gridColor: RGBColor(0x30_3030), gridRows: [5, 17, 30, 44],
            gridColumns: [10, 33, 64, 80], outline: RGBColor(0x80_8080))
        expectScissored("backdrop and area", scissors: Self.strips) { fb in
            Rasterizer().paint(backdrop, areaUnder: xs, ys: ys, baseline: Double(Self.clip.maxY), color: RGBColor(0x22_88EE), alpha: 77, clip: Self.clip, into: fb)
        }
        expectScissored("area over a baseline inside the clip", scissors: Self.strips) { fb in
            Rasterizer().fillArea(xs: xs, ys: ys, baseline: 31.5, color: RGBColor(0x22_88EE), alpha: 90, clip: Self.clip, into: fb)
        }
        let levels: [Int32] = [0, 1, 2].filter { ltk_level_supported($0) != 0 }
        for level in levels {
            for (width, alpha, dash) in [(1.5, UInt8(255), DashPattern?.none), (6.0, 200, DashPattern(on: 4, off: 3))] {
                expectScissored("sweep level \(level), width \(width)", scissors: Self.strips) { fb in
                    let r = Rasterizer()
                    r.kernelLevel = level
                    r.strokePolyline(xs: xs, ys: ys, width: width, color: RGBColor(0x33_99FF), alpha: alpha, dash: dash, clip: Self.clip, into: fb)
                }
            }
        }
    }

    @Test("rectangles, lines and text (bitmap and anti-aliased glyphs)")
    func crispAndText() {
        expectScissored("fills") { fb in
            fb.fill(PixelRect(minX: 5, minY: 4, maxX: 60, maxY: 40), color: RGBColor(0x12_3456), clip: Self.clip)
            fb.fill(PixelRect(minX: 20, minY: 10, maxX: 90, maxY: 58), color: RGBColor(0xAB_CDEF), alpha: 100, clip: Self.clip)
            fb.fill(Self.clip, color: RGBColor(0x44_4444), around: PixelRect(minX: 30, minY: 20, maxX: 50, maxY: 40), clip: Self.clip)
            fb.strokeRect(PixelRect(minX: 8, minY: 8, maxX: 70, maxY: 50), color: RGBColor(0xFF_FFFF), alpha: 128, clip: Self.clip)
            fb.verticalLine(x: 33, minY: 0, maxY: 60, color: RGBColor(0xFF_0000), clip: Self.clip)
        }
        let text: [UInt8] = Array("Wed 30 1,234.5 +0.12%".utf8)
        let atlas = GlyphAtlas(bitmap: .builtin, scale: 2)
        expectScissored("text") { fb in
            text.withUnsafeBufferPointer { t in
                fb.drawText(t, x: 2, y: 3, font: .builtin, scale: 2, color: RGBColor(0xEE_EEEE), clip: Self.clip)
                fb.drawText(t, x: -5, y: 30, atlas: atlas, color: RGBColor(0x00_FF88), clip: Self.clip)
            }
        }
    }
}
