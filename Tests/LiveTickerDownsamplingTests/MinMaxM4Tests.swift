import LiveTickerTestSupport
import Testing
import LiveTickerDownsampling

@Suite("MinMax, M4, MinMaxLTTB")
struct MinMaxM4Tests {
    @Test("MinMax keeps the true min and max of each equal-count bucket, in index order")
    func minMaxBuckets() {
        let y = randomWalk(10_007, seed: 13)
        let out = downsample(.minmax, y, points: 200)
        var expected = [Int]()
        for k in 0..<100 {
            let (lo, hi) = scalarExtremes(y, (10_007 * k / 100)..<(10_007 * (k + 1) / 100))
            expected += lo == hi ? [lo] : [min(lo, hi), max(lo, hi)]
        }
        #expect(out == expected)
    }

    @Test("MinMax hand case: y = 0…9 into 4 points")
    func minMaxHand() {
        // Buckets [0,5) and [5,10): min first, max last of each.
        #expect(downsample(.minmax, (0..<10).map(Double.init), points: 4) == [0, 4, 5, 9])
        // A constant bucket collapses to one index.
        #expect(downsample(.minmax, [1, 1, 1, 2, 0, 2], points: 4) == [0, 3, 4])
    }

    @Test("M4 keeps first, min, max, last of each column; duplicates collapse")
    func m4Columns() {
        let y = randomWalk(9_999, seed: 17)
        let out = downsample(.m4, y, points: 400)
        var expected = [Int]()
        for k in 0..<100 {
            let range = (9_999 * k / 100)..<(9_999 * (k + 1) / 100)
            let (lo, hi) = scalarExtremes(y, range)
            expected += Set([range.lowerBound, lo, hi, range.upperBound - 1]).sorted()
        }
        #expect(out == expected)
        // y = 0…11 into 2 columns of 6: first = min, last = max.
        #expect(downsample(.m4, (0..<12).map(Double.init), points: 8) == [0, 5, 6, 11])
    }

    @Test("M4 with x buckets by x range (pixel columns), not by count")
    func m4ByTime() {
        // 10 points at x 0…8 and 1 point at x 100: with 2 columns [0,50) and [50,100], the
        // dense points share one column and the lone point has its own.
        let x: [Double] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 100]
        let y: [Double] = [5, 9, 1, 5, 5, 5, 5, 5, 5, 3]
        #expect(downsample(.m4, x: x, y, points: 8) == [0, 1, 2, 8, 9])
        // Nanosecond timestamps: x-range columns still find the extremes.
        let t = (0..<5_000).map { 1.7e18 + Double($0) * 1e9 }
        var wave = randomWalk(5_000, seed: 23)
        wave[1_234] = 1e6
        #expect(downsample(.m4, x: t, wave, points: 100).contains(1_234))
    }

    /// Values from a handful of levels (many ties, including −0 and +0), so "first occurrence"
    /// is tested at every position inside the 16-value blocks the fast scan works in.
    func tiedValues(_ n: Int, seed: UInt64) -> [Double] {
        var rng = SplitMix64(seed: seed)
        let levels: [Double] = [-2, -1, -0.0, 0, 1, 2]
        return (0..<n).map { _ in levels[Int(rng.next() % UInt64(levels.count))] }
    }

    @Test("MinMax and M4 keep the earliest of tied extremes for every bucket length and offset",
          arguments: [1, 2, 3, 7, 15, 16, 17, 31, 32, 33, 47, 100, 257])
    func tiesEveryLength(bucket: Int) {
        for offset in 0..<3 {
            let buckets = 5
            let n = bucket * buckets + offset
            let y = tiedValues(n, seed: UInt64(bucket * 10 + offset))
            // Counts may be uneven when offset > 0: bucket k spans ⌊n·k/B⌋ ..< ⌊n·(k+1)/B⌋.
            var expectedMinMax = [Int]()
            var expectedM4 = [Int]()
            for k in 0..<buckets {
                let range = (n * k / buckets)..<(n * (k + 1) / buckets)
                if range.isEmpty { continue }
                let (lo, hi) = scalarExtremes(y, range)
                expectedMinMax += lo == hi ? [lo] : [min(lo, hi), max(lo, hi)]
                expectedM4 += Set([range.lowerBound, lo, hi, range.upperBound - 1]).sorted()
            }
            if n > 2 * buckets {
                #expect(downsample(.minmax, y, points: 2 * buckets) == expectedMinMax)
            }
            if n > 4 * buckets {
                #expect(downsample(.m4, y, points: 4 * buckets) == expectedM4)
            }
        }
    }

    @Test("MinMax and M4 find extremes in the last, overlapping block of a bucket")
    func extremeInTail() {
        // Buckets of 37: two full blocks of 16 and a tail of 5 read as an overlapping block.
        for position in [0, 15, 16, 31, 32, 33, 36] {
            var y = [Double](repeating: 1, count: 74)
            y[position] = -5
            y[37 + position] = 9
            y[37 + (position + 1) % 37] = 9  // a later tie must not win
            let (lo0, hi0) = scalarExtremes(y, 0..<37)
            let (lo1, hi1) = scalarExtremes(y, 37..<74)
            let expected = [min(lo0, hi0), max(lo0, hi0), min(lo1, hi1), max(lo1, hi1)]
            #expect(downsample(.minmax, y, points: 4) == expected)
        }
    }

    @Test("MinMax and M4 keep ±1.7e308 and subnormal extremes")
    func extremeValues() {
        var y = [Double](repeating: 1, count: 1_000)
        y[100] = .greatestFiniteMagnitude
        y[200] = -.greatestFiniteMagnitude
        y[300] = .leastNonzeroMagnitude
        y[301] = -.leastNonzeroMagnitude
        for i in 250..<350 where i != 300 && i != 301 { y[i] = 0 }
        for algorithm in [DownsamplingAlgorithm.minmax, .m4] {
            let out = downsample(algorithm, y, points: 40)
            #expect(out.contains(100) && out.contains(200))
            #expect(out.contains(300) && out.contains(301))
        }
    }

    @Test("MinMaxLTTB picks only run ends and MinMax candidates", arguments: [1_000, 100_003])
    func minMaxLTTBCandidates(n: Int) {
        let y = randomWalk(n, seed: UInt64(n))
        let m = 100
        let out = downsample(.minmaxlttb, y, points: m)
        #expect(out.count == m)
        #expect(out.first == 0 && out.last == n - 1)
        // Candidates: MinMax of the interior 1..<n−1 with 4·m points.
        var candidates: Set<Int> = [0, n - 1]
        let interior = n - 2
        for k in 0..<(2 * m) {
            let (lo, hi) = scalarExtremes(y, (1 + interior * k / (2 * m))..<(1 + interior * (k + 1) / (2 * m)))
            candidates.insert(lo)
            candidates.insert(hi)
        }
        #expect(out.allSatisfy { candidates.contains($0) })
        #expect(out == out.sorted())
    }

    @Test("MinMaxLTTB with few points falls back to plain LTTB")
    func minMaxLTTBSmall() {
        let y = randomWalk(300, seed: 31)
        #expect(downsample(.minmaxlttb, y, points: 100) == plainLTTB(y, points: 100))
    }
}
