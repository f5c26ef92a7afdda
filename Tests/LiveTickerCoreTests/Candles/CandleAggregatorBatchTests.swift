import Testing

@testable import LiveTickerCore

@Suite("CandleAggregator batch add")
struct CandleAggregatorBatchTests {
    /// Batches of any length build exactly the candles of tick-by-tick adds, and after every
    /// batch the ring (closed candles and the open one) is the same.
    @Test(
        "batches build the same candles as single adds",
        arguments: [
            CandleInterval.time(nanoseconds: 20_000), .time(nanoseconds: 1), .time(nanoseconds: 7_000_000),
            .ticks(1), .ticks(5), .ticks(64), .ticks(5_000),
        ])
    func batchEqualsSingleAdds(interval: CandleInterval) throws {
        for seed in UInt64(1)...3 {
            let ticks = awkwardTicks(6_000, seed: seed)
            let single = try CandleAggregator(interval: interval, capacity: 50)
            let batched = try CandleAggregator(interval: interval, capacity: 50)
            var start = 0
            for n in batchLengths(total: ticks.count, seed: seed &+ 100, longest: 700) {
                for tick in ticks[start..<(start + n)] { single.add(tick) }
                ticks[start..<(start + n)].withUnsafeBufferPointer { batched.add(contentsOf: $0) }
                start += n
                let a = heldCandles(single.candles)
                let b = heldCandles(batched.candles)
                #expect(single.candles.writtenCount == batched.candles.writtenCount)
                #expect(a.first == b.first && a.candles.count == b.candles.count)
                let mismatch = a.candles.indices.first {
                    $0 < b.candles.count && !sameBits(a.candles[$0], b.candles[$0])
                }
                #expect(mismatch == nil, "seed \(seed) after \(start) ticks: candle \(mismatch ?? -1)")
                if mismatch != nil { return }
            }
            #expect(heldCandles(batched.candles).candles.count > 0)
        }
    }

    @Test func matchesTheReference() throws {
        // The reference sums volumes without saturating: keep sizes far from overflow.
        let ticks = awkwardTicks(3_000, seed: 42).map {
            Tick(time: $0.time, value: $0.value, size: $0.size.magnitude > 1e300 ? 2 : $0.size)
        }
        let aggregator = try CandleAggregator(interval: .time(nanoseconds: 50_000), capacity: 4_000)
        ticks.withUnsafeBufferPointer { aggregator.add(contentsOf: $0) }
        let got = heldCandles(aggregator.candles).candles
        let want = referenceCandles(ticks, interval: .time(nanoseconds: 50_000))
        #expect(got.count == want.count)
        #expect(zip(got, want).allSatisfy { sameCandle($0, $1) })
    }

    @Test("a volume that overflows saturates inside a batch as it does tick by tick")
    func volumeSaturates() throws {
        let ticks = [1.7e308, 1.7e308, -1.0, 1.7e308, -1.7e308, -1.7e308, -1.7e308, 5].map {
            Tick(time: 10, value: 1, size: $0)
        }
        let batched = try CandleAggregator(interval: .ticks(100), capacity: 2)
        ticks.withUnsafeBufferPointer { batched.add(contentsOf: $0) }
        let single = try CandleAggregator(interval: .ticks(100), capacity: 2)
        for tick in ticks { single.add(tick) }
        let candle = try #require(batched.candles.newest)
        #expect(sameBits(candle, try #require(single.candles.newest)))
        #expect(candle.volume.isFinite && candle.isDrawable)
    }

    @Test("a candle whose first values are NaN opens on the first finite value of a later batch")
    func nanThenFinite() throws {
        let aggregator = try CandleAggregator(interval: .ticks(10), capacity: 2)
        let nans = [Tick(time: 1, value: .nan, size: 1), Tick(time: 2, value: .infinity, size: 1)]
        nans.withUnsafeBufferPointer { aggregator.add(contentsOf: $0) }
        #expect(aggregator.candles.newest?.isDrawable == false)
        let finite = [
            Tick(time: 3, value: 4, size: 1), Tick(time: 4, value: 2, size: 1), Tick(time: 5, value: 3, size: .nan),
        ]
        finite.withUnsafeBufferPointer { aggregator.add(contentsOf: $0) }
        let candle = try #require(aggregator.candles.newest)
        #expect(candle == Candle(startTime: 1, open: 4, high: 4, low: 2, close: 3, volume: 4, tickCount: 5))
        #expect(aggregator.candles.writtenCount == 1)
    }

    @Test func emptyBatchChangesNothing() throws {
        let aggregator = try CandleAggregator(interval: .ticks(3), capacity: 2)
        aggregator.add(contentsOf: UnsafeBufferPointer(start: nil, count: 0))
        #expect(aggregator.candles.writtenCount == 0)
        aggregator.add(Tick(time: 1, value: 1))
        aggregator.add(contentsOf: UnsafeBufferPointer(start: nil, count: 0))
        #expect(
            aggregator.candles.newest
                == Candle(startTime: 1, open: 1, high: 1, low: 1, close: 1, volume: 0, tickCount: 1))
    }
}
