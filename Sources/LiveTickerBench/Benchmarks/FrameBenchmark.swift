#if canImport(Glibc)
import Glibc
#endif
import LiveTickerChart
import LiveTickerCore
import LiveTickerRender

/// Frame times of the reference frame (`Docs/reference-figures.md`) at 1920×1080 and 800×480, median and p99, with a
/// per-stage split, beside what clearing and copying the same buffer cost (the floor every
/// renderer pays) and, when python3 has it, Blend2D drawing the same scene (``Blend2DPeer``).
///
/// The reference frame: dark background, ~10 horizontal and ~10 vertical grid lines, 4 line
/// series of one point per plot column (random walks, 1.5 px, anti-aliased), 240 candles of the
/// first series, a 30 % alpha area under it, ~40 labels. Every frame first appends 8 new ticks
/// to each series, so the data scrolls and the visible window is downsampled anew.
enum FrameBenchmark {
    static let sizes = [(1920, 1080), (800, 480)]

    /// Runs on one CPU, with Blend2D on the same one (``withThreadPinned(_:)``).
    static func run(_ options: BenchOptions, into report: inout BenchReport) {
        withThreadPinned { measure(options, into: &report) }
    }

    static func measure(_ options: BenchOptions, into report: inout BenchReport) {
        let frames = options.quick ? 60 : 400
        let peerRounds = options.quick ? 3 : 10
        let peerAvailable = options.comparePeers && Blend2DPeer.isAvailable
        for (width, height) in sizes {
            let size = "\(width)x\(height)"
            let scene = ReferenceScene(width: width, height: height)
            // With Blend2D, its frames and ours are drawn in turn, ten rounds (three with
            // --quick) of 10 of its frames and a tenth of ours, so that both meet the same
            // stretch of the host's load; each side's median is over all its frames.
            let peer = peerAvailable ? Blend2DPeer(width: width, height: height) : nil
            let rounds = peer == nil ? 1 : peerRounds
            var timings = FrameTimings()
            var peerWall = TimingSamples(), peerCPU = TimingSamples()
            var peerDrew = peer != nil  // false once it fails: no Blend2D figures then
            for round in 0..<rounds {
                if let peer, peerDrew {
                    if let drawn = peer.frames(10) {
                        for frame in drawn {
                            peerWall.append(UInt64(frame.wall * 1e6))
                            peerCPU.append(UInt64(frame.cpu * 1e6))
                        }
                    } else {
                        peerDrew = false
                    }
                }
                timings.record(
                    frames: frames / rounds, warmup: round == 0 ? 10 : 0, chart: scene.chart, into: scene.framebuffer,
                    advance: scene.advance)
            }
            let samples = timings.samples
            var note = ""
            var cpuNote = ""
            if peerDrew {
                let peer = (wall: peerWall.medianMilliseconds, cpu: peerCPU.medianMilliseconds)
                report.add("frame.reference.\(size).blend2d_median_ms", peer.wall, "ms")
                report.add("frame.reference.\(size).blend2d_median_cpu_ms", peer.cpu, "ms")
                note = "\(ratioPhrase(peer.wall / samples.medianMilliseconds)) than Blend2D"
                cpuNote = "\(ratioPhrase(peer.cpu / timings.cpuSamples.medianMilliseconds)) than Blend2D"
                report.compare(
                    "reference frame \(width)×\(height), median thread CPU", ours: timings.cpuSamples.medianMilliseconds,
                    peer: peer.cpu, peerName: "Blend2D", unit: "ms", lowerIsBetter: true)
            }
            report.add("frame.reference.\(size).median_ms", samples.medianMilliseconds, "ms", note: note)
            report.add("frame.reference.\(size).median_cpu_ms", timings.cpuSamples.medianMilliseconds, "ms", note: cpuNote)
            // Appends included: a tick costs no allocation either.
            AllocationProbe.measure(
                "frame.reference.\(size).allocations_per_frame", section: "frame", options: options, into: &report
            ) {
                scene.advance()
                scene.chart.draw(into: scene.framebuffer)
            }
            report.add("frame.reference.\(size).p99_ms", samples.p99Milliseconds, "ms")
            for stage in timings.medianFrameSplit() where stage.name != "rotation" {
                report.add("frame.reference.\(size).stage.\(stage.name)_ms", stage.milliseconds, "ms")
            }

            let source = Framebuffer(width: width, height: height)
            let destination = Framebuffer(width: width, height: height)
            let bytes = width * height * 4
            let copy = TimingSamples.measure(count: frames) {
                memcpy(destination.pixels, source.pixels, bytes)
                blackHole(destination.pixels[width &* height &- 1])
            }
            let clear = TimingSamples.measure(count: frames) { source.clear(to: 0x10_1418) }
            report.add("frame.memcpy.\(size).median_ms", copy.medianMilliseconds, "ms")
            // Warm on purpose and said so: the same buffer cleared back to back stays in cache,
            // while a frame's background pass finds its framebuffer evicted by the stages before
            // it; past the cache that pass is a memory-bound write, about twice this figure on
            // the Xeon (a C fill test: 0.42 ms warm, 1.06–1.09 ms cold at any store width).
            report.add("frame.clear.\(size).median_ms", clear.medianMilliseconds, "ms")
            report.note(
                "frame",
                "frame.clear: the same buffer cleared back to back, so it stays in cache (a warm floor); a frame larger "
                    + "than the cache finds its framebuffer cold, and its background pass is then a memory-bound write")
        }
        report.note("frame", "median_ms is wall time; median_cpu_ms the drawing thread's CPU time (what the summary compares: other processes on a shared machine do not count in it)")
        report.note("frame", "stage.*: the split of the median frame among those not preempted (thread CPU ≥ 95 % of wall; on a quiet machine the median frame), plus `other` (untimed glue); they add up to stage.total_ms")
        if peerAvailable {
            report.note("frame", "Blend2D: its context and image made once, outside the timed frames, like ours; it draws TrueType text (we blit bitmap glyphs) and pays a Python call per drawing call (about 35 a frame); its frames and ours drawn in turn on one CPU, \(peerRounds) rounds of 10 of its frames and \(frames / peerRounds) of ours")
        }
        if !options.comparePeers {
            report.note("frame", "Blend2D comparison skipped (--no-peers)")
        } else if !peerAvailable {
            report.note("frame", "Blend2D column skipped: python3 with blend2d-python and the DejaVu fonts not found (pip install blend2d-python; apt-get install fonts-dejavu-core)")
        }
    }
}

