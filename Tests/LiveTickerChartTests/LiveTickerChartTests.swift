import LiveTickerChart
import LiveTickerCore
import LiveTickerRender
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("LiveTickerChart pixels")
struct LiveTickerChartTests {
    @Test("the same state drawn twice gives byte-identical frames")
    func deterministic() throws {
        let values: [Double] = (0..<500).map { (i: Int) -> Double in sin(Double(i) / 20) * 10 + 100 }
        let series = try makeSeries(values)
        let chart = LiveTickerChart(series: [series], width: 320, height: 200)
        let a = Framebuffer(width: 320, height: 200)
        let b = Framebuffer(width: 320, height: 200)
        chart.draw(into: a)
        chart.draw(into: b)
        #expect(pixels(a) == pixels(b))
        let again = render([series]).0
        #expect(pixels(again) == pixels(a))
    }

    @Test("changing one value changes the picture")
    func dataChangeChangesPicture() throws {
        var values = (0..<200).map { Double($0 % 17) + 50 }
        let before = render([try makeSeries(values)]).0
        values[100] = 80
        let after = render([try makeSeries(values)]).0
        #expect(pixels(before) != pixels(after))
    }

    @Test("a line is drawn in the series colour inside the plot only")
    func lineInsidePlot() throws {
        let series = try makeSeries((0..<300).map { Double($0) })
        var options = ChartOptions()
        options.areaFill = false
        options.showsHeader = false
        let (fb, chart) = render([series], options: options)
        let plot = try #require(chart.lastGeometry).layout.plot
        let colour = options.theme.seriesColor(0)
        #expect(count(colour, in: plot, of: fb, tolerance: 8) > 100)
        // Left of the plot (the margin) and below it (time labels) never get the line colour.
        #expect(count(colour, in: PixelRect(minX: 0, minY: 0, maxX: plot.minX, maxY: fb.height), of: fb) == 0)
        #expect(count(colour, in: PixelRect(minX: 0, minY: plot.maxY, maxX: plot.maxX, maxY: fb.height), of: fb) == 0)
        #expect(paddingIntact(fb))
    }

    @Test("NaN is a gap: the pen lifts and nothing bridges it")
    func nanIsGap() throws {
        // 0…99 rising, 100…199 NaN, 200…299 rising: the middle third of the plot has no line.
        let values = (0..<300).map { $0 >= 100 && $0 < 200 ? Double.nan : Double($0) }
        var options = ChartOptions()
        options.areaFill = false
        let (fb, chart) = render([try makeSeries(values)], width: 600, height: 300, options: options)
        let geometry = try #require(chart.lastGeometry)
        let plot = geometry.layout.plot
        let colour = options.theme.seriesColor(0)
        let gapStart = Int(geometry.pixelX(geometry.x(forTime: 1_709_280_000_000_000_000 + 110 * 1_000_000_000)))
        let gapEnd = Int(geometry.pixelX(geometry.x(forTime: 1_709_280_000_000_000_000 + 190 * 1_000_000_000)))
        let lastValueRow = Int(geometry.pixelY(299))
        // Exclude the dashed last-value line's rows.
        let gap = PixelRect(minX: gapStart, minY: plot.minY, maxX: gapEnd, maxY: lastValueRow - 3)
        let gap2 = PixelRect(minX: gapStart, minY: lastValueRow + 3, maxX: gapEnd, maxY: plot.maxY)
        #expect(count(colour, in: gap, of: fb, tolerance: 40) == 0)
        #expect(count(colour, in: gap2, of: fb, tolerance: 40) == 0)
        #expect(count(colour, in: PixelRect(minX: plot.minX, minY: plot.minY, maxX: gapStart, maxY: plot.maxY), of: fb, tolerance: 8) > 0)
        #expect(count(colour, in: PixelRect(minX: gapEnd, minY: plot.minY, maxX: plot.maxX, maxY: plot.maxY), of: fb, tolerance: 8) > 0)
    }

