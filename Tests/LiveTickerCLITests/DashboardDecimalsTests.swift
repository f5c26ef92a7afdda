import LiveTickerChart
import LiveTickerCore
import LiveTickerFeed
import Testing

#if canImport(Glibc)
import Glibc
#endif

@testable import LiveTickerCLI
@testable import LiveTickerChart

@Suite("Dashboard decimals: panels show values as the data writes them")
struct DashboardDecimalsTests {
    @Test("the decimals learnt per series are the most any value needs, float32 noise and non-finite values left out", arguments: [
        ([50.8, 50.81, 51.0], 2), ([72.0, 72.0, 72.5], 1), ([185.639999], 2), ([2.062, .nan, .infinity, 1.7e308], 3),
        ([0.1 + 0.2], 1), ([1.0 / 3.0], 7), ([5e-324, 0], SeriesDecimals.limit), ([-1.7e308, 12.5], 1), ([100, 200], 0),
    ])
    func learnt(values: [Double], expected: Int) throws {
        let ticks = values.enumerated().map { Tick(time: Int64($0.offset), value: $0.element) }
        let single = try LiveSeries(capacity: 64, candleInterval: .ticks(1))
        let batched = try LiveSeries(capacity: 64, candleInterval: .ticks(1))
        let singleDecimals = SeriesDecimals(count: 1)
        let batchedDecimals = SeriesDecimals(count: 1)
        var singleSink = SeriesSink(series: [single], decimals: singleDecimals)
        var batchedSink = SeriesSink(series: [batched], decimals: batchedDecimals)
        for tick in ticks { singleSink.consume(tick, symbol: SymbolID(0)) }
        let symbols = [SymbolID](repeating: SymbolID(0), count: ticks.count)
        ticks.withUnsafeBufferPointer { t in
            symbols.withUnsafeBufferPointer { s in batchedSink.consume(TickBatch(ticks: t, symbols: s)) }
        }
        #expect(singleDecimals.decimals(ofSeries: 0) == expected)
        #expect(batchedDecimals.decimals(ofSeries: 0) == expected)
    }

    @Test("nothing learnt before a finite value; a sink without decimals learns nothing")
    func nothingYet() throws {
        let series = try LiveSeries(capacity: 64, candleInterval: .ticks(1))
        let decimals = SeriesDecimals(count: 1)
        var sink = SeriesSink(series: [series], decimals: decimals)
        sink.consume(Tick(time: 0, value: .nan), symbol: SymbolID(0))
        #expect(decimals.decimals(ofSeries: 0) == nil)
    }

    @Test("a wall's panels take their symbols' decimals: BOLT 50.80 (last tick 50.8), a setpoint 72, a pressure 2.062")
    func panelsUseTheirData() throws {
        let directory = temporaryDirectory()
        writeFile(
            directory + "/day.csv",
            """
            time,symbol,price
            2024-03-01T09:00:00Z,BOLT,50.81
            2024-03-01T09:00:00Z,SET,72.0
            2024-03-01T09:00:00Z,PRES,2.062
            2024-03-01T09:01:00Z,BOLT,50.73
            2024-03-01T09:01:00Z,SET,72.0
            2024-03-01T09:01:00Z,PRES,2.1
            2024-03-01T09:02:00Z,BOLT,50.8
            2024-03-01T09:02:00Z,SET,72.0
            2024-03-01T09:02:00Z,PRES,2.07

            """)
        let text = """
            [grid]
            columns = 3
            [source.day]
            file = "\(directory)/day.csv"
            [[panel]]
            source = "day"
            symbol = "BOLT"
            [[panel]]
            column = 1
            source = "day"
            symbol = "SET"
            [[panel]]
            column = 2
            series = [{ source = "day", symbol = "PRES" }, { source = "day", symbol = "SET" }]
            """
        let config = try DashboardConfig.parse(Array(text.utf8), path: "wall.toml")
        let session = try DashboardSession(config: config, width: 900, height: 300, font: .builtin, zone: .utc, processStop: { false })
        try session.start()
        var ended = false
        for _ in 0..<2_000 where !ended {
            ended = session.pump()
            if !ended { usleep(1_000) }
        }
        session.stop()
        #expect(ended)
        let panels = session.scene(width: 900, height: 300).panels
        // The file writes BOLT with 2 decimals: its header shows 50.80, not the last tick's 50.8.
        #expect(panels[0]?.dataDecimals == 2)
        #expect(panels[0]?.valueDecimals() == 2)
        #expect(panels[1]?.dataDecimals == 0)
        // One header, one count of decimals: the most its series need.
        #expect(panels[2]?.dataDecimals == 3)
    }
}
