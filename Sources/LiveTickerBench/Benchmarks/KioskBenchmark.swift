import LiveTickerChart
import LiveTickerCore
import LiveTickerDisplay
import LiveTickerFeed
import LiveTickerLoop
import LiveTickerRender
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The kiosk figure: what a panel showing a busy feed costs. A producer thread appends 10 000
/// ticks a second (10 every millisecond, on absolute deadlines) to a live series while this
/// thread runs the public `RenderLoop` (`LiveTickerLoop`, what `liveticker run` and an embedding
/// app run) on a one-panel `Dashboard` (line over one-second candles, the last minute) and a
/// 1920×1080 ``PacedScanoutDisplay``: its `present` copies the damaged rectangles of the frame
/// into a second buffer (as a DRM driver given dirty clips copies them into its scan-out) and
/// returns at the next 60 Hz vertical blank, as a page flip does.
/// Reports the process's CPU time per second of wall time (both threads), the render thread's
/// alone, and the median and p99 frame (draw + present's copy, without the vblank wait) over
/// 10 s (2 s with `--quick`).
enum KioskBenchmark {
    static let width = 1920
    static let height = 1080
    static let ticksPerSecond = 10_000

    static func run(_ options: BenchOptions, into report: inout BenchReport) {
        measure(options, whole: false, into: &report)
        measure(options, whole: true, into: &report)
        measureWakeupFloor(options, into: &report)
    }

    /// What the figure's producer costs before it appends anything: a thread waking on the
    /// producer's schedule (every millisecond, absolute deadlines, a clock read each time) for
    /// 5 s (1 s with `--quick`), its own CPU time per second of wall time. On a virtual machine a
    /// timed wake-up costs tens of microseconds of CPU (the timer and the switch go through the
    /// hypervisor), which the kiosk figure counts but no code of LiveTicker's runs in.
    static func measureWakeupFloor(_ options: BenchOptions, into report: inout BenchReport) {
        let seconds: UInt64 = options.quick ? 1 : 5
        guard let series = try? LiveSeries(capacity: 1 << 10, candleInterval: .seconds(1)) else { return }
        let producer = KioskProducer(series: series, appends: false)
        let start = MonotonicClock.now()
        producer.start()
        sleepUntil(start &+ seconds * 1_000_000_000)
        producer.stop()
        let wall = MonotonicClock.now() &- start
        guard wall > 0 else { return }
        report.add(
            "kiosk.producer_wakeups_cpu_percent", Double(producer.threadCPUNanoseconds) / Double(wall) * 100, "%",
            note: "a thread waking on the producer's schedule (1 000 times a second) and appending nothing, \(seconds) s: "
                + "the part of kiosk.cpu_percent_of_one_core that is this machine's cost of timed wake-ups")
    }

