import LiveTickerTestSupport
import Testing
import LiveTickerDownsampling

@Suite("LTTB")
struct LTTBTests {
    @Test("empty, one and two points, and budgets of 0, 1, 2")
    func tinyInputs() {
        #expect(downsample(.lttb, [], points: 10).isEmpty)
        #expect(downsample(.lttb, [3], points: 10) == [0])
        #expect(downsample(.lttb, [3, 4], points: 10) == [0, 1])
        #expect(downsample(.lttb, [3, 4], points: 1) == [0])
        let walk = randomWalk(50, seed: 1)
        #expect(downsample(.lttb, walk, points: 0).isEmpty)
        #expect(downsample(.lttb, walk, points: -3).isEmpty)
        #expect(downsample(.lttb, walk, points: 1) == [0])
        #expect(downsample(.lttb, walk, points: 2) == [0, 49])
        #expect(downsample(.lttb, walk, points: 50) == Array(0..<50))
        #expect(downsample(.lttb, walk, points: 500) == Array(0..<50))
    }

    @Test("a straight line: every area is 0, so each bucket keeps its first point")
    func straightLine() {
        // n = 10, m = 4: every = 8/2 = 4; buckets [1,5) and [5,9); next buckets [5,9) and [9,10).
        // Bucket 0: a = (0,0), mean of next = (6.5, 6.5): d1 = −6.5, d2 = 6.5, offset 0,
        //   area_j = −6.5·j − (0 − j)·6.5 = 0 for all j → earliest, 1.
        // Bucket 1: a = (1,1), next = (9,9): d1 = −8, d2 = 8, offset −8,
        //   area_j = −8j − (1 − j)·8 + 8 = 0 → earliest, 5.
        let y = (0..<10).map(Double.init)
        #expect(downsample(.lttb, y, points: 4) == [0, 1, 5, 9])
    }

    @Test("hand-worked triangle areas")
    func handWorked() {
        // y = [0, 5, 1, 0, 3, 0], n = 6, m = 4: every = 2; bucket 0 = [1,3), bucket 1 = [3,5).
        // Bucket 0: a = (0,0); next bucket [3,5): mean y 1.5, mean x 3.5; d1 = −3.5, d2 = 1.5.
        //   j=1: −3.5·5 − (0−1)·1.5 = −16 → 16;  j=2: −3.5·1 − (0−2)·1.5 = −0.5 → 0.5.  Pick 1.
        // Bucket 1: a = (1,5); next bucket [5,6): mean (5, 0); d1 = −4, d2 = −5, offset = −20.
        //   j=3: 0 − (1−3)(−5) + 20 = 10;  j=4: −12 − (1−4)(−5) + 20 = −7 → 7.  Pick 3.
        #expect(downsample(.lttb, [0, 5, 1, 0, 3, 0], points: 4) == [0, 1, 3, 5])
        // Same with an explicit x equal to the index.
        #expect(downsample(.lttb, x: [0, 1, 2, 3, 4, 5], [0, 5, 1, 0, 3, 0], points: 4) == [0, 1, 3, 5])
    }

    @Test("exact count, first and last kept, indices equal the plain implementation",
          arguments: [(4, 3), (5, 3), (11, 10), (101, 100), (1000, 3), (1000, 7), (1003, 100),
                      (4096, 1920), (10_000, 1920), (10_007, 333), (50_000, 1920)])
    func matchesPlainImplementation(n: Int, m: Int) {
        for seed in 1...4 {
            let y = randomWalk(n, seed: UInt64(n * 31 + m * 7 + seed))
            let picks = downsample(.lttb, y, points: m)
            #expect(picks.count == m)
            #expect(picks.first == 0 && picks.last == n - 1)
            #expect(picks == plainLTTB(y, points: m))
        }
    }

