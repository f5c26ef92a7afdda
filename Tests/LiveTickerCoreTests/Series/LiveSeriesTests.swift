@testable import LiveTickerCore
import LiveTickerTestSupport
import Observation
import Synchronization
import Testing

/// Counts observation callbacks (they may run on any thread, so the count is atomic).
private final class ChangeCounter: Sendable {
    private let fired = Atomic<Int>(0)
    func record() { fired.wrappingAdd(1, ordering: .relaxed) }
    var count: Int { fired.load(ordering: .relaxed) }
}

/// Min and max of the finite values in `values`, NaN when there are none.
private func bruteExtent(_ values: ArraySlice<Double>) -> (Double, Double) {
    let finite = values.filter(\.isFinite)
    return (finite.min() ?? .nan, finite.max() ?? .nan)
}

private func same(_ a: Double, _ b: Double) -> Bool { a == b || (a.isNaN && b.isNaN) }

@Suite("LiveSeries")
struct LiveSeriesTests {
    @Test func rejectsBadConfiguration() {
        #expect(throws: ConfigurationError.zeroCapacity) { try LiveSeries(capacity: 0, candleInterval: .ticks(5)) }
        #expect(throws: ConfigurationError.zeroCapacity) { try LiveSeries(capacity: 10, candleInterval: .ticks(5), candleCapacity: 0) }
        #expect(throws: ConfigurationError.nonPositiveInterval) { try LiveSeries(capacity: 10, candleInterval: .time(nanoseconds: 0)) }
    }

    @Test func emptySeries() throws {
        let series = try LiveSeries(capacity: 8, candleInterval: .ticks(2), candleCapacity: 4)
        #expect(series.version == 0)
        #expect(series.newestTick == nil && series.newestCandle == nil)
        #expect(series.refreshObservedState() == false)
        #expect(series.lastValue.isNaN && series.change.isNaN && series.minimum.isNaN && series.maximum.isNaN)
        #expect(series.tickCount == 0 && series.candleCount == 0)
        #expect(series.capacity == 8 && series.candleCapacity == 4)
        #expect(series.candleInterval == .ticks(2))
    }

    @Test func versionIncrementsPerAppend() throws {
        let series = try LiveSeries(capacity: 4, candleInterval: .ticks(2))
        for i in 1...10 {
            series.append(Tick(time: Int64(i), value: Double(i)))
            #expect(series.version == UInt64(i))
        }
        #expect(series.observedVersion == 0, "nothing is published until the consumer refreshes")
    }

    @Test func observationFiresOnRefreshNotPerAppend() throws {
        let series = try LiveSeries(capacity: 16, candleInterval: .ticks(4))
        let versionChanges = ChangeCounter()
        withObservationTracking { _ = series.observedVersion } onChange: { versionChanges.record() }
        for i in 0..<100 { series.append(Tick(time: Int64(i), value: 5)) }
        #expect(versionChanges.count == 0, "appends do no observation work")
        #expect(series.refreshObservedState())
        #expect(versionChanges.count == 1)

        // Re-register; a refresh with nothing new publishes nothing.
        let lastValueChanges = ChangeCounter()
        withObservationTracking { _ = series.observedVersion } onChange: { versionChanges.record() }
        withObservationTracking { _ = series.lastValue } onChange: { lastValueChanges.record() }
        #expect(series.refreshObservedState() == false)
        #expect(versionChanges.count == 1)

        // The same value again: the version changes, the last value does not.
        series.append(Tick(time: 100, value: 5))
        #expect(series.refreshObservedState())
        #expect(versionChanges.count == 2)
        #expect(lastValueChanges.count == 0, "unchanged properties do not notify")
        series.append(Tick(time: 101, value: 6))
        series.refreshObservedState()
        #expect(lastValueChanges.count == 1)
    }

    @Test func statisticsAfterRefresh() throws {
        let series = try LiveSeries(capacity: 4, candleInterval: .ticks(3))
        let values: [Double] = [10, 4, .nan, 12, 9, .infinity, 7]
        for (i, v) in values.enumerated() { series.append(Tick(time: Int64(i), value: v, size: 1)) }
        series.refreshObservedState()
        #expect(series.tickCount == 7)
        #expect(series.lastValue == 7, "last finite value")
        #expect(series.change == 7 - 10, "from the first finite value ever appended")
        // Held: the newest 4 ticks = 12, 9, inf, 7.
        #expect(series.minimum == 7 && series.maximum == 12)
        #expect(series.nonFiniteCount == 2)
        #expect(series.candleCount == 3)
        #expect(series.observedVersion == 7)
        #expect(series.newestTick == Tick(time: 6, value: 7, size: 1))
        #expect(series.newestCandle == Candle(startTime: 6, open: 7, high: 7, low: 7, close: 7, volume: 1, tickCount: 1))
    }

