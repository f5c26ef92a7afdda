import CLiveTickerKernels
import Foundation
import LiveTickerTestSupport
import Testing
@testable import LiveTickerDownsampling

/// Every kernel level this machine runs (`KernelLevel.supported`: the C kernels for AVX2 and
/// AVX-512 where the CPU has them) against the Swift reference (`.sse2`): the same output, entry
/// for entry, on awkward data of every size, with and without x. A level the CPU lacks cannot be
/// run here; `wideLevelsPresent` says so loudly instead of passing.
@Suite("Kernel levels equal the Swift reference")
struct KernelLevelTests {
    static let wide = KernelLevel.supported.filter { $0 != .sse2 }

    static let awkward: [Double] = [
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1.7e308, -1.7e308, 1e307, -1e307,
        .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, 0x1p-1070, 0, -0.0, 1, -1,
    ]
    static let nonFinite: [Double] = [.nan, -.nan, .infinity, -.infinity]

    /// Data shapes: a random walk, a walk with NaN/∞ gaps, few tied levels (and ±0), awkward
    /// magnitudes, constant, all non-finite but one, subnormals only.
    static func data(_ shape: Int, _ n: Int, seed: UInt64) -> [Double] {
        var rng = SplitMix64(seed: seed &* 31 &+ UInt64(shape))
        func pick(_ list: [Double]) -> Double { list[Int(rng.next() % UInt64(list.count))] }
        var walk = 100.0
        return (0..<n).map { i in
            walk += Double(rng.next() >> 11) * 0x1p-53 - 0.5
            switch shape {
            case 0: return walk
            case 1: return rng.next() % 17 == 0 ? pick(nonFinite) : walk
            case 2: return [0.0, -0.0, 1, 2, 2][Int(rng.next() % 5)]
            case 3: return rng.next() % 3 == 0 ? pick(awkward) : walk * 1e300
            case 4: return 42
            case 5: return i == n / 2 ? 1 : pick(nonFinite)
            case 6: return Double(rng.next() % 7) * .leastNonzeroMagnitude
            case 7: return rng.next() % 5 == 0 ? pick(awkward) : (rng.next() % 11 == 0 ? pick(nonFinite) : walk)
            default: return walk.rounded()  // plateaus of equal values
            }
        }
    }
    static let shapes = 9
    static let sizes = [0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 257, 1000, 4099]
    static let budgets = [1, 2, 3, 4, 5, 7, 8, 10, 33, 64, 100, 1920]

    static func run(
        _ algorithm: DownsamplingAlgorithm, x: [Double]?, _ y: [Double], points: Int, level: KernelLevel
    ) -> [Int] {
        let capacity = Downsampler.requiredCapacity(algorithm: algorithm, count: y.count, points: points)
        var out = [Int](repeating: Int.min, count: max(capacity, 1))
        let written = y.withUnsafeBufferPointer { yb in
            out.withUnsafeMutableBufferPointer { ob in
                if let x {
                    return x.withUnsafeBufferPointer { xb in
                        Downsampler.downsample(algorithm: algorithm, x: xb, y: yb, points: points, into: ob, level: level)
                    }
                }
                return Downsampler.downsample(algorithm: algorithm, x: nil, y: yb, points: points, into: ob, level: level)
            }
        }
        return Array(out[0..<written])
    }

    @Test("this x86-64 machine has a wide level to compare (fails loudly where none is found)")
    func wideLevelsPresent() {
        #if arch(x86_64)
        #expect(!Self.wide.isEmpty, "no AVX2 on this CPU: the C kernels are not exercised here")
        #endif
        #expect(KernelLevel.active.isSupported)
        #expect(KernelLevel.sse2.isSupported)
    }

    @Test("every algorithm, size, budget and data shape: same output at every level",
          arguments: DownsamplingAlgorithm.allCases)
    func everyLevelEqualsReference(algorithm: DownsamplingAlgorithm) {
        for level in Self.wide {
            for shape in 0..<Self.shapes {
                for n in Self.sizes {
                    let y = Self.data(shape, n, seed: UInt64(n))
                    for points in Self.budgets where points <= n + 1 || points == 1920 {
                        let reference = Self.run(algorithm, x: nil, y, points: points, level: .sse2)
                        let got = Self.run(algorithm, x: nil, y, points: points, level: level)
                        #expect(got == reference, "\(algorithm) \(level) shape \(shape) n \(n) points \(points)")
                    }
                }
            }
        }
    }

