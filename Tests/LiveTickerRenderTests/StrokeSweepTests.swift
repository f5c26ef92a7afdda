import LiveTickerTestSupport
import Testing

@testable import LiveTickerRender

/// The column sweep (x-monotone strokes) against the general segment-by-segment path: same
/// picture within rounding, never a write outside the clip.
@Suite("Column-sweep strokes")
struct StrokeSweepTests {
    /// Draws the same polyline with and without the sweep and returns both buffers (with
    /// padding) after checking that neither wrote outside the clip.
    func both(
        _ xs: [Double], _ ys: [Double], width: Double, alpha: UInt8 = 255, color: UInt32 = 0x33_99FF,
        dash: DashPattern? = nil, size: (Int, Int) = (96, 64)
    ) -> (sweep: [UInt32], general: [UInt32]) {
        func draw(_ sweep: Bool) -> [UInt32] {
            let c = GuardedCanvas(width: size.0, height: size.1)
            let r = Rasterizer()
            r.usesColumnSweep = sweep
            r.strokePolyline(
                xs: xs, ys: ys, width: width, color: RGBColor(color), alpha: alpha, dash: dash, clip: c.clip,
                into: c.fb)
            #expect(c.outsideWrites() == 0)
            return c.snapshot()
        }
        return (draw(true), draw(false))
    }

    /// Largest per-channel difference between two buffers.
    func maxDifference(_ a: [UInt32], _ b: [UInt32]) -> Int {
        zip(a, b).map { distance($0, $1) }.max() ?? 0
    }

    @Test(
        "random walks match the general path within 2/255",
        arguments: [(1.0, 255 as UInt8), (1.5, 255), (1.5, 200), (2.5, 128), (4, 255), (1.5, 77)])
    func randomWalks(width: Double, alpha: UInt8) {
        for seed in 1...6 as ClosedRange<UInt64> {
            for step in [0.3, 2, 9] {
                let (xs, ys) = randomWalk(100, seed: seed, step: step)
                let (s, g) = both(xs, ys, width: width, alpha: alpha)
                #expect(s.contains { $0 != GuardedCanvas.background && $0 != GuardedCanvas.padding })
                #expect(maxDifference(s, g) <= 2, "seed \(seed) step \(step)")
            }
        }
    }

    @Test("dense points (several per column), sparse points and fractional x match the general path")
    func densities() {
        for dx in [0.13, 0.5, 1, 3.7, 17] {
            let (xs, ys) = randomWalk(Int(90 / dx) + 2, seed: 7, step: 3, dx: dx)
            let (s, g) = both(xs, ys, width: 1.5)
            #expect(maxDifference(s, g) <= 2, "dx \(dx)")
        }
    }

    @Test("a polyline whose x runs backwards is drawn like the forward one")
    func backwards() {
        let (xs, ys) = randomWalk(90, seed: 3, step: 4)
        let (s, g) = both(xs.reversed(), ys.reversed(), width: 1.5)
        let (f, _) = both(xs, ys, width: 1.5)
        #expect(maxDifference(s, g) <= 2)
        #expect(maxDifference(s, f) == 0)
    }

    @Test("NaN and infinite gaps, lone points and vertical jumps match the general path")
    func gapsAndJumps() {
        var (xs, ys) = randomWalk(90, seed: 11, step: 3)
        ys[10] = .nan
        ys[12] = .nan  // 11 is a lone point: a dot
        xs[30] = .infinity
        ys[50] = -.infinity
        xs[60] = xs[59]  // vertical jump
        ys[60] = 2
        xs[61] = xs[60]
        ys[61] = 62
        let (s, g) = both(xs, ys, width: 1.5, alpha: 180)
        #expect(maxDifference(s, g) <= 2)
    }

    @Test("long, steep, huge and off-clip segments match the general path and stay inside")
    func extremes() {
        let cases: [([Double], [Double])] = [
            ([-1e6, 10, 20, 1e6], [-1e6, 30, 5, 1e6]),
            ([-1.7e308, 0, 50, 1.7e308], [3, 30, 40, -1.7e308]),
            ([5, 6, 7], [-1e9, 1e9, 30]),
            ([0, 40, 95], [-50, 100, -50]),
            ([10, 10, 10, 50], [5, 60, 5, 5]),
            ([30, 30.0001, 30.0002], [1, 60, 2]),
            ([-5, 200], [-3, -3]),
            ([-5, 200], [66, 66]),
            ([48, 48], [32, 32]),
        ]
        for (xs, ys) in cases {
            for w in [1.0, 1.5, 6, 1e9, .nan] {
                let (s, g) = both(xs, ys, width: w)
                #expect(maxDifference(s, g) <= 2, "\(xs) \(ys) width \(w)")
            }
        }
    }

    @Test(
        "clips a few rows tall (partial groups of four and eight rows) match the general path",
        arguments: [3, 4, 5, 6, 9, 10, 13])
    func shortClips(height: Int) {
        let (xs, ys) = randomWalk(60, seed: UInt64(height), step: 2, start: Double(height) / 2)
        for w in [1.0, 1.5, 3] {
            let (s, g) = both(xs, ys, width: w, alpha: 220, size: (64, height))
            #expect(maxDifference(s, g) <= 2, "height \(height) width \(w)")
        }
    }