    @Test func leadingNonFiniteValues() throws {
        let series = try LiveSeries(capacity: 4, candleInterval: .ticks(3))
        series.append(Tick(time: 0, value: .nan))
        series.refreshObservedState()
        #expect(series.lastValue.isNaN && series.change.isNaN && series.minimum.isNaN && series.maximum.isNaN)
        #expect(series.tickCount == 1 && series.nonFiniteCount == 1)
        series.append(Tick(time: 1, value: -1.7e308))
        series.append(Tick(time: 2, value: .leastNonzeroMagnitude))
        series.refreshObservedState()
        #expect(series.change == .leastNonzeroMagnitude - -1.7e308)
        #expect(series.minimum == -1.7e308 && series.maximum == .leastNonzeroMagnitude)
    }

    @Test(arguments: [1, 7, 1000, 1024, 1025, 3000, 5000])
    func heldMinMaxMatchesBruteForce(capacity: Int) throws {
        let series = try LiveSeries(capacity: capacity, candleInterval: .ticks(50))
        var rng = SplitMix64(seed: UInt64(capacity))
        var values: [Double] = []
        var checkpoint = 1
        for i in 0..<12_000 {
            let v: Double = Int.random(in: 0..<50, using: &rng) == 0 ? .nan : Double.random(in: -1e6...1e6, using: &rng)
            values.append(v)
            series.append(Tick(time: Int64(i), value: v))
            if values.count == checkpoint || i == 11_999 {
                checkpoint = checkpoint * 3 / 2 + 1
                series.refreshObservedState()
                let (lo, hi) = bruteExtent(values.suffix(capacity))
                #expect(same(series.minimum, lo) && same(series.maximum, hi), "after \(values.count) ticks")
            }
        }
    }

    @Test func snapshotsOfTicksAndCandles() throws {
        let series = try LiveSeries(capacity: 5, candleInterval: .ticks(2), candleCapacity: 3)
        for i in 0..<9 { series.append(Tick(time: Int64(i) * 10, value: Double(i))) }
        var ticks = [Tick](repeating: Tick(time: 0, value: 0), count: 10)
        let t = ticks.withUnsafeMutableBufferPointer { series.snapshotTicks(newest: 3, into: $0) }
        #expect(t.positions == 6..<9)
        #expect(ticks.prefix(3).map(\.value) == [6, 7, 8])
        var candles = [Candle](repeating: .empty(startTime: 0), count: 10)
        let c = candles.withUnsafeMutableBufferPointer { series.snapshotCandles(newest: 10, into: $0) }
        #expect(c.positions == 2..<5, "9 ticks in pairs = 5 candles, 3 kept")
        #expect(candles.prefix(3).map(\.open) == [4, 6, 8])
        #expect(candles[2].tickCount == 1, "the open candle is last")
        #expect(series.ticks.heldPositions == 4..<9)
        #expect(series.candles.writtenCount == 5)
    }

    @Test func fullRateReplayThroughSmallHistoryLosesNoCandleExtremes() throws {
        var rng = SplitMix64(seed: 42)
        var ticks: [Tick] = []
        var time: Int64 = 1_700_000_000_000_000_000
        for _ in 0..<100_000 {
            time += Int64.random(in: -20_000_000...400_000_000, using: &rng)   // some go backwards
            ticks.append(Tick(time: time, value: Double.random(in: 99...101, using: &rng), size: Double(Int.random(in: 1...5, using: &rng))))
        }
        let interval = CandleInterval.seconds(5)
        let expected = referenceCandles(ticks, interval: interval)
        let series = try LiveSeries(capacity: 16, candleInterval: interval, candleCapacity: expected.count)
        for tick in ticks { series.append(tick) }
        let (first, got) = heldCandles(series.candles)
        #expect(first == 0)
        #expect(got.count == expected.count)
        #expect(zip(got, expected).allSatisfy(sameCandle))
    }
}
