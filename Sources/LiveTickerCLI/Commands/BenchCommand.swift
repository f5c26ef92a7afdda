import LiveTickerBench

/// `liveticker bench`: the benchmark suite from the shipped binary (the same code the `Bench`
/// executable runs).
enum BenchCommand: Command {
    static let name = "bench"
    static let summary = "measure downsampling, ring, frame and ingest speed on this machine"
    static let flags: Set<String> = ["quick", "no-peers"]
    static let help = """
        Usage: liveticker bench [--quick] [--section NAME[,NAME...]] [--json PATH] [--no-peers]

        Measures this machine and prints a table of figures (never a verdict):
          downsample  LTTB, MinMax, M4, MinMaxLTTB points/s at N = 1e5, 1e6, 1e7 (M = 1920),
                      beside tsdownsample when python3 has it
          ring        ring-buffer ops/s on one thread and across producer + consumer threads
          frame       reference frame (Docs/reference-figures.md) median and p99 ms at 1920x1080 and 800x480,
                      beside a memcpy of the same buffer and Blend2D drawing the same
                      scene when python3 has blend2d-python
          ingest      CSV and binary ticks/s into a live series with candles, beside polars
          history     frame ms with 1e4, 1e6 and 1e8 ticks of history in view (ratio to 1e4;
                      1e8 needs about 4.4 GB of memory and is skipped by --quick)
          e2e         whole commands as users time them: `liveticker downsample` on a 1e7-row
                      CSV beside pandas + tsdownsample, `liveticker replay` of 1e6 rows to a
                      1920x1080 PNG beside gnuplot (needs the liveticker executable)
          kiosk       the render loop at 60 Hz on a 1080p framebuffer with a producer at
                      10k ticks/s for 10 s: CPU per second of wall time, p99 frame time
          dashboard   2x2 and 3x3 walls at 1080p, every panel or one changing, in turn with
                      the 1080p reference frame (ratio to it); with every panel changing,
                      also the wall drawn alone
          mqtt        through a mosquitto started on a loopback port (skipped when it is not
                      installed): messages/s and ticks/s into the subscriber, single ticks and
                      batches of 100 at QoS 0; publish-to-queue latency p50/p99 at 1000 msg/s

        A summary closes the output: each of our figures beside its peer's, with how many
        times faster (or slower) we are. Each Python peer runs in one process kept for its
        section, timed in turn with us, both held to one CPU.

        LIVETICKER_SIMD=sse2|avx2|avx512 forces the instruction level of the downsampling,
        stroke-sweep, fill, area and CSV-line kernels (default: the widest this CPU has).

        Options:
          --quick           smaller sizes and fewer repetitions (a smoke run)
          --section LIST    only these sections (comma-separated):
                            downsample,ring,frame,ingest,history,e2e,kiosk,dashboard,mqtt
          --json PATH       also write the figures as JSON (keys documented in the README)
          --no-peers        do not run the Python peers (tsdownsample, polars, Blend2D)

        Build in release mode for meaningful figures: swift run -c release Bench
        """

    static func run(_ arguments: inout ParsedArguments) throws -> Int32 {
        var options = BenchOptions()
        options.allocationCount = LiveTickerCommandLine.allocationCount
        options.quick = arguments.flag("quick")
        options.comparePeers = !arguments.flag("no-peers")
        if let list = arguments.value("section") {
            options.sections = try list.split(separator: ",").map { name throws(UsageError) in
                guard let section = BenchOptions.Section(rawValue: String(name)) else {
                    throw UsageError(
                        "unknown section '\(name)'; choose from "
                            + BenchOptions.Section.allCases.map(\.rawValue).joined(separator: ","))
                }
                return section
            }
        }
        let jsonPath = arguments.value("json")
        try arguments.finish()
        guard arguments.operands.isEmpty else {
            throw UsageError("unexpected argument '\(arguments.operands[0])'")
        }
        if let jsonPath {
            // Before minutes of measuring, not after.
            if let problem = TextFile.writeProblem(jsonPath) {
                throw CommandFailure("cannot write --json \(jsonPath): \(problem)")
            }
        }
        options.commandPath = LiveTickerExecutable.path()
        let report = BenchSuite.run(options) { printError($0) }
        printOutput(report.table, terminator: "")
        if let jsonPath {
            try TextFile.write(report.json, to: jsonPath)
            printError("wrote \(jsonPath)")
        }
        return 0
    }
}