    /// One run: `whole` forces every frame to be drawn and presented whole (the loop as it was
    /// before panels redrew only their changes), reported under `kiosk_whole.`; else the
    /// public loop as it is, under `kiosk.`.
    static func measure(_ options: BenchOptions, whole: Bool, into report: inout BenchReport) {
        let name = whole ? "kiosk_whole" : "kiosk"
        let seconds: UInt64 = options.quick ? 2 : 10
        guard let series = try? LiveSeries(capacity: 1 << 20, candleInterval: .seconds(1)) else { return }
        var chartOptions = ChartOptions()
        chartOptions.kind = .both
        chartOptions.window = .follow(nanoseconds: 60_000_000_000)
        let panel = DashboardPanel(
            place: GridPlace(row: 0, column: 0), series: [ChartSeries(id: "0", title: "KIOSK", source: series)],
            panes: [Pane(marks: LiveTickerChart.defaultMarks(seriesCount: 1, options: chartOptions))], options: chartOptions)
        let display = PacedScanoutDisplay(width: width, height: height, framesExpected: Int(seconds) * 61)
        let loop = RenderLoop(display: display) { width, height in
            Dashboard(grid: DashboardGrid(rows: 1, columns: 1), panels: [panel], width: width, height: height)
        }
        let producer = KioskProducer(series: series)
        // A kiosk runs for hours: its window is full. The minute before the start is filled at
        // the producer's rate, so the frames measured are the steady state (the window's start
        // moving with the newest tick, the oldest candle leaving every second), not a chart
        // filling up from empty.
        producer.prefill(seconds: 60)
        let start = MonotonicClock.now()
        let end = start &+ seconds * 1_000_000_000
        let token = RenderStopToken(alsoWhen: { MonotonicClock.now() >= end })
        // Both clocks count user and system time (CLOCK_PROCESS_CPUTIME_ID is what getrusage's
        // RUSAGE_SELF sums, at nanosecond resolution).
        let processBefore = SystemClock.processCPU.nanoseconds()
        let threadBefore = SystemClock.threadCPU.nanoseconds()
        producer.start()
        display.startClock(at: start)
        do {
            // The turn starts here: what present() sees after it is the frame's draw.
            try loop.run(until: token) {
                display.turnStarted()
                if whole { loop.scene.invalidate() }
            }
        } catch {
            report.note(name, "the render loop stopped: \(error)")
        }
        producer.stop()
        let wall = Double(MonotonicClock.now() &- start) / 1e9
        let cpu = Double(SystemClock.processCPU.nanoseconds() - processBefore) / 1e9
        let renderCPU = Double(SystemClock.threadCPU.nanoseconds() - threadBefore) / 1e9
        report.add("\(name).cpu_percent_of_one_core", cpu / wall * 100, "%",
                   note: "both threads: \(ticksPerSecond) ticks/s appended, RenderLoop at 60 Hz drawing when the data changed, \(seconds) s, 1920×1080"
                + (whole ? ", every frame drawn and presented whole" : ", each frame redrawing and presenting only what changed"))
        report.add("\(name).render_thread_cpu_percent", renderCPU / wall * 100, "%")
        report.add("\(name).frames", Double(display.frames.nanoseconds.count), "frames")
        report.add("\(name).ticks_appended", Double(producer.appended), "ticks")
        report.add("\(name).frame_median_ms", display.frames.medianMilliseconds, "ms")
        report.add("\(name).frame_p99_ms", display.frames.p99Milliseconds, "ms", note: "draw + present's copy, wall time (the vblank wait not counted)")
        report.add("\(name).frame_cpu_median_ms", display.frameCPU.medianMilliseconds, "ms")
        report.add("\(name).frame_cpu_p99_ms", display.frameCPU.p99Milliseconds, "ms", note: "the same frames in the render thread's CPU time (preemption by other processes not counted)")
    }
}

/// A `Display` standing in for a 60 Hz panel with no hardware: `present` copies the frame's
/// damaged rectangles into a scan-out buffer and returns at the next vertical blank of a 60 Hz clock (absolute
/// deadlines, so the phase never drifts), the way a DRM page flip does. It also times each
/// frame: from the render loop's turn start (``turnStarted()``) to the end of the copy.
/// Used from the render thread only.
final class PacedScanoutDisplay: Display {
    let width: Int
    let height: Int
    let refreshInterval: Duration = .nanoseconds(16_666_667)
    let hasVBlank = false
    var summary: String { "bench scan-out \(width)x\(height)@60 (timer-paced)" }
    private(set) var frames = TimingSamples()
    private(set) var frameCPU = TimingSamples()
    private let scanout: Framebuffer
    private var epoch: UInt64 = 0
    private var turnWall: UInt64 = 0
    private var turnCPU: UInt64 = 0

    init(width: Int, height: Int, framesExpected: Int) {
        self.width = width
        self.height = height
        scanout = Framebuffer(width: width, height: height)
        frames.reserve(framesExpected)
        frameCPU.reserve(framesExpected)
    }

    /// Vertical blanks fall at `start + k × 16.67 ms`.
    func startClock(at start: UInt64) { epoch = start }

    /// Marks the start of a render-loop turn (the draw, if any, follows).
    func turnStarted() {
        turnWall = MonotonicClock.now()
        turnCPU = threadCPUNanoseconds()
    }

    func present(_ frame: Framebuffer) throws(DisplayError) -> Bool {
        copy(frame, frame.bounds)
        return finishFrame()
    }

