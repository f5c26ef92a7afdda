import LiveTickerChart
import LiveTickerCore
import LiveTickerRender
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The kiosk figure: what a panel showing a busy feed costs. A producer thread appends 10 000
/// ticks a second (10 every millisecond, on absolute deadlines) to a live series while this
/// thread runs the render loop `liveticker live` runs: at each 60 Hz refresh, if the series
/// changed, draw the chart (line over one-second candles, the last minute) into a 1920×1080
/// framebuffer and present it (a copy into a second buffer, as into a DRM dumb buffer), then
/// sleep until the next refresh (DRM's page flip waits for vblank the same way). Reports the
/// process's CPU time per second of wall time (both threads), the render thread's alone, and
/// the median and p99 frame (draw + present) over 10 s (2 s with `--quick`).
enum KioskBenchmark {
    static let width = 1920
    static let height = 1080
    static let ticksPerSecond = 10_000
    static let refresh: Int64 = 16_666_667

    static func run(_ options: BenchOptions, into report: inout BenchReport) {
        let seconds: Int64 = options.quick ? 2 : 10
        guard let series = try? LiveSeries(capacity: 1 << 20, candleInterval: .seconds(1)) else { return }
        var chartOptions = ChartOptions()
        chartOptions.kind = .both
        chartOptions.window = .follow(nanoseconds: 60_000_000_000)
        let chart = LiveTickerChart(series: [series], width: width, height: height, options: chartOptions)
        chart.setTitle("KIOSK", forSeries: 0)
        let framebuffer = Framebuffer(width: width, height: height)
        let scanout = Framebuffer(width: width, height: height)
        let producer = KioskProducer(series: series)

        var frames = TimingSamples()
        frames.reserve(Int(seconds) * 61)
        var frameCPU = TimingSamples()
        frameCPU.reserve(Int(seconds) * 61)
        let usageBefore = processCPUSeconds()
        let threadBefore = threadCPUSeconds()
        let start = MonotonicClock.now()
        producer.start()
        let end = start &+ UInt64(seconds) * 1_000_000_000
        var deadline = start
        var drawn: UInt64 = .max
        while true {
            deadline &+= UInt64(refresh)
            if deadline > end { break }
            let version = series.version
            if version != drawn {
                drawn = version
                let c0 = threadCPUNanoseconds()
                let t0 = MonotonicClock.now()
                chart.draw(into: framebuffer)
                memcpy(scanout.pixels, framebuffer.pixels, width * height * 4)
                frames.append(MonotonicClock.now() &- t0)
                frameCPU.append(threadCPUNanoseconds() &- c0)
            }
            sleepUntil(deadline)
        }
        producer.stop()
        let wall = Double(MonotonicClock.now() &- start) / 1e9
        let cpu = processCPUSeconds() - usageBefore
        let renderCPU = threadCPUSeconds() - threadBefore
        report.add("kiosk.cpu_percent_of_one_core", cpu / wall * 100, "%",
                   note: "both threads: \(ticksPerSecond) ticks/s appended, frames drawn at 60 Hz when changed, \(seconds) s, 1920×1080")
        report.add("kiosk.render_thread_cpu_percent", renderCPU / wall * 100, "%")
        report.add("kiosk.frames", Double(frames.nanoseconds.count), "frames")
        report.add("kiosk.ticks_appended", Double(producer.appended), "ticks")
        report.add("kiosk.frame_median_ms", frames.medianMilliseconds, "ms")
        report.add("kiosk.frame_p99_ms", frames.p99Milliseconds, "ms", note: "draw + present (a copy of the frame), wall time")
        report.add("kiosk.frame_cpu_median_ms", frameCPU.medianMilliseconds, "ms")
        report.add("kiosk.frame_cpu_p99_ms", frameCPU.p99Milliseconds, "ms", note: "the same frames in the render thread's CPU time (preemption by other processes not counted)")
        blackHole(scanout.pixels[0])
    }

    private static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    private static func threadCPUSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}

/// Sleeps until `deadline` on CLOCK_MONOTONIC (absolute, so lateness never accumulates).
func sleepUntil(_ deadline: UInt64) {
    var spec = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
    while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &spec, nil) == EINTR {}
}

/// The producer thread: 10 ticks every millisecond (a random walk stamped with the wall
/// clock) until stopped.
///
/// Invariant: `series` is appended to by the producer thread only; `appended` is written by it
/// and read after `pthread_join`; `stopping` is the only field both threads touch (atomic).
private final class KioskProducer: @unchecked Sendable {
    let series: LiveSeries
    let stopping = Atomic<Bool>(false)
    private(set) var appended = 0
    private var thread = pthread_t()

    init(series: LiveSeries) { self.series = series }

    func start() {
        let context = Unmanaged.passRetained(self).toOpaque()
        pthread_create(&thread, nil, { context in
            let producer = Unmanaged<KioskProducer>.fromOpaque(context!).takeRetainedValue()
            producer.produce()
            return nil
        }, context)
    }

    func stop() {
        stopping.store(true, ordering: .releasing)
        pthread_join(thread, nil)
    }

    private func produce() {
        var generator = SplitMix64(seed: 60)
        var level = 100.0
        var deadline = MonotonicClock.now()
        while !stopping.load(ordering: .acquiring) {
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            let time = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
            for k in 0..<10 {
                level += generator.symmetricUnit() * 0.05
                series.append(Tick(time: time &+ Int64(k) * 100_000, value: level, size: 1))
            }
            appended &+= 10
            deadline &+= 1_000_000
            sleepUntil(deadline)
        }
    }
}
