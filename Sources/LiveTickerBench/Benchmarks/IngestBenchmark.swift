import LiveTickerCore
import LiveTickerFeed

#if canImport(Glibc)
import Glibc
#endif

/// Tick ingest: a generated `time,price,size` CSV (epoch milliseconds) parsed end to end at
/// `--speed max` into a live series with one-minute candles, in ticks/s and MB/s, beside
/// polars.read_csv on one thread on the same file (reference figures, `Docs/reference-figures.md`: ≈ 19 M ticks/s, ≈ 500 MB/s).
enum IngestBenchmark {
    static func run(_ options: BenchOptions, into report: inout BenchReport) {
        let count = options.quick ? 1_000_000 : 5_000_000
        let path = "/tmp/liveticker-bench-\(getpid())-ticks.csv"
        guard let bytes = writeTickFile(path: path, count: count) else {
            report.note("ingest", "could not write \(path)")
            return
        }
        defer { unlink(path) }

        // Parse only (a counting sink), then the real path into a LiveSeries with candles.
        var best = Double.infinity
        for _ in 0..<3 {
            guard let reader = try? CSVTickReader(path: path) else { break }
            var sink = CountingTickSink()
            let start = MonotonicClock.now()
            _ = try? reader.read(into: &sink)
            best = min(best, Double(MonotonicClock.now() &- start) / 1e9)
            blackHole(sink.count)
        }
        report.add("ingest.csv.parse.ticks_per_second", Double(count) / best, "ticks/s")
        report.add("ingest.csv.parse.megabytes_per_second", Double(bytes) / best / 1e6, "MB/s")

        // Into a series with candles, in turn with polars on the same file when it runs: three
        // rounds of one read each, all on one CPU (``withThreadPinned(_:)``), best of each side.
        var bestSeries = Double.infinity
        var polarsSeconds: [Double] = []
        var polarsFailed = false  // then no polars figure at all
        withThreadPinned {
            let polars = options.comparePeers ? PolarsPeer(path: path) : nil
            for _ in 0..<3 {
                if let polars, !polarsFailed {
                    if let seconds = polars.readSeconds() { polarsSeconds.append(seconds) } else { polarsFailed = true }
                }
                guard let reader = try? CSVTickReader(path: path),
                    let series = try? LiveSeries(capacity: 1 << 20, candleInterval: .seconds(60))
                else { break }
                var sink = SeriesAppendSink(series: series)
                let start = MonotonicClock.now()
                _ = try? reader.read(into: &sink)
                bestSeries = min(bestSeries, Double(MonotonicClock.now() &- start) / 1e9)
                blackHole(series.version)
            }
        }
        let bestPolars = polarsFailed ? nil : polarsSeconds.min()
        var note = ""
        if let polars = bestPolars {
            report.add("ingest.csv.polars_one_thread.ticks_per_second", Double(count) / polars, "ticks/s")
            note = "\(ratioPhrase(polars / bestSeries)) than polars on one thread"
            report.compare(
                "CSV into a live series with candles", ours: Double(count) / bestSeries, peer: Double(count) / polars,
                peerName: "polars.read_csv, 1 thread", unit: "ticks/s", lowerIsBetter: false)
        } else if options.comparePeers {
            report.note("ingest", "polars column skipped: python3 with polars not found (pip install polars)")
        }
        report.add("ingest.csv.series.ticks_per_second", Double(count) / bestSeries, "ticks/s", note: note)
        report.add("ingest.csv.series.megabytes_per_second", Double(bytes) / bestSeries / 1e6, "MB/s")

        // The binary format (`liveticker convert`), for replays faster than text parses.
        let binaryPath = path + ".ltk"
        defer { unlink(binaryPath) }
        guard (try? TickFileConverter.convert(input: path, output: binaryPath)) != nil else {
            report.note("ingest", "could not convert the CSV to \(binaryPath)")
            return
        }
        var bestBinary = Double.infinity
        var bestBinarySeries = Double.infinity
        for _ in 0..<3 {
            if let reader = try? BinaryTickReader(path: binaryPath) {
                var sink = CountingTickSink()
                let start = MonotonicClock.now()
                _ = try? reader.read(into: &sink)
                bestBinary = min(bestBinary, Double(MonotonicClock.now() &- start) / 1e9)
                blackHole(sink.count)
            }
            if let reader = try? BinaryTickReader(path: binaryPath),
                let series = try? LiveSeries(capacity: 1 << 20, candleInterval: .seconds(60))
            {
                var sink = SeriesAppendSink(series: series)
                let start = MonotonicClock.now()
                _ = try? reader.read(into: &sink)
                bestBinarySeries = min(bestBinarySeries, Double(MonotonicClock.now() &- start) / 1e9)
                blackHole(series.version)
            }
        }
        report.add("ingest.binary.parse.ticks_per_second", Double(count) / bestBinary, "ticks/s")
        report.add("ingest.binary.series.ticks_per_second", Double(count) / bestBinarySeries, "ticks/s")
        measurePacing(options, into: &report)
    }