    @Test("extreme values render without a crash and stay inside the buffer",
          arguments: [
            [Double](), [42], [1, 1, 1, 1], [.nan, .nan], [.infinity, -.infinity, 1],
            [1.7e308, -1.7e308, 0, 1.7e308], [5e-324, 1e-310, 2.2e-308], [100, 100.001, 100.0005],
            [-1e-300, 1e-300], [Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude],
          ])
    func extremes(values: [Double]) throws {
        for kind in ChartOptions.Kind.allCases {
            var options = ChartOptions()
            options.kind = kind
            options.thresholds = [1.7e308, .nan, 100]
            let (fb, chart) = render([try makeSeries(values, interval: .ticks(1))], options: options)
            #expect(paddingIntact(fb))
            if let geometry = chart.lastGeometry {
                #expect(geometry.yLower.isFinite && geometry.yUpper.isFinite && geometry.yLower < geometry.yUpper)
            }
        }
    }

    @Test("a flat series sits mid-plot")
    func flatSeriesMidPlot() throws {
        let (_, chart) = render([try makeSeries([5, 5, 5, 5, 5])])
        let geometry = try #require(chart.lastGeometry)
        let y = geometry.pixelY(5)
        let plot = geometry.layout.plot
        #expect(abs(y - Double(plot.minY + plot.maxY) / 2) < 2)
    }

    @Test("themes give different pictures")
    func themes() throws {
        let series = try makeSeries((0..<100).map { Double($0) })
        var frames: [[UInt32]] = []
        for theme in ChartTheme.all {
            var options = ChartOptions()
            options.theme = theme
            frames.append(pixels(render([series], options: options).0))
        }
        #expect(Set(frames.map { $0.hashValue }).count == ChartTheme.all.count)
    }

    @Test("rotation turns the upright frame", arguments: ChartRotation.allCases)
    func rotation(_ rotation: ChartRotation) throws {
        let series = try makeSeries((0..<100).map { Double($0 * $0 % 37) })
        let upright = render([series], width: 160, height: 100).0
        var options = ChartOptions()
        options.rotation = rotation
        let size = rotation.logicalSize(width: 160, height: 100)
        let turned = render([series], width: size.width, height: size.height, options: options).0
        for (x, y) in [(0, 0), (159, 0), (0, 99), (37, 71), (120, 15)] {
            let (tx, ty): (Int, Int)
            switch rotation {
            case .none: (tx, ty) = (x, y)
            case .clockwise90: (tx, ty) = (99 - y, x)
            case .upsideDown: (tx, ty) = (159 - x, 99 - y)
            case .clockwise270: (tx, ty) = (y, 159 - x)
            }
            #expect(turned[tx, ty] == upright[x, y])
        }
    }
}

@Suite("Time axis at a UTC offset")
struct UTCOffsetTests {
    /// Two hours of one tick a minute from 08:00 UTC, drawn with time labels at `offset`.
    func frame(offsetSeconds: Int) throws -> (Framebuffer, ChartGeometry) {
        let series = try makeSeries((0..<121).map { Double($0 % 17) }, start: 1_709_280_000_000_000_000 + 8 * 3_600_000_000_000, step: 60_000_000_000)
        var options = ChartOptions()
        options.utcOffsetSeconds = offsetSeconds
        let (fb, chart) = render([series], width: 640, height: 300, options: options)
        return (fb, try #require(chart.lastGeometry))
    }

    func pixels(_ fb: Framebuffer, in rect: PixelRect) -> [UInt32] {
        var out: [UInt32] = []
        for y in rect.minY..<rect.maxY { for x in rect.minX..<rect.maxX { out.append(fb[x, y]) } }
        return out
    }

    @Test("a whole-hour offset keeps the grid on the same instants and changes only the labels")
    func wholeHour() throws {
        let (utc, geometry) = try frame(offsetSeconds: 0)
        let (plusOne, _) = try frame(offsetSeconds: 3600)
        #expect(pixels(utc, in: geometry.layout.plot) == pixels(plusOne, in: geometry.layout.plot))
        #expect(pixels(utc, in: geometry.layout.timeAxis) != pixels(plusOne, in: geometry.layout.timeAxis))
    }

    @Test("a 45-minute offset (Nepal) moves the grid to local full and half hours")
    func halfHour() throws {
        let (utc, geometry) = try frame(offsetSeconds: 0)
        let (india, _) = try frame(offsetSeconds: 5 * 3600 + 2700)
        #expect(pixels(utc, in: geometry.layout.plot) != pixels(india, in: geometry.layout.plot))
    }
}
