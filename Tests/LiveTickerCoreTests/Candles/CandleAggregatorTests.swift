import LiveTickerTestSupport
import LiveTickerCore
import Testing

private func aggregate(_ ticks: [Tick], _ interval: CandleInterval, capacity: Int = 64) throws -> [Candle] {
    let aggregator = try CandleAggregator(interval: interval, capacity: capacity)
    for tick in ticks { aggregator.add(tick) }
    return heldCandles(aggregator.candles).candles
}

private func t(_ time: Int64, _ value: Double, _ size: Double = 1) -> Tick {
    Tick(time: time, value: value, size: size)
}

@Suite("CandleAggregator")
struct CandleAggregatorTests {
    @Test func rejectsBadConfiguration() {
        #expect(throws: ConfigurationError.nonPositiveInterval) { try CandleAggregator(interval: .time(nanoseconds: 0), capacity: 4) }
        #expect(throws: ConfigurationError.nonPositiveInterval) { try CandleAggregator(interval: .time(nanoseconds: -5), capacity: 4) }
        #expect(throws: ConfigurationError.nonPositiveInterval) { try CandleAggregator(interval: .ticks(0), capacity: 4) }
        #expect(throws: ConfigurationError.zeroCapacity) { try CandleAggregator(interval: .ticks(3), capacity: 0) }
    }

    @Test func noTicksNoCandles() throws {
        let aggregator = try CandleAggregator(interval: .ticks(3), capacity: 4)
        #expect(aggregator.candles.writtenCount == 0)
        #expect(aggregator.candles.newest == nil)
    }

    @Test func halfOpenWindowsIncludingExactBoundary() throws {
        let candles = try aggregate([t(0, 5), t(9, 7), t(10, 1), t(19, 2), t(20, 3)], .time(nanoseconds: 10))
        #expect(candles.map(\.startTime) == [0, 10, 20])
        #expect(candles.map(\.tickCount) == [2, 2, 1])
        #expect(candles[0] == Candle(startTime: 0, open: 5, high: 7, low: 5, close: 7, volume: 2, tickCount: 2))
        #expect(candles[1] == Candle(startTime: 10, open: 1, high: 2, low: 1, close: 2, volume: 2, tickCount: 2))
    }

    @Test func negativeTimesUseFloorDivision() throws {
        let candles = try aggregate([t(-11, 1), t(-10, 2), t(-1, 3), t(0, 4)], .time(nanoseconds: 10))
        #expect(candles.map(\.startTime) == [-20, -10, 0])
        #expect(candles.map(\.tickCount) == [1, 2, 1])
        #expect(candles[1].open == 2 && candles[1].close == 3)
    }

    @Test func extremeTimesDoNotOverflow() throws {
        let candles = try aggregate([t(.min, 1), t(.min + 1, 2), t(.max, 3)], .time(nanoseconds: 3))
        // floor(Int64.min / 3)·3 is below Int64.min: the start is clamped, the window is still one.
        #expect(candles.map(\.startTime) == [.min, .max - 1])
        #expect(candles.map(\.tickCount) == [2, 1])
        let wide = try aggregate([t(.min, 1), t(.max, 2)], .seconds(.max))
        #expect(wide.count == 2)
        // One-nanosecond windows at both ends of the time range.
        let unit = try aggregate([t(.max - 1, 1), t(.max, 2), t(.max, 3), t(.min, 4), t(.min, 5)], .time(nanoseconds: 1))
        #expect(unit.map(\.startTime) == [.max - 1, .max, .min])
        #expect(unit.map(\.tickCount) == [1, 2, 2])
    }

    @Test func sameTimestampSameCandleButRevisitedWindowIsNewCandle() throws {
        // A, A, B, A: the return to window A opens a third candle in the next slot.
        let aggregator = try CandleAggregator(interval: .time(nanoseconds: 100), capacity: 8)
        for tick in [t(150, 1), t(150, 2), t(250, 3), t(160, 4)] { aggregator.add(tick) }
        let (first, candles) = heldCandles(aggregator.candles)
        #expect(first == 0)
        #expect(candles.map(\.startTime) == [100, 200, 100])
        #expect(candles.map(\.tickCount) == [2, 1, 1])
        #expect(candles[2].open == 4, "two candles share a start time and stay two candles")
    }

    @Test func backwardsTimeKeepsArrivalOrder() throws {
        let candles = try aggregate([t(25, 1), t(15, 2), t(5, 3), t(7, 4)], .time(nanoseconds: 10))
        #expect(candles.map(\.startTime) == [20, 10, 0])
        #expect(candles.map(\.close) == [1, 2, 4])
    }

    @Test func timeGapLeavesNoEmptyCandles() throws {
        // A weekend between two ticks: two adjacent candles, nothing in between.
        let candles = try aggregate([t(0, 1), t(1_000_000, 2)], .time(nanoseconds: 10))
        #expect(candles.count == 2)
    }

    @Test func openCandleUpdatesInPlace() throws {
        let aggregator = try CandleAggregator(interval: .time(nanoseconds: 60), capacity: 4)
        aggregator.add(t(0, 10, 2))
        #expect(aggregator.candles.newest == Candle(startTime: 0, open: 10, high: 10, low: 10, close: 10, volume: 2, tickCount: 1))
        aggregator.add(t(10, 12, 1))
        aggregator.add(t(20, 8, 1))
        #expect(aggregator.candles.writtenCount == 1, "still one slot")
        #expect(aggregator.candles.newest == Candle(startTime: 0, open: 10, high: 12, low: 8, close: 8, volume: 4, tickCount: 3))
        aggregator.add(t(60, 9, 1))
        #expect(aggregator.candles.writtenCount == 2)
        #expect(aggregator.candles.element(at: 0)?.close == 8, "closed candle is final")
    }