    /// Copies only the damaged rectangles, row by row, as a DRM driver given dirty clips does.
    func present(_ frame: Framebuffer, damage: [PixelRect]) throws(DisplayError) -> Bool {
        for rect in damage { copy(frame, rect) }
        return finishFrame()
    }

    /// Copies `rect` of `frame` (cut to both buffers) into the scan-out buffer, row by row,
    /// with the DRM display's own copy (``PixelCopy``), so the figure counts what a kiosk's
    /// present costs.
    private func copy(_ frame: Framebuffer, _ rect: PixelRect) {
        PixelCopy.copy(
            frame, rect: rect, layout: .xrgb8888, to: UnsafeMutableRawPointer(scanout.pixels), width: width, height: height,
            pitch: scanout.stride &* 4)
    }

    /// Times the frame just presented and waits for the next vertical blank.
    private func finishFrame() -> Bool {
        let now = MonotonicClock.now()
        frames.append(now &- turnWall)
        frameCPU.append(threadCPUNanoseconds() &- turnCPU)
        let period: UInt64 = 16_666_667
        let next = epoch &+ ((now &- epoch) / period &+ 1) &* period
        sleepUntil(next)
        return true
    }

    func close() {}
}

/// Sleeps until `deadline` on CLOCK_MONOTONIC (absolute, so lateness never accumulates).
func sleepUntil(_ deadline: UInt64) {
    var spec = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
    while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &spec, nil) == EINTR {}
}

/// The producer thread: 10 ticks every millisecond (a random walk stamped with the wall
/// clock) until stopped; with `appends` false, the same wake-ups and clock reads and no ticks
/// (the figure's floor).
///
/// Invariant: `series` is appended to by the producer thread only; `appended` and
/// `threadCPUNanoseconds` are written by it and read after `pthread_join`; `stopping` is the
/// only field both threads touch (atomic).
private final class KioskProducer: @unchecked Sendable {
    let series: LiveSeries
    let appends: Bool
    let stopping = Atomic<Bool>(false)
    private(set) var appended = 0
    /// The producer thread's CPU time from its start to its stop.
    private(set) var threadCPUNanoseconds: Int64 = 0
    private var thread: pthread_t?

    init(series: LiveSeries, appends: Bool = true) {
        self.series = series
        self.appends = appends
    }

    func start() {
        thread = startFeedThread { [self] in produce() }
    }

    func stop() {
        stopping.store(true, ordering: .releasing)
        if let thread { pthread_join(thread, nil) }
        thread = nil
    }

    private var generator = SplitMix64(seed: 60)
    private var level = 100.0
    private var last = Int64.min

    /// Appends `seconds` of ticks at the producer's rate, stamped up to now, before the thread
    /// starts (the same random walk the thread goes on with).
    func prefill(seconds: Int) {
        let now = SystemClock.realtime.nanoseconds()
        let count = seconds * KioskBenchmark.ticksPerSecond
        for i in 0..<count {
            level += generator.symmetricUnit() * 0.05
            last = now &- Int64(count &- i) &* 100_000
            series.append(Tick(time: last, value: level, size: 1))
        }
    }

    private func produce() {
        let cpuBefore = SystemClock.threadCPU.nanoseconds()
        defer { threadCPUNanoseconds = SystemClock.threadCPU.nanoseconds() - cpuBefore }
        var deadline = MonotonicClock.now()
        while !stopping.load(ordering: .acquiring) {
            let time = SystemClock.realtime.nanoseconds()
            for k in 0..<(appends ? 10 : 0) {
                level += generator.symmetricUnit() * 0.05
                // Times only move forward, as a feed's do: a producer that slept late and
                // catches up stamps its batches microseconds apart, and 10 stamps 0.1 ms apart
                // from each batch's start would then run backwards (the chart's line is then
                // no longer monotone in x and takes the general, much slower stroke path).
                last = max(time &+ Int64(k) * 100_000, last &+ 1)
                series.append(Tick(time: last, value: level, size: 1))
            }
            if appends { appended &+= 10 }
            deadline &+= 1_000_000
            sleepUntil(deadline)
        }
    }
}
