import CLiveTickerKernels
import LiveTickerTestSupport
import Testing

@testable import LiveTickerRender

/// An area's measure and row lists in the C kernels (`ltk_area_columns`, `ltk_area_link`, at
/// every level this CPU runs) against the Swift code, the reference (level 0): the same floats
/// bit for bit, the same lists in the same order, and the same pixels.
@Suite("Area fill: every kernel level equals the Swift reference")
struct AreaLevelTests {
    static let wide: [Int32] = [1, 2].filter { ltk_level_supported($0) != 0 }

    @Test("a wide level exists on x86-64 (else the C measure is not exercised here)")
    func wideLevelsPresent() {
        #if arch(x86_64)
        #expect(!Self.wide.isEmpty, "no AVX2 on this CPU: the C measure is not exercised here")
        #endif
    }

    /// One polyline and where it is measured.
    struct Case {
        var xs: [Double]
        var ys: [Double]
        var clip: PixelRect
        var baseline: Double
        var columns: Range<Int>
        var rows: Range<Int>
        var alpha: UInt32?
    }

    /// What the measure and the links leave: the measured columns' runs as raw bits, the
    /// touched columns, and each row's lists in order (entering, leaving, and the ends with
    /// their opacities), with the rows any interior reaches.
    struct Outcome {
        var low: [UInt32] = []
        var high: [UInt32] = []
        var touched: ClosedRange<Int>?
        var enter: [[Int32]] = []
        var leave: [[Int32]] = []
        var edges: [[Int32]] = []
        var interior: Range<Int> = 0..<0

        /// The first part that differs from `other`, named, or nil when none does (a failure
        /// then names it rather than printing both whole).
        func firstDifference(from other: Outcome) -> String? {
            func first<T: Equatable>(_ a: [T], _ b: [T]) -> String? {
                guard a != b else { return nil }
                let at = a.indices.first { $0 >= b.count || a[$0] != b[$0] } ?? b.count
                return "at \(at): \(at < a.count ? "\(a[at])" : "none") against \(at < b.count ? "\(b[at])" : "none")"
            }
            if touched != other.touched { return "touched \(String(describing: touched)) against \(String(describing: other.touched))" }
            if let d = first(low, other.low) { return "low \(d)" }
            if let d = first(high, other.high) { return "high \(d)" }
            if interior != other.interior { return "interior \(interior) against \(other.interior)" }
            if let d = first(enter, other.enter) { return "entering, row \(d)" }
            if let d = first(leave, other.leave) { return "leaving, row \(d)" }
            if let d = first(edges, other.edges) { return "ends, row \(d)" }
            return nil
        }
    }

    func measure(_ c: Case, level: Int32) -> Outcome {
        var scratch = RasterScratch(width: c.clip.width, height: c.clip.height)
        defer { scratch.deallocate() }
        var out = Outcome()
        out.touched = c.xs.withUnsafeBufferPointer { x in
            c.ys.withUnsafeBufferPointer { y in
                scratch.measureAreaColumns(x, y, baseline: c.baseline, clip: c.clip, within: c.columns, level: level)
            }
        }
        out.low = c.columns.map { scratch.columnLow[$0].bitPattern }
        out.high = c.columns.map { scratch.columnHigh[$0].bitPattern }
        guard let touched = out.touched else { return out }
        out.interior = scratch.linkAreaInteriors(
            touched, rows: c.clip.height, within: c.rows, edgeAlpha: c.alpha, level: level)
        func list(_ head: Int32, _ next: (Int) -> Int32) -> [Int32] {
            var items: [Int32] = []
            var k = head
            while k >= 0 && items.count <= 2 * c.clip.width {
                items.append(k)
                k = next(Int(k))
            }
            return items
        }
        for y in c.rows {
            out.enter.append(list(scratch.rowEnter[y]) { scratch.columnEnterNext[$0] })
            if c.alpha != nil {
                // Each end with its opacity (the node's number × 256 + the opacity).
                out.edges.append(list(scratch.rowEdges[y]) { scratch.edgeNext[$0] }.map { $0 * 256 + Int32(scratch.edgeAlpha[Int($0)]) })
            }
        }
        for y in c.rows.lowerBound...c.rows.upperBound {
            out.leave.append(list(scratch.rowLeave[y]) { scratch.columnLeaveNext[$0] })
        }
        return out
    }

    func expectEqualAtEveryLevel(_ c: Case, _ what: String) {
        let reference = measure(c, level: 0)
        for level in Self.wide {
            let difference = measure(c, level: level).firstDifference(from: reference)
            #expect(difference == nil, "level \(level), \(what): \(difference ?? "")")
        }
    }

    /// A polyline of `n` points over a clip of `width` columns: `shape` 0 rises by whole and
    /// fractional steps (a point or so a column), 1 by random steps, sometimes back, 2 jumps
    /// anywhere, 3 rises by sub-pixel steps (many points a column).
    static func polyline(_ n: Int, width: Int, shape: Int, special: Bool, _ g: inout SplitMix64) -> ([Double], [Double]) {
        var x = g.nextDouble() * 6 - 3
        var y = g.nextDouble() * 40
        var xs: [Double] = []
        var ys: [Double] = []
        for _ in 0..<n {
            switch shape {
            case 0: x += 1 + Double(g.next() % 3) * 0.25
            case 1: x += Double(Int(g.next() % 7) - 2) * 0.5
            case 2: x = g.nextDouble() * Double(width + 8) - 4
            default: x += g.nextDouble() * 0.4
            }
            y += g.symmetricUnit() * 6
            xs.append(x)
            ys.append(y)
        }
        if special {
            let values: [Double] = [.nan, .infinity, -.infinity, 1.7e308, -1.7e308, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 0, -0.0]
            for i in xs.indices where g.next() % 9 == 0 {
                let v = values[Int(g.next() % UInt64(values.count))]
                if g.next() % 2 == 0 { xs[i] = v } else { ys[i] = v }
            }
        }
        return (xs, ys)
    }

