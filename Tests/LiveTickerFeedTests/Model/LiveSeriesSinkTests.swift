import Glibc
import LiveTickerCore
import LiveTickerFeed
import Testing

@Suite("LiveSeries as a TickSink")
struct LiveSeriesSinkTests {
    @Test("a reader appends straight into a live series, per tick and per batch")
    func readerIntoSeries() throws {
        var series = try LiveSeries(capacity: 64, candleInterval: .seconds(60))
        series.consume(Tick(time: 1, value: 10, size: 1), symbol: SymbolID(3))
        let ticks = [Tick(time: 2, value: 11, size: 1), Tick(time: 3, value: 12, size: 2)]
        let symbols = [SymbolID(0), SymbolID(0)]
        ticks.withUnsafeBufferPointer { t in
            symbols.withUnsafeBufferPointer { s in series.consume(TickBatch(ticks: t, symbols: s)) }
        }
        #expect(series.ticks.writtenCount == 3)
        #expect(series.newestTick?.value == 12)
        #expect(series.newestCandle?.volume == 4)
        func feed<S: TickSink>(_ sink: inout S) { sink.consume(Tick(time: 4, value: 13, size: 1), symbol: SymbolID(0)) }
        feed(&series)
        #expect(series.newestTick?.time == 4)
    }

    @Test("LiveTickSource's doc example: a UDP source drained straight into a live series")
    func liveTickSourceDocExample() throws {
        // The calls of the example in LiveTickSource's documentation, on port 0.
        var series = try LiveSeries(capacity: 64, candleInterval: .seconds(60))
        let source = try LiveTickSource(endpoint: LiveEndpoint(parsing: "udp://127.0.0.1:0"))
        let port = try #require(source.port)
        source.start()
        sendUDP(port: port, ["1709285400000,101.25,3\n1709285400001,101.5,2\n"])
        var drained = 0
        for _ in 0..<2_000 where drained < 2 {
            drained += source.drain(into: &series)
            if drained < 2 { usleep(2_000) }
        }
        source.stop()
        #expect(drained == 2)
        #expect(series.ticks.writtenCount == 2)
        #expect(series.newestTick?.value == 101.5)
        #expect(series.newestCandle?.volume == 5)
    }
}
