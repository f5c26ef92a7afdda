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

    static func run(_ options: BenchOptions, into report: inout BenchReport) {
        let sizes = options.quick ? [10_000, 1_000_000] : [10_000, 1_000_000, 100_000_000]
        let frames = options.quick ? 40 : 200
        var medians: [Int: (wall: Double, cpu: Double)] = [:]
        for size in sizes {
            // One scene at a time: the 10⁸ one must be freed before anything else runs.
            medians[size] = measure(history: size, frames: frames, options: options, into: &report)
        }
        guard let base = medians[10_000], base.wall > 0, base.cpu > 0 else { return }
        if let million = medians[1_000_000] {
            report.add("history.ratio_1e6_to_1e4", million.wall / base.wall, "x")
            report.add("history.ratio_1e6_to_1e4_cpu", million.cpu / base.cpu, "x")
        }
        if let hundredMillion = medians[100_000_000] {
            report.add("history.ratio_1e8_to_1e4", hundredMillion.wall / base.wall, "x", note: "wall medians")
            report.add("history.ratio_1e8_to_1e4_cpu", hundredMillion.cpu / base.cpu, "x", note: "thread CPU medians")
        } else {
            report.note("history", "10⁸ ticks skipped in --quick (about 4.4 GB and seconds to fill)")
        }
    }

    /// Builds the scene with `history` ticks, draws `frames` frames (after 10 unmeasured) and
    /// records the median and the per-stage split; returns the wall and thread CPU medians in ms.
    private static func measure(
        history: Int, frames: Int, options: BenchOptions, into report: inout BenchReport
    ) -> (wall: Double, cpu: Double) {
        let scene = HistoryScene(width: width, height: height, history: history)
        let timings = FrameTimings(frames: frames, chart: scene.chart, into: scene.framebuffer, advance: scene.advance)
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
        return (samples.medianMilliseconds, timings.cpuSamples.medianMilliseconds)
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
