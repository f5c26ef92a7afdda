import LiveTickerTestSupport
import Testing
@testable import LiveTickerCore

/// What the consumer saw; written by the consumer thread, read by the test after join.
/// The value written for position `p`, so a reader can check it from the tick's time.
private func value(_ p: Int) -> Double { Double((p &* 7919) % 10_007) }

private final class ConsumerLog: @unchecked Sendable {
    var refreshes = 0
    var failures: [String] = []
    func fail(_ m: String) { if failures.count < 20 { failures.append(m) } }
}

@Suite("LiveSeries concurrency")
struct LiveSeriesConcurrencyTests {
    /// A producer thread appends at full rate while a consumer refreshes and snapshots: the
    /// published state only moves forward, snapshots are whole, and after the producer stops
    /// a final refresh matches the data exactly.
    @Test func producerAndConsumerOnTwoThreads() throws {
        try run(batch: 1)
    }

    /// The same with the producer appending batches of 1 to 600 ticks (`append(contentsOf:)`):
    /// readers never see a torn tick or candle, and the final state is exact.
    @Test func batchProducerAndConsumerOnTwoThreads() throws {
        try run(batch: 600)
    }

    /// Appends `n` ticks in batches of up to `batch` (1: tick by tick) while a consumer reads.
    private func run(batch: Int) throws {
        let n = 150_000
        let capacity = 3_000
        let series = try LiveSeries(capacity: capacity, candleInterval: .ticks(10), candleCapacity: 64)
        let done = StopFlag()
        let log = ConsumerLog()

        let producer = TestThread {
            if batch == 1 {
                for p in 0..<n { series.append(Tick(time: Int64(p), value: value(p), size: 1)) }
            } else {
                var buffer = [Tick]()
                var p = 0
                var rng = SplitMix64(seed: 5)
                while p < n {
                    let count = min(n - p, 1 + Int(rng.next() % UInt64(batch)))
                    buffer = (p..<(p + count)).map { Tick(time: Int64($0), value: value($0), size: 1) }
                    buffer.withUnsafeBufferPointer { series.append(contentsOf: $0) }
                    p += count
                }
            }
            done.raise()
        }
        let consumer = TestThread {
            let ticks = UnsafeMutableBufferPointer<Tick>.allocate(capacity: 256)
            ticks.initialize(repeating: Tick(time: 0, value: 0))
            let candles = UnsafeMutableBufferPointer<Candle>.allocate(capacity: 32)
            candles.initialize(repeating: .empty(startTime: 0))
            defer {
                ticks.deallocate()
                candles.deallocate()
            }
            var lastCount: UInt64 = 0
            while !done.isRaised {
                series.refreshObservedState()
                log.refreshes += 1
                if series.tickCount < lastCount { log.fail("tick count went backwards") }
                lastCount = series.tickCount
                let r = series.snapshotTicks(newest: 256, into: ticks)
                for i in 0..<r.count {
                    let p = Int(r.firstPosition) + i
                    if ticks[i].time != Int64(p) || ticks[i].value != value(p) { log.fail("tick \(p) wrong: \(ticks[i])") }
                }
                let c = series.snapshotCandles(newest: 32, into: candles)
                for i in 0..<c.count {
                    let k = Int(c.firstPosition) + i
                    // Candle k holds ticks 10k ..< 10k+10; its open is the first of them.
                    if candles[i].startTime != Int64(10 * k) || candles[i].open != value(10 * k) {
                        log.fail("candle \(k) wrong: \(candles[i])")
                    }
                }
            }
        }
        producer.join()
        consumer.join()
        #expect(log.failures.isEmpty, "\(log.failures)")

        // The consumer may already have refreshed after the last append (before it saw `done`),
        // so whether this refresh finds news is a race; the state it leaves is what counts.
        series.refreshObservedState()
        let held = (n - capacity ..< n).map(value)
        #expect(series.tickCount == UInt64(n))
        #expect(series.candleCount == UInt64(n / 10))
        #expect(series.lastValue == value(n - 1))
        #expect(series.change == value(n - 1) - value(0))
        #expect(series.minimum == held.min() && series.maximum == held.max())
    }
}
