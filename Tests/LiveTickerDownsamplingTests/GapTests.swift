import Testing
import LiveTickerDownsampling

@Suite("Non-finite values are gaps")
struct GapTests {
    static let nonFinite: [Double] = [.nan, .infinity, -.infinity]

    @Test("gaps are never picked, runs are separated by one marker each",
          arguments: DownsamplingAlgorithm.allCases, nonFinite)
    func gapsSplitRuns(algorithm: DownsamplingAlgorithm, bad: Double) {
        var y = randomWalk(30_000, seed: 3)
        for i in 10_000..<10_050 { y[i] = bad }  // a long gap
        y[20_000] = bad  // a one-point gap
        let points = 1_000
        let out = downsample(algorithm, y, points: points)
        let pieces = runs(out)
        #expect(pieces.count == 3)
        #expect(out.filter { $0 != Downsampling.gapMarker }.count <= points)
        // Markers sit exactly where a gap lies between two consecutive kept indices.
        let ranges = [0..<10_000, 10_050..<20_000, 20_001..<30_000]
        for (piece, range) in zip(pieces, ranges) {
            #expect(!piece.isEmpty)
            #expect(piece.allSatisfy { range.contains($0) })
            #expect(piece == piece.sorted())
            if algorithm != .minmax {
                #expect(piece.first == range.lowerBound && piece.last == range.upperBound - 1)
            }
        }
    }

    @Test("LTTB per run equals LTTB of the run alone, with the documented budget share")
    func lttbPerRun() {
        var y = randomWalk(9_000, seed: 21)
        y[3_000] = .nan
        let out = downsample(.lttb, y, points: 900)
        let pieces = runs(out)
        #expect(pieces.count == 2)
        // Runs of 3000 and 5999 points; each needs 2, the other 896 are shared by length:
        // ⌊896·3000/8999⌋ = 298 → 300 points, then 896 − 298 = 598 → 600 points.
        #expect(pieces[0].count == 300 && pieces[1].count == 600)
        #expect(pieces[0] == plainLTTB(Array(y[0..<3_000]), points: 300))
        let second = plainLTTB(Array(y[3_001...]), points: 600).map { $0 + 3_001 }
        #expect(pieces[1] == second)
    }

    @Test("no NaN leaks into a mean: a NaN next to a bucket does not change its pick")
    func nanDoesNotPoisonMeans() {
        var y = randomWalk(2_000, seed: 8)
        y[1_999] = .nan  // the last point is a gap; the run is 0..<1999
        let out = downsample(.lttb, y, points: 100)
        #expect(!out.contains(Downsampling.gapMarker))
        #expect(out == plainLTTB(Array(y[0..<1_999]), points: 100))
    }

    @Test("a lone non-finite value at either end or inside bucket 0 is found and left out",
          arguments: [0, 1, 2, 5, 4_997, 4_998, 4_999], nonFinite)
    func edgeGapsInLTTB(position: Int, bad: Double) {
        var y = randomWalk(5_000, seed: 6)
        y[position] = bad
        let out = downsample(.lttb, y, points: 100)
        #expect(!out.contains(position))
        let pieces = runs(out)
        let left = Array(y[0..<position])
        let right = Array(y[(position + 1)...])
        // Each side alone must be what plain LTTB makes of it with the documented share.
        var expected = [[Int]]()
        let finite = 4_999
        let needs = [left.count, right.count].map { min($0, 2) }
        let spread = 100 - needs.reduce(0, +)
        let firstShare = spread * left.count / finite
        if !left.isEmpty { expected.append(plainLTTB(left, points: needs[0] + firstShare)) }
        if !right.isEmpty {
            let share = needs[1] + (spread - firstShare)
            expected.append(plainLTTB(right, points: share).map { $0 + position + 1 })
        }
        #expect(pieces == expected)
    }

    @Test("leading and trailing gaps write no marker; all-gap input writes nothing")
    func edges() {
        var y = randomWalk(500, seed: 2)
        for i in 0..<10 { y[i] = .nan }
        for i in 490..<500 { y[i] = .infinity }
        for algorithm in DownsamplingAlgorithm.allCases {
            let out = downsample(algorithm, y, points: 40)
            #expect(!out.contains(Downsampling.gapMarker))
            #expect(out.allSatisfy { (10..<490).contains($0) })
            #expect(downsample(algorithm, [.nan, .nan, .infinity], points: 2).isEmpty)
            #expect(downsample(algorithm, [.nan, 1, .nan], points: 2) == [1])
        }
    }

    @Test("points ≥ count keeps every finite index, with markers")
    func keepAll() {
        let y: [Double] = [1, 2, .nan, 3, .infinity, -.infinity, 4, 5]
        for algorithm in DownsamplingAlgorithm.allCases {
            #expect(downsample(algorithm, y, points: 8) == [0, 1, -1, 3, -1, 6, 7])
            #expect(downsample(algorithm, y, points: 5) == [0, 1, -1, 3, -1, 6, 7])
        }
    }

    @Test("more runs than budget: proportional shares, dropped runs merge into one gap")
    func manyRuns() {
        // 100 runs of 3 points separated by NaN; budget 10 < 2 per run.
        var y = [Double]()
        for r in 0..<100 { y += [Double(r), Double(r) + 1, Double(r)]; y.append(.nan) }
        for algorithm in DownsamplingAlgorithm.allCases {
            let out = downsample(algorithm, y, points: 10)
            let indices = out.filter { $0 != Downsampling.gapMarker }
            #expect(indices.count == 10)
            #expect(runs(out).count == 10)  // every kept run got 1 point
            #expect(indices.allSatisfy { y[$0].isFinite })
            #expect(out.count <= Downsampler.requiredCapacity(algorithm: algorithm, count: y.count, points: 10))
        }
    }

    @Test("non-finite x is a gap too")
    func nonFiniteX() {
        let y = randomWalk(1_000, seed: 4)
        var x = (0..<1_000).map(Double.init)
        x[500] = .nan
        for algorithm in DownsamplingAlgorithm.allCases {
            let out = downsample(algorithm, x: x, y, points: 100)
            #expect(runs(out).count == 2)
            #expect(!out.contains(500))
        }
    }

    @Test("required capacity covers the worst case: alternating finite and NaN")
    func worstCaseCapacity() {
        let y = (0..<101).map { $0 % 2 == 0 ? Double($0) : .nan }
        for algorithm in DownsamplingAlgorithm.allCases {
            for points in [1, 2, 3, 10, 50, 51, 200] {
                let out = downsample(algorithm, y, points: points)  // traps if capacity is short
                #expect(out.filter { $0 != Downsampling.gapMarker }.count <= points)
            }
        }
    }
}
