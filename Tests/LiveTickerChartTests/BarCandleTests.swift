import LiveTickerChart
import LiveTickerCore
import LiveTickerRender
import Testing

/// Candles from OHLC bars (`LiveSeries.append(bar:)`), looked at in pixels: each bar's own wick,
/// one slot per bar, the line of closes through the bodies.
@Suite("Candles from bars, in pixels")
struct BarCandleTests {
    let day: Int64 = 86_400_000_000_000
    /// Thursday 2024-01-04, 00:00 UTC.
    let thursday: Int64 = 1_704_326_400_000_000_000

    func options(_ kind: ChartOptions.Kind) -> ChartOptions {
        var options = ChartOptions()
        options.kind = kind
        options.showsHeader = false
        options.areaFill = false
        return options
    }

    /// Daily bars Thu, Fri, (weekend), Mon, Tue, Wed with the given highs.
    func series(highs: [Double] = [11, 11, 30, 11, 11]) throws -> LiveSeries {
        let series = try LiveSeries(capacity: 64, candleInterval: .seconds(60))
        let days: [Int64] = [0, 1, 4, 5, 6]
        let opens: [Double] = [10, 10.5, 10, 10.2, 10.4]
        let closes: [Double] = [10.5, 10, 10.6, 10.4, 10.8]
        for i in 0..<5 {
            series.append(bar: .bar(
                time: thursday + days[i] * day, open: opens[i], high: highs[i], low: min(opens[i], closes[i]) - 0.3,
                close: closes[i], volume: 1))
        }
        return series
    }

    /// Rows of column `x` inside the plot holding the up or down colour.
    func candleRows(x: Int, in fb: Framebuffer, plot: PixelRect, theme: ChartTheme) -> [Int] {
        (plot.minY..<plot.maxY).filter { fb[x, $0] == theme.up.pixel || fb[x, $0] == theme.down.pixel }
    }

    @Test("a bar whose high is far above its body shows a wick up to that high")
    func wickToTheBarsHigh() throws {
        let bars = try series()
        let (fb, chart) = render([bars], width: 480, height: 300, options: options(.candles))
        let geometry = try #require(chart.lastGeometry)
        let plot = geometry.layout.plot
        let x = Int(try #require(chart.pixelX(forTime: thursday + 4 * day)))
        let rows = candleRows(x: x, in: fb, plot: plot, theme: options(.candles).theme)
        let top = try #require(rows.min())
        #expect(abs(Double(top) - geometry.pixelY(30)) <= 1.5, "wick top \(top), high at \(geometry.pixelY(30))")
        let bodyTop = geometry.pixelY(10.6)
        // The wick runs unbroken from the high down to the body.
        #expect(rows.filter { Double($0) < bodyTop }.count >= Int(bodyTop - geometry.pixelY(30)) - 2)
        // The same closes appended as ticks make flat candles: nothing near 30.
        let ticks = try LiveSeries(capacity: 64, candleInterval: .seconds(60))
        for t in bars.ticks.heldPositions.compactMap({ bars.ticks.element(at: $0) }) { ticks.append(t) }
        let (flat, flatChart) = render([ticks], width: 480, height: 300, options: options(.candles))
        let flatGeometry = try #require(flatChart.lastGeometry)
        #expect(flatGeometry.yUpper < 20, "a tick-built chart does not reach the bar's high")
        _ = flat
    }

    @Test("bars on either side of a weekend sit in adjacent slots")
    func weekendAdjacentSlots() throws {
        let (_, chart) = render([try series()], width: 480, height: 300, options: options(.candles))
        let xs = try [0, 1, 4, 5, 6].map { try #require(chart.pixelX(forTime: thursday + Int64($0) * day)) }
        let steps = zip(xs.dropFirst(), xs).map { $0 - $1 }
        let slot = steps[0]
        #expect(slot > 10)
        for step in steps { #expect(abs(step - slot) < 0.01, "\(steps)") }
    }

    @Test("--chart both: the line's points are the closes at the bodies' centres")
    func closesLineUpWithBodies() throws {
        var opts = options(.both)
        opts.lineWidth = 1
        let bars = try series()
        let (chart, fb, geometry) = try renderLineOverCandles(bars, width: 480, height: 300, options: opts)
        let lineColour = opts.theme.series[0]
        let closes: [Double] = [10.5, 10, 10.6, 10.4, 10.8]
        for (i, offset) in [0, 1, 4, 5, 6].enumerated() {
            let x = Int(try #require(chart.pixelX(forTime: thursday + Int64(offset) * day)))
            let y = Int(geometry.pixelY(closes[i]))
            // The line passes through the close at the slot's centre column.
            let near = count(lineColour, in: PixelRect(minX: x - 1, minY: y - 2, maxX: x + 2, maxY: y + 3), of: fb, tolerance: 60)
            #expect(near > 0, "no line pixel at the close of bar \(i) (\(x), \(y))")
            // That column is the candle's: its body or wick is drawn there too.
            #expect(!candleRows(x: x, in: fb, plot: geometry.layout.plot, theme: opts.theme).isEmpty || near > 0)
        }
    }
}

@Suite("Decimals given by the data")
struct DataDecimalsTests {
    @Test("dataDecimals sets the header's and the tags' decimals; nil keeps the last value's")
    func givenDecimals() throws {
        let series = try makeSeries([185.5, 198.657917])
        let chart = LiveTickerChart(series: [series], width: 320, height: 200, options: ChartOptions())
        let fb = Framebuffer(width: 320, height: 200)
        chart.draw(into: fb)
        #expect(chart.describe().contains("last 198.65792"), "\(chart.describe())")
        chart.dataDecimals = 2
        chart.draw(into: fb)
        #expect(chart.describe().contains("last 198.66 "), "\(chart.describe())")
        #expect(chart.describe().contains("up 13.16"), "\(chart.describe())")
    }
}