    @Test("single segments through strokeLine take the sweep and match the general path")
    func singleSegments() {
        var gen = SplitMix64(seed: 99)
        for _ in 0..<40 {
            let p = (0..<4).map { _ in gen.symmetricUnit() * 60 + 40 }
            let (s, g) = both([p[0], p[1]], [p[2], p[3]], width: 1 + abs(gen.symmetricUnit()) * 4, alpha: 230)
            #expect(maxDifference(s, g) <= 2, "\(p)")
        }
    }

    @Test("a polyline whose segment ends are not both sorted by x falls back to the general path exactly")
    func unsortedFallsBack() {
        // The third segment starts left of the second: the sweep's window would miss it.
        let xs: [Double] = [5, 50, 60, 2, 40]
        let ys: [Double] = [30, 10, 50, 20, 40]
        let (s, g) = both(xs, ys, width: 1.5, alpha: 128)
        #expect(s == g)
    }

    @Test("a zig-zag whose segment ends stay sorted takes the sweep and matches the general path")
    func sortedZigzag() {
        // x turns back at 30 → 25, but every segment's left and right ends still grow.
        let xs: [Double] = [5, 20, 30, 25, 50, 70, 72]
        let ys: [Double] = [30, 10, 50, 20, 40, 38, 5]
        let (s, g) = both(xs, ys, width: 1.5, alpha: 128)
        #expect(maxDifference(s, g) <= 2)
    }

    @Test("Float coordinates take the sweep as well")
    func floatInput() {
        let (xs, ys) = randomWalk(90, seed: 5, step: 5)
        let fx = xs.map { Float($0) }
        let fy = ys.map { Float($0) }
        let c = GuardedCanvas(width: 96, height: 64)
        let d = GuardedCanvas(width: 96, height: 64)
        fx.withUnsafeBufferPointer { x in
            fy.withUnsafeBufferPointer { y in
                Rasterizer().strokePolyline(
                    xs: x, ys: y, width: 1.5, color: RGBColor(0xFFFFFF), clip: c.clip, into: c.fb)
            }
        }
        Rasterizer().strokePolyline(xs: xs, ys: ys, width: 1.5, color: RGBColor(0xFFFFFF), clip: d.clip, into: d.fb)
        #expect(c.outsideWrites() == 0)
        #expect(maxDifference(c.snapshot(), d.snapshot()) <= 3)
    }

    @Test("one rasteriser reused across clips of different sizes stays correct")
    func reuseAcrossSizes() {
        let r = Rasterizer(width: 8, height: 8)
        for (w, h) in [(20, 10), (120, 90), (30, 200), (10, 10)] {
            let c = GuardedCanvas(width: w, height: h)
            let (xs, ys) = randomWalk(w * 2, seed: UInt64(w), step: 4, start: Double(h) / 2, dx: 0.5)
            r.strokePolyline(xs: xs, ys: ys, width: 1.5, color: RGBColor(0xFFFFFF), clip: c.clip, into: c.fb)
            #expect(c.outsideWrites() == 0)
            #expect(c.changedPixels() > 0)
        }
    }

    @Test(
        "dashed random walks (dashes, dots, dash-dot) take the sweep and match the general path",
        arguments: [DashPattern(on: 4, off: 4), DashPattern(0, 3, 0, 3), DashPattern(6, 3, 0, 3), DashPattern(on: 2, off: 1)])
    func dashedWalks(dash: DashPattern) {
        for seed in 1...4 as ClosedRange<UInt64> {
            for step in [0.3, 4, 15] {
                let (xs, ys) = randomWalk(100, seed: seed, step: step, dx: 0.9)
                let (s, g) = both(xs, ys, width: 1.5, alpha: 200, dash: dash)
                let solid = both(xs, ys, width: 1.5, alpha: 200).sweep
                let drawn = { (b: [UInt32]) in b.filter { $0 != GuardedCanvas.background && $0 != GuardedCanvas.padding }.count }
                #expect(drawn(s) > 0 && drawn(s) < drawn(solid), "seed \(seed) step \(step): gaps show")
                #expect(maxDifference(s, g) <= 2, "seed \(seed) step \(step)")
            }
        }
    }

    @Test("dashed gaps, lone points and off-clip segments to ±1.7e308 match the general path")
    func dashedExtremes() {
        var (xs, ys) = randomWalk(90, seed: 13, step: 3)
        ys[10] = .nan
        ys[12] = .nan
        ys[40] = 1.7e308
        ys[41] = -1.7e308
        xs[60] = xs[59]
        ys[60] = 2
        let (s, g) = both(xs, ys, width: 1.5, alpha: 180, dash: DashPattern(on: 5, off: 3))
        #expect(maxDifference(s, g) <= 2)
    }

    @Test("a dashed zig-zag with more dashes than the sweep's room falls back to the general path exactly")
    func dashedOverflowFallsBack() {
        // 3 points a column swinging the whole height: far more 1-px dashes than 4 per point + 4096.
        let n = 3000
        let xs = (0..<n).map { Double($0) * 0.03 + 1 }
        let ys = (0..<n).map { $0 % 2 == 0 ? -2000.0 : 2060 }
        let (s, g) = both(xs, ys, width: 1, dash: DashPattern(on: 0.5, off: 0.5))
        #expect(s == g)
    }
}
