import LiveTickerCore
import LiveTickerRender
import Testing

@testable import LiveTickerChart

private let second: Int64 = 1_000_000_000
private let minute = 60 * second
private let hour = 60 * minute
/// 2024-03-01T00:00:00Z, a Friday.
private let march1: Int64 = 1_709_251_200 * second

/// A trading-day-like walk: one tick every `step` from `start`, `count` ticks.
private func walk(
    _ interval: CandleInterval, count: Int, start: Int64 = march1 + 8 * hour, step: Int64 = second, zone: TimeZoneRules = .utc
) throws -> LiveSeries {
    let series = try LiveSeries(capacity: 1 << 16, candleInterval: interval, candleCapacity: 1 << 16, candleTimeZone: zone)
    var value = 100.0
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for i in 0..<count {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        value += Double(Int(state >> 59) - 15) * 0.01
        series.append(Tick(time: start + Int64(i) * step, value: value, size: 1))
    }
    return series
}

@Suite("Candles readable by default: the interval comes from the human ladder (issue 13)")
struct CandleLadderTests {
    @Test("the ladder: the first of 1s…1w with at most 150 candles in the span, a multiple of the base")
    func ladderWidths() {
        let day = 24 * hour
        for (span, expected) in [
            (68 * second, second), (150 * second, second), (151 * second, 5 * second), (10 * minute, 5 * second),
            (30 * minute, 15 * second), (hour, 30 * second), (75 * minute, 30 * second), (76 * minute, minute),
            (2 * hour, minute), (8 * hour, 5 * minute), (day, 15 * minute), (5 * day, hour), (20 * day, 4 * hour),
            (90 * day, day), (700 * day, 7 * day), (7000 * day, 7 * day), (0, second),
        ] {
            #expect(CandleInterval.ladderWidth(forSpan: span) == expected, "\(span / second) s")
        }
        // Minutes never split into seconds.
        #expect(CandleInterval.ladderWidth(forSpan: 10 * minute, base: minute) == minute)
        // Candles of 15m merge into 1h, never into 5m; a base off the ladder stays itself.
        #expect(CandleInterval.ladderWidth(forSpan: 2 * hour, base: 15 * minute) == 15 * minute)
        #expect(CandleInterval.ladderWidth(forSpan: 8 * day, base: 15 * minute) == hour * 4)
        #expect(CandleInterval.ladderWidth(forSpan: day, base: 11 * minute) == 11 * minute)
    }

    @Test("60 daily bars over 84 calendar days on a 480-px panel stay 60 daily slots (they fit; weekends take none)")
    func barsThatFitAreNotFolded() throws {
        let day = 24 * hour
        let series = try LiveSeries(capacity: 1 << 12, candleInterval: .seconds(60), candleCapacity: 1 << 12)
        var written = 0
        var date = march1
        while written < 60 {
            let weekday = (date / day + 4) % 7  // 1970-01-01 was a Thursday: 0 = Monday
            if weekday < 5 {
                let open = 100 + Double(written)
                series.append(bar: .bar(time: date, open: open, high: open + 3, low: open - 2, close: open + 1, volume: 1000))
                written += 1
            }
            date += day
        }
        var options = ChartOptions()
        options.kind = .candles
        options.automaticCandles = true
        let (_, chart) = render([series], width: 480, height: 800, options: options)
        #expect(chart.scratch[0].visibleCandles.count == 60)
        #expect(chart.scratch[0].candleWidth == minute)  // not merged into weeks
        // 70 such bars do not fit the panel's 68 slots: the ladder folds them.
        for _ in 0..<10 {
            date += day
            series.append(bar: .bar(time: date, open: 150, high: 152, low: 149, close: 151, volume: 1000))
        }
        let (_, folded) = render([series], width: 480, height: 800, options: options)
        #expect(folded.scratch[0].candleWidth > minute)
    }

    @Test("a whole day of 1m candles is drawn as the 5m candles a 5m aggregator makes, pixel for pixel")
    func mergedEqualsAggregated() throws {
        // 8.5 hours of ticks, one a second: 510 one-minute candles, 102 of five minutes.
        let fine = try walk(.seconds(60), count: 30_600)
        let coarse = try walk(.seconds(300), count: 30_600)
        for kind in [ChartOptions.Kind.candles, .both] {
            var automatic = ChartOptions()
            automatic.kind = kind
            automatic.automaticCandles = true
            var fixed = automatic
            fixed.automaticCandles = false
            let (merged, chart) = render([fine], width: 1920, height: 1080, options: automatic)
            let (direct, _) = render([coarse], width: 1920, height: 1080, options: fixed)
            #expect(pixels(merged) == pixels(direct), "\(kind)")
            #expect(chart.scratch[0].visibleCandles.count == 102)
            #expect(chart.scratch[0].candleWidth == 5 * minute)
            // Without the ladder the same series draws its 510 minute candles (the old specks).
            let (specks, old) = render([fine], width: 1920, height: 1080, options: fixed)
            #expect(old.scratch[0].visibleCandles.count == 510)
            #expect(pixels(specks) != pixels(merged))
        }
    }

