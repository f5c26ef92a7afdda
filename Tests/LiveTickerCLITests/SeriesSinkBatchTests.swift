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

@Suite("SeriesSink time guard")
struct SeriesSinkTimeGuardTests {
    @Test("with a time guard, batches chart what tick-by-tick delivery charts, and neither charts the outliers")
    func guardedBatchEqualsTickByTick() throws {
        let second: Int64 = 1_000_000_000
        let now: Int64 = 1_796_601_600 * second
        var times = (0..<3_000).map { now - 3_000 * second + Int64($0) * second }
        times[500] = 4_102_444_800 * second  // 2100: ahead of the clock
        times[1_200] = 946_684_800 * second  // 2000: alone, far back
        times[1_201] = now                   // a jump ahead the clock allows: plain; the ticks after it
                                             // lie 30 min back, so the feed moved back there
        times[2_999] = now - 400 * day       // the last tick, far back: waits, dropped at the end
        let ticks = times.map { Tick(time: $0, value: Double($0 % 97)) }
        let symbols = [SymbolID](repeating: .first, count: ticks.count)
        func makeSink(_ series: [LiveSeries]) -> SeriesSink {
            var guarding = LiveTimeGuard(maximumLead: LiveTimeGuard.defaultMaximumLead, maximumStepBack: 600 * second)
            guarding.now = now
            return SeriesSink(series: series, timeGuard: guarding)
        }
        let single = try LiveSeries(capacity: 4_096, candleInterval: .ticks(10))
        let batched = try LiveSeries(capacity: 4_096, candleInterval: .ticks(10))
        var singleSink = makeSink([single])
        var batchedSink = makeSink([batched])
        for i in ticks.indices { singleSink.consume(ticks[i], symbol: symbols[i]) }
        var start = 0
        for length in [499, 3, 1, 700, 1, 1, 1_795] {
            let end = start + length
            ticks[start..<end].withUnsafeBufferPointer { t in
                symbols[start..<end].withUnsafeBufferPointer { s in batchedSink.consume(TickBatch(ticks: t, symbols: s)) }
            }
            start = end
        }
        precondition(start == ticks.count, "the batch lengths must cover the fixture")
        singleSink.endFeed()
        batchedSink.endFeed()
        for (sink, series) in [(singleSink, single), (batchedSink, batched)] {
            #expect(series.version == UInt64(ticks.count - 3))
            #expect(sink.chartedTicks == ticks.count - 3)
            #expect(sink.timeGuard?.droppedAhead == 1 && sink.timeGuard?.droppedAlone == 2)
            #expect(series.newestTick?.time == times[2_998])
            // The series starts again where the feed moved back: the chart follows its times.
            #expect(sink.timeGuard?.movedBack == 1)
            #expect(series.heldTimeRange() == times[1_202]...times[2_998])
        }
        #expect(single.newestCandle == batched.newestCandle)
    }
}

private let day: Int64 = 86_400_000_000_000
