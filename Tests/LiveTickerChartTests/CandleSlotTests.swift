import LiveTickerChart
import LiveTickerCore
import LiveTickerRender
import Testing

@Suite("Candles are drawn by slot")
struct CandleSlotTests {
    /// Candles chart options with nothing else in the plot that could share the up/down colours.
    func candleOptions() -> ChartOptions {
        var options = ChartOptions()
        options.kind = .candles
        options.showsHeader = false
        return options
    }

    /// Appends one tick per candle (`.ticks(1)`), with the given times and values.
    func series(times: [Int64], values: [Double]) throws -> LiveSeries {
        let series = try LiveSeries(capacity: 1024, candleInterval: .ticks(1))
        for (time, value) in zip(times, values) { series.append(Tick(time: time, value: value, size: 1)) }
        return series
    }

    @Test("a candle body sits at its slot whatever its timestamp")
    func slotNotTimestamp() throws {
        let values: [Double] = [10, 12, 11, 13, 9, 14]
        let evenly = try series(times: (0..<6).map { Int64($0) * 60_000_000_000 }, values: values)
        // Same candles, a weekend-sized gap and a backwards step in the timestamps.
        let gappy = try series(
            times: [0, 60, 120, 3 * 86_400, 100, 3 * 86_400 + 60].map { Int64($0) * 1_000_000_000 }, values: values)
        let (a, chartA) = render([evenly], options: candleOptions())
        let (b, _) = render([gappy], options: candleOptions())
        let plot = try #require(chartA.lastGeometry).layout.plot
        let theme = candleOptions().theme
        for colour in [theme.up, theme.down] {
            #expect(columns(with: colour, in: plot, of: a) == columns(with: colour, in: plot, of: b))
        }
        #expect(!columns(with: theme.up, in: plot, of: a).isEmpty)
    }

    @Test("two candles with one timestamp are two candles: removing one changes the picture")
    func sameTimestampTwoCandles() throws {
        let both = try series(times: [0, 0, 60_000_000_000], values: [10, 20, 15])
        let one = try series(times: [0, 60_000_000_000], values: [10, 15])
        #expect(both.candles.writtenCount == 3)
        let (a, chart) = render([both], options: candleOptions())
        let (b, _) = render([one], options: candleOptions())
        #expect(pixels(a) != pixels(b))
        // Each ticks(1) candle is flat (open == close) and gets a ≥ 1-px body in its own slot.
        let plot = try #require(chart.lastGeometry).layout.plot
        let theme = candleOptions().theme
        let lit = columns(with: theme.up, in: plot, of: a)
        let groups = lit.enumerated().filter { $0.offset == 0 || lit[$0.offset - 1] != $0.element - 1 }.count
        // The last candle carries the last value, so its 1-px body may be split by the dashed
        // last-value line drawn over it (where depends on the layout): at least three groups.
        #expect(groups >= 3, "\(lit)")
    }

    @Test("up candles use the up colour, down candles the down colour")
    func colours() throws {
        let series = try LiveSeries(capacity: 1024, candleInterval: .ticks(2))
        for value in [10.0, 20, 30, 15] { series.append(Tick(time: 0, value: value, size: 1)) }  // up, then down
        let (fb, chart) = render([series], options: candleOptions())
        let plot = try #require(chart.lastGeometry).layout.plot
        let theme = candleOptions().theme
        let up = columns(with: theme.up, in: plot, of: fb)
        let down = columns(with: theme.down, in: plot, of: fb)
        #expect(!up.isEmpty && !down.isEmpty)
        #expect(up.max()! < down.min()!)
    }

    @Test("a candle with only non-finite ticks keeps its slot but is not drawn")
    func nonFiniteCandle() throws {
        // The last candle (11) is not one of the two compared, so the last-value line drawn
        // at its price cannot hide them.
        let withGap = try series(times: [0, 1, 2, 3], values: [10, .nan, 12, 11])
        #expect(withGap.candles.writtenCount == 4)
        let (fb, chart) = render([withGap], options: candleOptions())
        let plot = try #require(chart.lastGeometry).layout.plot
        let lit = columns(with: candleOptions().theme.up, in: plot, of: fb)
        let groups = lit.enumerated().filter { $0.offset == 0 || lit[$0.offset - 1] != $0.element - 1 }.count
        #expect(groups >= 3, "\(lit)")  // the last (11) may be split by the last-value dashes
        // The first two drawn candles are two slots apart: the undrawn one kept its place.
        let geometry = try #require(chart.lastGeometry)
        let slotWidth = Double(plot.width) / (geometry.xUpper - geometry.xLower)
        let firstGroupStart = lit.first!
        let secondGroupStart = lit.first { $0 > firstGroupStart + 1 && !lit.contains($0 - 1) }!
        #expect(abs(Double(secondGroupStart - firstGroupStart) - 2 * slotWidth) <= 1.5, "lit columns \(lit), slot \(slotWidth)")
    }
}

@Suite("Line over candles")
struct LineOverCandlesTests {
    @Test("in both mode each tick is drawn inside its own candle's slot, also for a fixed past window",
          arguments: [
            (ChartOptions.Window.follow(nanoseconds: nil), 0, 100),
            (.fixed(from: 200_000_000_000, to: 297_000_000_000), 40, 20),  // ends inside a candle; newer ones exist
          ])
    func lineSitsOnItsCandles(window: ChartOptions.Window, firstCandle: Int, slotCount: Int) throws {
        // 100 candles of 5 ticks, one tick per second; every tick of candle k has value 10·k, so
        // each candle is flat and the line must cross each slot at its candle's price.
        let series = try LiveSeries(capacity: 4096, candleInterval: .ticks(5))
        for i in 0..<500 { series.append(Tick(time: Int64(i) * 1_000_000_000, value: Double(i / 5) * 10, size: 1)) }
        var options = ChartOptions()
        options.kind = .both
        options.window = window
        options.areaFill = false
        options.showsHeader = false
        let (_, fb, geometry) = try renderLineOverCandles(series, width: 640, height: 400, options: options)
        let plot = geometry.layout.plot
        let colour = options.theme.seriesColor(0)
        let slots = Int(geometry.xUpper)
        #expect(slots == slotCount)
        for slot in 0..<slots {
            // Candle `firstCandle + slot` is in this slot; its ticks (the line) are at its price.
            let expectedRow = geometry.pixelY(Double(firstCandle + slot) * 10)
            // The middle half of the slot: away from the steps between neighbouring candles.
            var rows: [Int] = []
            for x in Int(geometry.pixelX(Double(slot) + 0.25).rounded(.up))..<Int(geometry.pixelX(Double(slot) + 0.75)) {
                for y in plot.minY..<plot.maxY {
                    let p = RGBColor(fb[x, y])
                    if abs(Int(p.red) - Int(colour.red)) + abs(Int(p.green) - Int(colour.green)) + abs(Int(p.blue) - Int(colour.blue)) < 60 {
                        rows.append(y)
                    }
                }
            }
            #expect(!rows.isEmpty, "slot \(slot): no line")
            #expect(rows.allSatisfy { abs(Double($0) + 0.5 - expectedRow) <= 3 }, "slot \(slot): line rows \(rows), candle at \(expectedRow)")
        }
    }
}
