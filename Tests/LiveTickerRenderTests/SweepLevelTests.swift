import CLiveTickerKernels
import LiveTickerTestSupport
import Testing

@testable import LiveTickerRender

/// The column sweep's C kernels (`ltk_sweep_columns`, every level this CPU runs: AVX2, AVX-512
/// where present) against the Swift sweep, the reference (level 0): the same pixels, bit for bit,
/// on a textured background (so every blend reads a different destination), at clip heights
/// of every remainder modulo 8, with every pen width and opacity the charts use.
@Suite("Column sweep: every kernel level equals the Swift reference")
struct SweepLevelTests {
    static let wide: [Int32] = [1, 2].filter { ltk_level_supported($0) != 0 }

    @Test("a wide level exists on x86-64 (else the C sweep is not exercised here)")
    func wideLevelsPresent() {
        #if arch(x86_64)
        #expect(!Self.wide.isEmpty, "no AVX2 on this CPU: the C sweep is not exercised here")
        #endif
        #expect(ltk_level_supported(0) == 1)
    }

    @Test("StrokeCapsule has the C kernel's ltk_capsule layout")
    func capsuleLayout() {
        #expect(MemoryLayout<StrokeCapsule>.size == 33)
        #expect(MemoryLayout<StrokeCapsule>.stride == MemoryLayout<ltk_capsule>.stride)
        #expect(MemoryLayout<StrokeCapsule>.offset(of: \.ax) == 0)
        #expect(MemoryLayout<StrokeCapsule>.offset(of: \.by) == 12)
        #expect(MemoryLayout<StrokeCapsule>.offset(of: \.length) == 24)
        #expect(MemoryLayout<StrokeCapsule>.offset(of: \.slope) == 28)
        #expect(MemoryLayout<StrokeCapsule>.offset(of: \.spansColumns) == 32)
        // The C sweep reads eight capsules' fields at a 36-byte pitch.
        #expect(MemoryLayout<StrokeCapsule>.stride == 36)
    }

    /// Strokes the polyline at `level` onto a textured `width × height` canvas (stride padded,
    /// clip one pixel inside) and returns every pixel, padding included.
    func draw(
        _ xs: [Double], _ ys: [Double], level: Int32, width: Double, alpha: UInt8, dash: DashPattern? = nil,
        size: (Int, Int)
    ) -> [UInt32] {
        let fb = texturedFramebuffer(width: size.0, height: size.1, stride: size.0 + 5, seed: 99)
        let r = Rasterizer()
        r.kernelLevel = level
        let clip = PixelRect(minX: 1, minY: 1, maxX: size.0 - 1, maxY: size.1 - 1)
        r.strokePolyline(xs: xs, ys: ys, width: width, color: RGBColor(0x33_99FF), alpha: alpha, dash: dash, clip: clip, into: fb)
        return Array(UnsafeBufferPointer(start: fb.pixels, count: fb.stride * fb.height))
    }

    func expectEqualAtEveryLevel(
        _ xs: [Double], _ ys: [Double], width: Double, alpha: UInt8 = 255, dash: DashPattern? = nil,
        size: (Int, Int) = (96, 64), _ what: String
    ) {
        let reference = draw(xs, ys, level: 0, width: width, alpha: alpha, dash: dash, size: size)
        for level in Self.wide {
            let wide = draw(xs, ys, level: level, width: width, alpha: alpha, dash: dash, size: size)
            let first = zip(reference, wide).enumerated().first { $0.element.0 != $0.element.1 }
            #expect(first == nil, "level \(level), \(what): first difference at pixel \(first?.offset ?? -1)")
        }
    }

