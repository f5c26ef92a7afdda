import CLiveTickerKernels
import LiveTickerDownsampling

#if canImport(Glibc)
import Glibc
#endif

/// Downsampling throughput per algorithm at N = 10⁵, 10⁶, 10⁷ (f64 random walk, x = index,
/// M = 1920), in input points per second, beside tsdownsample 0.1.5.1 run on the same data
/// in the same session when `python3` has it (and a check that LTTB picked the same indices);
/// and LTTB with x (epoch-millisecond timestamps, as `liveticker downsample` reads a file's
/// time column) beside tsdownsample's LTTB with x.
enum DownsamplingBenchmark {
    static let threshold = 1920

    static func run(_ options: BenchOptions, into report: inout BenchReport) {
        let sizes = options.quick ? [100_000, 1_000_000] : [100_000, 1_000_000, 10_000_000]
        // Asked once: without the peer, no per-size file is written and no python3 started.
        let peerAvailable = options.comparePeers && TsdownsamplePeer.isAvailable
        var inCacheReadPass = 0.0  // the smallest size's read pass, which fits in the caches
        let names = [DownsamplingAlgorithm.lttb: "LTTB", .minmax: "MinMax", .m4: "M4", .minmaxlttb: "MinMaxLTTB"]
        for size in sizes {
            let walk = randomWalk(count: size, seed: 42)
            let peers = peerAvailable ? TsdownsamplePeer.measure(walk, threshold: threshold) : nil
            // Our input in huge pages, as numpy allocates the peer's (see HugePageArray).
            let values = HugePageArray(walk)
            // The read pass and the two kernels that should run at its rate, timed in turn, so
            // all three see the same moments of the host's memory (measured apart in one run,
            // the read pass gave 4.4 and 5.5 G values/s).
            let extremes: [DownsamplingAlgorithm] = [.minmax, .m4]
            let (inTurn, readPass) = measureAgainstReadPass(extremes, values.values, quick: options.quick)
            if size == sizes[0] { inCacheReadPass = readPass }
            report.add("downsample.read_pass.n\(size).points_per_second", readPass, "points/s")
            measureWithTimestamps(size: size, values: values.values, peer: peers?.pointsPerSecond["lttb_x"], options, into: &report)
            var ours: [DownsamplingAlgorithm: [Int]] = [:]
            for algorithm in DownsamplingAlgorithm.allCases {
                let (pointsPerSecond, indices) = measure(algorithm, values.values, quick: options.quick, level: .active)
                ours[algorithm] = indices
                addThroughput(
                    pointsPerSecond, key: algorithm.rawValue, size: size, title: names[algorithm]!,
                    peer: peers?.pointsPerSecond[algorithm.rawValue], into: &report)
                if let index = extremes.firstIndex(of: algorithm) {
                    // How far from the memory-read floor: the goal where the read pass is
                    // memory-bound (it falls well below its in-cache rate) is at most ×1.2 of it.
                    let kernel = inTurn[index]
                    report.add(
                        "downsample.\(algorithm.rawValue).n\(size).read_pass_multiple", readPass / kernel, "x",
                        note: "time of one read pass × this = ours, the two timed in turn\(readPass < 0.6 * inCacheReadPass ? " (read pass memory-bound here)" : "")")
                    if size >= 10_000_000 {
                        report.compare(
                            "\(names[algorithm]!), N = \(powerOfTen(size)), against one read pass in turn", ours: kernel, peer: readPass,
                            peerName: "the read pass", unit: "points/s", lowerIsBetter: false)
                    }
                }
                if KernelLevel.active != .sse2 {
                    // The Swift reference path on the same data: what the C kernels add.
                    let (swift, swiftIndices) = measure(algorithm, values.values, quick: options.quick, level: .sse2)
                    addSwiftPath(swift, sameIndices: swiftIndices == indices, key: algorithm.rawValue, size: size, into: &report)
                }
            }
            if let reference = peers?.lttbIndices {
                let same = reference == ours[.lttb]
                report.add(
                    "downsample.lttb.n\(size).indices_equal_tsdownsample", same ? 1 : 0, "bool",
                    note: same ? "identical indices" : "INDICES DIFFER from tsdownsample")
            }
        }
        report.note("downsample", "lttb_x: LTTB with x (epoch milliseconds 1 apart); tsdownsample's LTTB with x takes the next bucket's middle x where ours (and the x-less reference) takes its mean x, so its indices are not compared")
        report.note("downsample", "read_pass: one sum over the same f64 array at the kernels' level, the faster of their two ways of reading (prefetching ahead at the level's width, or plain 256-bit loads, ltk_read_sum_read), the memory-read floor; inputs in huge pages on both sides (numpy's arrays are); kernels at level \(KernelLevel.active), sse2_points_per_second is the Swift reference path")
        if !options.comparePeers {
            report.note("downsample", "tsdownsample comparison skipped (--no-peers)")
        } else if !peerAvailable {
            report.note("downsample", "tsdownsample column skipped: python3 with tsdownsample and numpy not found (pip install tsdownsample)")
        }
    }

