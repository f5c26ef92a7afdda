import LiveTickerChart
import LiveTickerCore
import LiveTickerDisplay
import LiveTickerFeed
import LiveTickerImageIO
import LiveTickerRender
import Testing

@testable import LiveTickerCLI

/// The live replay path: a producer thread parses and appends while this thread draws whenever
/// the series changed (run under ThreadSanitizer in CI: the suite name holds "Concurrency").
@Suite("Replay producer and render loop (Concurrency)")
struct ReplayConcurrencyTests {
    @Test("a threaded replay delivers every tick and its last frame equals a single-threaded render")
    func threadedReplay() throws {
        let dir = temporaryDirectory()
        var csv = "time,price,size\n"
        var level = 100.0
        for i in 0..<20_000 {
            level += Double((i &* 2_654_435_761) % 7) * 0.01 - 0.03
            csv += "\(1_709_280_000_000 + i * 10),\(level),1\n"
        }
        writeFile(dir + "/ticks.csv", csv)

        func render(threaded: Bool, to path: String) throws -> LiveSeries {
            let series = try LiveSeries(capacity: 1 << 15, candleInterval: .seconds(1))
            let display = PictureFileDisplay(path: path, width: 320, height: 200)
            let session = ChartSession(series: [series], chartOptions: ChartOptions(), font: .builtin, display: display, title: "T")
            let reader = try TickFileReader.open(path: dir + "/ticks.csv")
            if threaded {
                _ = try session.runLive(reader: reader, pacer: ReplayPacer(speed: .max), stop: StopFlag(), hold: false)
            } else {
                _ = try session.runToFile(reader: reader, pacer: ReplayPacer(speed: .max), every: 0, stop: StopFlag())
            }
            return series
        }
        let threaded = try render(threaded: true, to: dir + "/threaded.ppm")
        let single = try render(threaded: false, to: dir + "/single.ppm")
        #expect(threaded.version == 20_000)
        #expect(single.version == 20_000)
        #expect(readFile(dir + "/threaded.ppm") == readFile(dir + "/single.ppm"))
    }
}
