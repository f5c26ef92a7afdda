import LiveTickerCore
import Testing

@testable import LiveTickerFeed

#if canImport(Glibc)
    import Glibc
#endif

/// A sink that records how ticks arrived: one by one or in batches (for checking the readers'
/// delivery paths; a mock of a batch-capable sink such as a live series).
private struct MockBatchSink: TickSink {
    var ticks: [Tick] = []
    var symbols: [SymbolID] = []
    var batches: [Int] = []
    var singles = 0
    let stopAfterFirstBatch: StopFlag?

    init(stopAfterFirstBatch: StopFlag? = nil) { self.stopAfterFirstBatch = stopAfterFirstBatch }

    mutating func consume(_ tick: Tick, symbol: SymbolID) {
        singles += 1
        ticks.append(tick)
        symbols.append(symbol)
    }

    mutating func consume(_ batch: TickBatch) {
        batches.append(batch.count)
        ticks.append(contentsOf: batch.ticks)
        symbols.append(contentsOf: batch.symbols)
        stopAfterFirstBatch?.stop()
    }
}

private func csv(_ count: Int) -> [UInt8] {
    var text = "time,price,symbol\n"
    for i in 0..<count { text += "\(1_709_285_400_000 + i),\(i),\(i % 3 == 0 ? "A" : "B")\n" }
    return Array(text.utf8)
}

@Suite("Batch delivery")
struct BatchDeliveryTests {
    @Test("read(into:) hands whole batches to a batch-capable sink, in order")
    func readDeliversBatches() throws {
        var options = FeedOptions()
        options.batchCapacity = 64
        var sink = MockBatchSink()
        _ = try CSVTickReader.parse(csv(1_000), options: options, into: &sink)
        #expect(sink.singles == 0)
        #expect(sink.batches.reduce(0, +) == 1_000 && sink.batches.allSatisfy { $0 <= 64 } && sink.batches.count >= 16)
        #expect(sink.ticks.map(\.value) == (0..<1_000).map(Double.init))
        var collector = TickCollector()
        _ = try CSVTickReader.parse(csv(1_000), options: options, into: &collector)
        #expect(collector.symbols == sink.symbols)
    }

    @Test("a sink without a batch method still gets every tick through consume(_:symbol:)")
    func defaultBatchGoesTickByTick() throws {
        var collector = TickCollector()
        let bytes = csv(300)
        try bytes.withUnsafeBytes { raw in
            var options = FeedOptions()
            options.batchCapacity = 7
            var pacer = ReplayPacer(speed: .max)
            try CSVTickReader(memory: raw, options: options).replay(into: &collector, pacer: &pacer)
        }
        #expect(collector.ticks.count == 300)
        #expect(collector.ticks.map(\.value) == (0..<300).map(Double.init))
    }

    @Test("max speed replays batch by batch and checks the stop flag before each batch")
    func maxSpeedStopsBetweenBatches() throws {
        let stop = StopFlag()
        var sink = MockBatchSink(stopAfterFirstBatch: stop)
        let bytes = csv(500)
        try bytes.withUnsafeBytes { raw in
            var options = FeedOptions()
            options.batchCapacity = 100
            var pacer = ReplayPacer(speed: .max)
            try CSVTickReader(memory: raw, options: options).replay(into: &sink, pacer: &pacer, stop: stop)
        }
        #expect(sink.batches == [100] && sink.singles == 0)
    }

    @Test("a paced replay still delivers tick by tick")
    func pacedReplayIsPerTick() throws {
        var sink = MockBatchSink()
        let text = "time,price\n0,1\n0,2\n0,3\n"
        try Array(text.utf8).withUnsafeBytes { raw in
            var pacer = ReplayPacer(speed: .factor(1_000))
            try CSVTickReader(memory: raw, options: FeedOptions()).replay(into: &sink, pacer: &pacer)
        }
        #expect(sink.singles == 3 && sink.batches.isEmpty)
    }

    @Test("a queue drains as one batch, or two when the queued run wraps, in order")
    func queueDrainsInBatches() throws {
        let queue = TickQueue(capacity: 8)
        var sink = MockBatchSink()
        for i in 0..<6 { queue.push(Tick(time: Int64(i), value: Double(i)), symbol: SymbolID(UInt32(i % 2))) }
        #expect(queue.drain(into: &sink, maximum: 4) == 4)
        #expect(sink.batches == [4])
        for i in 6..<12 { queue.push(Tick(time: Int64(i), value: Double(i)), symbol: SymbolID(UInt32(i % 2))) }
        #expect(queue.drain(into: &sink) == 8)  // slots 4..<8, then 0..<4
        #expect(sink.batches == [4, 4, 4] && sink.singles == 0)
        #expect(sink.ticks.map(\.time) == (0..<12).map(Int64.init))
        #expect(sink.symbols == (0..<12).map { SymbolID(UInt32($0 % 2)) })
        #expect(queue.drain(into: &sink) == 0 && sink.batches.count == 3)
    }

    @Test("binary files replay in batches into a live series with the same state as tick by tick")
    func binaryIntoSeries() throws {
        let path = temporaryPath("batch.ltk")
        defer { unlink(path) }
        let writer = try BinaryTickWriter(path: path, hasSymbols: false)
        var ticks: [Tick] = []
        for i in 0..<5_000 {
            let value: Double = i % 97 == 0 ? .nan : Double((i &* 7919) % 1_009)
            ticks.append(Tick(time: Int64(i / 3) * 1_000_000, value: value, size: Double(i % 5)))
        }
        for tick in ticks { writer.consume(tick, symbol: .first) }
        try writer.finish()
        var options = FeedOptions()
        options.batchCapacity = 333
        let reader = try BinaryTickReader(path: path, options: options)
        let batched = try LiveSeries(
            capacity: 1_000, candleInterval: .time(nanoseconds: 7_000_000), candleCapacity: 100)
        var sink = SeriesBatchSink(series: batched)
        try reader.read(into: &sink)
        let single = try LiveSeries(capacity: 1_000, candleInterval: .time(nanoseconds: 7_000_000), candleCapacity: 100)
        for tick in ticks { single.append(tick) }
        #expect(batched.version == single.version)
        #expect(
            batched.newestCandle == single.newestCandle && batched.candles.writtenCount == single.candles.writtenCount)
        batched.refreshObservedState()
        single.refreshObservedState()
        #expect(batched.lastValue == single.lastValue && batched.minimum == single.minimum)
        #expect(batched.nonFiniteCount == single.nonFiniteCount && batched.nonFiniteCount > 0)
    }
}

/// Appends batches to a series (what the replay sinks do).
private struct SeriesBatchSink: TickSink {
    let series: LiveSeries
    mutating func consume(_ tick: Tick, symbol: SymbolID) { series.append(tick) }
    mutating func consume(_ batch: TickBatch) { series.append(contentsOf: batch.ticks) }
}