    @Test func everyNTicks() throws {
        let ticks = (0..<7).map { t(Int64(100 - $0), Double($0)) }   // times going backwards: irrelevant here
        let candles = try aggregate(ticks, .ticks(3))
        #expect(candles.map(\.tickCount) == [3, 3, 1])
        #expect(candles.map(\.startTime) == [100, 97, 94])
        #expect(candles[1] == Candle(startTime: 97, open: 3, high: 5, low: 3, close: 5, volume: 3, tickCount: 3))
        let single = try aggregate(ticks, .ticks(1))
        #expect(single.count == 7 && single.allSatisfy { $0.tickCount == 1 })
    }

    @Test func nonFiniteValuesNeverEnterPrices() throws {
        let aggregator = try CandleAggregator(interval: .time(nanoseconds: 10), capacity: 4)
        aggregator.add(t(0, .nan, 5))
        aggregator.add(t(1, .infinity, .nan))
        var candle = try #require(aggregator.candles.newest)
        #expect(candle.tickCount == 2)
        #expect(candle.isDrawable == false, "only non-finite values: keeps its slot, not drawn")
        #expect(candle.open.isNaN && candle.high.isNaN && candle.low.isNaN && candle.close.isNaN)
        #expect(candle.volume == 5, "NaN size adds no volume")
        aggregator.add(t(2, 7, .infinity))
        aggregator.add(t(3, -.infinity, 1))
        aggregator.add(t(4, 6, 1))
        candle = try #require(aggregator.candles.newest)
        #expect(candle == Candle(startTime: 0, open: 7, high: 7, low: 6, close: 6, volume: 7, tickCount: 5))
        #expect(candle.isDrawable)
        // An all-non-finite window keeps its slot between drawable neighbours.
        aggregator.add(t(15, .nan))
        aggregator.add(t(25, 1))
        let (_, candles) = heldCandles(aggregator.candles)
        #expect(candles.map(\.isDrawable) == [true, false, true])
    }

    @Test func extremeFiniteValuesAndVolumeSaturation() throws {
        let candles = try aggregate(
            [t(0, 1.7e308, 1.7e308), t(1, -1.7e308, 1.7e308), t(2, .leastNonzeroMagnitude, 1)],
            .ticks(5))
        #expect(candles[0].high == 1.7e308 && candles[0].low == -1.7e308)
        #expect(candles[0].close == .leastNonzeroMagnitude)
        #expect(candles[0].volume == .greatestFiniteMagnitude)
        #expect(candles[0].isDrawable)
    }

    @Test func candleWithNonFiniteFieldIsNotDrawable() {
        let good = Candle(startTime: 0, open: 1, high: 2, low: 0.5, close: 1.5, volume: 3, tickCount: 2)
        #expect(good.isDrawable)
        let broken: [WritableKeyPath<Candle, Double>: Double] = [
            \.open: .nan, \.high: .infinity, \.low: -.infinity, \.close: .nan, \.volume: .nan,
        ]
        for (field, value) in broken {
            var bad = good
            bad[keyPath: field] = value
            #expect(!bad.isDrawable, "\(field) = \(value)")
        }
        #expect(!Candle.empty(startTime: 5).isDrawable)
    }

    @Test func oldestCandlesAreOverwrittenByPosition() throws {
        let aggregator = try CandleAggregator(interval: .ticks(1), capacity: 3)
        for i in 0..<10 { aggregator.add(t(Int64(i), Double(i))) }
        let (first, candles) = heldCandles(aggregator.candles)
        #expect(first == 7)
        #expect(candles.map(\.close) == [7, 8, 9])
    }

    @Test(arguments: [CandleInterval.time(nanoseconds: 1_000), .ticks(17)])
    func randomReplayMatchesOfflineAggregation(interval: CandleInterval) throws {
        var rng = SplitMix64(seed: 0xC0FFEE)
        var time: Int64 = -50_000
        var ticks: [Tick] = []
        for _ in 0..<100_000 {
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<3: time -= Int64.random(in: 0...3_000, using: &rng)   // backwards
            case 3..<20: break                                              // duplicate time
            case 20..<21: time += 1_000_000                                 // a gap
            default: time += Int64.random(in: 1...400, using: &rng)
            }
            let value: Double = Int.random(in: 0..<200, using: &rng) == 0
                ? [.nan, .infinity, -.infinity].randomElement(using: &rng)!
                : Double.random(in: 90...110, using: &rng)
            let size: Double = Int.random(in: 0..<300, using: &rng) == 0 ? .nan : Double(Int.random(in: 1...9, using: &rng))
            ticks.append(Tick(time: time, value: value, size: size))
        }
        let expected = referenceCandles(ticks, interval: interval)
        let got = try aggregate(ticks, interval, capacity: expected.count)
        #expect(got.count == expected.count)
        let mismatches = zip(got, expected).enumerated().filter { !sameCandle($0.element.0, $0.element.1) }
        #expect(mismatches.isEmpty, "first mismatch: \(String(describing: mismatches.first))")
    }
}