    @Test("the measure and the lists equal the reference on random polylines, gaps and extremes included")
    func randomPolylines() {
        var g = SplitMix64(seed: 2026_12_06)
        for trial in 0..<1500 {
            let width = 1 + Int(g.next() % 90)
            let height = 1 + Int(g.next() % 50)
            let (left, up) = (Int(g.next() % 5), Int(g.next() % 5))
            let placed = PixelRect(minX: left, minY: up, maxX: left + width, maxY: up + height)
            let first = Int(g.next() % UInt64(width))
            let last = first + Int(g.next() % UInt64(width - first))
            let top = Int(g.next() % UInt64(height))
            let bottom = top + 1 + Int(g.next() % UInt64(height - top))
            let shape = Int(g.next() % 4)
            let (xs, ys) = Self.polyline(
                Int(g.next() % 48), width: width, shape: shape, special: g.next() % 3 == 0, &g)
            let baselines: [Double] = [Double(placed.maxY), Double(placed.minY), g.nextDouble() * 60 - 5, 1e300, -1e300]
            let c = Case(
                xs: xs.map { $0 + Double(placed.minX) }, ys: ys.map { $0 + Double(placed.minY) }, clip: placed,
                baseline: baselines[Int(g.next() % 5)], columns: first..<(last + 1), rows: top..<bottom,
                alpha: [nil, 77, 255, 1][Int(g.next() % 4)])
            expectEqualAtEveryLevel(c, "trial \(trial), shape \(shape)")
        }
    }

    @Test("edge cases: empty, one point, vertical, duplicate and backwards points, every count around the steps")
    func edgeCases() {
        let clip = PixelRect(minX: 2, minY: 3, maxX: 62, maxY: 43)
        func run(_ xs: [Double], _ ys: [Double], _ what: String) {
            for alpha: UInt32? in [nil, 77] {
                expectEqualAtEveryLevel(
                    Case(xs: xs, ys: ys, clip: clip, baseline: 43, columns: 0..<60, rows: 0..<40, alpha: alpha), what)
            }
        }
        run([], [], "empty")
        run([10.5], [20], "one point")
        run([10.5, 10.5, 10.5], [5, 30, 12], "vertical")
        run([5, 9, 9, 9, 14], [10, 12, 12, 30, 8], "duplicates and a vertical step")
        run([40, 30, 20, 10, 5], [10, 20, 15, 25, 30], "backwards")
        run([5, 6.5, 6.5, 8], [10, 10, 10, 10], "flat, on a column centre")
        run([4.5, 5.5, 6.5, 7.5], [3.25, 3.5, 43, 2], "points on column centres")
        // Every count of segments around the four the C measure puts in column form at once.
        var g = SplitMix64(seed: 77)
        for n in 0...14 {
            let (xs, ys) = Self.polyline(n, width: 60, shape: 0, special: false, &g)
            run(xs.map { $0 + 2 }, ys.map { $0 + 3 }, "\(n) points")
        }
    }

    /// The plot pass (backdrop, grid, outline, area) and the lone area fill at `level`, over a
    /// textured canvas, every pixel.
    func paint(_ xs: [Double], _ ys: [Double], level: Int32, scissor: PixelRect?) -> [UInt32] {
        let fb = texturedFramebuffer(width: 90, height: 70, stride: 93, seed: 5)
        if let scissor { fb.scissor = scissor }
        let r = Rasterizer()
        r.kernelLevel = level
        let backdrop = PlotBackdrop(
            background: RGBColor(0x10_1418), gridColor: RGBColor(0x30_3030), gridRows: [12, 40], gridColumns: [20, 55],
            outline: RGBColor(0x80_8080), surround: PlotSurround(color: RGBColor(0x05_0505), minX: 0, maxX: 90))
        let plot = PixelRect(minX: 6, minY: 4, maxX: 84, maxY: 64)
        r.paint(backdrop, areaUnder: xs, ys: ys, baseline: 64, color: RGBColor(0x33_99FF), alpha: 77, clip: plot, into: fb)
        r.fillArea(xs: xs.map { $0 * 0.5 + 10 }, ys: ys, baseline: 20, color: RGBColor(0xFF_8800), alpha: 120, clip: plot, into: fb)
        return Array(UnsafeBufferPointer(start: fb.pixels, count: fb.stride * fb.height))
    }

    @Test("the plot pass and the area fill store the reference's pixels, whole and under a scissor")
    func pixels() {
        var (xs, ys) = randomWalk(80, seed: 31, step: 6, start: 30)
        xs = xs.map { $0 + 5 }
        ys[20] = .nan
        ys[50] = -1.7e308
        ys[51] = 1.7e308
        for scissor: PixelRect? in [nil, PixelRect(minX: 15, minY: 9, maxX: 61, maxY: 47), PixelRect(minX: 30, minY: 20, maxX: 31, maxY: 60)] {
            let reference = paint(xs, ys, level: 0, scissor: scissor)
            let bare = paint([], [], level: 0, scissor: scissor)
            #expect(zip(reference, bare).contains { $0 != $1 }, "scissor \(String(describing: scissor)): the areas are drawn")
            for level in Self.wide {
                let wide = paint(xs, ys, level: level, scissor: scissor)
                let first = zip(reference, wide).enumerated().first { $0.element.0 != $0.element.1 }
                #expect(first == nil, "level \(level), scissor \(String(describing: scissor)): first difference at \(first?.offset ?? -1)")
            }
        }
    }
}
