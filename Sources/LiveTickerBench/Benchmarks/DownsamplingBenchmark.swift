import CLiveTickerKernels
import LiveTickerDownsampling

#if canImport(Glibc)
import Glibc
#endif

/// Downsampling throughput per algorithm at N = 10⁵, 10⁶, 10⁷ (f64 random walk, x = index,
/// M = 1920), in input points per second, beside tsdownsample 0.1.5.1 on the same data when
/// `python3` has it, its calls and ours timed in turn on one CPU (and a check that LTTB picked
/// the same indices); and LTTB with x (epoch-millisecond timestamps, as `liveticker downsample`
/// reads a file's time column) beside tsdownsample's LTTB with x.
enum DownsamplingBenchmark {
    static let threshold = 1920

    /// Runs on one CPU, with tsdownsample on the same one (``withThreadPinned(_:)``).
    static func run(_ options: BenchOptions, into report: inout BenchReport) {
        withThreadPinned { measureAll(options, into: &report) }
    }

    static func measureAll(_ options: BenchOptions, into report: inout BenchReport) {
        let sizes = options.quick ? [100_000, 1_000_000] : [100_000, 1_000_000, 10_000_000]
        // Asked once: without the peer, no per-size file is written and no python3 started.
        let peerAvailable = options.comparePeers && TsdownsamplePeer.isAvailable
        var inCacheReadPass = 0.0  // the smallest size's read pass, which fits in the caches
        let names = [DownsamplingAlgorithm.lttb: "LTTB", .minmax: "MinMax", .m4: "M4", .minmaxlttb: "MinMaxLTTB"]
        for size in sizes {
            let walk = randomWalk(count: size, seed: 42)
            // Kept running for the whole size, so that its timings and ours alternate.
            let peer = peerAvailable ? TsdownsamplePeer(values: walk, threshold: threshold) : nil
            // Our input in huge pages, as numpy allocates the peer's (see HugePageArray).
            let values = HugePageArray(walk)
            // The read pass and the two kernels that should run at its rate, timed in turn, so
            // all three see the same moments of the host's memory (measured apart in one run,
            // the read pass gave 4.4 and 5.5 G values/s).
            let extremes: [DownsamplingAlgorithm] = [.minmax, .m4]
            let (inTurn, readPass) = measureAgainstReadPass(extremes, values.values, quick: options.quick)
            if size == sizes[0] { inCacheReadPass = readPass }
            // Reading the input is the cost where the read pass falls well below its in-cache rate.
            let memoryBound = readPass < 0.6 * inCacheReadPass
            report.add("downsample.read_pass.n\(size).points_per_second", readPass, "points/s")
            measureWithTimestamps(size: size, values: values.values, peer: peer, options, into: &report)
            var ours: [DownsamplingAlgorithm: [Int]] = [:]
            for algorithm in DownsamplingAlgorithm.allCases {
                let timed = measure(
                    algorithm, values.values, quick: options.quick, level: .active, against: peer.map { ($0, algorithm.rawValue) },
                    readPassInTurn: memoryBound && peer != nil && extremes.contains(algorithm))
                ours[algorithm] = timed.indices
                addThroughput(
                    timed.ours, key: algorithm.rawValue, size: size, title: names[algorithm]!, peer: timed.peer,
                    into: &report)
                if let readPassNearPeer = timed.readPass, let peerRate = timed.peer {
                    // Where reading the input is the cost, no program that reads every value is
                    // faster than tsdownsample by more than the read pass is: the ceiling of the
                    // ratio above, measured in the same rounds as the peer.
                    report.add(
                        "downsample.\(algorithm.rawValue).n\(size).read_pass_over_tsdownsample", readPassNearPeer / peerRate, "x",
                        note: "one read pass's rate over tsdownsample's, the two timed in the same rounds: the most any kernel reading every value can lead it by here")
                }
                if let index = extremes.firstIndex(of: algorithm) {
                    // How far from the memory-read floor: the goal where the read pass is
                    // memory-bound (it falls well below its in-cache rate) is at most ×1.2 of it.
                    let kernel = inTurn[index]
                    report.add(
                        "downsample.\(algorithm.rawValue).n\(size).read_pass_multiple", readPass / kernel, "x",
                        note: "time of one read pass × this = ours, the two timed in turn\(memoryBound ? " (read pass memory-bound here)" : "")")
                    if size >= 10_000_000 {
                        report.compare(
                            "\(names[algorithm]!), N = \(powerOfTen(size)), against one read pass in turn", ours: kernel, peer: readPass,
                            peerName: "the read pass", unit: "points/s", lowerIsBetter: false)
                    }
                }
                if KernelLevel.active != .sse2 {
                    // The Swift reference path on the same data: what the C kernels add.
                    let swift = measure(algorithm, values.values, quick: options.quick, level: .sse2)
                    addSwiftPath(swift.ours, sameIndices: swift.indices == timed.indices, key: algorithm.rawValue, size: size, into: &report)
                }
            }
            if let reference = peer?.lttbIndices() {
                let same = reference == ours[.lttb]
                report.add(
                    "downsample.lttb.n\(size).indices_equal_tsdownsample", same ? 1 : 0, "bool",
                    note: same ? "identical indices" : "INDICES DIFFER from tsdownsample")
            }
        }
        report.note("downsample", "read_pass: one sum over the same f64 array at the kernels' level, the fastest of three ways of reading (the level's width with a prefetch 8 KB ahead or without, or 256-bit loads without; ltk_read_sum_read), the memory-read floor; inputs in huge pages on both sides (numpy's arrays are); kernels at level \(KernelLevel.active), sse2_points_per_second is the Swift reference path")
        report.note("downsample", "tsdownsample runs in one Python process kept for each N, one thread; its calls and ours are timed in turn, ten rounds of a tenth of the calls each (the best call of either side counts)")
        report.note("downsample", "lttb_x: LTTB with x (epoch milliseconds 1 apart); tsdownsample's LTTB with x takes the next bucket's middle x where ours (and the x-less reference) takes its mean x, so its indices are not compared")
        if !options.comparePeers {
            report.note("downsample", "tsdownsample comparison skipped (--no-peers)")
        } else if !peerAvailable {
            report.note("downsample", "tsdownsample column skipped: python3 with tsdownsample and numpy not found (pip install tsdownsample)")
        }
    }

