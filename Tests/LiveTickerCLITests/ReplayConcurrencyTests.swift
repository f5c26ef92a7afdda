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

@Suite("Series names on a panel")
struct PanelSeriesNameTests {
    @Test("a replay to a panel names column series as a replay to a file does (sensor-a.temp_c)")
    func columnTitles() throws {
        let dir = temporaryDirectory()
        var csv = "time,symbol,temp_c,humidity\n"
        for i in 0..<90 { csv += "\(1_709_280_000 + i * 60),sensor-a,\(20 + i % 5).5,\(40 + i % 3)\n" }
        writeFile(dir + "/wide.csv", csv)
        func render(threaded: Bool, to path: String) throws {
            var options = FeedOptions()
            options.valueColumn = .name("temp_c")
            options.moreValueColumns = [.name("humidity")]
            let series = try (0..<2).map { _ in try LiveSeries(capacity: 1 << 12, candleInterval: .seconds(60)) }
            let display = PictureFileDisplay(path: path, width: 480, height: 320)
            let session = ChartSession(
                series: series, wanted: ["temp_c", "humidity"], wantedAreColumns: true, chartOptions: ChartOptions(), font: .builtin,
                display: display, title: "wide")
            let reader = try TickFileReader.open(path: dir + "/wide.csv", options: options)
            if threaded {
                _ = try session.runLive(reader: reader, pacer: ReplayPacer(speed: .max), stop: StopFlag(), hold: false)
            } else {
                _ = try session.runToFile(reader: reader, pacer: ReplayPacer(speed: .max), every: 0, stop: StopFlag())
            }
            #expect(session.describe().contains("sensor-a.temp_c"), "\(session.describe())")
        }
        try render(threaded: true, to: dir + "/panel.ppm")
        try render(threaded: false, to: dir + "/file.ppm")
        let samePicture = readFile(dir + "/panel.ppm") == readFile(dir + "/file.ppm")
        #expect(samePicture, "the panel's last frame differs from the file's")
    }
}
