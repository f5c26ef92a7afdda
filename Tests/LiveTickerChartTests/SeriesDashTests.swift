import LiveTickerCore
import LiveTickerRender
import Testing

@testable import LiveTickerChart

@Suite("Series differ without colour: dash patterns (issue 13)")
struct SeriesDashTests {
    /// Two flat series of one grey (what a grey-scale print or a colour-blind viewer may see
    /// of two colours), lines only.
    func twoGreySeries(dashes: Bool = true) throws -> (Framebuffer, LiveTickerChart) {
        let grey = RGBColor(0x808080)
        let a = try makeSeries(Array(repeating: 10, count: 200))
        let b = try makeSeries(Array(repeating: 20, count: 200))
        var options = ChartOptions()
        options.theme = .colorBlindSafe
        options.dashesSeries = dashes
        options.showsHeader = false
        let chart = LiveTickerChart(
            series: [
                ChartSeries(id: "a", style: SeriesStyle(color: grey), source: a),
                ChartSeries(id: "b", style: SeriesStyle(color: grey), source: b),
            ],
            marks: [LineMark(series: 0), LineMark(series: 1)], width: 480, height: 320, options: options)
        let fb = Framebuffer(width: 480, height: 320)
        chart.draw(into: fb)
        return (fb, chart)
    }

    /// Columns of the plot where the row of `value` shows the line's grey (nearly).
    func litColumns(_ fb: Framebuffer, _ chart: LiveTickerChart, value: Double) throws -> [Bool] {
        let geometry = try #require(chart.lastGeometry)
        let plot = geometry.layout.plot
        let row = Int(geometry.pixelY(value))
        return (plot.minX + 4..<plot.maxX - 4).map { x in
            (row - 1...row + 1).contains { y in
                let p = RGBColor(fb[x, y])
                return abs(Int(p.red) - 0x80) < 24 && abs(Int(p.green) - 0x80) < 24
            }
        }
    }

    @Test("two series of one grey are told apart by the second one's dashes; the same state gives the same bytes")
    func greySeriesDiffer() throws {
        let (fb, chart) = try twoGreySeries()
        let solid = try litColumns(fb, chart, value: 10)
        let dashed = try litColumns(fb, chart, value: 20)
        #expect(solid.allSatisfy { $0 }, "the first series is solid")
        let gaps = zip(dashed, dashed.dropFirst()).filter { $0 && !$1 }.count
        #expect(gaps >= 10, "the second series is dashed: \(gaps) gaps")
        #expect(dashed.filter { $0 }.count > dashed.count / 3, "and mostly drawn")
        let (again, _) = try twoGreySeries()
        #expect(pixels(fb) == pixels(again))
        // Off: both solid (the old picture, where only the colour told them apart).
        let (plain, plainChart) = try twoGreySeries(dashes: false)
        #expect(try litColumns(plain, plainChart, value: 20).allSatisfy { $0 })
    }

    @Test("the legend shows each series' pattern: its sample has gaps for a dashed series only")
    func legendSamples() throws {
        let a = try makeSeries(Array(repeating: 10, count: 50))
        let b = try makeSeries(Array(repeating: 20, count: 50))
        let (fb, chart) = render([a, b], width: 800, height: 480)
        let header = try #require(chart.lastGeometry).layout.header
        let row = header.minY + (header.height - chart.textHeight) / 2 + chart.textHeight / 2
        // Each series' sample runs two text heights from where its legend entry starts.
        func litRuns(_ color: RGBColor) -> Int {
            var runs = 0
            var previous = false
            for x in header.minX..<header.maxX {
                let p = RGBColor(fb[x, row])
                let lit = abs(Int(p.red) - Int(color.red)) < 40 && abs(Int(p.green) - Int(color.green)) < 40
                    && abs(Int(p.blue) - Int(color.blue)) < 40
                if lit && !previous { runs += 1 }
                previous = lit
            }
            return runs
        }
        let theme = ChartOptions().theme
        #expect(litRuns(theme.seriesColor(1)) >= 3, "a dashed sample (and the marker) in the second colour")
    }

    @Test("a dash pattern walks runs half-open and carries its phase across them")
    func patternWalk() {
        var pieces: [(Double, Double)] = []
        let pattern = DashPattern(on: 6, off: 4)
        var phase = pattern.forEachDash(length: 25) { pieces.append(($0, $1)) }
        #expect(pieces.map { [$0.0, $0.1] } == [[0, 6], [10, 16], [20, 25]])
        #expect(phase == 5)
        pieces.removeAll()
        phase = pattern.forEachDash(length: 12, phase: phase) { pieces.append(($0, $1)) }
        #expect(pieces.map { [$0.0, $0.1] } == [[0, 1], [5, 11]])
        #expect(phase == 17)  // the pattern is dash, gap, dash, gap: 20 px long
        // Dots: zero-length dashes, one per period; solid: the whole run once.
        pieces.removeAll()
        DashPattern(on: 0, off: 3).forEachDash(length: 9) { pieces.append(($0, $1)) }
        #expect(pieces.map { [$0.0, $0.1] } == [[0, 0], [3, 3], [6, 6]])
        pieces.removeAll()
        DashPattern(on: 5, off: 0).forEachDash(length: 9) { pieces.append(($0, $1)) }
        #expect(pieces.map { [$0.0, $0.1] } == [[0, 9]])
        // Dash-dot, and nothing for empty or non-finite runs.
        pieces.removeAll()
        DashPattern(4, 2, 0, 2).forEachDash(length: 16) { pieces.append(($0, $1)) }
        #expect(pieces.map { [$0.0, $0.1] } == [[0, 4], [6, 6], [8, 12], [14, 14]])
        var called = false
        for length in [0, -1, Double.nan, .infinity] { pattern.forEachDash(length: length) { _, _ in called = true } }
        #expect(!called)
    }

    @Test("a dashed stroke toward ±1e308 stays bounded and clipped")
    func dashedHugeSegment() {
        let fb = Framebuffer(width: 64, height: 48)
        let rasterizer = Rasterizer(width: 64, height: 48)
        let clip = PixelRect(minX: 2, minY: 2, maxX: 62, maxY: 46)
        rasterizer.strokePolyline(
            xs: [-1.7e308, 30, 1.7e308], ys: [24, 24, 1e308], width: 2, color: RGBColor(0xFFFFFF),
            dash: DashPattern(on: 4, off: 4), clip: clip, into: fb)
        var lit = 0
        var outside = 0
        for y in 0..<48 {
            for x in 0..<64 where fb[x, y] != 0 {
                if clip.contains(x: x, y: y) { lit += 1 } else { outside += 1 }
            }
        }
        #expect(lit > 20)
        #expect(outside == 0)
    }
}
