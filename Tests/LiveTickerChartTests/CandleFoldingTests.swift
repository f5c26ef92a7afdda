import LiveTickerChart
import LiveTickerCore
import LiveTickerRender
import Testing

@testable import LiveTickerChart

private let second: Int64 = 1_000_000_000
private let minute: Int64 = 60_000_000_000
private let hour: Int64 = 60 * minute
private let day: Int64 = 1_440 * minute
private let start: Int64 = 1_709_251_200_000_000_000  // 2024-03-01T00:00:00Z

/// `days` of ticks every `step` ns: a slow walk with sizes, into `series`.
private func fill(_ series: LiveSeries, days: Int, step: Int64 = 10 * minute, batched: Bool = false) -> [Tick] {
    var ticks: [Tick] = []
    var time = start
    var value = 100.0
    var i = 0
    while time < start + Int64(days) * day {
        value += Double((i &* 7919) % 11 - 5) * 0.05
        ticks.append(Tick(time: time, value: value, size: Double(1 + i % 9)))
        time += step
        i += 1
    }
    if batched {
        ticks.withUnsafeBufferPointer { series.append(contentsOf: $0) }
    } else {
        for tick in ticks { series.append(tick) }
    }
    return ticks
}

@Suite("Folded candles: a history longer than the candle ring keeps its whole time range")
struct CandleFoldingTests {
    @Test("candles leaving a full 1m ring fold into days: every tick counted once, each day's extremes exact", arguments: [false, true])
    func foldsIntoDays(batched: Bool) throws {
        let series = try LiveSeries(
            capacity: 1 << 14, candleInterval: .time(nanoseconds: minute), candleCapacity: 300,
            foldedCandleInterval: .time(nanoseconds: day), foldedCandleCapacity: 64)
        let ticks = fill(series, days: 9, batched: batched)
        let folded = try #require(series.foldedCandles)
        var foldedCandles = [Candle](repeating: .empty(startTime: 0), count: 64)
        let foldedCount = foldedCandles.withUnsafeMutableBufferPointer { folded.copyNewest(into: $0).count }
        var fine = [Candle](repeating: .empty(startTime: 0), count: 300)
        let fineCount = fine.withUnsafeMutableBufferPointer { series.candles.copyNewest(into: $0).count }
        #expect(fineCount == 300)
        #expect(foldedCount >= 7)
        let all = Array(foldedCandles[0..<foldedCount]) + Array(fine[0..<fineCount])
        #expect(all.reduce(0) { $0 + $1.tickCount } == ticks.count, "every tick in exactly one candle")
        #expect(all.reduce(0.0) { $0 + $1.volume } == ticks.reduce(0.0) { $0 + $1.size })
        #expect(foldedCandles[0].startTime == start)
        for candle in foldedCandles[0..<foldedCount] {
            #expect(candle.startTime % day == 0, "a folded candle opens at midnight")
            // Its extremes are those of the ticks it holds (the day's, or the part of it folded).
            let held = ticks.filter { $0.time >= candle.startTime && $0.time < candle.startTime + day }.prefix(candle.tickCount)
            #expect(candle.high == held.map(\.value).max() && candle.low == held.map(\.value).min())
            #expect(candle.open == held.first?.value && candle.close == held.last?.value)
        }
        #expect(foldedCandles[foldedCount - 1].startTime <= fine[0].startTime)
    }

    @Test("a chart of the whole history (automatic candles, no window) starts at the first tick, not where the ring begins")
    func chartCoversWholeRange() throws {
        let series = try LiveSeries(
            capacity: 1 << 14, candleInterval: .time(nanoseconds: minute), candleCapacity: 300,
            foldedCandleInterval: .time(nanoseconds: day), foldedCandleCapacity: 64)
        let ticks = fill(series, days: 30)
        var options = ChartOptions()
        options.kind = .candles
        options.automaticCandles = true
        let (_, chart) = render([series], width: 800, height: 480, options: options)
        let s = chart.scratch[0]
        #expect(s.candleWidth == day)
        #expect(s.visibleCandles.count == 30)
        #expect(s.candles[s.visibleCandles.lowerBound].startTime == start, "the oldest day is charted")
        var total = 0
        for i in s.visibleCandles { total += s.candles[i].tickCount }
        #expect(total == ticks.count)
        // Without folding the same series shows only the ring's last 300 minutes' days.
        let unfolded = try LiveSeries(capacity: 1 << 14, candleInterval: .time(nanoseconds: minute), candleCapacity: 300)
        _ = fill(unfolded, days: 30)
        let (_, old) = render([unfolded], width: 800, height: 480, options: options)
        #expect(old.scratch[0].candles[old.scratch[0].visibleCandles.lowerBound].startTime >= start + 27 * day)
    }

    @Test("a short window on the same series keeps its minute candles (the folded days are not copied)")
    func shortWindowStaysFine() throws {
        let series = try LiveSeries(
            capacity: 1 << 14, candleInterval: .time(nanoseconds: minute), candleCapacity: 300,
            foldedCandleInterval: .time(nanoseconds: day), foldedCandleCapacity: 64)
        _ = fill(series, days: 30, step: minute)
        var options = ChartOptions()
        options.kind = .candles
        options.automaticCandles = true
        options.window = .follow(.minutes(90))
        let (_, chart) = render([series], width: 800, height: 480, options: options)
        #expect(chart.scratch[0].candleWidth == minute)
        #expect(chart.scratch[0].visibleCandles.count >= 89)
    }

    @Test("two fold levels: ring, folded and refolded candles hold every tick once, oldest first")
    func twoFoldLevels() throws {
        // 3 h 17 s of one tick a second: 16 seconds candles, 8 minute candles, the rest in hours.
        let series = try LiveSeries(
            capacity: 1 << 14, candleInterval: .seconds(1), candleCapacity: 16, foldedCandleInterval: .seconds(60),
            foldedCandleCapacity: 8, refoldedCandleInterval: .seconds(3600), refoldedCandleCapacity: 64)
        #expect(series.foldedCandleWidth == minute)
        let count = 3 * 3600 + 17
        var volume = 0.0
        for i in 0..<count {
            let size = Double(i % 7 + 1)
            volume += size
            series.append(Tick(time: start + Int64(i) * second, value: 100 + Double(i % 13), size: size))
        }
        #expect(series.foldedCandleWidth == hour)
        #expect(series.foldedCandleCapacity == 72)
        let buffer = UnsafeMutableBufferPointer<Candle>.allocate(capacity: 16 + 72)
        defer { buffer.deallocate() }
        let folded = series.copyFoldedCandles(into: buffer)
        let all = folded + series.copyNewestCandles(into: UnsafeMutableBufferPointer(rebasing: buffer[folded...]))
        // 10,801 seconds left the ring: minutes 0–180; the newest 8 stay, 0–172 went into hours 0–2.
        #expect(folded == 3 + 8)
        #expect(buffer[0].startTime == start)
        #expect((1..<all).allSatisfy { buffer[$0].startTime > buffer[$0 - 1].startTime })
        #expect((0..<all).reduce(0) { $0 + buffer[$1].tickCount } == count)
        #expect((0..<all).reduce(0.0) { $0 + buffer[$1].volume } == volume)
        #expect((0..<all).allSatisfy { buffer[$0].high == 112 || buffer[$0].tickCount < 13 })
    }
}
