/// What one Bench run measures.
public struct BenchOptions: Sendable {
    /// The groups of figures to measure; all by default.
    public enum Section: String, CaseIterable, Sendable {
        /// Downsampling throughput per algorithm and size, beside tsdownsample when present.
        case downsample
        /// Ring buffer throughput on one thread and across a producer and a consumer thread.
        case ring
        /// Frame times of the reference frame (`Docs/reference-figures.md`) beside a memcpy of the same buffer and
        /// Blend2D drawing the same scene.
        case frame
        /// Tick ingest: CSV and binary parsing into a live series with candles.
        case ingest
        /// Frame times with 10⁴, 10⁶ and 10⁸ ticks of history in view (cost must not grow).
        case history
        /// Whole commands as a user times them: `liveticker downsample` on a 10 M-row CSV beside
        /// pandas + tsdownsample, `liveticker replay` of 10⁶ rows to a PNG beside gnuplot.
        case e2e
        /// The kiosk: the render loop at 60 Hz on a 1080p framebuffer with a producer thread at
        /// 10 k ticks/s for 10 s: CPU per second of wall time and the p99 frame time.
        case kiosk
        /// Dashboards at 1080p: 2×2 and 3×3 walls of panels with volume panes, all panels
        /// changing and one changing, beside the one-panel reference frame.
        case dashboard
        /// MQTT through a local mosquitto started for it: messages/s and ticks/s into the kiosk's
        /// subscriber (single ticks and batches of 100 at QoS 0), publish-to-queue latency p50/p99
        /// at 1 000 messages/s. Skipped with a note when mosquitto is missing.
        case mqtt
    }

    /// Sections to run, in order.
    public var sections: [Section] = Section.allCases
    /// Smaller sizes and fewer repetitions, for a smoke run (seconds instead of a minute).
    public var quick = false
    /// Compare against Python peers (tsdownsample, polars, Blend2D) when `python3` has them.
    public var comparePeers = true

    /// The `liveticker` executable the end-to-end section runs (nil: that section only notes
    /// that it needs one).
    public var commandPath: String?

    /// Reads the process's heap-allocation count, when the running executable can count them
    /// (the `Bench` executable links a counting allocator; the static `liveticker` cannot).
    public var allocationCount: (@Sendable () -> UInt64)?

    /// Defaults: every section, full sizes, peers compared when available.
    public init() {}
}
