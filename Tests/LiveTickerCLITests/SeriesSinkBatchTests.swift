import LiveTickerCore
import LiveTickerFeed
import Testing

@testable import LiveTickerCLI

/// Ticks of two symbols, A mostly, B now and then.
private func mixedTicks(_ count: Int) -> (ticks: [Tick], symbols: [SymbolID]) {
    var ticks: [Tick] = []
    var symbols: [SymbolID] = []
    for i in 0..<count {
        ticks.append(Tick(time: Int64(i) * 1_000_000, value: Double((i &* 31) % 101), size: 1))
        symbols.append(SymbolID(i % 11 == 5 || i % 13 == 0 ? 1 : 0))
    }
    return (ticks, symbols)
}

@Suite("SeriesSink batches")
struct SeriesSinkBatchTests {
    @Test("a batch charts the same ticks, counts and frames as tick-by-tick delivery", arguments: [0, 1, 7, 64])
    func batchEqualsTickByTick(framesEvery: Int) throws {
        let (ticks, symbols) = mixedTicks(2_000)
        let single = try LiveSeries(capacity: 4_096, candleInterval: .ticks(10))
        let batched = try LiveSeries(capacity: 4_096, candleInterval: .ticks(10))
        var singleFrames: [UInt64] = []
        var batchedFrames: [UInt64] = []
        var singleSink = SeriesSink(series: single, framesEvery: framesEvery, onFrame: { singleFrames.append(single.version) })
        var batchedSink = SeriesSink(series: batched, framesEvery: framesEvery, onFrame: { batchedFrames.append(batched.version) })
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
        #expect(start == ticks.count)
        #expect(batched.version == single.version)
        #expect(batchedSink.chartedTicks == singleSink.chartedTicks)
        #expect(batchedSink.otherSymbolTicks == singleSink.otherSymbolTicks && batchedSink.otherSymbolTicks > 0)
        #expect(batchedSink.chartedSymbol == SymbolID(1))  // tick 0 is B (0 % 13 == 0)
        #expect(batchedFrames == singleFrames)
        #expect(batched.newestTick == single.newestTick && batched.newestCandle == single.newestCandle)
    }
}