    /// LTTB with x = epoch-millisecond timestamps one apart, at the active level (in turn with
    /// tsdownsample's LTTB with x when `peer` runs) and on the Swift path.
    static func measureWithTimestamps(
        size: Int, values: UnsafeBufferPointer<Double>, peer: TsdownsamplePeer?, _ options: BenchOptions,
        into report: inout BenchReport
    ) {
        let times = HugePageArray((0..<size).map { 1_709_280_000_000 + Double($0) })
        let timed = measure(.lttb, values, x: times.values, quick: options.quick, level: .active, against: peer.map { ($0, "lttb_x") })
        addThroughput(timed.ours, key: "lttb_x", size: size, title: "LTTB with x (timestamps)", peer: timed.peer, into: &report)
        if KernelLevel.active != .sse2 {
            let swift = measure(.lttb, values, x: times.values, quick: options.quick, level: .sse2)
            addSwiftPath(swift.ours, sameIndices: swift.indices == timed.indices, key: "lttb_x", size: size, into: &report)
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

    /// Points/s of `algorithm` at `level` and, with `peer`, of the peer's `kind` on the same
    /// data, timed in turn: up to ten rounds, each a tenth of ``repetitions(_:quick:)`` calls
    /// of the peer's, then as many of ours; each side's best call counts (the machine is
    /// shared: the least disturbed; 50 calls at 10⁵, ~40 µs each, were too few to meet a quiet
    /// moment under load), and both sides meet the same stretch of the host's load. The
    /// result's `peer` is nil when there is none or it failed. With `readPassInTurn`, each
    /// round also times as many read passes each way (``readPassSum(_:way:)``, ``readWays``),
    /// whose best rate is the result's `readPass`.
    static func measure(
        _ algorithm: DownsamplingAlgorithm, _ values: UnsafeBufferPointer<Double>, x: UnsafeBufferPointer<Double>? = nil,
        quick: Bool, level: KernelLevel, against peer: (process: TsdownsamplePeer, kind: String)? = nil,
        readPassInTurn: Bool = false
    ) -> (ours: Double, peer: Double?, indices: [Int], readPass: Double?) {
        let capacity = Downsampler.requiredCapacity(algorithm: algorithm, count: values.count, points: threshold)
        var output = [Int](repeating: 0, count: capacity)
        var kept = 0
        let total = repetitions(values.count, quick: quick)
        let rounds = min(10, total)
        let perRound = (total + rounds - 1) / rounds
        var best = UInt64.max
        var peerBest: Double? = peer == nil ? nil : .infinity
        var readBest = UInt64.max
        var readTotal = 0.0
        output.withUnsafeMutableBufferPointer { out in
            for round in 0..<rounds {
                if let peer, let bestSoFar = peerBest {
                    peerBest = peer.process.bestSeconds(peer.kind, calls: perRound).map { min(bestSoFar, $0) }
                }
                let samples = TimingSamples.measure(count: perRound, warmup: round == 0 ? 1 : 0) {
                    kept = Downsampler.downsample(algorithm: algorithm, x: x, y: values, points: threshold, into: out, level: level)
                }
                best = min(best, samples.minimumNanoseconds)
                if readPassInTurn {
                    for way in readWays {
                        let reads = TimingSamples.measure(count: perRound, warmup: round == 0 ? 1 : 0) {
                            readTotal += readPassSum(values, way: way)
                        }
                        readBest = min(readBest, reads.minimumNanoseconds)
                    }
                }
            }
        }
        blackHole(readTotal)  // keeps the sums observable
        let n = Double(values.count)
        return (
            n / (Double(best) / 1e9), peerBest.map { n / $0 }, Array(output[0..<kept]),
            readPassInTurn ? n / (Double(readBest) / 1e9) : nil
        )
    }
}

extension DownsamplingBenchmark {
    /// How many timed runs over `count` values: one per 100 000 values' worth of 0.2 s of
    /// budget (0.02 s with `quick`), from 60 (3 with `quick`) to 2000; the peer script repeats
    /// as many. Why at least 60: at 10⁷ values a call takes ~2.5 ms, and the best of 20 calls
    /// per side moved the ratio to tsdownsample by ±5 % between runs on a shared host.
    static func repetitions(_ count: Int, quick: Bool) -> Int {
        max(quick ? 3 : 60, min(2000, (quick ? 20_000_000 : 200_000_000) / max(1, count)))
    }

    /// Best-of-repeats points/s of each of `algorithms` at the active level and of one read
    /// pass over `values`, all timed in turn for ``repetitions(_:quick:)`` rounds (as
    /// ``measure(_:_:x:quick:level:against:readPassInTurn:)`` times a kernel, so the figures compare): ratios of them
    /// that the host's other machines move together. The read pass is the fastest of
    /// ``readWays``, so the floor is the best this machine's core reads the array at, whichever
    /// way the kernels chose.
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
        let reads: [() -> Void] = readWays.map { way in { sink.total += readPassSum(values, way: way) } }
        let kernels: [() -> Void] = zip(algorithms, outputs).map { algorithm, out in
            { _ = Downsampler.downsample(algorithm: algorithm, x: nil, y: values, points: threshold, into: out, level: .active) }
        }
        let samples = TimingSamples.inTurn(count: repetitions(values.count, quick: quick), reads + kernels)
        blackHole(sink.total)  // keeps the sums observable
        let n = Double(values.count)
        let read = samples.prefix(reads.count).map(\.minimumNanoseconds).min()!
        let rates = samples.dropFirst(reads.count).map { n / (Double($0.minimumNanoseconds) / 1e9) }
        return (rates, n / (Double(read) / 1e9))
    }
}

/// The ways of reading the read pass is timed in (``readPassSum(_:way:)``), the fastest of
/// which is the floor: the kernels' two (`LTK_READ_AHEAD`, `LTK_READ_PLAIN`) and 256-bit loads
/// (`LTK_READ_NARROW`), which a plain sum streams fastest with on a Zen 4 past its caches.
private let readWays = [Int32(LTK_READ_AHEAD), Int32(LTK_READ_PLAIN), Int32(LTK_READ_NARROW)]

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

/// tsdownsample (Rust, PyPI) timed by a Python script kept running on the same f64 file
/// (``PeerProcess``), one thread (`RAYON_NUM_THREADS=1`), asked for a few timed calls at a
/// time so that its rounds and ours alternate.
final class TsdownsamplePeer {
    /// Loads the array, makes each downsampler once (one warm-up call each, with x for
    /// `lttb_x`), says `ready`, then answers `KIND CALLS` with the best seconds of that many calls and
    /// `indices` with LTTB's picks, comma-separated.
    static let script = """
        import sys, time
        import numpy as np
        from tsdownsample import LTTBDownsampler, MinMaxDownsampler, M4Downsampler, MinMaxLTTBDownsampler
        y = np.fromfile(sys.argv[1], dtype=np.float64)
        n_out = int(sys.argv[2])
        x = 1709280000000.0 + np.arange(len(y), dtype=np.float64)
        kinds = {"lttb": (LTTBDownsampler(), (y,)), "minmax": (MinMaxDownsampler(), (y,)),
                 "m4": (M4Downsampler(), (y,)), "minmaxlttb": (MinMaxLTTBDownsampler(), (y,)),
                 "lttb_x": (LTTBDownsampler(), (x, y))}
        for d, arrays in kinds.values(): d.downsample(*arrays, n_out=n_out)
        print("ready", flush=True)
        for line in sys.stdin:
            words = line.split()
            if words[0] == "indices":
                print(",".join(str(int(i)) for i in kinds["lttb"][0].downsample(y, n_out=n_out)), flush=True)
                continue
            d, arrays = kinds[words[0]]
            best = float("inf")
            for _ in range(int(words[1])):
                t0 = time.perf_counter()
                d.downsample(*arrays, n_out=n_out)
                best = min(best, time.perf_counter() - t0)
            print(best, flush=True)
        """

