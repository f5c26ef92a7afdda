import LiveTickerChart
import LiveTickerCore
import LiveTickerDisplay
import LiveTickerRender
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The README's "Using it from Swift" example: the same calls, held in a class so a test can own
/// them, and drawing into a PNG file instead of the display, so the example keeps compiling and
/// doing what the README says.
@Suite("README example")
struct ReadmeExampleTests {
    /// The example's render side: draws and presents only when the series has news.
    final class Wall {
        let series: LiveSeries
        let display: any Display
        let chart: LiveTickerChart
        let frame: Framebuffer
        var drawnVersion: UInt64 = 0

        init(series: LiveSeries, output: String) throws {
            self.series = series
            display = try OutputSpec(parsing: output).openDisplay()
            var options = ChartOptions()
            options.kind = .both
            options.window = .follow(.minutes(10))  // the last ten minutes
            chart = LiveTickerChart(series: [series], width: display.width, height: display.height, options: options)
            chart.setTitle("ACME", forSeries: 0)
            frame = Framebuffer(width: display.width, height: display.height)
        }

        /// Call at the display's pace (each `present` waits for the next vblank on DRM).
        func drawIfChanged() throws -> Bool {
            guard series.version != drawnVersion else { return false }
            drawnVersion = series.version
            chart.draw(into: frame)
            try display.present(frame)
            return true
        }
    }

    @Test("the example draws once per change and writes the picture")
    func example() throws {
        let path = "/tmp/liveticker-readme-\(getpid()).png"
        defer { unlink(path) }
        let series = try LiveSeries(capacity: 1 << 20, candleInterval: .seconds(60))
        let wall = try Wall(series: series, output: path)
        defer { wall.display.close() }
        // What the feed thread does: append ticks (the writer never waits, never allocates).
        for i in 0..<600 {
            series.append(Tick(time: 1_709_280_000_000_000_000 + Int64(i) * 1_000_000_000, value: 100 + Double(i % 37) * 0.05, size: 1))
        }
        #expect(try wall.drawIfChanged())
        #expect(try !wall.drawIfChanged())  // nothing new: no frame
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_size > 1000)
        series.append(Tick(time: 1_709_280_600_000_000_000, value: 104, size: 1))
        #expect(try wall.drawIfChanged())
    }
}
