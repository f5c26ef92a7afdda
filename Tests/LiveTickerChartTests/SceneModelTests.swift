import LiveTickerChart
import LiveTickerCore
import LiveTickerRender
import LiveTickerScales
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// An app's own storage: ticks in an array, no rings or summaries (the protocol's defaults).
final class ArraySource: ChartSource {
    var ticks: [Tick]
    var version: UInt64 = 1
    init(_ ticks: [Tick]) { self.ticks = ticks }

    var newestTick: Tick? { ticks.last }
    func oldestHeldFiniteValue() -> Double { ticks.first { $0.value.isFinite }?.value ?? .nan }
    func heldTimeRange() -> ClosedRange<Int64>? {
        guard let first = ticks.map(\.time).min(), let last = ticks.map(\.time).max() else { return nil }
        return first...last
    }
    var tickCapacity: Int { max(1, ticks.count) }
    var tickPositionsWritten: UInt64 { UInt64(ticks.count) }
    func positions(inTimeWindow start: Int64, _ end: Int64) -> Range<UInt64> {
        let lower = ticks.firstIndex { $0.time >= start } ?? ticks.count
        let upper = ticks.lastIndex { $0.time <= end }.map { $0 + 1 } ?? lower
        return UInt64(lower)..<UInt64(max(lower, upper))
    }
    func copyTicks(positions: Range<UInt64>, into buffer: UnsafeMutableBufferPointer<Tick>) -> RingBufferRange {
        let n = min(buffer.count, Int(positions.count))
        for i in 0..<n { buffer[i] = ticks[Int(positions.lowerBound) + i] }
        return RingBufferRange(firstPosition: positions.lowerBound, count: n)
    }
    var candleInterval: CandleInterval { .seconds(60) }
    var candleCapacity: Int { 0 }
    func copyNewestCandles(into buffer: UnsafeMutableBufferPointer<Candle>) -> Int { 0 }
}

/// A user-defined mark: fills a box at the newest value of its series, in a fixed colour.
struct NewestBoxMark: ChartMark {
    let series: Int
    let inputs: [MarkInput]
    static let color = RGBColor(0x12_34_56)
    init(series: Int) {
        self.series = series
        inputs = [MarkInput(series: series, need: .newest)]
    }
    func draw(_ context: MarkContext, into framebuffer: Framebuffer) {
        guard let newest = context.data.series(series).newest else { return }
        let y = context.row(ofValue: newest.value)
        let box = PixelRect(x: context.clip.maxX - 12, y: y - 4, width: 10, height: 9)
        framebuffer.fill(box, color: Self.color, clip: context.clip)
    }
}

@Suite("Scene model: sources, series, marks, rectangles")
struct SceneModelTests {
    static let start: Int64 = 1_709_280_000_000_000_000

    @Test("an app's own storage charts like a live series holding the same ticks")
    func customSourceMatchesLiveSeries() throws {
        let values = (0..<400).map { 100 + 5 * sin(Double($0) / 17) }
        let live = try makeSeries(values)
        let ticks = values.enumerated().map { Tick(time: Self.start + Int64($0.offset) * 1_000_000_000, value: $0.element, size: 1) }
        let own = ArraySource(ticks)
        let a = LiveTickerChart(series: [ChartSeries(id: "a", source: live)], width: 320, height: 200)
        let b = LiveTickerChart(series: [ChartSeries(id: "a", source: own)], width: 320, height: 200)
        let fa = Framebuffer(width: 320, height: 200)
        let fb = Framebuffer(width: 320, height: 200)
        a.draw(into: fa)
        b.draw(into: fb)
        #expect(pixels(fa) == pixels(fb))
    }

    @Test("a user-defined mark draws through the same protocol, after the built-in ones")
    func userMark() throws {
        let series = try makeSeries((0..<100).map { Double($0) })
        var marks = LiveTickerChart.defaultMarks(seriesCount: 1, options: ChartOptions())
        marks.append(NewestBoxMark(series: 0))
        let chart = LiveTickerChart(series: [ChartSeries(id: "s", source: series)], marks: marks, width: 320, height: 200)
        let frame = Framebuffer(width: 320, height: 200)
        chart.draw(into: frame)
        let plot = try #require(chart.lastGeometry).layout.plot
        #expect(count(NewestBoxMark.color, in: plot, of: frame) == 90)
        #expect(count(NewestBoxMark.color, in: frame.bounds, of: frame) == 90)
        // Without it, none of that colour anywhere.
        let plain = render([series]).0
        #expect(count(NewestBoxMark.color, in: plain.bounds, of: plain) == 0)
    }

    @Test("a series style's colour replaces the theme's")
    func styleColour() throws {
        let series = try makeSeries((0..<300).map { Double($0 % 50) })
        let red = RGBColor(0xFF_00_00)
        var options = ChartOptions()
        options.areaFill = false
        let chart = LiveTickerChart(
            series: [ChartSeries(id: "s", style: SeriesStyle(color: red, lineWidth: 3), source: series)],
            width: 320, height: 200, options: options)
        let frame = Framebuffer(width: 320, height: 200)
        chart.draw(into: frame)
        let plot = try #require(chart.lastGeometry).layout.plot
        #expect(count(red, in: plot, of: frame) > 200)
        #expect(count(options.theme.seriesColor(0), in: plot, of: frame) == 0)
    }

    @Test("drawn into a rectangle, a chart is the full-frame picture moved there and writes nothing else")
    func drawIntoRectangle() throws {
        let series = try makeSeries((0..<500).map { 50 + Double($0 % 37) })
        let options = { var o = ChartOptions(); o.kind = .both; o.thresholds = [60]; return o }()
        let alone = LiveTickerChart(series: [series], width: 200, height: 120, options: options)
        let small = Framebuffer(width: 200, height: 120)
        alone.draw(into: small)

        let shared = Rasterizer(width: 500, height: 300)
        let inRect = LiveTickerChart(
            series: [ChartSeries(id: "0", source: series)], width: 200, height: 120, options: options, rasterizer: shared)
        let big = Framebuffer(width: 500, height: 300)
        for y in 0..<300 { for x in 0..<500 { big[x, y] = 0xCAFE_F00D } }
        let rect = PixelRect(x: 137, y: 91, width: 200, height: 120)
        inRect.draw(into: big, in: rect)
        for y in 0..<300 {
            for x in 0..<500 {
                if rect.contains(x: x, y: y) {
                    if big[x, y] != small[x - 137, y - 91] {
                        Issue.record("pixel (\(x), \(y)) differs from the full-frame picture")
                        return
                    }
                } else if big[x, y] != 0xCAFE_F00D {
                    Issue.record("pixel (\(x), \(y)) outside the rectangle was written")
                    return
                }
            }
        }
    }

    @Test("windows as Duration")
    func durationWindows() {
        #expect(ChartOptions.Window.follow(.minutes(10)) == .follow(nanoseconds: 600_000_000_000))
        #expect(ChartOptions.Window.follow(.milliseconds(1500)) == .follow(nanoseconds: 1_500_000_000))
        #expect(ChartOptions.Window.follow(.zero) == .everything)
        #expect(ChartOptions.Window.follow(.seconds(Int64.max)) == .follow(nanoseconds: Int64.max))
    }
}