    /// LTTB with x = epoch-millisecond timestamps one apart, at the active level and on the
    /// Swift path, beside tsdownsample's LTTB with x (`peer`, points/s) when it ran.
    static func measureWithTimestamps(
        size: Int, values: UnsafeBufferPointer<Double>, peer: Double?, _ options: BenchOptions, into report: inout BenchReport
    ) {
        let times = HugePageArray((0..<size).map { 1_709_280_000_000 + Double($0) })
        let (ours, indices) = measure(.lttb, values, x: times.values, quick: options.quick, level: .active)
        addThroughput(ours, key: "lttb_x", size: size, title: "LTTB with x (timestamps)", peer: peer, into: &report)
        if KernelLevel.active != .sse2 {
            let (swift, swiftIndices) = measure(.lttb, values, x: times.values, quick: options.quick, level: .sse2)
            addSwiftPath(swift, sameIndices: swiftIndices == indices, key: "lttb_x", size: size, into: &report)
        }
    }

    /// Adds our `pointsPerSecond` as `downsample.KEY.nN.points_per_second`, and with tsdownsample's
    /// figure (`peer`) that figure, the ratio as its note and a summary row titled `title`.
    static func addThroughput(
        _ pointsPerSecond: Double, key: String, size: Int, title: String, peer: Double?, into report: inout BenchReport
    ) {
        var note = ""
        if let peer {
            note = "\(ratioPhrase(pointsPerSecond / peer)) than tsdownsample"
            report.add("downsample.\(key).n\(size).tsdownsample_points_per_second", peer, "points/s")
            report.compare(
                "\(title), N = \(powerOfTen(size)) → \(threshold)", ours: pointsPerSecond, peer: peer,
                peerName: "tsdownsample", unit: "points/s", lowerIsBetter: false)
        }
        report.add("downsample.\(key).n\(size).points_per_second", pointsPerSecond, "points/s", note: note)
    }

    /// Adds the Swift reference path's figure on the same data, noted when its indices differ
    /// from the active level's.
    static func addSwiftPath(_ pointsPerSecond: Double, sameIndices: Bool, key: String, size: Int, into report: inout BenchReport) {
        report.add(
            "downsample.\(key).n\(size).sse2_points_per_second", pointsPerSecond, "points/s",
            note: sameIndices ? "" : "INDICES DIFFER from the \(KernelLevel.active) kernels")
    }

