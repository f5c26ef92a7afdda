import LiveTickerChart
import LiveTickerCore
import LiveTickerRender
import Testing

@Suite("Crosshair")
struct CrosshairTests {
    static let start: Int64 = 1_709_280_000_000_000_000
    static let second: Int64 = 1_000_000_000

    /// A staircase: value 10 × (i / 50), so the value at a time is known exactly.
    static func staircase() throws -> LiveSeries {
        try makeSeries((0..<300).map { Double($0 / 50) * 10 })
    }

    static func options(crosshair: Int64?, kind: ChartOptions.Kind = .line) -> ChartOptions {
        var options = ChartOptions()
        options.kind = kind
        options.areaFill = false
        options.showsHeader = false
        options.crosshair = crosshair
        return options
    }

    /// Plot pixels that differ between two frames, as (column, row) pairs.
    static func plotDifferences(_ a: Framebuffer, _ b: Framebuffer, in plot: PixelRect) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        for y in plot.minY..<plot.maxY {
            for x in plot.minX..<plot.maxX where a[x, y] != b[x, y] { out.append((x, y)) }
        }
        return out
    }

    @Test("line mode: dashes only in the marked column and the row of the value there, tags on both axes")
    func lineCrosshair() throws {
        let series = try Self.staircase()
        let time = Self.start + 120 * Self.second + Self.second / 2  // after tick 120: value 20
        let (plain, _) = render([series], options: Self.options(crosshair: nil))
        let (marked, chart) = render([series], options: Self.options(crosshair: time))
        let geometry = try #require(chart.lastGeometry)
        let plot = geometry.layout.plot
        let column = PixelRect.snap(geometry.pixelX(geometry.x(forTime: time)) - 0.5)
        let row = PixelRect.snap(geometry.pixelY(20) - 0.5)
        let differences = Self.plotDifferences(plain, marked, in: plot)
        #expect(differences.count > 20)
        #expect(differences.allSatisfy { $0.0 == column || $0.1 == row })
        #expect(differences.contains { $0.0 == column } && differences.contains { $0.1 == row })
        // The tags: some pixels of the label colour appear in each axis strip.
        let label = ChartOptions().theme.label
        #expect(count(label, in: geometry.layout.timeAxis, of: marked) > count(label, in: geometry.layout.timeAxis, of: plain))
        #expect(count(label, in: geometry.layout.valueAxis, of: marked) > count(label, in: geometry.layout.valueAxis, of: plain))
        #expect(paddingIntact(marked))
    }

    @Test("the same crosshair gives the same bytes; moving it changes the picture")
    func deterministic() throws {
        let series = try Self.staircase()
        let a = render([series], options: Self.options(crosshair: Self.start + 100 * Self.second)).0
        let b = render([series], options: Self.options(crosshair: Self.start + 100 * Self.second)).0
        let c = render([series], options: Self.options(crosshair: Self.start + 101 * Self.second)).0
        #expect(pixels(a) == pixels(b))
        #expect(pixels(a) != pixels(c))
    }

    @Test(
        "a time outside the window draws nothing",
        arguments: [Int64.min, start - 1, start + 400 * second, Int64.max])
    func outside(time: Int64) throws {
        let series = try Self.staircase()
        let plain = render([series], options: Self.options(crosshair: nil)).0
        let marked = render([series], options: Self.options(crosshair: time)).0
        #expect(pixels(plain) == pixels(marked))
    }

    @Test("in a gap (NaN) only the vertical line and the time tag are drawn")
    func gap() throws {
        var values = (0..<300).map { Double($0 / 50) * 10 }
        for i in 100..<140 { values[i] = .nan }
        let series = try makeSeries(values)
        let time = Self.start + 120 * Self.second
        let (plain, _) = render([series], options: Self.options(crosshair: nil))
        let (marked, chart) = render([series], options: Self.options(crosshair: time))
        let geometry = try #require(chart.lastGeometry)
        let column = PixelRect.snap(geometry.pixelX(geometry.x(forTime: time)) - 0.5)
        let differences = Self.plotDifferences(plain, marked, in: geometry.layout.plot)
        #expect(!differences.isEmpty)
        #expect(differences.allSatisfy { $0.0 == column })
        let valueAxis = geometry.layout.valueAxis
        #expect(count(ChartOptions().theme.label, in: valueAxis, of: marked) == count(ChartOptions().theme.label, in: valueAxis, of: plain))
    }

    @Test("candle modes mark the slot of the candle holding the time, at its close")
    func candles() throws {
        // One-minute candles over 300 s: closes 10, 20, 30, 40, 40 (the staircase).
        let series = try Self.staircase()
        let time = Self.start + 90 * Self.second  // in the second candle, close = 20
        let (plain, _) = render([series], options: Self.options(crosshair: nil, kind: .candles))
        let (marked, chart) = render([series], options: Self.options(crosshair: time, kind: .candles))
        let geometry = try #require(chart.lastGeometry)
        let differences = Self.plotDifferences(plain, marked, in: geometry.layout.plot)
        let row = PixelRect.snap(geometry.pixelY(20) - 0.5)
        let columnsMarked = Set(differences.filter { $0.1 != row }.map(\.0))
        #expect(columnsMarked.count == 1)
        #expect(differences.contains { $0.1 == row })
        // The marked column lies in the second of the chart's slots that hold candles.
        let before = render([series], options: Self.options(crosshair: Self.start + 30 * Self.second, kind: .candles)).0
        let firstColumns = Set(Self.plotDifferences(plain, before, in: geometry.layout.plot).map(\.0))
        #expect(columnsMarked.first! > firstColumns.min()!)
        // Before the first candle: nothing.
        let early = render([series], options: Self.options(crosshair: Self.start - 120 * Self.second, kind: .candles)).0
        #expect(pixels(early) == pixels(plain))
    }

    @Test("an app can move the crosshair between frames")
    func movable() throws {
        let series = try Self.staircase()
        let chart = LiveTickerChart(series: [series], width: 320, height: 200, options: Self.options(crosshair: nil))
        let first = Framebuffer(width: 320, height: 200)
        chart.draw(into: first)
        chart.crosshair = Self.start + 150 * Self.second
        let second = Framebuffer(width: 320, height: 200)
        chart.draw(into: second)
        chart.crosshair = nil
        let third = Framebuffer(width: 320, height: 200)
        chart.draw(into: third)
        #expect(pixels(first) != pixels(second))
        #expect(pixels(first) == pixels(third))
    }
}
