import LiveTickerTestSupport
import Testing

@testable import LiveTickerCore

private func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }

/// Checks that two series hold the same state: every held tick, candle and block summary (closed
/// and open), the producer statistics and the observed state after a refresh.
private func expectSameState(_ a: LiveSeries, _ b: LiveSeries, _ context: String) {
    #expect(a.version == b.version, "\(context): version")
    let ticksA = UnsafeMutableBufferPointer<Tick>.allocate(capacity: a.capacity)
    let ticksB = UnsafeMutableBufferPointer<Tick>.allocate(capacity: b.capacity)
    defer {
        ticksA.deallocate()
        ticksB.deallocate()
    }
    let ra = a.snapshotTicks(newest: a.capacity, into: ticksA)
    let rb = b.snapshotTicks(newest: b.capacity, into: ticksB)
    #expect(ra == rb, "\(context): tick range")
    #expect((0..<min(ra.count, rb.count)).allSatisfy { sameBits(ticksA[$0], ticksB[$0]) }, "\(context): ticks")

    let ca = heldCandles(a.candles)
    let cb = heldCandles(b.candles)
    #expect(a.candles.writtenCount == b.candles.writtenCount, "\(context): candle count")
    #expect(ca.first == cb.first && ca.candles.count == cb.candles.count, "\(context): candle range")
    #expect(zip(ca.candles, cb.candles).allSatisfy { sameBits($0, $1) }, "\(context): candles")

    for level in 0..<a.summaryLevelCount {
        let sa = a.summaries(level: level)
        let sb = b.summaries(level: level)
        #expect(sa.writtenCount == sb.writtenCount, "\(context): level \(level) count")
        for block in sa.heldPositions {
            let x = sa.element(at: block)
            let y = sb.element(at: block)
            #expect(
                x != nil && y != nil && ReferenceSummaries.same(x!, y!), "\(context): level \(level) block \(block)")
        }
        #expect(
            ReferenceSummaries.same(a.summaries.open[level], b.summaries.open[level]), "\(context): open block \(level)"
        )
    }
    for index in [LiveSeries.lastIndex, LiveSeries.firstIndex, LiveSeries.nonFiniteIndex] {
        #expect(
            a.shared[index].load(ordering: .relaxed) == b.shared[index].load(ordering: .relaxed),
            "\(context): word \(index)")
    }
    a.refreshObservedState()
    b.refreshObservedState()
    #expect(same(a.lastValue, b.lastValue) && same(a.change, b.change), "\(context): last/change")
    #expect(same(a.minimum, b.minimum) && same(a.maximum, b.maximum), "\(context): range")
    #expect(
        a.tickCount == b.tickCount && a.candleCount == b.candleCount && a.nonFiniteCount == b.nonFiniteCount,
        "\(context): counts")
}

@Suite("LiveSeries batch append")
struct LiveSeriesBatchTests {
    @Test(
        "batches leave the series exactly as single appends do, after every batch",
        arguments: [
            (300, CandleInterval.ticks(16), UInt64(1)), (1_000, .time(nanoseconds: 40_000), 2),
            (64, .ticks(1), 3), (5_000, .time(nanoseconds: 3_000), 4), (257, .ticks(1_000), 5),
        ])
    func batchEqualsSingleAppends(capacity: Int, interval: CandleInterval, seed: UInt64) throws {
        let ticks = awkwardTicks(12_000, seed: seed)
        let single = try LiveSeries(capacity: capacity, candleInterval: interval, candleCapacity: 40)
        let batched = try LiveSeries(capacity: capacity, candleInterval: interval, candleCapacity: 40)
        var start = 0
        // Batches up to twice the capacity: some overwrite themselves.
        for (k, n) in batchLengths(total: ticks.count, seed: seed, longest: 2 * capacity + 5).enumerated() {
            for tick in ticks[start..<(start + n)] { single.append(tick) }
            ticks[start..<(start + n)].withUnsafeBufferPointer { batched.append(contentsOf: $0) }
            start += n
            if k % 7 == 0 || start == ticks.count { expectSameState(single, batched, "seed \(seed) at \(start)") }
        }
    }