    @Test("with x (timestamps, some non-finite): same output at every level",
          arguments: DownsamplingAlgorithm.allCases)
    func withX(algorithm: DownsamplingAlgorithm) {
        for level in Self.wide {
            for shape in [0, 1, 3, 8] {
                for n in [17, 65, 1000, 4099] {
                    let y = Self.data(shape, n, seed: 7)
                    var x = (0..<n).map { 1.7e9 + Double($0) * 0.25 }
                    if shape == 1 { x[n / 3] = .nan; x[n / 2] = .infinity }
                    for points in [3, 8, 64, 100] {
                        let reference = Self.run(algorithm, x: x, y, points: points, level: .sse2)
                        let got = Self.run(algorithm, x: x, y, points: points, level: level)
                        #expect(got == reference, "\(algorithm) \(level) shape \(shape) n \(n) points \(points)")
                    }
                }
            }
        }
    }

    @Test("large inputs, buckets of every size class (LTTB 10⁵ → 1920 and more)")
    func largeInputs() {
        for level in Self.wide {
            // (300 007, 200): MinMax and M4 buckets of 3 000 and 6 000 values, which the C kernel
            // finishes right after each scan instead of queueing eight.
            for (n, points) in [(100_003, 1920), (250_000, 1000), (50_000, 4000), (1_822, 1_000), (300_007, 200)] {
                for shape in [0, 1, 2, 8] {
                    let y = Self.data(shape, n, seed: 99)
                    for algorithm in DownsamplingAlgorithm.allCases {
                        let reference = Self.run(algorithm, x: nil, y, points: points, level: .sse2)
                        let got = Self.run(algorithm, x: nil, y, points: points, level: level)
                        #expect(got == reference, "\(algorithm) \(level) shape \(shape) n \(n) points \(points)")
                    }
                }
            }
        }
    }

    @Test("MinMax and M4 in one C call: buckets just under and over one block, mixed in one run, with gaps")
    func bucketKernelMixedWidths() {
        // Bucket sizes alternate around 16 (the C scan's block, where it switches to the plain
        // scan and finishes the queued wide buckets first) and around 8 (the queue's length).
        for level in Self.wide {
            for (count, buckets) in [(15 * 40 + 20, 40), (16 * 33 + 1, 33), (17 * 9 + 4, 9), (31 * 8 + 7, 8), (100 * 17 + 16, 17)] {
                for shape in [0, 1, 2, 7, 8] {
                    let y = Self.data(shape, count, seed: UInt64(count))
                    for algorithm in [DownsamplingAlgorithm.minmax, .m4] {
                        let points = buckets * (algorithm == .m4 ? 4 : 2)
                        let reference = Self.run(algorithm, x: nil, y, points: points, level: .sse2)
                        let got = Self.run(algorithm, x: nil, y, points: points, level: level)
                        #expect(got == reference, "\(algorithm) \(level) shape \(shape) n \(count) buckets \(buckets)")
                    }
                }
            }
        }
    }

    /// `ltk_bucket_extremes_read` at `level`, read `way`, over all of `y`: the count written
    /// (−1: a non-finite value, when `check`) and the picks.
    static func bucketsRead(_ y: [Double], level: KernelLevel, way: Int32, buckets: Int, m4: Bool, check: Bool) -> (Int, [Int]) {
        var out = [Int](repeating: Int.min, count: 4 * buckets)
        let written = y.withUnsafeBufferPointer { yb in
            out.withUnsafeMutableBufferPointer { ob in
                ltk_bucket_extremes_read(
                    Int32(level.rawValue), way, yb.baseAddress, nil, 0, yb.count, buckets, m4, check, ob.baseAddress)
            }
        }
        return (written, written < 0 ? [] : Array(out[0..<written]))
    }