    @Test(
        "random walks, every pen width (the refined root above r = 4) and opacity",
        arguments: [1.0, 1.5, 2.5, 4, 7.5, 12])
    func randomWalks(width: Double) {
        for alpha: UInt8 in [255, 200, 77, 1] {
            for seed in 1...4 as ClosedRange<UInt64> {
                for step in [0.3, 2, 9, 40] {
                    let (xs, ys) = randomWalk(100, seed: seed, step: step)
                    expectEqualAtEveryLevel(xs, ys, width: width, alpha: alpha, "width \(width) alpha \(alpha) seed \(seed) step \(step)")
                }
            }
        }
    }

    @Test("clip heights of every remainder modulo 8, lines along the bottom and top edges")
    func clipEdges() {
        for height in 8...24 {
            for start in [0.2, 1, Double(height) - 2.5, Double(height) - 0.6, Double(height) + 1] {
                let (xs, ys) = randomWalk(60, seed: UInt64(height), step: 1.5, start: start)
                expectEqualAtEveryLevel(xs, ys, width: 1.5, size: (64, height), "height \(height) start \(start)")
            }
        }
    }

    @Test("dense and sparse points, gaps, lone points, jumps, dashes and huge values")
    func shapes() {
        // 0.02: over a hundred capsules reach a column, more than the C sweep pairs columns with.
        // 0.4 and 0.5: four or five capsules a column, both sides of the C sweep's limit for
        // putting two columns in column form at once.
        for dx in [0.02, 0.13, 0.4, 0.5, 0.9, 3.7, 17] {
            let (xs, ys) = randomWalk(Int(90 / dx) + 2, seed: 7, step: 3, dx: dx)
            expectEqualAtEveryLevel(xs, ys, width: 1.5, "dx \(dx)")
        }
        var (xs, ys) = randomWalk(90, seed: 5, step: 6)
        for i in stride(from: 3, to: 90, by: 11) { ys[i] = [Double.nan, .infinity, -.infinity][i % 3] }
        ys[40] = 1.7e308
        ys[41] = -1.7e308
        ys[60] = -500
        ys[61] = 900
        expectEqualAtEveryLevel(xs, ys, width: 1.5, "gaps and jumps")
        expectEqualAtEveryLevel(xs, ys, width: 2, alpha: 160, dash: DashPattern(on: 6, off: 3), "dashed")
        let (rx, ry) = randomWalk(90, seed: 8, step: 4)
        expectEqualAtEveryLevel(rx.reversed(), ry.reversed(), width: 1.5, "backwards")
        // Every count of capsules around the eight the C sweep lays out at a time.
        for n in 2...18 {
            let (sx, sy) = randomWalk(n, seed: UInt64(n), step: 5, dx: 90 / Double(n))
            expectEqualAtEveryLevel(sx, sy, width: 1.5, "\(n) points")
        }
        expectEqualAtEveryLevel([10.5], [20.5], width: 3, "one point")
        expectEqualAtEveryLevel([10.5, 10.5, 10.5], [2, 30, 61], width: 1.5, "vertical")
    }

    /// The capsules `collectMonotoneCapsules` makes at `level` for the polyline in a 96×64 clip
    /// at (1, 1), as the raw bits of each field, or nil when it sends the line the general way.
    func capsules(_ xs: [Double], _ ys: [Double], level: Int32, width: Double = 1.5) -> [[UInt32]]? {
        let fb = Framebuffer(width: 98, height: 66)
        var scratch = RasterScratch(width: 98, height: 66)
        defer { scratch.deallocate() }
        let g = StrokeGeometry(
            clip: PixelRect(minX: 1, minY: 1, maxX: 97, maxY: 65), radius: width * 0.5 + 0.5, framebuffer: fb,
            color: 0xFFFFFF, alpha: 255)
        let count = xs.withUnsafeBufferPointer { x in
            ys.withUnsafeBufferPointer { y in scratch.collectMonotoneCapsules(x, y, g, level: level) }
        }
        guard let count else { return nil }
        return (0..<count).map { k in
            let c = scratch.capsules[k]
            return [c.ax, c.ay, c.bx, c.by, c.ux, c.uy, c.length, c.slope].map(\.bitPattern) + [c.spansColumns ? 1 : 0]
        }
    }

