#if canImport(Glibc)
import Glibc
#endif
import LiveTickerFeed

/// Whole commands as a user times them (`time CMD`), each beside the tool a user would
/// otherwise reach for, on the same file in the same run; best wall time of three runs each
/// (one with `--quick`), with CPU time and peak memory:
/// - `liveticker downsample --algorithm lttb --points 2000` on a 10 M-row `time,price` CSV
///   (1 M with `--quick`), as it runs by default (parsing on every core) and with
///   `--threads 1`, beside Python with pandas `read_csv` and tsdownsample's LTTB on the
///   time and price columns (whole process, and the two calls alone as the script times them);
///   `liveticker replay` of the same file shows what parsing it costs;
/// - `liveticker replay` of 10⁶ rows to a 1920×1080 PNG beside gnuplot's `png` terminal
///   drawing the same points with lines.
enum EndToEndBenchmark {
    static let pandasScript = """
        import sys, time
        import pandas as pd
        from tsdownsample import LTTBDownsampler
        t0 = time.perf_counter()
        df = pd.read_csv(sys.argv[1])
        idx = LTTBDownsampler().downsample(df["time"].values, df["price"].values, n_out=int(sys.argv[2]))
        print(time.perf_counter() - t0, len(idx), file=sys.stderr)
        """

    static func run(_ options: BenchOptions, into report: inout BenchReport) {
        guard let command = options.commandPath else {
            report.note("e2e", "skipped: needs the liveticker executable beside this one (swift build -c release --product liveticker)")
            return
        }
        let repeats = options.quick ? 1 : 3
        let rows = options.quick ? 1_000_000 : 10_000_000
        let path = "/tmp/liveticker-bench-\(getpid())-prices.csv"
        guard PriceFileWriter.write(path: path, count: rows) != nil else {
            report.note("e2e", "could not write \(path)")
            return
        }
        defer { unlink(path) }
        let picture = "/tmp/liveticker-bench-\(getpid())-e2e.png"
        defer { unlink(picture) }
        let label = powerOfTen(rows)

        // 1. downsample, beside the parse-bound replay of the same file and pandas + tsdownsample.
        let key = "e2e.downsample.n\(rows)"
        guard let ours = ProcessRun.best(of: repeats, [command, "downsample", "--algorithm", "lttb", "--points", "2000", path])
        else {
            report.note("e2e", "liveticker downsample failed on \(path)")
            return
        }
        // `downsample` parses a large file on every core by default (`--threads`); its one-thread
        // figure is beside it, for a reader comparing with a one-thread peer.
        add(ours.run, key: key, report: &report, note: "liveticker downsample --algorithm lttb --points 2000, a \(label)-row time,price CSV, parsed on \(CSVNumericColumns.defaultThreadCount) threads (this machine's cores)")
        let single = ProcessRun.best(of: repeats, [command, "downsample", "--algorithm", "lttb", "--points", "2000", "--threads", "1", path])
        if let single {
            add(single.run, key: "\(key).threads1", report: &report, note: "the same with --threads 1")
        }
        if let replay = ProcessRun.best(of: repeats, [command, "replay", path, "--output", picture]) {
            report.add(
                "e2e.replay_same_file.n\(rows).seconds", replay.run.wallSeconds, "s",
                note: "liveticker replay of the same file (parse + one frame): downsample takes ×\(fixed(ours.run.wallSeconds / replay.run.wallSeconds, digits: 2)) of it")
        }
        if options.comparePeers, Subprocess.run(["python3", "-c", "import pandas, tsdownsample"])?.status == 0 {
            if let peer = ProcessRun.best(of: repeats, ["python3", "-c", pandasScript, path, "2000"], environment: ["RAYON_NUM_THREADS=1"]) {
                add(peer.run, key: "\(key).pandas_tsdownsample", report: &report, note: "python3: pandas.read_csv + tsdownsample LTTBDownsampler(time, price), whole process")
                report.compare(
                    "downsample a \(label)-row CSV to 2000 points, whole process", ours: ours.run.wallSeconds,
                    peer: peer.run.wallSeconds, peerName: "pandas + tsdownsample", unit: "s", lowerIsBetter: true)
                if let single {
                    report.compare(
                        "same, liveticker on one thread (--threads 1)", ours: single.run.wallSeconds,
                        peer: peer.run.wallSeconds, peerName: "pandas + tsdownsample", unit: "s", lowerIsBetter: true)
                }
                report.compare(
                    "same, CPU time (user + system)", ours: ours.run.cpuSeconds, peer: peer.run.cpuSeconds,
                    peerName: "pandas + tsdownsample", unit: "s", lowerIsBetter: true)
                if let inside = Double(Substring(peer.output.split(separator: " ").first ?? "").trimmingSpaces) {
                    report.add("\(key).pandas_tsdownsample.calls_seconds", inside, "s", note: "read_csv + downsample alone, as the script times them (no start-up, no imports)")
                    report.compare(
                        "same, against pandas + tsdownsample's calls alone", ours: ours.run.wallSeconds, peer: inside,
                        peerName: "read_csv + LTTB", unit: "s", lowerIsBetter: true)
                }
            }
        } else if options.comparePeers {
            report.note("e2e", "pandas + tsdownsample column skipped: python3 with pandas and tsdownsample not found (pip install pandas tsdownsample)")
        }

        // 2. replay of 10⁶ rows to a 1080p PNG, beside gnuplot drawing the same points.
        let replayRows = 1_000_000
        let small = "/tmp/liveticker-bench-\(getpid())-prices-1e6.csv"
        guard PriceFileWriter.write(path: small, count: replayRows) != nil else { return }
        defer { unlink(small) }
        let replayKey = "e2e.replay_png.n\(replayRows)"
        guard let replay = ProcessRun.best(of: repeats, [command, "replay", small, "--output", picture, "--size", "1920x1080"]) else {
            report.note("e2e", "liveticker replay failed on \(small)")
            return
        }
        add(replay.run, key: replayKey, report: &report, note: "liveticker replay FILE --output out.png --size 1920x1080")
        if options.comparePeers, ProcessRun.onPath("gnuplot") {
            let plot = "set terminal png size 1920,1080; set output '\(picture)'; set datafile separator ','; plot '\(small)' every ::1 using 1:2 with lines notitle"
            if let gnuplot = ProcessRun.best(of: repeats, ["gnuplot", "-e", plot]) {
                add(gnuplot.run, key: "\(replayKey).gnuplot", report: &report, note: "gnuplot png terminal, the same points with lines")
                report.compare(
                    "replay 10⁶ rows to a 1920×1080 PNG, whole process", ours: replay.run.wallSeconds,
                    peer: gnuplot.run.wallSeconds, peerName: "gnuplot (png)", unit: "s", lowerIsBetter: true)
                report.compare(
                    "same, CPU time (user + system)", ours: replay.run.cpuSeconds, peer: gnuplot.run.cpuSeconds,
                    peerName: "gnuplot (png)", unit: "s", lowerIsBetter: true)
            }
        } else if options.comparePeers {
            report.note("e2e", "gnuplot column skipped: gnuplot not found (apt-get install gnuplot-nox)")
        }
    }

    private static func add(_ run: ProcessRun, key: String, report: inout BenchReport, note: String) {
        report.add("\(key).seconds", run.wallSeconds, "s", note: note)
        report.add("\(key).cpu_seconds", run.cpuSeconds, "s")
        report.add("\(key).max_resident_mb", run.maxResidentMegabytes, "MB")
    }
}