    /// Recorded-speed replay: ticks 10 ms apart over 60 s (5 s with `--quick`) replayed with
    /// `--speed 1` pacing against CLOCK_MONOTONIC; reports how late the latest tick was and how
    /// far the end of the replay drifted from the recording's length.
    static func measurePacing(_ options: BenchOptions, into report: inout BenchReport) {
        let seconds = options.quick ? 5 : 60
        let count = seconds * 100
        var pacer = ReplayPacer(speed: .recorded)
        let start = MonotonicClock.now()
        for i in 0..<count {
            pacer.wait(for: Int64(i) * 10_000_000)
        }
        let elapsed = Double(MonotonicClock.now() &- start) / 1e6
        let recorded = Double((count - 1) * 10)
        report.add("ingest.pacing.speed1.max_lateness_ms", Double(pacer.maximumLateness) / 1e6, "ms",
                   note: "\(count) ticks 10 ms apart over \(seconds) s")
        report.add("ingest.pacing.speed1.end_drift_ms", elapsed - recorded, "ms")
    }

    /// Writes `count` ticks of a random walk, one per millisecond from 2024-03-01 08:00 UTC,
    /// and returns the file's size in bytes.
    static func writeTickFile(path: String, count: Int) -> Int? {
        guard let file = fopen(path, "wb") else { return nil }
        defer { fclose(file) }
        var generator = SplitMix64(seed: 7)
        var price = 10_125.0  // in cents, so prices print with exactly two decimals
        var line = [UInt8]()
        line.reserveCapacity(1 << 20)
        var total = 0
        line.append(contentsOf: Array("time,price,size\n".utf8))
        let start: Int64 = 1_709_280_000_000
        for i in 0..<count {
            price = max(100, price + (generator.symmetricUnit() * 3).rounded())
            let cents = Int(price)
            line.append(contentsOf: Array("\(start + Int64(i)),\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100),\(1 + Int(generator.next() % 50) * 100)\n".utf8))
            if line.count > (1 << 20) - 64 {
                total += line.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
                line.removeAll(keepingCapacity: true)
            }
        }
        total += line.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        return total
    }
}

/// Appends every tick to a series (the `--speed max` replay path: a batch at a time).
struct SeriesAppendSink: TickSink {
    let series: LiveSeries
    mutating func consume(_ tick: Tick, symbol: SymbolID) { series.append(tick) }
    mutating func consume(_ batch: TickBatch) { series.append(contentsOf: batch.ticks) }
}

/// polars.read_csv on one thread (`POLARS_MAX_THREADS=1`), timed by a Python script kept
/// running (``PeerProcess``) and asked for one read at a time, so that its reads and ours
/// alternate.
final class PolarsPeer {
    /// Answers each `read` with the seconds one `read_csv` of the file took.
    static let script = """
        import sys, time
        import polars as pl
        print("ready", flush=True)
        for line in sys.stdin:
            t0 = time.perf_counter()
            df = pl.read_csv(sys.argv[1])
            print(time.perf_counter() - t0, flush=True)
            del df
        """

    private let process: PeerProcess

    /// Starts the script on the CSV at `path`; nil when python3 or polars is missing.
    init?(path: String) {
        guard let process = PeerProcess(script: Self.script, arguments: [path], environment: ["POLARS_MAX_THREADS=1"])
        else { return nil }
        self.process = process
    }

    /// The seconds of one more read; nil when the peer failed.
    func readSeconds() -> Double? {
        process.ask("read").flatMap { Double(Substring($0).trimmingSpaces) }
    }
}