    /// Best of several timed runs (the machine is shared: the minimum is the least disturbed),
    /// with enough repetitions for ≥ 0.2 s per algorithm and size (up to 2000 at 10⁵, where one
    /// run takes ~40 µs and 50 of them were too few to meet a quiet moment under load; the peer
    /// script repeats the same number of times).
    static func measure(
        _ algorithm: DownsamplingAlgorithm, _ values: UnsafeBufferPointer<Double>, x: UnsafeBufferPointer<Double>? = nil,
        quick: Bool, level: KernelLevel
    ) -> (Double, [Int]) {
        let capacity = Downsampler.requiredCapacity(algorithm: algorithm, count: values.count, points: threshold)
        var output = [Int](repeating: 0, count: capacity)
        var kept = 0
        let samples = output.withUnsafeMutableBufferPointer { out in
            TimingSamples.measure(count: repetitions(values.count, quick: quick), warmup: 1) {
                kept = Downsampler.downsample(algorithm: algorithm, x: x, y: values, points: threshold, into: out, level: level)
            }
        }
        let seconds = Double(samples.minimumNanoseconds) / 1e9
        return (Double(values.count) / seconds, Array(output[0..<kept]))
    }
}

extension DownsamplingBenchmark {
    /// How many timed runs over `count` values: enough for ≥ 0.2 s (0.02 s with `quick`),
    /// from 3 to 2000 (the peer script repeats as many).
    static func repetitions(_ count: Int, quick: Bool) -> Int {
        max(3, min(2000, (quick ? 20_000_000 : 200_000_000) / max(1, count)))
    }

    /// Best-of-repeats points/s of each of `algorithms` at the active level and of one read
    /// pass over `values`, all timed in turn for ``repetitions(_:quick:)`` rounds (as
    /// ``measure(_:_:x:quick:level:)`` times a kernel, so the figures compare): ratios of them
    /// that the host's other machines move together. The read pass is the faster of the
    /// kernels' two ways of reading (`LTK_READ_AHEAD`, `LTK_READ_PLAIN`,
    /// ``readPassSum(_:way:)``), so the floor is the best this machine's core reads the array at,
    /// whichever way the kernels chose.
    static func measureAgainstReadPass(
        _ algorithms: [DownsamplingAlgorithm], _ values: UnsafeBufferPointer<Double>, quick: Bool
    ) -> (kernels: [Double], readPass: Double) {
        let outputs = algorithms.map {
            UnsafeMutableBufferPointer<Int>.allocate(
                capacity: Downsampler.requiredCapacity(algorithm: $0, count: values.count, points: threshold))
        }
        defer { for output in outputs { output.deallocate() } }
        final class Sink { var total = 0.0 }
        let sink = Sink()
        let reads: [() -> Void] = [
            { sink.total += readPassSum(values, way: Int32(LTK_READ_AHEAD)) },
            { sink.total += readPassSum(values, way: Int32(LTK_READ_PLAIN)) },
        ]
        let kernels: [() -> Void] = zip(algorithms, outputs).map { algorithm, out in
            { _ = Downsampler.downsample(algorithm: algorithm, x: nil, y: values, points: threshold, into: out, level: .active) }
        }
        let samples = TimingSamples.inTurn(count: repetitions(values.count, quick: quick), reads + kernels)
        blackHole(sink.total)  // keeps the sums observable
        let n = Double(values.count)
        let read = min(samples[0].minimumNanoseconds, samples[1].minimumNanoseconds)
        let rates = samples.dropFirst(reads.count).map { n / (Double($0.minimumNanoseconds) / 1e9) }
        return (rates, n / (Double(read) / 1e9))
    }
}

/// "10⁶" for 1 000 000 (sizes that are powers of ten), else the number.
func powerOfTen(_ n: Int) -> String {
    let superscripts: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
    var exponent = 0
    var v = n
    while v >= 10 && v % 10 == 0 { v /= 10; exponent += 1 }
    guard v == 1 else { return String(n) }
    return "10" + String(String(exponent).map { superscripts[Int(String($0))!] })
}