    @Test("MinMax and M4 read plain (no prefetch) and narrow (256-bit loads, no prefetch) pick what the prefetching read picks, at every level")
    func plainReadEqualsAhead() {
        let ahead = Int32(LTK_READ_AHEAD)
        for level in Self.wide {
            for way in [Int32(LTK_READ_PLAIN), Int32(LTK_READ_NARROW)] {
                for (count, buckets) in [(15 * 40 + 20, 40), (17 * 9 + 4, 9), (100 * 17 + 16, 17), (5000, 3), (4099, 1920), (65_536, 64)] {
                    for shape in 0..<Self.shapes {
                        let y = Self.data(shape, count, seed: UInt64(count) &+ 5)
                        // The contract: exact picks whenever every value is finite; with `check`, a
                        // non-finite value answers −1, and so may a finite sum that overflows (the
                        // reads sum in different lanes), which only sends a caller to its exact path.
                        let finite = y.allSatisfy(\.isFinite)
                        let mayOverflow = y.contains { !$0.isFinite || abs($0) > 1e300 }
                        for m4 in [false, true] {
                            for check in [false, true] where finite || check {
                                let a = Self.bucketsRead(y, level: level, way: ahead, buckets: buckets, m4: m4, check: check)
                                let p = Self.bucketsRead(y, level: level, way: way, buckets: buckets, m4: m4, check: check)
                                let what = "\(level) way \(way) shape \(shape) n \(count) buckets \(buckets) m4 \(m4) check \(check)"
                                if a.0 >= 0 && p.0 >= 0 {
                                    #expect(a.1 == p.1, "\(what)")
                                } else {
                                    #expect(mayOverflow, "\(what): −1 from finite data that cannot overflow")
                                    if !finite { #expect(a.0 < 0 && p.0 < 0, "\(what): a NaN or ∞ missed") }
                                }
                            }
                        }
                    }
                }
                for n in [0, 1, 15, 16, 33, 64, 1000, 5003] {
                    let y = (0..<n).map { Double(($0 &* 7919) % 1013) - 500 }
                    let sum = y.withUnsafeBufferPointer { ltk_read_sum_read(Int32(level.rawValue), way, $0.baseAddress, n) }
                    #expect(sum == y.reduce(0, +), "\(level) way \(way) n \(n)")
                }
            }
        }
    }

    /// Whether /proc/cpuinfo names a Zen 4: AuthenticAMD, CPU family 25, with avx512f (the
    /// kernel's own reading of CPUID, independent of the C library's).
    static var cpuinfoSaysZen4: Bool {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return false }
        let first = text.components(separatedBy: "\n\n").first ?? ""
        var fields: [String: String] = [:]
        for line in first.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { fields[parts[0].trimmingCharacters(in: .whitespaces)] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        let flags = Set((fields["flags"] ?? "").split(separator: " ").map(String.init))
        return fields["vendor_id"] == "AuthenticAMD" && fields["cpu family"] == "25" && flags.contains("avx512f")
    }

    @Test("the read way: plain only on a Zen 4 (as /proc/cpuinfo names it), at a vector level, at every size")
    func readWay() {
        let ahead = Int32(LTK_READ_AHEAD), plain = Int32(LTK_READ_PLAIN)
        let expected = Self.cpuinfoSaysZen4 ? plain : ahead
        for level in KernelLevel.supported {
            for n in [0, 1000, 1_000_000, 8 * 1024 * 1024, 10_000_000, 1 << 40] {
                #expect(ltk_read_way(Int32(level.rawValue), n) == (level == .sse2 ? ahead : expected), "\(level) n \(n)")
            }
        }
    }

    @Test("the bucket read way: on a Zen 4 at the AVX-512 level, buckets of 32 to 255 values read narrow; else the read way")
    func bucketReadWay() {
        let narrow = Int32(LTK_READ_NARROW)
        let zen4 = Self.cpuinfoSaysZen4
        for level in KernelLevel.supported {
            // (values, buckets): averages 10, 31, 32, 104, 208, 255, 256, 1 041, 5 208.
            for (n, count) in [(19_200, 1920), (31 * 960, 960), (32 * 960, 960), (100_000, 960), (100_000, 480),
                               (255 * 100, 100), (256 * 100, 100), (1_000_000, 960), (10_000_000, 1920)] {
                let average = n / count
                let expected = zen4 && level == .avx512 && average >= 32 && average < 256 ? narrow : ltk_read_way(Int32(level.rawValue), n)
                #expect(ltk_bucket_read_way(Int32(level.rawValue), n, count) == expected, "\(level) n \(n) buckets \(count)")
            }
            #expect(ltk_bucket_read_way(Int32(level.rawValue), 1000, 0) == ltk_read_way(Int32(level.rawValue), 1000), "\(level) no buckets")
        }
    }

    @Test("MinMax and M4 past 8 Mi values (past a Zen 4's L3): the Swift reference's picks")
    func largeInputReadWay() {
        let n = 8 * 1024 * 1024 + 4099
        var rng = SplitMix64(seed: 8)
        var walk = 0.0
        var y = [Double](repeating: 0, count: n)
        for i in 0..<n {
            walk += Double(rng.next() >> 11) * 0x1p-53 - 0.5
            y[i] = walk
        }
        y[n / 3] = 1e6  // one spike each way, inside a bucket
        y[2 * n / 3] = -1e6
        for level in Self.wide {
            for algorithm in [DownsamplingAlgorithm.minmax, .m4] {
                let reference = Self.run(algorithm, x: nil, y, points: 1920, level: .sse2)
                #expect(Self.run(algorithm, x: nil, y, points: 1920, level: level) == reference, "\(algorithm) \(level)")
            }
        }
        y[n / 2] = .nan  // a gap: the C call answers −1 and the exact path runs
        for level in Self.wide {
            let reference = Self.run(.m4, x: nil, y, points: 1920, level: .sse2)
            #expect(Self.run(.m4, x: nil, y, points: 1920, level: level) == reference, "m4 with NaN \(level)")
        }
    }

    @Test("the extremes kernel alone: every range of awkward data, verdict and indices")
    func extremesKernel() {
        for level in Self.wide {
            for shape in 0..<Self.shapes {
                let y = Self.data(shape, 300, seed: 5)
                let x = (0..<300).map { Double($0) }
                for lo in [0, 1, 3, 7, 13] {
                    for hi in (lo + 1)...300 where (hi - lo) < 80 || hi % 7 == 0 {
                        y.withUnsafeBufferPointer { yb in
                            x.withUnsafeBufferPointer { xb in
                                for xs in [nil, xb.baseAddress] {
                                    let swift = MinMax.extremes(yb.baseAddress!, xs, lo, hi)
                                    let c = MinMax.extremes(yb.baseAddress!, xs, lo, hi, level: level)
                                    if shape == 3 || shape == 7 {
                                        // ±1.7e308 sums may overflow: either may then say "not finite".
                                        if swift.finite && c.finite {
                                            #expect(swift.min == c.min && swift.max == c.max, "\(level) \(shape) \(lo)..<\(hi)")
                                        }
                                        let anyNonFinite = y[lo..<hi].contains { !$0.isFinite }
                                        if anyNonFinite { #expect(!c.finite, "\(level) \(shape) \(lo)..<\(hi)") }
                                    } else {
                                        #expect(swift.finite == c.finite, "\(level) \(shape) \(lo)..<\(hi)")
                                        if swift.finite {
                                            #expect(swift.min == c.min && swift.max == c.max, "\(level) \(shape) \(lo)..<\(hi)")
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The Swift kernel's and the C kernel's verdicts and picks on (`x`, `y`) → `m` points: without
    /// x the Swift fast kernel, with x the Swift kernel over ``ExplicitXInput``.
    static func bothLTTBKernels(x: [Double]? = nil, _ y: [Double], points m: Int, level: KernelLevel) -> (Bool, [Int], Bool, [Int]) {
        let n = y.count
        var swift = [Int](repeating: -1, count: m)
        var c = [Int](repeating: -1, count: m)
        let (okSwift, okC) = y.withUnsafeBufferPointer { yb in
            withOptionalBuffer(x) { xb in
                let okSwift = swift.withUnsafeMutableBufferPointer { out in
                    guard let xb else { return LTTB.fastKernel(yb.baseAddress!, count: n, points: m, into: out.baseAddress!) }
                    let input = ExplicitXInput(values: yb.baseAddress!, xs: xb, yScale: 1, xScale: 1)
                    return LTTB.kernel(input, start: 0, count: n, points: m, into: out.baseAddress!)
                }
                let okC = c.withUnsafeMutableBufferPointer { ltk_lttb(level.code, yb.baseAddress!, xb, n, m, $0.baseAddress!) }
                return (okSwift, okC)
            }
        }
        return (okSwift, swift, okC, c)
    }

    /// Calls `body` with `values`' base address, or nil without values.
    static func withOptionalBuffer<R>(_ values: [Double]?, _ body: (UnsafePointer<Double>?) -> R) -> R {
        guard let values else { return body(nil) }
        return values.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    @Test("the LTTB kernel alone equals the Swift fast kernel, bucket sizes 1 to 70",
          arguments: [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 70])
    func lttbKernel(bucket: Int) {
        for level in Self.wide {
            for (m, extra) in [(3, 0), (5, 1), (12, 2), (40, 3), (300, 1)] {
                let n = bucket * (m - 2) + 2 + extra
                for shape in [0, 2, 3, 4, 6, 8] {
                    let y = Self.data(shape, n, seed: UInt64(bucket))
                    let (okSwift, swift, okC, c) = Self.bothLTTBKernels(y, points: m, level: level)
                    #expect(okSwift == okC, "\(level) bucket \(bucket) m \(m) shape \(shape)")
                    if okSwift && okC {
                        #expect(swift == c, "\(level) bucket \(bucket) m \(m) shape \(shape)")
                        if shape == 0 { #expect(c == plainLTTB(y, points: m)) }
                    }
                }
            }
        }
    }

    /// A spike at the start of each bucket of `width` (positions from 1), low noise elsewhere.
    static func spikeAtBucketStart(_ i: Int, width: Int) -> Double {
        if i % width == 1 { return 50 + Double(i % 7) }
        return Double(i % 5) * 0.01
    }

    /// One spike per bucket at a position that moves with the bucket, alternately up and down.
    static func wanderingSpike(_ i: Int, width: Int) -> Double {
        let bucket = i / width
        guard i % width == bucket % width else { return 0 }
        return bucket % 2 == 0 ? 9 : -9
    }

    @Test("the LTTB kernel's two chains (the second from a guessed start, then walked again): same picks as one chain")
    func lttbTwoChains() {
        // Bucket counts around where the two chains start (32) and odd ones (the guessed chain
        // one bucket longer); bucket widths just under and at 2 048 (one chain from there on).
        let cases: [(buckets: Int, width: Int)] = [
            (31, 5), (32, 5), (33, 5), (34, 7), (63, 3), (65, 9), (1001, 13), (1918, 52), (1918, 53), (40, 2047), (40, 2048),
        ]
        for level in Self.wide {
            for (buckets, width) in cases {
                let m = buckets + 2
                let n = buckets * width + 2
                // Shape 9: a spike at the start of every bucket, so the true pick before the
                // second half is far from the guessed middle and the second half must be walked
                // again; shape 10: alternating spikes, where a wrong start keeps picking wrong
                // for many buckets.
                for shape in [0, 1, 2, 8, 9, 10] {
                    let y: [Double]
                    switch shape {
                    case 9: y = (0..<n).map { (i: Int) -> Double in Self.spikeAtBucketStart(i, width: width) }
                    case 10: y = (0..<n).map { (i: Int) -> Double in Self.wanderingSpike(i, width: width) }
                    default: y = Self.data(shape, n, seed: UInt64(buckets &* 7 &+ width))
                    }
                    let (okSwift, swift, okC, c) = Self.bothLTTBKernels(y, points: m, level: level)
                    #expect(okSwift == okC, "\(level) buckets \(buckets) width \(width) shape \(shape)")
                    if okSwift && okC {
                        #expect(swift == c, "\(level) buckets \(buckets) width \(width) shape \(shape)")
                    }
                    if shape >= 8 { #expect(c == plainLTTB(y, points: m), "\(level) buckets \(buckets) width \(width) shape \(shape)") }
                }
            }
        }
    }

    /// x shapes for the with-x kernel: epoch milliseconds one apart, irregular rising steps,
    /// runs of equal times, times going back, x = the index, magnitudes whose differences
    /// overflow (±1.7e308), one NaN, one +∞, subnormal steps, and pairs of ±1e17 beside small
    /// values, whose sums lose different amounts in another order (so a next bucket's mean x,
    /// and the picks, follow the reference's left-to-right sum only when the kernel keeps it).
    static func xs(_ shape: Int, _ n: Int, seed: UInt64) -> [Double] {
        var rng = SplitMix64(seed: seed &* 17 &+ UInt64(shape))
        var t = 1_709_280_000_000.0
        return (0..<n).map { i in
            switch shape {
            case 0: return t + Double(i)
            case 1: t += Double(rng.next() % 1000) * 0.001; return t
            case 2: if rng.next() % 4 == 0 { t += 1 }; return t
            case 3: return t + Double(rng.next() % 50) - Double(i % 7) * 3
            case 4: return Double(i)
            case 5: return i % 2 == 0 ? 1.7e308 : -1.7e308
            case 6: return i == n / 2 ? .nan : t + Double(i)
            case 7: return i == n / 3 ? .infinity : t + Double(i)
            case 8: return Double(i) * .leastNonzeroMagnitude
            default: return Double(i) * 3.7 + (i % 8 == 1 ? 1e17 : i % 8 == 2 ? -1e17 : 0)
            }
        }
    }

    @Test("the LTTB kernel with x equals the Swift kernel over explicit x: bucket sizes, one and two chains, awkward x",
          arguments: [1, 2, 3, 5, 8, 9, 16, 17, 33, 52, 65, 2047, 2048])
    func lttbKernelWithX(bucket: Int) {
        for level in Self.wide {
            for (m, extra) in [(3, 0), (12, 2), (40, 3), (130, 1)] {
                let n = bucket * (m - 2) + 2 + extra
                for xShape in 0..<10 {
                    let x = Self.xs(xShape, n, seed: UInt64(bucket))
                    for shape in [0, 1, 2, 3, 9] {
                        let y = shape == 9
                            ? (0..<n).map { (i: Int) -> Double in Self.spikeAtBucketStart(i, width: bucket) }
                            : Self.data(shape, n, seed: UInt64(bucket &+ m))
                        let (okSwift, swift, okC, c) = Self.bothLTTBKernels(x: x, y, points: m, level: level)
                        let label = "\(level) bucket \(bucket) m \(m) x shape \(xShape) y shape \(shape)"
                        #expect(okSwift == okC, "\(label)")
                        if okSwift && okC { #expect(swift == c, "\(label)") }
                        if (xShape <= 4 || xShape == 9) && (shape == 0 || shape == 2 || shape == 9) {
                            // Finite x and y of ordinary size (±1e17 included: no area
                            // overflows): the kernel must not give up, so the picks are compared.
                            #expect(okC, "\(label)")
                            #expect(c == plainLTTB(y, x: x, points: m), "\(label)")
                        }
                    }
                }
            }
        }
    }

    @Test("a near-tie that fused multiply-add would break: the unfused reference pick is kept")
    func noContraction() {
        // Values whose d1·y − dist·d2 differ only in the last bits: picked exactly as the
        // plain unfused arithmetic picks them at every level.
        var rng = SplitMix64(seed: 2024)
        for level in Self.wide {
            for _ in 0..<200 {
                let n = 64 + Int(rng.next() % 64)
                // Typed step by step: as one literal-mixed expression this line took the type
                // checker over 13 s (the slowest line of the package to compile).
                let y: [Double] = (0..<n).map { (i: Int) -> Double in
                    let tie: Double = Double(i % 3) * 0x1p-52
                    let jitter: Double = Double(rng.next() % 4) * 0x1p-50
                    return 1 + tie + jitter
                }
                let reference = plainLTTB(y, points: 10)
                #expect(Self.run(.lttb, x: nil, y, points: 10, level: level) == reference, "\(level)")
            }
        }
    }

    @Test("the read floor's sum (ltk_read_sum) adds every value once at every level, every length")
    func readSum() {
        for level in KernelLevel.supported {
            for n in [0, 1, 3, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65, 1000, 5003] {
                // Integers: every order of the additions gives the exact same sum.
                let y = (0..<n).map { Double(($0 &* 7919) % 1013) - 500 }
                let expected = y.reduce(0, +)
                let got = y.withUnsafeBufferPointer { ltk_read_sum(Int32(level.rawValue), $0.baseAddress, n) }
                #expect(got == expected, "\(level) n \(n)")
            }
        }
    }

    @Test("LIVETICKER_SIMD names and the active level")
    func levelNames() {
        #expect(KernelLevel.allCases.map(\.description) == ["sse2", "avx2", "avx512"])
        #expect(KernelLevel.supported.contains(KernelLevel.active))
        if let requested = KernelLevel.requested, requested.isSupported {
            #expect(KernelLevel.active == requested)
        }
        // The line `liveticker --version` prints, read back the way scripts/kernel-levels reads
        // it: the active level's name first, the supported ones between "(supported: " and ")".
        let summary = KernelLevel.summary
        let words = summary.split(separator: " ", maxSplits: 1).map(String.init)
        #expect(words.first == KernelLevel.active.description)
        let inner = summary.split(separator: "(").dropFirst().first?.split(separator: ")").first ?? ""
        #expect(inner.hasPrefix("supported: "))
        let listed = inner.dropFirst("supported: ".count).split(separator: ",").map { $0.trimmingPrefix(" ") }.map(String.init)
        #expect(listed == KernelLevel.supported.map(\.description))
        #expect(listed.allSatisfy { name in KernelLevel.allCases.contains { $0.description == name } })
        if let requested = KernelLevel.requested, requested != KernelLevel.active {
            #expect(summary.hasSuffix("; LIVETICKER_SIMD=\(requested) is not supported here"))
        } else {
            #expect(!summary.contains("LIVETICKER_SIMD"))
        }
    }
}
