import LiveTickerCore
import Testing

/// Finished OHLC bars (a bar file's rows) folded into candles as given.
@Suite struct CandleBarTests {
    let day: Int64 = 86_400_000_000_000
    let monday: Int64 = 1_704_067_200_000_000_000  // 2024-01-01T00:00:00Z, a Monday

    func bar(_ t: Int64, _ o: Double, _ h: Double, _ l: Double, _ c: Double, _ v: Double = 100) -> Candle {
        .bar(time: t, open: o, high: h, low: l, close: c, volume: v)
    }

    func candles(_ aggregator: CandleAggregator) -> [Candle] {
        let reader = aggregator.candles
        return reader.heldPositions.compactMap { reader.element(at: $0) }
    }

    @Test("one bar, one slot: each bar's own open, high, low, close and volume")
    func barsAsGiven() throws {
        let aggregator = try CandleAggregator(interval: .seconds(60), capacity: 16)
        // Friday, then Monday after a weekend: adjacent slots, no empty one between.
        aggregator.add(bar: bar(monday + 4 * day, 10, 30, 9, 11, 5))
        aggregator.add(bar: bar(monday + 7 * day, 11, 12, 8, 9, 7))
        let c = candles(aggregator)
        #expect(c.count == 2)
        #expect(c[0] == Candle(startTime: monday + 4 * day, open: 10, high: 30, low: 9, close: 11, volume: 5, tickCount: 1))
        #expect(c[1] == Candle(startTime: monday + 7 * day, open: 11, high: 12, low: 8, close: 9, volume: 7, tickCount: 1))
    }

    @Test("a wider interval folds bars: the weekly high is the highest daily high")
    func weeklyFromDaily() throws {
        let aggregator = try CandleAggregator(interval: .time(nanoseconds: 7 * day), capacity: 16)
        for (i, high) in [12.0, 15, 11, 13, 12].enumerated() {
            aggregator.add(bar: bar(monday + Int64(i) * day, 10 + Double(i), high, 9 - Double(i), 10.5 + Double(i), 1))
        }
        aggregator.add(bar: bar(monday + 7 * day, 20, 21, 19, 20.5, 1))
        let c = candles(aggregator)
        #expect(c.count == 2)
        #expect(c[0].open == 10 && c[0].high == 15 && c[0].low == 5 && c[0].close == 14.5)
        #expect(c[0].volume == 5 && c[0].tickCount == 5 && c[0].startTime == monday)
        #expect(c[1].open == 20 && c[1].tickCount == 1)
        // Tick-count mode counts bars.
        let byTwo = try CandleAggregator(interval: .ticks(2), capacity: 16)
        for i in 0..<3 { byTwo.add(bar: bar(Int64(i), 1, 2 + Double(i), 0, 1)) }
        #expect(candles(byTwo).map(\.high) == [3, 4])
    }

    @Test("a repeated or backwards date takes the next slot (the position rule)")
    func backwardsBarNextSlot() throws {
        let aggregator = try CandleAggregator(interval: .ticks(1), capacity: 16)
        aggregator.add(bar: bar(monday + day, 1, 2, 0, 1))
        aggregator.add(bar: bar(monday, 1, 3, 0, 1))
        aggregator.add(bar: bar(monday, 1, 4, 0, 1))
        #expect(candles(aggregator).map(\.high) == [2, 3, 4])
    }

    @Test("null rows, partial bars, bad highs and an overflowing volume")
    func edgeBars() throws {
        var candle = Candle.empty(startTime: 0)
        candle.add(bar: bar(0, .nan, .nan, .nan, .nan, .nan))  // a Yahoo `null` row
        #expect(candle.tickCount == 1 && !candle.isDrawable && candle.volume == 0)
        candle.add(bar: bar(0, .nan, .nan, .nan, 5, 1))  // only a close: folds as a tick
        #expect(candle.open == 5 && candle.high == 5 && candle.low == 5 && candle.close == 5 && candle.tickCount == 2)
        candle.add(bar: bar(0, 6, 4, 7, 3, .greatestFiniteMagnitude))  // high below the body
        #expect(candle.high == 6 && candle.low == 3 && candle.close == 3)
        candle.add(bar: bar(0, 3, 3, 3, 3, .greatestFiniteMagnitude))
        #expect(candle.volume == .greatestFiniteMagnitude && candle.isDrawable)
        candle.add(bar: bar(0, 1.7e308, .infinity, 1, 2))  // a non-finite high: the close only
        #expect(candle.high == 6 && candle.close == 2 && candle.tickCount == 5)
    }

    @Test("LiveSeries.append(bar:): the line holds the closes, the candles the bars")
    func seriesAppendBar() throws {
        let series = try LiveSeries(capacity: 64, candleInterval: .seconds(60))
        series.append(bar: bar(monday, 10, 30, 9, 11, 5))
        series.append(bar: bar(monday + day, .nan, .nan, .nan, .nan, .nan))
        series.append(bar: bar(monday + 2 * day, 11, 12, 8, 9, 7))
        #expect(series.version == 3)
        let ticks = series.ticks
        let closes = (0..<ticks.writtenCount).compactMap { ticks.element(at: $0) }
        #expect(closes.map(\.time) == [monday, monday + day, monday + 2 * day])
        #expect(closes[0].value == 11 && closes[1].value.isNaN && closes[2].value == 9)
        #expect(closes.map(\.size) == [5, 0, 7])
        let c = series.candles
        #expect(c.writtenCount == 3)
        #expect(c.element(at: 0)?.high == 30 && c.element(at: 0)?.low == 9)
        #expect(c.element(at: 1)?.isDrawable == false)
        series.refreshObservedState()
        #expect(series.lastValue == 9 && series.change == -2 && series.nonFiniteCount == 1)
        #expect(series.maximum == 11 && series.minimum == 9)  // the closes' range
    }
}