    static var isAvailable: Bool {
        Subprocess.run(["python3", "-c", "import numpy, tsdownsample"])?.status == 0
    }

    private let process: PeerProcess
    private let path: String

    /// Writes `values` to a temporary file and starts the script on it; nil when it cannot.
    init?(values: [Double], threshold: Int) {
        guard let path = Subprocess.writeTemporary(values, name: "walk") else { return nil }
        guard
            let process = PeerProcess(
                script: Self.script, arguments: [path, String(threshold)], environment: ["RAYON_NUM_THREADS=1"])
        else {
            unlink(path)
            return nil
        }
        self.path = path
        self.process = process
    }

    deinit { unlink(path) }

    /// The least seconds of `calls` calls of `kind` (an algorithm's raw value, or `lttb_x`);
    /// nil when the peer failed.
    func bestSeconds(_ kind: String, calls: Int) -> Double? {
        process.ask("\(kind) \(calls)").flatMap { Double(Substring($0).trimmingSpaces) }
    }

    /// tsdownsample's LTTB picks on the array; nil when the peer failed.
    func lttbIndices() -> [Int]? {
        guard let line = process.ask("indices") else { return nil }
        let indices = line.split(separator: ",").compactMap { Int($0.trimmingSpaces) }
        return indices.isEmpty ? nil : indices
    }
}