    @Test("the C kernels' capsules (ltk_inside_capsules) equal the Swift ones, field by field")
    func capsulesEqualTheReference() {
        var cases: [(String, [Double], [Double])] = []
        // Every length around the four-wide steps, inside the clip.
        for n in 0...13 {
            let (xs, ys) = randomWalk(n, seed: UInt64(n) &+ 40, step: 5)
            cases.append(("n \(n)", xs, ys))
        }
        for dx in [0.0004, 0.13, 1, 3.7, 30] {
            let (xs, ys) = randomWalk(Int(90 / dx) % 400 + 3, seed: 3, step: 2, dx: dx)
            cases.append(("dx \(dx)", xs, ys))
        }
        // Gaps, lone points, ends outside the widened clip, huge values, repeats and verticals.
        var (xs, ys) = randomWalk(90, seed: 11, step: 7)
        for i in stride(from: 5, to: 90, by: 13) { ys[i] = [Double.nan, .infinity, -.infinity][i % 3] }
        ys[30] = 1.7e308
        ys[31] = -1.7e308
        ys[50] = -40
        ys[51] = 200
        ys[52] = 3
        xs[60] = xs[59]
        ys[70] = ys[69]
        xs[71] = xs[70]
        ys[71] = ys[70]
        cases.append(("gaps, jumps, repeats", xs, ys))
        let (bx, by) = randomWalk(40, seed: 12, step: 3)
        cases.append(("backwards", bx.reversed(), by.reversed()))
        cases.append(("one point", [10.5], [20.5]))
        cases.append(("a dot between gaps", [1, 2, 3, 4, 5], [.nan, 9, .nan, 9, 9]))
        cases.append(("vertical", [10.5, 10.5, 10.5, 10.5, 10.5, 10.5], [2, 30, 61, 70, 4, 5]))
        cases.append(("x turns back", [1, 5, 9, 8, 12, 16, 20], [3, 4, 5, 6, 7, 8, 9]))
        cases.append(("left of the clip, then in", [-90, -50, -3, 0.5, 4, 8, 12, 16, 20], [9, 9, 9, 9, 9, 9, 9, 9, 9]))
        // One capsule against the order of the rest, at every index around the kernel's steps of
        // four: the line is then monotone neither way, whichever lane holds that capsule.
        for p in 1...12 {
            var rising = (0..<14).map { 12 + 6 * Double($0) }
            rising[p] = rising[p - 1] - 10
            let flat = [Double](repeating: 9, count: 14)
            cases.append(("one step back at \(p)", rising, flat))
            cases.append(("one step forward at \(p)", rising.map { 100 - $0 }, flat))
        }
        // The kernel itself takes a run inside the clip (so the comparison below compares it).
        for level in Self.wide {
            let (x, y) = randomWalk(13, seed: 53, step: 5)
            var box = ltk_stroke_box(origin_x: 1, origin_y: 1, min_x: -1.25, min_y: -1.25, max_x: 99.25, max_y: 67.25)
            let made = withUnsafeTemporaryAllocation(of: ltk_capsule.self, capacity: 13) { out in
                var forwards = true
                var backwards = true
                let made = ltk_inside_capsules(level, x, y, 13, &box, out.baseAddress!, 13, nil, &forwards, &backwards)
                #expect(forwards && !backwards, "level \(level): x rises")
                return made
            }
            #expect(made == 12, "level \(level)")
        }
        let reference = cases.map { capsules($0.1, $0.2, level: 0) }
        #expect(reference[0] != nil && reference[13]?.count == 12, "the reference makes one capsule per segment")
        for level in Self.wide {
            for (index, (what, x, y)) in cases.enumerated() {
                let wide = capsules(x, y, level: level)
                #expect(wide == reference[index], "level \(level), \(what)")
            }
        }
    }
}
