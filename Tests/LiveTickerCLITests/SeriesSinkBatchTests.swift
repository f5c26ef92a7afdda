import LiveTickerCore
import LiveTickerFeed
import Testing

@testable import LiveTickerCLI

/// Ticks of three symbols: A mostly, B and C now and then (tick 0 is B).
private func mixedTicks(_ count: Int) -> (ticks: [Tick], symbols: [SymbolID]) {
    var ticks: [Tick] = []
    var symbols: [SymbolID] = []
    for i in 0..<count {
        ticks.append(Tick(time: Int64(i) * 1_000_000, value: Double((i &* 31) % 101), size: 1))
        symbols.append(SymbolID(i % 13 == 0 ? 1 : i % 11 == 5 || i % 17 == 3 ? 2 : 0))
    }
    return (ticks, symbols)
}

private let names = ["A", "B", "C"]

@Suite("SeriesSink batches")
struct SeriesSinkBatchTests {
    @Test(
        "a batch charts the same ticks, counts and frames as tick-by-tick delivery",
        arguments: [([String](), 0), ([], 7), (["A", "C"], 0), (["C", "A"], 64), (["B"], 1)])
    func batchEqualsTickByTick(wanted: [String], framesEvery: Int) throws {
        let (ticks, symbols) = mixedTicks(2_000)
        let seriesCount = max(1, wanted.count)
        let single = try (0..<seriesCount).map { _ in try LiveSeries(capacity: 4_096, candleInterval: .ticks(10)) }
        let batched = try (0..<seriesCount).map { _ in try LiveSeries(capacity: 4_096, candleInterval: .ticks(10)) }
        var singleFrames: [[UInt64]] = []
        var batchedFrames: [[UInt64]] = []
        var singleSink = SeriesSink(
            series: single, wanted: wanted, nameOf: { names[Int($0.rawValue)] }, framesEvery: framesEvery,
            onFrame: { singleFrames.append(single.map(\.version)) })
        var batchedSink = SeriesSink(
            series: batched, wanted: wanted, nameOf: { names[Int($0.rawValue)] }, framesEvery: framesEvery,
            onFrame: { batchedFrames.append(batched.map(\.version)) })
        for i in ticks.indices { singleSink.consume(ticks[i], symbol: symbols[i]) }
        var start = 0
        for length in [0, 1, 2, 300, 17, 999, 681] {
            let end = min(ticks.count, start + length)
            ticks[start..<end].withUnsafeBufferPointer { t in
                symbols[start..<end].withUnsafeBufferPointer { s in
                    batchedSink.consume(TickBatch(ticks: t, symbols: s))
                }
            }
            start = end
        }
        precondition(start == ticks.count, "the batch lengths must cover the fixture")
        #expect(batched.map(\.version) == single.map(\.version))
        #expect(batched.allSatisfy { $0.version > 0 })
        #expect(batchedSink.chartedTicks == singleSink.chartedTicks)
        #expect(batchedSink.otherSymbolTicks == singleSink.otherSymbolTicks && batchedSink.otherSymbolTicks > 0)
        #expect(batchedSink.chartedSymbols == singleSink.chartedSymbols)
        #expect(batchedFrames == singleFrames)
        for (a, b) in zip(batched, single) {
            #expect(a.newestTick == b.newestTick && a.newestCandle == b.newestCandle)
        }
    }
}

@Suite("SeriesSink value columns")
struct SeriesSinkColumnTests {
    @Test("--value a,b routes column series by name, ignoring case; with symbols, one symbol's")
    func routesColumns() throws {
        let names = ["sensor-a.temp_c", "sensor-a.humidity", "sensor-b.temp_c", "TEMP_C", "other"]
        let series = try (0..<2).map { _ in try LiveSeries(capacity: 64, candleInterval: .ticks(1)) }
        var sink = SeriesSink(series: series, wanted: ["temp_c", "humidity"], wantedAreColumns: true, nameOf: { names[Int($0.rawValue)] })
        for id in [0, 1, 2, 0, 4] as [UInt32] { sink.consume(Tick(time: 0, value: 1), symbol: SymbolID(id)) }
        #expect(series[0].version == 2 && series[1].version == 1)
        #expect(sink.otherSymbolTicks == 2)  // sensor-b's column and an unrelated name
        // Without a symbol column the names are the columns themselves (any case).
        let plain = try (0..<2).map { _ in try LiveSeries(capacity: 64, candleInterval: .ticks(1)) }
        var columns = SeriesSink(series: plain, wanted: ["temp_c", "humidity"], wantedAreColumns: true, nameOf: { names[Int($0.rawValue)] })
        columns.consume(Tick(time: 0, value: 1), symbol: SymbolID(3))
        #expect(plain[0].version == 1 && columns.otherSymbolTicks == 0)
    }
}
