@testable import LiveTickerCore
import LiveTickerTestSupport
import Testing

/// The widest held range the consumer saw; written by the consumer only, read after `join`.
private final class Widest: @unchecked Sendable {
    var value = 0
    func raise(to width: Int) { value = max(value, width) }
}

@Suite("LiveSeries restartHeldHistory")
struct LiveSeriesRestartTests {
    /// A feed that moved back a day: after the restart the series holds only the new ticks
    /// (time range, visible positions, extremes, oldest value, change), the old ones stay in
    /// the rings; before any new tick it still holds the old ones rather than nothing.
    @Test func heldHistoryStartsAtTheRestart() throws {
        let series = try LiveSeries(capacity: 4096, candleInterval: .time(nanoseconds: 60))
        for i in 0..<1000 { series.append(Tick(time: 1_000_000 + Int64(i), value: Double(i))) }
        series.restartHeldHistory()
        // Nothing published after the floor yet: the old ticks are still what is held.
        #expect(series.heldTimeRange() == 1_000_000...1_000_999)
        for i in 0..<100 { series.append(Tick(time: Int64(i), value: 5000 + Double(i))) }
        #expect(series.heldTimeRange() == 0...99)
        #expect(series.positions(inTimeWindow: 0, 99) == 1000..<1100)
        // A window over the old times finds nothing held there.
        #expect(series.positions(inTimeWindow: 1_000_000, 1_000_999).isEmpty)
        #expect(series.oldestHeldFiniteValue() == 5000)
        series.refreshObservedState()
        #expect(series.minimum == 5000 && series.maximum == 5099)
        #expect(series.change == 99 && series.lastValue == 5099)
        #expect(series.tickCount == 1100)
        // The rings keep the old ticks (a reader of positions still finds them)...
        #expect(series.ticks.element(at: 0)?.time == 1_000_000)
        // ...and the candles: the aggregator opened a new one for the earlier time.
        #expect(series.newestCandle?.startTime == 60)
    }

    /// Once the ring has lapped the floor, the held range is the ring's again.
    @Test func ringWrapPastTheFloor() throws {
        let series = try LiveSeries(capacity: 256, candleInterval: .ticks(10))
        for i in 0..<300 { series.append(Tick(time: 10_000 + Int64(i), value: 1)) }
        series.restartHeldHistory()
        for i in 0..<200 { series.append(Tick(time: Int64(i), value: 2)) }
        #expect(series.heldTimeRange() == 0...199)
        for i in 200..<1000 { series.append(Tick(time: Int64(i), value: 3)) }
        #expect(series.heldTimeRange() == 744...999)
        #expect(series.positions(inTimeWindow: 0, 999) == 1044..<1300)
    }

    /// Restarting an empty series, or twice in a row, holds what was appended after.
    @Test func restartBeforeAnyTickAndTwice() throws {
        let series = try LiveSeries(capacity: 64, candleInterval: .ticks(10))
        series.restartHeldHistory()
        #expect(series.heldTimeRange() == nil)
        series.append(Tick(time: 5, value: .nan))
        series.restartHeldHistory()
        series.restartHeldHistory()
        #expect(series.heldTimeRange() == 5...5)
        series.append(Tick(time: 3, value: 7))
        #expect(series.heldTimeRange() == 3...3)
        #expect(series.oldestHeldFiniteValue() == 7)
    }

    /// A producer moves back in time every 5 000 ticks (each run's times 10 000 below the
    /// last's), restarting the series each time, while a consumer reads the held range as a
    /// frame does: it never spans two runs. Run under `--sanitize=thread`.
    @Test func consumerNeverSeesTwoRuns() throws {
        let runs = 60
        let runLength = 5_000
        let series = try LiveSeries(capacity: 20_000, candleInterval: .ticks(50), candleCapacity: 64)
        let done = StopFlag()
        let widest = Widest()
        let producer = TestThread {
            for run in 0..<runs {
                let base = Int64(10_000_000 - run * 10_000)
                if run > 0 { series.restartHeldHistory() }
                for i in 0..<runLength { series.append(Tick(time: base + Int64(i), value: Double(i))) }
            }
            done.raise()
        }
        let consumer = TestThread {
            var finished = false
            while !finished {
                finished = done.isRaised
                guard let times = series.heldTimeRange() else { continue }
                widest.raise(to: Int(times.upperBound - times.lowerBound))
                let window = series.positions(inTimeWindow: times.lowerBound, times.upperBound)
                widest.raise(to: window.count > runLength ? Int.max : 0)
            }
        }
        producer.join()
        consumer.join()
        #expect(widest.value < runLength)
        #expect(series.heldTimeRange() == 9_410_000...9_414_999)
    }
}
