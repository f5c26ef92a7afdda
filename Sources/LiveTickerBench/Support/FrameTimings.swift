import LiveTickerChart
import LiveTickerRender

/// Frame times of a scrolling scene, with where each frame's time went.
struct FrameTimings {
    /// Whole-frame times of the measured frames.
    var samples = TimingSamples()
    /// Per-stage nanoseconds summed over the measured frames, in ``ChartStageTimes/named`` order.
    var stageTotals = [UInt64](repeating: 0, count: ChartStageTimes().named.count)

    /// Draws `frames` frames of `chart` into `framebuffer` after 10 unmeasured ones, calling
    /// `advance` (new ticks) before each frame outside the timing. The chart must have
    /// ``LiveTickerChart/measuresStages`` on for the stage totals.
    init(frames: Int, chart: LiveTickerChart, into framebuffer: Framebuffer, advance: () -> Void) {
        for frame in 0..<(frames + 10) {
            advance()
            let start = MonotonicClock.now()
            chart.draw(into: framebuffer)
            let elapsed = MonotonicClock.now() &- start
            guard frame >= 10 else { continue }  // warm-up
            samples.append(elapsed)
            for (i, stage) in chart.stageTimes.named.enumerated() { stageTotals[i] &+= stage.nanoseconds }
        }
    }

    /// Mean milliseconds per measured frame of stage `index`.
    func stageMilliseconds(_ index: Int) -> Double {
        Double(stageTotals[index]) / Double(max(1, samples.nanoseconds.count)) / 1e6
    }
}