    @Test("default candle bodies at 1920x1080 are wide enough to read (≥ 6 px), not specks")
    func bodiesAreWide() throws {
        let fine = try walk(.seconds(60), count: 30_600)
        var options = ChartOptions()
        options.kind = .candles
        options.automaticCandles = true
        options.showsHeader = false
        let (fb, chart) = render([fine], width: 1920, height: 1080, options: options)
        let plot = try #require(chart.lastGeometry).layout.plot
        // The widest run of body colour along any row is a body's width.
        var widest = 0
        for colour in [options.theme.up, options.theme.down] {
            for y in plot.minY..<plot.maxY {
                var run = 0
                for x in plot.minX..<plot.maxX {
                    run = fb[x, y] == colour.pixel ? run + 1 : 0
                    widest = max(widest, run)
                }
            }
        }
        #expect(widest >= 6, "widest body \(widest) px")
    }

    @Test("daily candles merged from minutes open at local midnight in New York, as a daily aggregator's do")
    func mergedDaysFollowTheZone() throws {
        let newYork = try TimeZoneRules(posixRule: "EST5EDT,M3.2.0,M11.1.0")
        // 120 days across the March change, a tick every 20 minutes: 1d candles (120 ≤ 150).
        let count = 120 * 72
        let fine = try walk(.seconds(60), count: count, start: march1, step: 20 * minute, zone: newYork)
        let daily = try walk(.seconds(86_400), count: count, start: march1, step: 20 * minute, zone: newYork)
        var automatic = ChartOptions()
        automatic.kind = .candles
        automatic.timeZone = newYork
        automatic.automaticCandles = true
        var fixed = automatic
        fixed.automaticCandles = false
        let (merged, chart) = render([fine], width: 1280, height: 720, options: automatic)
        let (direct, directChart) = render([daily], width: 1280, height: 720, options: fixed)
        #expect(chart.scratch[0].candleWidth == 86_400 * second)
        let mergedCandles = Array(chart.scratch[0].candles[chart.scratch[0].visibleCandles])
        let directCandles = Array(directChart.scratch[0].candles[directChart.scratch[0].visibleCandles])
        #expect(mergedCandles == directCandles)
        #expect(pixels(merged) == pixels(direct))
    }

    @Test("a follow window fills with the ladder's step for its span; tick-count candles are never merged")
    func followWindowAndTickCandles() throws {
        let fine = try walk(.seconds(60), count: 30_600)
        var options = ChartOptions()
        options.kind = .candles
        options.automaticCandles = true
        options.window = .follow(nanoseconds: 2 * hour)
        let (_, chart) = render([fine], width: 1280, height: 720, options: options)
        #expect(chart.scratch[0].candleWidth == minute)
        #expect(chart.scratch[0].visibleCandles.count == 121)  // 2 h of minutes, both ends
        let ticks = try walk(.ticks(100), count: 30_600)
        options.window = .everything
        let (_, tickChart) = render([ticks], width: 1280, height: 720, options: options)
        #expect(tickChart.scratch[0].candleWidth == 0)
        #expect(tickChart.scratch[0].visibleCandles.count == 306)
    }

    @Test("merging keeps every tick: merged volume, tick count, high, low, open and close")
    func mergeArithmetic() {
        var a = Candle(startTime: 0, open: 10, high: 12, low: 9, close: 11, volume: 3, tickCount: 3)
        a.merge(Candle(startTime: 60, open: 11, high: 15, low: 8, close: 14, volume: 2, tickCount: 2))
        #expect(a == Candle(startTime: 0, open: 10, high: 15, low: 8, close: 14, volume: 5, tickCount: 5))
        // A candle of only NaN ticks adds its count, not its prices; into an empty one, the next's prices.
        a.merge(.empty(startTime: 120))
        #expect(a.close == 14 && a.tickCount == 5)
        var empty = Candle.empty(startTime: 0)
        empty.tickCount = 1
        empty.merge(Candle(startTime: 60, open: 1, high: 2, low: 0.5, close: 1.5, volume: .greatestFiniteMagnitude, tickCount: 1))
        #expect(empty.open == 1 && empty.high == 2 && empty.low == 0.5 && empty.close == 1.5 && empty.tickCount == 2)
        empty.merge(Candle(startTime: 90, open: 1, high: 1, low: 1, close: 1, volume: .greatestFiniteMagnitude, tickCount: 1))
        #expect(empty.volume == .greatestFiniteMagnitude && empty.isDrawable)
    }

