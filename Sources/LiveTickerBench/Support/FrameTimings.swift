import LiveTickerChart
import LiveTickerCore
import LiveTickerRender

#if canImport(Glibc)
import Glibc
#endif

/// The calling thread's CPU time in nanoseconds (CLOCK_THREAD_CPUTIME_ID).
func threadCPUNanoseconds() -> UInt64 { UInt64(SystemClock.threadCPU.nanoseconds()) }

/// Frame times of a scrolling scene, with where each frame's time went.
struct FrameTimings {
    /// Whole-frame times of the measured frames.
    var samples = TimingSamples()
    /// The drawing thread's CPU time per measured frame (CLOCK_THREAD_CPUTIME_ID): unlike wall
    /// time it does not count the time other processes held the core, so it stays comparable
    /// on a shared machine.
    var cpuSamples = TimingSamples()
    /// Per-stage nanoseconds of every measured frame, `stageCount` entries a frame in
    /// ``ChartStageTimes/named`` order.
    private var stages: [UInt64] = []
    private let stageCount = ChartStageTimes().named.count

    /// No frames yet: ``record(frames:warmup:chart:into:advance:)`` adds them.
    init() {}

    /// Draws `frames` frames of `chart` into `framebuffer` after 10 unmeasured ones (see
    /// ``record(frames:warmup:chart:into:advance:)``).
    init(frames: Int, chart: LiveTickerChart, into framebuffer: Framebuffer, advance: () -> Void) {
        record(frames: frames, warmup: 10, chart: chart, into: framebuffer, advance: advance)
    }

    /// Draws `warmup` unmeasured frames of `chart` into `framebuffer`, then `frames` measured
    /// ones, added to those recorded before (so a measurement can come in rounds, in turn with a
    /// peer's), calling `advance` (new ticks) before each frame outside the timing. The chart
    /// must have ``LiveTickerChart/measuresStages`` on for the stage split.
    mutating func record(frames: Int, warmup: Int, chart: LiveTickerChart, into framebuffer: Framebuffer, advance: () -> Void) {
        samples.reserve(samples.nanoseconds.count + frames)
        cpuSamples.reserve(cpuSamples.nanoseconds.count + frames)
        stages.reserveCapacity(stages.count + frames * stageCount)
        for frame in 0..<(frames + warmup) {
            advance()
            let cpuStart = threadCPUNanoseconds()
            let start = MonotonicClock.now()
            chart.draw(into: framebuffer)
            let elapsed = MonotonicClock.now() &- start
            let cpu = threadCPUNanoseconds() &- cpuStart
            guard frame >= warmup else { continue }
            samples.append(elapsed)
            cpuSamples.append(cpu)
            for stage in chart.stageTimes.named { stages.append(stage.nanoseconds) }
        }
    }

    /// Where the median frame's time went: the stages of one frame, in milliseconds, plus
    /// `other` (what no stage timed: the frame's time minus the stages'), so the parts add up
    /// to that frame's time exactly. The frame is the median (nearest rank) of those the
    /// scheduler did not interrupt (thread CPU time ≥ 95 % of wall time; all of them on a quiet
    /// machine, where it is the median frame), since a frame preempted in one stage shows that
    /// stage hugely inflated; `total` is its time. One frame's own split rather than per-stage
    /// medians or means, which do not add up to anything.
    func medianFrameSplit() -> [(name: String, milliseconds: Double)] {
        Self.medianFrameSplit(
            times: samples.nanoseconds, cpu: cpuSamples.nanoseconds, stages: stages,
            names: ChartStageTimes().named.map(\.name))
    }

    /// ``medianFrameSplit()`` over plain arrays: frame `f`'s wall and CPU times are `times[f]`
    /// and `cpu[f]`, its stage times `stages[f * names.count ..< (f + 1) * names.count]`.
    static func medianFrameSplit(times: [UInt64], cpu: [UInt64], stages: [UInt64], names: [String])
        -> [(name: String, milliseconds: Double)]
    {
        guard !times.isEmpty, cpu.count == times.count, stages.count == times.count * names.count else { return [] }
        var candidates = times.indices.filter { Double(cpu[$0]) >= 0.95 * Double(times[$0]) }
        if candidates.isEmpty { candidates = Array(times.indices) }
        candidates.sort { times[$0] < times[$1] }
        let rank = min(candidates.count - 1, max(0, Int((0.5 * Double(candidates.count)).rounded(.up)) - 1))
        let frame = candidates[rank]
        var parts: [(name: String, milliseconds: Double)] = []
        var staged: UInt64 = 0
        for (i, name) in names.enumerated() {
            let ns = stages[frame * names.count + i]
            staged &+= ns
            parts.append((name, Double(ns) / 1e6))
        }
        parts.append(("other", Double(Int64(bitPattern: times[frame] &- staged)) / 1e6))
        parts.append(("total", Double(times[frame]) / 1e6))
        return parts
    }
}
