import LiveTickerTestSupport
import Testing
@testable import LiveTickerChart
import LiveTickerCore
import LiveTickerRender

/// ``SeriesScratch/keptPoints(reaching:)``: a pass over a few columns strokes and fills only
/// the points near them, and must store there exactly what it stores over all the points.
@Suite("Pass points: the slice of the line a narrow pass needs")
struct PassPointsTests {
    static let width = 240
    static let height = 120

    /// A scratch whose kept points are `points` (pixel coordinates; NaN lifts the pen).
    static func scratch(_ points: [(Double, Double)]) throws -> SeriesScratch {
        let series = try LiveSeries(capacity: 1 << 12, candleInterval: .seconds(60))
        let s = SeriesScratch(source: series, plotWidth: width, algorithm: .lttb)
        #expect(points.count <= s.pixelXs.count)
        for (k, p) in points.enumerated() {
            s.pixelXs[k] = p.0
            s.pixelYs[k] = p.1
        }
        s.keptCount = points.count
        s.noteKeptOrder()
        return s
    }

    /// A walk left to right, `count` points, with duplicate x, long segments, gap markers and
    /// points left and right of the panel.
    static func walk(_ count: Int, seed: UInt64) -> [(Double, Double)] {
        var random = SplitMix64(seed: seed)
        var x = -20.0
        var y = Double(height) / 2
        var points: [(Double, Double)] = []
        for _ in 0..<count {
            switch random.next() % 16 {
            case 0: points.append((.nan, .nan))
            case 1: points.append((x, .nan))
            case 2: break  // same x again
            case 3: x += 20 + Double(random.next() % 3000) / 100  // a long segment
            default: x += Double(random.next() % 400) / 100
            }
            y = min(max(y + Double(Int(random.next() % 2001) - 1000) / 100, -30), Double(height) + 30)
            points.append((x, y))
        }
        return points
    }

    /// Stroke (width `pen`) and area under `scissor`, from `range` of the scratch's points.
    static func draw(_ s: SeriesScratch, _ range: Range<Int>, scissor: PixelRect, pen: Double) -> [UInt32] {
        let fb = Framebuffer(width: width, height: height)
        fb.clear(to: 0x10_20_30)
        fb.scissor = scissor
        let plot = PixelRect(minX: 0, minY: 0, maxX: width, maxY: height)
        let xs = UnsafeBufferPointer(rebasing: s.pixelXs[range])
        let ys = UnsafeBufferPointer(rebasing: s.pixelYs[range])
        let rasterizer = Rasterizer(width: width, height: height)
        rasterizer.fillArea(xs: xs, ys: ys, baseline: Double(height), color: RGBColor(red: 0x40, green: 0x90, blue: 0xF0), alpha: 77, clip: plot, into: fb)
        rasterizer.strokePolyline(xs: xs, ys: ys, width: pen, color: RGBColor(red: 0xF0, green: 0xF0, blue: 0x40), clip: plot, into: fb)
        return Array(UnsafeBufferPointer(start: fb.pixels, count: fb.stride * fb.height))
    }

    @Test("every scissor gets, from the slice, the bytes all the points give", arguments: [1, 2, 3])
    func sliceDrawsTheSame(seed: UInt64) throws {
        let s = try Self.scratch(Self.walk(150, seed: seed))
        #expect(s.keptXAscending)
        var random = SplitMix64(seed: seed &* 977)
        var narrower = 0
        for _ in 0..<60 {
            let left = Int(random.next() % UInt64(Self.width))
            let right = min(Self.width, left + 1 + Int(random.next() % 40))
            let scissor = PixelRect(minX: left, minY: 0, maxX: right, maxY: Self.height)
            let pen = [1.0, 1.5, 3.0][Int(random.next() % 3)]
            let near = s.keptPoints(near: scissor, reach: pen)
            if near.count < s.keptCount / 2 { narrower += 1 }
            let sliced = Self.draw(s, near, scissor: scissor, pen: pen)
            let whole = Self.draw(s, 0..<s.keptCount, scissor: scissor, pen: pen)
            let differing = zip(sliced, whole).filter { $0 != $1 }.count
            #expect(differing == 0, "columns \(left)..<\(right), pen \(pen), points \(near)")
        }
        // The slice is what makes a narrow pass cheap: most must be far shorter than the line.
        #expect(narrower > 40)
    }

    @Test("x turning back or few points: all of them; no finite point: at most one")
    func wholeWhenItCannotTell() throws {
        let back = try Self.scratch([(10, 5), (30, 6), (20, 7), (40, 8), (50, 9)])
        #expect(!back.keptXAscending)
        #expect(back.keptPoints(reaching: 45...46) == 0..<5)
        let two = try Self.scratch([(10, 5), (30, 6)])
        #expect(two.keptPoints(reaching: 100...101) == 0..<2)
        let gaps = try Self.scratch([(.nan, .nan), (.nan, .nan), (.nan, .nan), (.nan, .nan)])
        #expect(gaps.keptXAscending)
        // Nothing to draw either way: at most one point, inside the line.
        let range = gaps.keptPoints(reaching: 0...10)
        #expect(range.lowerBound >= 0 && range.upperBound <= 4 && range.count <= 1)
    }

    @Test("the slice starts at the last point left of the columns and ends at the first right of them")
    func sliceBounds() throws {
        let s = try Self.scratch([(0, 1), (10, 1), (.nan, .nan), (20, 1), (30, 1), (30, 2), (40, 1), (50, 1), (60, 1)])
        // Columns 25…35: from (20, 1) (index 3) to (40, 1) (index 6).
        #expect(s.keptPoints(reaching: 25...35) == 3..<7)
        // Left of every point: the first two; right of every point: the last one and the one before.
        #expect(s.keptPoints(reaching: -10...(-5)) == 0..<1)
        #expect(s.keptPoints(reaching: 70...80) == 8..<9)
        // Just past the gap: its marker starts the slice (nothing crosses a gap).
        #expect(s.keptPoints(reaching: 15...18) == 2..<4)
        // Values at ±1.7e308 and ±∞ columns.
        #expect(s.keptPoints(reaching: -Double.infinity...Double.infinity) == 0..<9)
        #expect(s.keptPoints(reaching: -1.7e308...1.7e308) == 0..<9)
        // A scissor: its columns widened by the pen's reach (at least a pixel) and 2 px; an
        // empty scissor (a disjoint intersection has its edges crossed) needs none; a negative
        // or NaN pen does not cross the range's ends.
        #expect(s.keptPoints(near: PixelRect(minX: 28, minY: 0, maxX: 32, maxY: 9), reach: 0) == 3..<7)
        #expect(s.keptPoints(near: PixelRect(minX: 30, minY: 0, maxX: 20, maxY: 9), reach: 3).isEmpty)
        #expect(s.keptPoints(near: PixelRect(minX: 28, minY: 0, maxX: 29, maxY: 9), reach: -100) == 3..<7)
        #expect(s.keptPoints(near: PixelRect(minX: 28, minY: 0, maxX: 29, maxY: 9), reach: .nan) == 3..<7)
        #expect(s.keptPoints(near: PixelRect(minX: 28, minY: 0, maxX: 29, maxY: 9), reach: .infinity) == 0..<9)
    }
}