    @Test("in 'both' the line never hides a body: the bodies' pixels are those of the candles alone")
    func lineUnderBodies() throws {
        let fine = try walk(.seconds(60), count: 30_600)
        var both = ChartOptions()
        both.kind = .both
        both.automaticCandles = true
        both.lineWidth = 4  // even a thick line
        var candles = both
        candles.kind = .candles
        let (a, chart) = render([fine], width: 1280, height: 720, options: both)
        let (b, _) = render([fine], width: 1280, height: 720, options: candles)
        let plot = try #require(chart.lastGeometry).layout.plot
        for colour in [both.theme.up, both.theme.down] {
            let inBoth = count(colour, in: plot, of: a)
            #expect(inBoth > 0)
            #expect(inBoth >= count(colour, in: plot, of: b), "\(colour)")
        }
    }
}

@Suite("The ladder on narrow panels (issue 13)")
struct NarrowLadderTests {
    @Test("a 480-px panel takes a coarser step, so a candle keeps about 6 px; 1920 px keeps 150 at most")
    func narrowPanelsCoarser() throws {
        let fine = try walk(.seconds(60), count: 30_600)  // 8.5 h
        var options = ChartOptions()
        options.kind = .candles
        options.automaticCandles = true
        let (_, narrow) = render([fine], width: 480, height: 800, options: options)
        #expect(narrow.scratch[0].candleWidth == 15 * minute)
        let plot = try #require(narrow.lastGeometry).layout.plot
        #expect(Double(plot.width) / Double(narrow.frame.slotCount) >= 6)
        let (_, wide) = render([fine], width: 1920, height: 1080, options: options)
        #expect(wide.scratch[0].candleWidth == 5 * minute)
        #expect(CandleInterval.ladderWidth(forSpan: 8 * hour, maxCandles: 66) == 15 * minute)
    }
}

@Suite("Seconds candles: a file of a minute fills the plot")
struct SecondsLadderTests {
    @Test("68 s of trades over 1s candles fill every slot, not two 1m candles in the last sixth; ten minutes merge into 120 of 5s")
    func shortFileFillsThePlot() throws {
        let trades = try walk(.seconds(1), count: 272, step: second / 4)
        var options = ChartOptions()
        options.kind = .both
        options.automaticCandles = true
        let (framebuffer, chart) = render([trades], width: 1280, height: 720, options: options)
        let s = chart.scratch[0]
        #expect(s.candleWidth == second)
        #expect(s.visibleCandles.count == 68)
        #expect(chart.frame.slotCount == 68)
        // Candle bodies (either colour) reach into the plot's leftmost tenth.
        let plot = try #require(chart.lastGeometry).layout.plot
        let theme = options.theme
        var bodiesLeft = 0
        for y in plot.minY..<plot.maxY {
            for x in plot.minX..<(plot.minX + plot.width / 10) {
                if framebuffer[x, y] == theme.up.pixel || framebuffer[x, y] == theme.down.pixel { bodiesLeft += 1 }
            }
        }
        #expect(bodiesLeft > 100)
        // Ten minutes of the same trades: the 1s candles merge into 5s ones, 120 of them (the
        // ladder of 1m…1w gave ten 1m candles here).
        let longer = try walk(.seconds(1), count: 2400, step: second / 4)
        let (_, merged) = render([longer], width: 1280, height: 720, options: options)
        #expect(merged.scratch[0].candleWidth == 5 * second)
        #expect(merged.scratch[0].visibleCandles.count == 120)
        #expect(merged.frame.slotCount == 120)
    }

    @Test("the span a window asks for: a follow span, a fixed range's length either way round, none for everything")
    func requestedSpan() {
        #expect(ChartOptions.Window.follow(nanoseconds: 10 * minute).requestedSpan == 10 * minute)
        #expect(ChartOptions.Window.follow(nanoseconds: 0).requestedSpan == nil)
        #expect(ChartOptions.Window.everything.requestedSpan == nil)
        #expect(ChartOptions.Window.fixed(from: march1, to: march1 + hour).requestedSpan == hour)
        #expect(ChartOptions.Window.fixed(from: march1 + hour, to: march1).requestedSpan == hour)
        #expect(ChartOptions.Window.fixed(from: .min, to: .max).requestedSpan == .max)
    }
}