/// The reference frame's state: four random-walk series scrolling by 8 ticks a frame.
final class ReferenceScene {
    static let seriesCount = 4
    static let ticksPerFrame = 8
    let chart: LiveTickerChart
    let framebuffer: Framebuffer
    let series: [LiveSeries]
    private var generator = SplitMix64(seed: 2024)
    private var levels = [100.0, 120.0, 80.0, 110.0]
    private var time: Int64 = 1_709_280_000_000_000_000
    private let step: Int64 = 1_000_000_000

    init(width: Int, height: Int) {
        framebuffer = Framebuffer(width: width, height: height)
        // One tick per pixel column of the plot; 8 ticks per candle gives 240 candles at 1920 px.
        let visible = width
        series = (0..<Self.seriesCount).map { _ in
            try! LiveSeries(capacity: visible * 2, candleInterval: .ticks(Self.ticksPerFrame), candleCapacity: 1024)
        }
        var options = ChartOptions()
        options.kind = .both
        options.window = .follow(nanoseconds: Int64(visible) * step)
        options.lineWidth = 1.5
        // The reference scene's four lines are solid, as Blend2D draws them: the chart dashes
        // series 2 and later by default, which would measure another scene (dashed lines cost
        // about 1.2x solid ones here: 1080p 2.56 against 2.12 ms, same machine and load).
        options.dashesSeries = false
        chart = LiveTickerChart(series: series, width: width, height: height, options: options)
        chart.measuresStages = true
        for (index, _) in series.enumerated() { chart.setTitle("S\(index + 1)", forSeries: index) }
        for _ in 0..<(visible / Self.ticksPerFrame) { advance() }
    }

    /// Appends one frame's worth of ticks to every series.
    func advance() {
        for _ in 0..<Self.ticksPerFrame {
            for (index, series) in series.enumerated() {
                levels[index] += generator.symmetricUnit() * 0.5
                series.append(Tick(time: time, value: levels[index], size: 1))
            }
            time &+= step
        }
    }
}
