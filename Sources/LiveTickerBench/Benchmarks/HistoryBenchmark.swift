import LiveTickerChart
import LiveTickerCore
import LiveTickerRender

/// Whether a frame's cost grows with history: the reference-frame-like scene at 1920×1080
/// with 10⁴, 10⁶ and 10⁸ ticks of history all in view (follow mode, everything held visible),
/// 8 new ticks per frame, median frame time each and the ratio to the 10⁴ case, in wall time and
/// in the drawing thread's CPU time (the one to read on a shared machine: preemption by other
/// processes inflates wall medians, not CPU time).
///
/// One series (10⁸ ticks of history are about 4.4 GB of ring and summaries; four would not
/// fit most machines), drawn as line plus ~240 candles with the area fill, like the reference
/// frame. Above 64 × 2 × panel width visible ticks the chart reduces the window through the
/// series' block summaries (see `LiveSeries+Summaries.swift`), so the figures should stay
/// flat. `--quick` skips 10⁸ (its fill alone takes seconds).
enum HistoryBenchmark {
    static let width = 1920
    static let height = 1080

    /// Runs on one CPU (``withThreadPinned(_:)``), so that the scenes compared meet the same CPU.
    static func run(_ options: BenchOptions, into report: inout BenchReport) {
        withThreadPinned { measureAll(options, into: &report) }
    }

    /// Each larger history's frames are drawn in turn with frames of the 10⁴ scene, ten rounds
    /// of a tenth each (three with `--quick`), and its ratio is the two medians of those
    /// frames: measured one after the other, the host's load moved the ratio by a third either
    /// way (×0.64–×1.29 thread CPU in ten runs, where the 10⁸ frame cannot be faster than
    /// the 10⁴ one it contains the work of).
    static func measureAll(_ options: BenchOptions, into report: inout BenchReport) {
        let sizes = options.quick ? [1_000_000] : [1_000_000, 100_000_000]
        let frames = options.quick ? 40 : 200
        let rounds = options.quick ? 3 : 10
        let base = HistoryScene(width: width, height: height, history: 10_000)
        var baseTimings = FrameTimings()
        baseTimings.record(frames: frames, warmup: 10, chart: base.chart, into: base.framebuffer, advance: base.advance)
        add(baseTimings, scene: base, history: 10_000, options: options, into: &report)
        for size in sizes {
            // One large scene at a time: the 10⁸ one must be freed before anything else runs.
            let scene = HistoryScene(width: width, height: height, history: size)
            var timings = FrameTimings(), inTurn = FrameTimings()
            for round in 0..<rounds {
                let warmup = round == 0 ? 10 : 0
                inTurn.record(frames: frames / rounds, warmup: warmup, chart: base.chart, into: base.framebuffer, advance: base.advance)
                timings.record(frames: frames / rounds, warmup: warmup, chart: scene.chart, into: scene.framebuffer, advance: scene.advance)
            }
            add(timings, scene: scene, history: size, options: options, into: &report)
            let wall = timings.samples.medianMilliseconds / inTurn.samples.medianMilliseconds
            let cpu = timings.cpuSamples.medianMilliseconds / inTurn.cpuSamples.medianMilliseconds
            let name = size == 1_000_000 ? "1e6" : "1e8"
            func pair(_ ours: TimingSamples, _ base: TimingSamples) -> String {
                "frames drawn in turn with the 10⁴ scene's: \(fixed(ours.medianMilliseconds, digits: 3)) against \(fixed(base.medianMilliseconds, digits: 3)) ms"
            }
            report.add("history.ratio_\(name)_to_1e4", wall, "x", note: "wall medians, " + pair(timings.samples, inTurn.samples))
            report.add(
                "history.ratio_\(name)_to_1e4_cpu", cpu, "x", note: "thread CPU medians, " + pair(timings.cpuSamples, inTurn.cpuSamples))
        }
        if options.quick { report.note("history", "10⁸ ticks skipped in --quick (about 4.4 GB and seconds to fill)") }
    }

    /// Records the figures of `history` ticks from `timings` (its frames), with the per-stage
    /// split, the allocation count and how long the scene took to fill.
    private static func add(
        _ timings: FrameTimings, scene: HistoryScene, history: Int, options: BenchOptions, into report: inout BenchReport
    ) {
        let samples = timings.samples
        let key = "history.n\(history)"
        report.add("\(key).median_ms", samples.medianMilliseconds, "ms")
        report.add("\(key).median_cpu_ms", timings.cpuSamples.medianMilliseconds, "ms")
        report.add("\(key).p99_ms", samples.p99Milliseconds, "ms")
        for stage in timings.medianFrameSplit()
        where stage.name == "collect" || stage.name == "downsample" || stage.name == "background" || stage.name == "lines" {
            report.add("\(key).stage.\(stage.name)_ms", stage.milliseconds, "ms")
        }
        // The summary path (candidate sets) allocates nothing per frame either.
        AllocationProbe.measure("\(key).allocations_per_frame", section: "history", options: options, into: &report) {
            scene.advance()
            scene.chart.draw(into: scene.framebuffer)
        }
        report.add("\(key).fill_s", scene.fillSeconds, "s", note: "time to append the history before the first frame")
    }
}

/// One random-walk series holding `history` ticks, all visible, scrolling by 8 ticks a frame.
final class HistoryScene {
    static let ticksPerFrame = 8
    let chart: LiveTickerChart
    let framebuffer: Framebuffer
    let series: LiveSeries
    /// Seconds the initial fill took.
    private(set) var fillSeconds = 0.0
    private var generator = SplitMix64(seed: 2025)
    private var level = 100.0
    private var time: Int64 = 1_709_280_000_000_000_000
    private let step: Int64 = 1_000_000

    init(width: Int, height: Int, history: Int) {
        framebuffer = Framebuffer(width: width, height: height)
        // ~240 candles across the window, like the reference frame.
        let perCandle = max(1, history / 240)
        series = try! LiveSeries(capacity: history, candleInterval: .ticks(perCandle), candleCapacity: 1024)
        var options = ChartOptions()
        options.kind = .both
        options.window = .follow(nanoseconds: nil)
        options.lineWidth = 1.5
        chart = LiveTickerChart(series: [series], width: width, height: height, options: options)
        chart.measuresStages = true
        chart.setTitle("S1", forSeries: 0)
        let start = MonotonicClock.now()
        for _ in 0..<history { appendOne() }
        fillSeconds = Double(MonotonicClock.now() &- start) / 1e9
    }

    /// Appends one frame's worth of ticks.
    func advance() {
        for _ in 0..<Self.ticksPerFrame { appendOne() }
    }

    private func appendOne() {
        level += generator.symmetricUnit() * 0.5
        series.append(Tick(time: time, value: level, size: 1))
        time &+= step
    }
}
