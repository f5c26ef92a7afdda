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
        #expect(MemoryLayout<ltk_column_segment>.stride <= MemoryLayout<ColumnSegment>.stride)
    }

    /// Strokes the polyline at `level` onto a textured `width × height` canvas (stride padded,
    /// clip one pixel inside) and returns every pixel, padding included.
    func draw(
        _ xs: [Double], _ ys: [Double], level: Int32, width: Double, alpha: UInt8, dash: DashPattern? = nil,
        size: (Int, Int)
    ) -> [UInt32] {
        let fb = Framebuffer(width: size.0, height: size.1, stride: size.0 + 5)
        var texture = SplitMix64(seed: 99)
        for i in 0..<(fb.stride * fb.height) { fb.pixels[i] = UInt32(truncatingIfNeeded: texture.next()) }
        let r = Rasterizer()
        r.sweepLevel = level
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
        for dx in [0.13, 0.5, 3.7, 17] {
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
        expectEqualAtEveryLevel([10.5], [20.5], width: 3, "one point")
        expectEqualAtEveryLevel([10.5, 10.5, 10.5], [2, 30, 61], width: 1.5, "vertical")
    }
}
