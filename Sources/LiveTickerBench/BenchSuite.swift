/// The LiveTicker benchmark suite: one implementation behind two entry points, the `Bench`
/// executable (`swift run -c release Bench`) and `liveticker bench` in the shipped binary, so
/// a board with only the static binary can measure itself.
///
/// Figures are measured, never asserted. Run it from a release build; a debug build prints a
/// warning because its figures mean nothing.
public enum BenchSuite {
    /// Runs the sections `options` selects, printing progress to `log`, and returns the figures.
    public static func run(_ options: BenchOptions, log: (String) -> Void) -> BenchReport {
        var report = BenchReport()
        report.machine = MachineDescription.current()
        #if DEBUG
        log("warning: this is a debug build; its figures are not meaningful (use -c release)")
        #endif
        for section in options.sections {
            log("measuring \(section.rawValue)…")
            switch section {
            case .downsample: DownsamplingBenchmark.run(options, into: &report)
            case .ring: RingBenchmark.run(options, into: &report)
            case .frame: FrameBenchmark.run(options, into: &report)
            case .ingest: IngestBenchmark.run(options, into: &report)
            case .history: HistoryBenchmark.run(options, into: &report)
            case .e2e: EndToEndBenchmark.run(options, into: &report)
            case .kiosk: KioskBenchmark.run(options, into: &report)
            case .dashboard: DashboardBenchmark.run(options, into: &report)
            case .mqtt: MQTTBenchmark.run(options, into: &report)
            }
        }
        return report
    }
}
