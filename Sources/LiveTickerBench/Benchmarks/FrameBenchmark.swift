#if canImport(Glibc)
import Glibc
#endif
import LiveTickerRender

/// Frame times: the SPEC §6 reference frame at 1920×1080 and 800×480, median and p99, beside
/// what clearing and copying the same buffer cost (the floor any renderer pays).
enum FrameBenchmark {
    static let sizes = [(1920, 1080), (800, 480)]

    static func run(_ options: BenchOptions, into report: inout BenchReport) {
        let repetitions = options.quick ? 30 : 300
        for (width, height) in sizes {
            let size = "\(width)x\(height)"
            let source = Framebuffer(width: width, height: height)
            let destination = Framebuffer(width: width, height: height)
            let bytes = width * height * 4
            let copy = TimingSamples.measure(count: repetitions) {
                memcpy(destination.pixels, source.pixels, bytes)
                blackHole(destination.pixels[width &* height &- 1])
            }
            let clear = TimingSamples.measure(count: repetitions) {
                source.clear(to: 0x10_1418)
            }
            report.add("frame.memcpy.\(size).median_ms", copy.medianMilliseconds, "ms")
            report.add("frame.clear.\(size).median_ms", clear.medianMilliseconds, "ms")
        }
    }
}
