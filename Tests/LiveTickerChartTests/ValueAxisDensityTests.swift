import LiveTickerChart
import LiveTickerCore
import LiveTickerRender
import LiveTickerScales
import Testing

@testable import LiveTickerChart

@Suite("Value axis: a small pane gets as many labels as fit")
struct ValueAxisDensityTests {
    /// The labels ``LiveTickerChart/drawAxisLabels`` can draw for `scale` on a pane
    /// `height` px tall: inside the domain, the whole box inside the pane.
    static func shown(_ scale: NiceScale, lower: Double, upper: Double, height: Int, textHeight: Int) -> [Double] {
        (0..<scale.tickCount).map(scale.tick(at:)).filter { value in
            guard value >= lower, value <= upper else { return false }
            let centre = PixelRect.snap(Double(height) - (value - lower) / (upper - lower) * Double(height))
            return centre - textHeight / 2 >= 0 && centre - textHeight / 2 + textHeight <= height
        }
    }

    @Test("a small pane shows as many labels as fit clear of each other (the old rule showed fewer than three)", arguments: [
        (0.0, 16_960.0, 100, 3), (0.0, 3_180.0, 96, 2), (0.0, 1.06, 80, 1), (44.7, 51.2, 90, 3), (0.0, 212_000.0, 60, 1),
        (0.0, 8_760.9, 39, 1),
    ])
    func smallPane(lower: Double, upper: Double, height: Int, expected: Int) {
        let textHeight = 18
        // The old rule: one label per three text lines of the pane, at least two ticks.
        let old = NiceScale(domain: ValueDomain(lower: lower, upper: upper), targetTickCount: max(2, min(12, height / (textHeight * 3))))
        let oldShown = Self.shown(old, lower: lower, upper: upper, height: height, textHeight: textHeight)
        #expect(oldShown.count < 3, "the case must be one the old rule left with fewer than three labels (\(oldShown))")
        let scale = LiveTickerChart.valueScale(lower: lower, upper: upper, paneHeight: height, approximateHeight: height, textHeight: textHeight)
        let labels = Self.shown(scale, lower: lower, upper: upper, height: height, textHeight: textHeight)
        let pitch = scale.step / (upper - lower) * Double(height)
        #expect(pitch >= Double(textHeight + 2), "labels closer than a text line and 2 px: \(pitch) px")
        // As many as fit: the next denser scale that keeps the pitch shows no more.
        var mostFitting = 0
        for target in 2...12 {
            let denser = NiceScale(domain: ValueDomain(lower: lower, upper: upper), targetTickCount: target)
            guard denser.step / (upper - lower) * Double(height) >= Double(textHeight + 2) else { continue }
            mostFitting = max(mostFitting, Self.shown(denser, lower: lower, upper: upper, height: height, textHeight: textHeight).count)
        }
        #expect(labels.count == mostFitting, "\(labels) of \(mostFitting) that fit")
        #expect(labels.count == expected, "\(labels)")
    }

    @Test("labels a last-value tag will cover do not count: 12, 13, 14 with 14 under the tag becomes a denser scale")
    func tagCoveredLabels() {
        let (lower, upper, height, textHeight) = (11.9, 14.6, 230, 13)
        let row = { (value: Double) in PixelRect.snap(Double(height) - (value - lower) / (upper - lower) * Double(height)) }
        let tagRow = row(14.09)
        let covered = { (centre: Int) in abs(centre - tagRow) < (textHeight + 17) / 2 }
        let plain = LiveTickerChart.valueScale(lower: lower, upper: upper, paneHeight: height, approximateHeight: height, textHeight: textHeight)
        #expect(Self.shown(plain, lower: lower, upper: upper, height: height, textHeight: textHeight) == [12, 13, 14])
        let scale = LiveTickerChart.valueScale(
            lower: lower, upper: upper, paneHeight: height, approximateHeight: height, textHeight: textHeight, coveredByTag: covered)
        let clear = Self.shown(scale, lower: lower, upper: upper, height: height, textHeight: textHeight).filter { !covered(row($0)) }
        #expect(clear.count >= 3, "\(clear)")
    }

    @Test("a tall pane keeps one label per three text lines (the big panel's density)")
    func tallPaneUnchanged() {
        let scale = LiveTickerChart.valueScale(lower: 100, upper: 106.4, paneHeight: 600, approximateHeight: 600, textHeight: 18)
        #expect(scale == NiceScale(domain: ValueDomain(lower: 100, upper: 106.4), targetTickCount: 600 / 54))
    }

    @Test("a 2x2 wall's volume pane draws the labels the model counts (pixels), more than the old rule's none", arguments: [
        (800, 480, 1), (1920, 1080, 2),
    ])
    func volumePanePixels(width: Int, height: Int, least: Int) throws {
        var ticks: [Tick] = []
        let start: Int64 = 1_709_280_000_000_000_000
        for i in 0..<600 {
            ticks.append(Tick(time: start + Int64(i) * 30_000_000_000, value: 100 + Double(i % 23) * 0.25, size: Double(100 + (i * 37) % 900)))
        }
        let series = try LiveSeries(capacity: 4096, candleInterval: .time(nanoseconds: 300_000_000_000), candleCapacity: 1024)
        for tick in ticks { series.append(tick) }
        let panes = [
            Pane(marks: [CandlesMark(series: 0)], weight: 3),
            Pane(marks: [VolumeMark(series: 0)], scale: .includingZero, weight: 1),
        ]
        let panel = DashboardPanel(
            place: GridPlace(row: 0, column: 0), series: [ChartSeries(id: "a", title: "A", source: series)], panes: panes)
        let dashboard = Dashboard(grid: DashboardGrid(rows: 2, columns: 2), panels: [panel], width: width, height: height)
        let fb = Framebuffer(width: width, height: height)
        dashboard.draw(into: fb)
        let chart = try #require(dashboard.panels[0])
        let geometry = try #require(chart.paneFrames.last?.geometry)
        // Rows of the volume pane's value strip holding label pixels, grouped into labels.
        let strip = geometry.layout.valueAxis
        let background = fb[strip.maxX - 1, strip.minY]
        var labels = 0
        var inLabel = false
        for y in strip.minY..<strip.maxY {
            var inked = false
            for x in strip.minX..<strip.maxX where fb[x, y] != background { inked = true; break }
            if inked && !inLabel { labels += 1 }
            inLabel = inked
        }
        let pane = try #require(chart.paneFrames.last)
        let scale = try #require(pane.valueScale)
        let model = Self.shown(scale, lower: pane.valueLower, upper: pane.valueUpper, height: strip.height, textHeight: chart.textHeight)
        #expect(labels == model.count && labels >= least, "the volume pane's value strip shows \(labels) label(s); the model \(model)")
    }
}
