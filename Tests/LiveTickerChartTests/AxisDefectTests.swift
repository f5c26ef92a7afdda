import LiveTickerCore
import LiveTickerRender
import LiveTickerScales
import LiveTickerTestSupport
import Testing

@testable import LiveTickerChart

private let second: Int64 = 1_000_000_000
private let hour = 3600 * second
private let day = 24 * hour
/// 2024-03-01T00:00:00Z, a Friday.
private let march1: Int64 = 1_709_251_200 * second

/// The time labels a chart's last frame placed, left to right.
private func timeLabels(_ chart: LiveTickerChart) throws -> [String] {
    let geometry = try #require(chart.lastGeometry)
    var labels: [String] = []
    chart.forEachTimeTick(geometry) { _, label, _ in labels.append(label.description) }
    return labels
}

@Suite("Axis and label defects (issue 13)")
struct AxisDefectTests {
    @Test("defect 1: each label under a candle slot names that candle's own time")
    func candleLabels() throws {
        // One tick a minute from 13:10 to 16:59: hourly candles 13:00, 14:00, 15:00, 16:00.
        let series = try LiveSeries(capacity: 1 << 14, candleInterval: .seconds(3600))
        for m in 0..<230 { series.append(Tick(time: march1 + 13 * hour + 600 * second + Int64(m) * 60 * second, value: Double(m % 13), size: 1)) }
        var options = ChartOptions()
        options.kind = .candles
        let (_, chart) = render([series], width: 1280, height: 720, options: options)
        let labels = try timeLabels(chart)
        #expect(!labels.isEmpty)
        for label in labels { #expect(["13:00", "14:00", "15:00", "16:00"].contains(label), "\(labels)") }

        // Two daily candles: labelled with their days, not with clock times inside them.
        let daily = try LiveSeries(capacity: 1 << 10, candleInterval: .seconds(86_400))
        for h in 0..<48 { daily.append(Tick(time: march1 + 9 * hour + Int64(h) * hour, value: Double(h), size: 1)) }
        let (_, dailyChart) = render([daily], width: 1280, height: 720, options: options)
        let dayLabels = try timeLabels(dailyChart)
        #expect(!dayLabels.isEmpty)
        for label in dayLabels { #expect(["Mar", "Sat 2", "Sun 3"].contains(label), "\(dayLabels)") }
    }

    @Test("defect 2: in 'both', a daily bar's line point sits on its candle, across a weekend gap")
    func bothShareSlots() throws {
        let series = try LiveSeries(capacity: 1 << 10, candleInterval: .seconds(86_400))
        for d in [0, 3, 4, 5, 6, 7, 10, 11] { series.append(Tick(time: march1 + Int64(d) * day, value: 100 + Double(d), size: 1)) }
        var options = ChartOptions()
        options.kind = .both
        options.algorithm = .minmax  // keeps every point of so few
        let (_, chart) = render([series], width: 800, height: 400, options: options)
        let geometry = try #require(chart.lastGeometry)
        let s = chart.scratch[0]
        #expect(s.keptCount == 8)
        for k in 0..<s.keptCount {
            let candleColumn = chart.column(ofCandle: s.visibleCandles.lowerBound + k, in: s, geometry)
            #expect(abs(s.pixelXs[k] - (Double(candleColumn) + 0.5)) <= 1, "point \(k)")
        }
        // The labels name days that are in the data.
        for label in try timeLabels(chart) {
            #expect(["Mar", "Mon 4", "Tue 5", "Wed 6", "Thu 7", "Fri 8", "Mon 11", "Tue 12", "Mar 4", "Mar 11"].contains(label), "\(label)")
        }
    }

    @Test("defect 3: one public time(atPixelX:)/pixelX(forTime:), right in candle slots too")
    func pixelTimeMapping() throws {
        let series = try LiveSeries(capacity: 1 << 14, candleInterval: .seconds(60))
        for s in 0..<(60 * 30) { series.append(Tick(time: march1 + Int64(s) * second, value: Double(s % 7), size: 1)) }
        for kind in [ChartOptions.Kind.line, .candles, .both] {
            var options = ChartOptions()
            options.kind = kind
            let (_, chart) = render([series], width: 900, height: 400, options: options)
            let plot = try #require(chart.lastGeometry).layout.plot
            let centre = Double(plot.minX + plot.maxX) / 2
            let time = try #require(chart.time(atPixelX: centre))
            // The middle of 30 minutes of data, not t0 + a few ns.
            #expect(time > march1 + 10 * 60 * second && time < march1 + 20 * 60 * second, "\(kind)")
            let back = try #require(chart.pixelX(forTime: time))
            #expect(abs(back - centre) <= 1.5, "\(kind): \(back) vs \(centre)")
        }
    }

    @Test("defect 4: a price going back and forth across 1000 does not move the plot")
    func valueAxisHysteresis() throws {
        let series = try LiveSeries(capacity: 1 << 12, candleInterval: .seconds(60))
        for i in 0..<300 { series.append(Tick(time: march1 + Int64(i) * second, value: 999.0 + Double(i % 10) * 0.1, size: 1)) }
        series.append(Tick(time: march1 + 300 * second, value: 1000.2, size: 1))
        let chart = LiveTickerChart(series: [series], width: 800, height: 400)
        let fb = Framebuffer(width: 800, height: 400)
        chart.draw(into: fb)
        let wide = try #require(chart.lastGeometry).layout.plot
        var window = [Double](repeating: 0, count: 0)
        for (i, value) in [999.95, 1000.05, 999.5, 1000.01, 998.9, 1000.3].enumerated() {
            series.append(Tick(time: march1 + Int64(301 + i) * second, value: value, size: 1))
            chart.draw(into: fb)
            window.append(value)
            let now = try #require(chart.lastGeometry).layout.plot
            #expect(now == wide, "after \(window)")
        }
    }

    @Test("defect 5: five last-value tags stack without hiding each other")
    func tagsStack() throws {
        let values: [Double] = [100.0, 100.02, 99.99, 100.01, 100.03]
        let series = try values.map { v in try makeSeries((0..<100).map { v + Double($0 % 3) * 0.001 }) }
        let (_, chart) = render(series, width: 640, height: 360)
        let rects = chart.scratch.map(\.tagRect)
        let strip = try #require(chart.lastGeometry).layout.valueAxis
        for (i, a) in rects.enumerated() {
            #expect(!a.isEmpty && a.minY >= strip.minY && a.maxY <= strip.maxY)
            for b in rects[(i + 1)...] { #expect(a.maxY <= b.minY || b.maxY <= a.minY, "\(a) overlaps \(b)") }
        }
    }

    @Test("defect 5: a fixed range shows the last value inside it, not the feed's newest")
    func fixedRangeValue() throws {
        let series = try makeSeries((0..<600).map { Double($0) })  // one a second, value = second
        var options = ChartOptions()
        options.window = .fixed(from: 1_709_280_000_000_000_000 + 100 * second, to: 1_709_280_000_000_000_000 + 200 * second)
        let (_, chart) = render([series], width: 640, height: 360, options: options)
        #expect(chart.scratch[0].newest?.value == 200)
    }
}

@Suite("Labels at the edges are dropped, never cut (issue 13, defect 5)")
struct EdgeLabelTests {
    @Test("over many ranges no value label is cut at the strip's top or bottom, no time label past the plot's ends")
    func wholeLabelsOnly() throws {
        var random = SplitMix64(seed: 13)
        for round in 0..<40 {
            // Ranges like "1.0", "100.00", "-2.0" at the ends: levels and spans of every size.
            let level = [1.0, 100.0, -2.0, 0.0, 17_600][round % 5] + Double(random.next() % 1000) / 100
            let span = [0.1, 1, 3, 50][round % 4] * (1 + Double(random.next() % 100) / 100)
            let series = try makeSeries((0..<200).map { level + span * Double(($0 * 37) % 101) / 100 }, step: Int64(1 + round) * second)
            let width = [320, 480, 800][round % 3]
            let height = [200, 320, 480][round % 3]
            let (fb, chart) = render([series], width: width, height: height)
            let layout = try #require(chart.lastGeometry).layout
            let label = ChartTheme.dark.label
            func ink(_ x: Int, _ y: Int) -> Bool { RGBColor(fb[x, y]) == label }
            // A whole bitmap label leaves its cell's first and last rows blank; a cut one inks the edge.
            let strip = layout.valueAxis
            let tags = chart.scratch.map(\.tagRect)
            for y in [strip.minY, strip.maxY - 1] {
                for x in strip.minX..<strip.maxX where !tags.contains(where: { $0.contains(x: x, y: y) }) {
                    #expect(!ink(x, y), "round \(round): value label ink at (\(x), \(y)) on the strip's edge")
                }
            }
            let axis = layout.timeAxis
            for y in axis.minY..<axis.maxY {
                for x in axis.minX..<axis.maxX where x < layout.plot.minX || x >= layout.plot.maxX {
                    #expect(!ink(x, y), "round \(round): time label ink at (\(x), \(y)) outside the plot's columns")
                }
            }
        }
    }
}

@Suite("Narrow panels keep a readable time axis (issue 13)")
struct NarrowAxisTests {
    @Test("a portrait 480x800 panel of two hours shows at least three time labels (it showed one)")
    func portraitLabels() throws {
        // About 2 h 10 min of a session, like the DAX sample: one tick every 13 s.
        let series = try LiveSeries(capacity: 4096, candleInterval: .seconds(60))
        let start = march1 + 8 * hour + 17 * 60 * second
        for i in 0..<600 { series.append(Tick(time: start + Int64(i) * 13 * second, value: 17_600 + Double(i % 37), size: 1)) }
        for width in [480, 360, 320] {
            let (fb, chart) = render([series], width: width, height: 800)
            _ = fb
            let all = try timeLabels(chart)
            #expect(chart.timeLabelSpans.count >= 3, "\(width) px: \(chart.timeLabelSpans) of \(all)")
        }
        // Wide panels keep their step (about a label every two label widths).
        let (_, wide) = render([series], width: 1920, height: 1080)
        let all = try timeLabels(wide)
        #expect(wide.timeLabelSpans.count >= 3 && wide.timeLabelSpans.count <= 20, "\(wide.timeLabelSpans) of \(all)")
    }

    @Test("the time axis moves with the data: a chart's ticks after an hour of new data are a fresh chart's, in every mode")
    func timeTicksFollowTheData() throws {
        /// Every tick's column and label, left to right.
        func ticks(_ chart: LiveTickerChart) throws -> [String] {
            let geometry = try #require(chart.lastGeometry)
            var out: [String] = []
            chart.forEachTimeTick(geometry) { x, label, _ in out.append("\(x) \(label)") }
            return out
        }
        for kind in [ChartOptions.Kind.line, .candles, .both] {
            var options = ChartOptions()
            options.kind = kind
            options.window = .follow(nanoseconds: 20 * 60 * second)
            let series = try LiveSeries(capacity: 1 << 14, candleInterval: .seconds(60))
            func append(minutes: Range<Int>) {
                for s in (minutes.lowerBound * 60)..<(minutes.upperBound * 60) {
                    series.append(Tick(time: march1 + 9 * hour + Int64(s) * second, value: 100 + Double(s % 97) / 10, size: 1))
                }
            }
            append(minutes: 0..<30)
            let chart = LiveTickerChart(series: [series], width: 960, height: 540, options: options)
            let framebuffer = Framebuffer(width: 960, height: 540)
            chart.draw(into: framebuffer)
            let before = try ticks(chart)
            append(minutes: 30..<95)
            chart.draw(into: framebuffer)
            let after = try ticks(chart)
            let (freshPixels, fresh) = render([series], width: 960, height: 540, options: options)
            #expect(!before.isEmpty && before != after, "\(kind): \(before)")
            #expect(after == (try ticks(fresh)), "\(kind)")
            // And the labels drawn are those ticks': the time axis's pixels are the fresh chart's.
            let axis = try #require(fresh.lastGeometry).layout.timeAxis
            var differing = 0
            for y in axis.minY..<axis.maxY {
                for x in axis.minX..<axis.maxX where framebuffer[x, y] != freshPixels[x, y] { differing += 1 }
            }
            #expect(differing == 0, "\(kind)")
        }
    }
}
