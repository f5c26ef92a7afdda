import LiveTickerTestSupport
import Testing
@testable import LiveTickerDownsampling

/// The block kernel behind MinMax and M4 (``MinMax/extremes(_:_:_:_:)``) against a plain scalar
/// scan, on random data full of awkward values.
@Suite("MinMax/M4 extremes kernel")
struct ExtremesKernelTests {
    static let awkward: [Double] = [
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1.7e308, -1.7e308,
        .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, 0, -0.0, 1, -1,
    ]
    static let nonFinite: [Double] = [.nan, -.nan, .infinity, -.infinity]

    /// Random values: mostly a few tied levels and awkward finite values, some plain randoms.
    func values(_ n: Int, _ rng: inout SplitMix64) -> [Double] {
        (0..<n).map { _ in
            switch rng.next() % 4 {
            case 0: return Self.awkward[Int(rng.next() % UInt64(Self.awkward.count))]
            case 1: return Double(Int(rng.next() % 5)) - 2  // ties
            case 2: return Double(Int64(bitPattern: rng.next() >> 12)) * 1e-3
            default: return Double(rng.next() >> 11) * 0x1p-53 - 0.5
            }
        }
    }

    func kernel(_ y: [Double], _ range: Range<Int>) -> (min: Int, max: Int, finite: Bool) {
        y.withUnsafeBufferPointer { MinMax.extremes($0.baseAddress!, nil, range.lowerBound, range.upperBound) }
    }

    @Test("finite data: same first min and max as a scalar scan, every length and offset",
          arguments: [1, 2, 3, 7, 15, 16, 17, 31, 33, 104, 105, 1041])
    func finiteMatchesScalar(length: Int) {
        var rng = SplitMix64(seed: UInt64(length))
        for round in 0..<40 {
            let offset = round % 5
            let y = values(offset + length + 3, &rng)
            let range = offset..<(offset + length)
            let (lo, hi) = scalarExtremes(y, range)
            let got = kernel(y, range)
            #expect(got.min == lo && got.max == hi, "length \(length) round \(round)")
            // "Not finite" may also mean the check sum overflowed (±1.7e308 added up): the caller
            // then takes the exact split path, which picks the same indices.
            let huge = y[range].contains { abs($0) > 1e300 }
            #expect(got.finite || huge, "length \(length) round \(round)")
        }
    }

    @Test("one non-finite value anywhere is reported", arguments: [1, 2, 3, 7, 16, 17, 104, 1041])
    func nonFiniteReported(length: Int) {
        var rng = SplitMix64(seed: UInt64(length) &+ 99)
        for position in Set([0, length / 2, length - 1, Int(rng.next() % UInt64(length))]) {
            for bad in Self.nonFinite {
                var y = values(length + 2, &rng)
                y[1 + position] = bad
                #expect(!kernel(y, 1..<(1 + length)).finite, "length \(length) at \(position): \(bad)")
            }
        }
    }

    @Test("x checked too: a non-finite x is reported, finite x changes nothing")
    func xChecked() {
        var rng = SplitMix64(seed: 5)
        let y = values(300, &rng)
        var x = (0..<300).map(Double.init)
        let plain = kernel(y, 0..<300)
        let withX = y.withUnsafeBufferPointer { yb in
            x.withUnsafeBufferPointer { MinMax.extremes(yb.baseAddress!, $0.baseAddress!, 0, 300) }
        }
        #expect(withX == plain)
        x[123] = .nan
        let bad = y.withUnsafeBufferPointer { yb in
            x.withUnsafeBufferPointer { MinMax.extremes(yb.baseAddress!, $0.baseAddress!, 0, 300) }
        }
        #expect(!bad.finite)
    }

    @Test("public MinMax and M4 equal a per-bucket scalar reference on awkward finite data",
          arguments: [1, 2, 3, 7, 104, 1041])
    func publicMatchesReference(bucket: Int) {
        var rng = SplitMix64(seed: UInt64(bucket) &* 7)
        let buckets = 9
        let n = bucket * buckets + 4  // uneven: bucket k spans ⌊n·k/B⌋ ..< ⌊n·(k+1)/B⌋
        let y = values(n, &rng)
        var minMax = [Int]()
        var m4 = [Int]()
        for k in 0..<buckets {
            let range = (n * k / buckets)..<(n * (k + 1) / buckets)
            let (lo, hi) = scalarExtremes(y, range)
            minMax += lo == hi ? [lo] : [min(lo, hi), max(lo, hi)]
            m4 += Set([range.lowerBound, lo, hi, range.upperBound - 1]).sorted()
        }
        if n > 2 * buckets { #expect(downsample(.minmax, y, points: 2 * buckets) == minMax) }
        if n > 4 * buckets { #expect(downsample(.m4, y, points: 4 * buckets) == m4) }
    }

    @Test("public MinMax and M4 with gaps equal the same call on each run alone")
    func gapsMatchRunsAlone() {
        var rng = SplitMix64(seed: 77)
        for bad in Self.nonFinite {
            var y = values(2_081, &rng)
            y[1_040] = bad  // two runs of 1040 points: the budget splits evenly
            let first = Array(y[0..<1_040])
            let second = Array(y[1_041...])
            for (algorithm, points) in [(DownsamplingAlgorithm.minmax, 40), (.m4, 80)] {
                let expected = downsample(algorithm, first, points: points / 2) + [Downsampling.gapMarker]
                    + downsample(algorithm, second, points: points / 2).map { $0 + 1_041 }
                #expect(downsample(algorithm, y, points: points) == expected, "\(algorithm) \(bad)")
            }
        }
    }
}