    @Test("tied areas keep the earliest point for every bucket length (small-integer data)",
          arguments: [3, 5, 7, 8, 9, 15, 16, 17, 24, 31, 32, 33, 40, 100])
    func tiedAreasEveryBucketLength(bucket: Int) {
        // Values in {0, 1, 2, 3}: areas are small exact multiples of 1/2, so many tie exactly,
        // at every position inside the blocks the fast kernel works in.
        var rng = SplitMix64(seed: UInt64(bucket))
        for m in [5, 12] {
            let n = bucket * (m - 2) + 2 + Int(rng.next() % 3)
            let y = (0..<n).map { _ in Double(rng.next() % 4) }
            #expect(downsample(.lttb, y, points: m) == plainLTTB(y, points: m))
        }
    }

    @Test("ties keep the earliest point")
    func ties() {
        // A constant series: every area in every bucket is 0.
        let y = [Double](repeating: 7, count: 20)
        let picks = downsample(.lttb, y, points: 5)
        // every = 18/3 = 6: buckets start at 1, 7, 13.
        #expect(picks == [0, 1, 7, 13, 19])
    }

    @Test("a single narrow spike survives heavy downsampling")
    func spikeKept() {
        // A synthetic ECG-like trace: small noise with one 2-sample QRS spike.
        var y = randomWalk(100_000, seed: 9).map { $0 * 0.001 }
        y[61_234] = 50
        y[61_235] = -20
        let picks = downsample(.lttb, y, points: 200)
        #expect(picks.contains(61_234))
    }

    @Test("explicit x equal to the index gives the y-only indices")
    func explicitIndexX() {
        let y = randomWalk(20_000, seed: 5)
        let x = (0..<20_000).map(Double.init)
        #expect(downsample(.lttb, x: x, y, points: 640) == downsample(.lttb, y, points: 640))
    }

    @Test("explicit nanosecond timestamps use the mean x of the next bucket")
    func nanosecondTimes() {
        var rng = SplitMix64(seed: 77)
        var t = 1.7e18
        var x = [Double]()
        for _ in 0..<30_000 {
            t += Double(UInt64.random(in: 1_000...5_000_000, using: &rng))
            x.append(t)
        }
        let y = randomWalk(30_000, seed: 78)
        let picks = downsample(.lttb, x: x, y, points: 500)
        #expect(picks.count == 500)
        #expect(picks == plainLTTB(y, x: x, points: 500))
    }

    @Test("subnormal values are handled like any other")
    func subnormals() {
        let y = randomWalk(5_000, seed: 12).map { $0 * 0x1p-1063 }
        #expect(y.contains { $0.isSubnormal })
        let picks = downsample(.lttb, y, points: 100)
        #expect(picks.count == 100)
        #expect(picks == plainLTTB(y, points: 100))
    }

    @Test("dips in ±1e307 and ±1.7e308 data survive (no overflow in means or areas)",
          arguments: [1e307, 1.7e308, Double.greatestFiniteMagnitude])
    func hugeMagnitudes(big: Double) {
        var y = [Double](repeating: big, count: 10_000)
        y[4_321] = -big
        y[7_000] = big * 0.5
        let picks = downsample(.lttb, y, points: 50)
        #expect(picks.count == 50)
        #expect(picks.contains(4_321))
        // The same with alternating signs and one outstanding dip, and with ns timestamps as x.
        var wave = (0..<10_000).map { i in (i % 2 == 0 ? big : big * 0.25) }
        wave[8_888] = -big
        let x = (0..<10_000).map { 1.7e18 + Double($0) * 1e9 }
        #expect(downsample(.lttb, wave, points: 64).contains(8_888))
        #expect(downsample(.lttb, x: x, wave, points: 64).contains(8_888))
    }

    @Test("scaling is exact: data scaled by a power of two picks the same indices")
    func powerOfTwoScalingIsExact() {
        let y = randomWalk(8_000, seed: 44)
        let reference = downsample(.lttb, y, points: 300)
        // 2^1015 · y overflows in the sums and areas, so it goes through the scaled path.
        let scaled = y.map { $0 * 0x1p1015 }
        #expect(downsample(.lttb, scaled, points: 300) == reference)
    }
}