    /// Mostly clean ticks, so most 64-tick runs take the one-pass batch path's common run,
    /// with chosen ticks that must send a run back to the tick-by-tick folds: NaN and +∞
    /// values, NaN and -∞ sizes, two sizes whose sum overflows, a time three windows back
    /// (an earlier window: a new candle), -0.0 then 0.0 (ties of equal values), and candle
    /// windows that end inside blocks.
    @Test(
        "the one-pass batch path leaves the series exactly as single appends do",
        arguments: [
            (1_000, Int64(40_000), Int64?(160_000)), (4_096, 7 * 86_400_000_000_000, nil),
            (333, 60_000, 600_000), (64, 1_000_000, nil),
        ])
    func onePassEqualsSingleAppends(capacity: Int, width: Int64, foldedWidth: Int64?) throws {
        var rng = SplitMix64(seed: UInt64(capacity))
        var time: Int64 = 1_709_280_000_000_000_000
        let step = UInt64(max(2, width / 50))
        var ticks: [Tick] = []
        for i in 0..<20_000 {
            time += Int64(rng.next() % step)
            var value = 100 + Double(Int(rng.next() % 2001) - 1000) / 100
            var size = Double(rng.next() % 100)
            switch i % 997 {
            case 100: value = .nan
            case 200: value = .infinity
            case 300: size = .nan
            case 400, 401: size = 1.7e308
            case 500: time -= 3 * width
            case 600: value = -0.0
            case 601: value = 0.0
            case 700: size = -.infinity
            default: break
            }
            ticks.append(Tick(time: time, value: value, size: size))
        }
        let folded = foldedWidth.map { CandleInterval.time(nanoseconds: $0) }
        let single = try LiveSeries(
            capacity: capacity, candleInterval: .time(nanoseconds: width), candleCapacity: 50,
            foldedCandleInterval: folded, foldedCandleCapacity: 40)
        let batched = try LiveSeries(
            capacity: capacity, candleInterval: .time(nanoseconds: width), candleCapacity: 50,
            foldedCandleInterval: folded, foldedCandleCapacity: 40)
        var start = 0
        // Batches up to twice the capacity: those longer than the history take the other path.
        for (k, n) in batchLengths(total: ticks.count, seed: UInt64(width), longest: 2 * capacity + 5).enumerated() {
            for tick in ticks[start..<(start + n)] { single.append(tick) }
            ticks[start..<(start + n)].withUnsafeBufferPointer { batched.append(contentsOf: $0) }
            start += n
            if k % 5 == 0 || start == ticks.count {
                expectSameState(single, batched, "capacity \(capacity) at \(start)")
                if let a = single.foldedCandles, let b = batched.foldedCandles {
                    let fa = heldCandles(a)
                    let fb = heldCandles(b)
                    #expect(fa.first == fb.first && fa.candles.count == fb.candles.count, "folded range at \(start)")
                    #expect(zip(fa.candles, fb.candles).allSatisfy { sameBits($0, $1) }, "folded candles at \(start)")
                }
            }
        }
        #expect(single.candleCount > 10)
    }

    @Test("single appends and batches mix freely")
    func mixedWithSingleAppends() throws {
        let ticks = awkwardTicks(5_000, seed: 77)
        let single = try LiveSeries(capacity: 700, candleInterval: .time(nanoseconds: 25_000), candleCapacity: 30)
        let mixed = try LiveSeries(capacity: 700, candleInterval: .time(nanoseconds: 25_000), candleCapacity: 30)
        var start = 0
        for (k, n) in batchLengths(total: ticks.count, seed: 78, longest: 150).enumerated() {
            for tick in ticks[start..<(start + n)] { single.append(tick) }
            if k % 2 == 0 {
                for tick in ticks[start..<(start + n)] { mixed.append(tick) }
            } else {
                ticks[start..<(start + n)].withUnsafeBufferPointer { mixed.append(contentsOf: $0) }
            }
            start += n
        }
        expectSameState(single, mixed, "mixed")
    }

    @Test("statistics: all-NaN batches, the first finite value late in a batch, the last finite value early")
    func statisticsEdges() throws {
        let series = try LiveSeries(capacity: 10, candleInterval: .ticks(4))
        let nans = [Tick(time: 1, value: .nan), Tick(time: 2, value: -.infinity)]
        nans.withUnsafeBufferPointer { series.append(contentsOf: $0) }
        #expect(series.version == 2)
        series.refreshObservedState()
        #expect(series.lastValue.isNaN && series.change.isNaN && series.nonFiniteCount == 2)
        let mixed = [
            Tick(time: 3, value: .nan), Tick(time: 4, value: 5), Tick(time: 5, value: 8),
            Tick(time: 6, value: .infinity),
        ]
        mixed.withUnsafeBufferPointer { series.append(contentsOf: $0) }
        series.refreshObservedState()
        #expect(series.version == 6 && series.tickCount == 6)
        #expect(series.lastValue == 8 && series.change == 3 && series.nonFiniteCount == 4)
        #expect(series.minimum == 5 && series.maximum == 8)
        #expect(series.candleCount == 2)
    }

    @Test func emptyBatchChangesNothing() throws {
        let series = try LiveSeries(capacity: 10, candleInterval: .ticks(4))
        series.append(contentsOf: UnsafeBufferPointer(start: nil, count: 0))
        #expect(series.version == 0 && series.newestTick == nil && series.newestCandle == nil)
        #expect(series.refreshObservedState() == false)
    }

    @Test("a batch larger than the history keeps its newest ticks and every candle and summary")
    func batchLargerThanHistory() throws {
        let ticks = (0..<1_000).map { Tick(time: Int64($0), value: Double($0 % 37), size: 1) }
        let series = try LiveSeries(capacity: 100, candleInterval: .ticks(10), candleCapacity: 200)
        ticks.withUnsafeBufferPointer { series.append(contentsOf: $0) }
        #expect(series.version == 1_000)
        #expect(series.ticks.heldPositions == 900..<1_000)
        #expect(series.ticks.element(at: 900) == ticks[900])
        #expect(series.candles.writtenCount == 100)
        #expect(series.candles.element(at: 3)?.open == 30)
        #expect(series.summaries(level: 0).writtenCount == 1_000 / 64)
    }
}
