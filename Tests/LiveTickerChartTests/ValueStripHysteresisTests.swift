import LiveTickerCore
import LiveTickerRender
import Testing

@testable import LiveTickerChart

/// The value strip's width from frame to frame: it widens at once, and narrows only after the
/// labels have fit a narrower strip for ten seconds of data time, so a live value whose digits
/// come and go does not make the plot's width (and every pixel of it) jump between frames.
@Suite("Value strip width: hysteresis in data time")
struct ValueStripHysteresisTests {
    static let start: Int64 = 1_709_280_000_000_000_000

    func chart(_ series: LiveSeries) -> LiveTickerChart {
        var options = ChartOptions()
        options.window = .follow(nanoseconds: 60_000_000_000)
        return LiveTickerChart(series: [series], width: 480, height: 270, options: options)
    }

    @Test("a value alternating between many and few digits keeps the strip's width; ten quiet seconds narrow it")
    func alternatingDigits() throws {
        let series = try LiveSeries(capacity: 1 << 14, candleInterval: .seconds(1))
        let chart = chart(series)
        let framebuffer = Framebuffer(width: 480, height: 270)
        var time = Self.start
        func step(_ value: Double) {
            time += 100_000_000
            series.append(Tick(time: time, value: value, size: 1))
            chart.drawChanges(into: framebuffer)
        }
        step(100.385_291)
        let wide = chart.valueStripWidth
        var widths = Set<Int>()
        for i in 0..<60 {  // 6 s of data time, every other value with four decimals fewer
            step(i.isMultiple(of: 2) ? 100.4 : 100.385_291)
            widths.insert(chart.valueStripWidth)
        }
        #expect(widths == [wide], "the strip's width moved: \(widths.sorted())")
        // Only short values from here on: after ten seconds of them the strip narrows.
        var narrowedAt: Int64?
        for _ in 0..<150 {
            step(100.4)
            if narrowedAt == nil, chart.valueStripWidth < wide { narrowedAt = time }
        }
        let narrowed = try #require(narrowedAt, "the strip never narrowed")
        #expect(narrowed - Self.start >= 10_000_000_000)
        // A frame from the data alone (as a replay draws it) takes the narrow width at once.
        let fresh = self.chart(series)
        fresh.draw(into: Framebuffer(width: 480, height: 270))
        #expect(fresh.valueStripWidth == chart.valueStripWidth)
    }

    @Test("widening is immediate, and resetLayoutHistory() forgets a pending narrowing")
    func wideningAndReset() throws {
        let series = try LiveSeries(capacity: 1 << 12, candleInterval: .seconds(1))
        let chart = chart(series)
        let framebuffer = Framebuffer(width: 480, height: 270)
        series.append(Tick(time: Self.start, value: 100.4, size: 1))
        chart.draw(into: framebuffer)
        let narrow = chart.valueStripWidth
        series.append(Tick(time: Self.start + 1, value: 100.385_291, size: 1))
        chart.drawChanges(into: framebuffer)
        #expect(chart.valueStripWidth > narrow)
        series.append(Tick(time: Self.start + 2, value: 100.4, size: 1))
        chart.drawChanges(into: framebuffer)
        #expect(chart.stripNarrowing.isWaiting)
        chart.resetLayoutHistory()
        #expect(!chart.stripNarrowing.isWaiting)
        chart.draw(into: framebuffer)
        // As a chart drawing the same data for the first time lays it out.
        let fresh = self.chart(series)
        fresh.draw(into: Framebuffer(width: 480, height: 270))
        #expect(chart.valueStripWidth == fresh.valueStripWidth)
        #expect(narrow > 0)
    }

    @Test("a change of window lays the strip out anew on its first frame, as a chart made with that window")
    func windowChangeNarrowsAtOnce() throws {
        let series = try LiveSeries(capacity: 1 << 12, candleInterval: .seconds(1))
        for i in 0..<100 {
            series.append(Tick(time: Self.start + Int64(i) * 1_000_000_000, value: i < 50 ? 12_345.678_9 : 1.5, size: 1))
        }
        // A fixed range over the long values (its tag shows the last value in it), then the
        // newest 20 s, where every value is short.
        let chart = chart(series)
        chart.window = .fixed(from: Self.start, to: Self.start + 40_000_000_000)
        let framebuffer = Framebuffer(width: 480, height: 270)
        chart.draw(into: framebuffer)
        let wide = chart.valueStripWidth
        chart.window = .follow(nanoseconds: 20_000_000_000)
        chart.drawChanges(into: framebuffer)
        var options = ChartOptions()
        options.window = .follow(nanoseconds: 20_000_000_000)
        let fresh = LiveTickerChart(series: [series], width: 480, height: 270, options: options)
        fresh.draw(into: Framebuffer(width: 480, height: 270))
        #expect(chart.valueStripWidth == fresh.valueStripWidth)
        #expect(chart.valueStripWidth < wide)
    }
}