/// The sum of `y` read as the kernels read it, read `way`: ``ltk_read_sum_read`` at the active
/// level (the widest this CPU has unless `LIVETICKER_SIMD` says otherwise). Why not a Swift
/// loop: Swift's SIMD types compile to baseline SSE2 here, 16-byte loads with no prefetch, and
/// past the last-level cache such a loop read 3.5 G values/s where the same memory gives 5.3 to
/// wide loads (2-core AMD EPYC, Zen 5): a floor that low made kernels look faster than reading
/// their input.
@inline(never)
private func readPassSum(_ y: UnsafeBufferPointer<Double>, way: Int32) -> Double {
    guard let base = y.baseAddress else { return 0 }
    return ltk_read_sum_read(Int32(KernelLevel.active.rawValue), way, base, y.count)
}

/// tsdownsample (Rust, PyPI) timed by a small Python script on the same f64 file.
enum TsdownsamplePeer {
    static let script = """
        import sys, time, json
        import numpy as np
        from tsdownsample import LTTBDownsampler, MinMaxDownsampler, M4Downsampler, MinMaxLTTBDownsampler
        y = np.fromfile(sys.argv[1], dtype=np.float64)
        n_out = int(sys.argv[2])
        def best_of(d, *arrays):
            # One warm-up call, then the best of as many as the Swift side repeats.
            idx = d.downsample(*arrays, n_out=n_out)
            best = float("inf")
            for _ in range(max(3, min(2000, 200_000_000 // len(y)))):
                t0 = time.perf_counter()
                idx = d.downsample(*arrays, n_out=n_out)
                best = min(best, time.perf_counter() - t0)
            return len(y) / best, idx
        result = {}
        for name, cls in [("lttb", LTTBDownsampler), ("minmax", MinMaxDownsampler), ("m4", M4Downsampler), ("minmaxlttb", MinMaxLTTBDownsampler)]:
            result[name], idx = best_of(cls(), y)
            if name == "lttb":
                result["lttb_indices"] = [int(i) for i in idx]
        x = 1709280000000.0 + np.arange(len(y), dtype=np.float64)
        result["lttb_x"], _ = best_of(LTTBDownsampler(), x, y)
        print(json.dumps(result))
        """

    static var isAvailable: Bool {
        Subprocess.run(["python3", "-c", "import numpy, tsdownsample"])?.status == 0
    }

    struct Result {
        var pointsPerSecond: [String: Double] = [:]
        var lttbIndices: [Int]?
    }

    /// Runs the script single-threaded on `values`; nil when Python or the package is missing.
    static func measure(_ values: [Double], threshold: Int) -> Result? {
        guard let path = Subprocess.writeTemporary(values, name: "walk") else { return nil }
        defer { unlink(path) }
        setenv("RAYON_NUM_THREADS", "1", 1)
        guard let (status, output) = Subprocess.run(["python3", "-c", script, path, String(threshold)]), status == 0
        else { return nil }
        return parse(output)
    }

    /// Reads the one-line JSON object the script prints (numbers and one integer list).
    static func parse(_ json: String) -> Result {
        var result = Result()
        for name in DownsamplingAlgorithm.allCases.map(\.rawValue) + ["lttb_x"] {
            if let value = number(after: "\"\(name)\": ", in: json) { result.pointsPerSecond[name] = value }
        }
        if let start = json.firstRange(of: "\"lttb_indices\": [") {
            let rest = json[start.upperBound...]
            if let end = rest.firstIndex(of: "]") {
                result.lttbIndices = rest[..<end].split(separator: ",").compactMap { Int($0.trimmingSpaces) }
            }
        }
        return result
    }

    private static func number(after key: String, in json: String) -> Double? {
        guard let start = json.firstRange(of: key) else { return nil }
        let rest = json[start.upperBound...]
        let end = rest.firstIndex { $0 == "," || $0 == "}" } ?? rest.endIndex
        return Double(rest[..<end].trimmingSpaces)
    }
}
