import LiveTickerCore
import LiveTickerRender
import LiveTickerScales
import Testing

@testable import LiveTickerChart

@Suite("Header numbers, palette and legend (issue 13)")
struct HeaderTests {
    @Test("one number of decimals in a header; compact notation for large values")
    func numbers() {
        #expect(LiveTickerChart.headerNumber(97, decimals: 2).description == "97.00")
        #expect(LiveTickerChart.headerNumber(-3, decimals: 2).description == "-3.00")
        #expect(LiveTickerChart.headerNumber(1_234_567, decimals: 2).description == "1.23M")
        #expect(LiveTickerChart.headerNumber(4_500_000_000, decimals: 0).description == "4.50B")
        #expect(LiveTickerChart.headerNumber(7.1e12, decimals: 0).description == "7.10T")
        // Too small for the decimals: its significant digits, never a bare 0 (nanoamperes
        // read "0 +0 (+113.33%)").
        #expect(LiveTickerChart.headerNumber(3.2e-9, decimals: 0).description == "3.2e-9")
        #expect(LiveTickerChart.headerNumber(-1.7e-9, decimals: 2).description == "-1.7e-9")
        #expect(LiveTickerChart.headerNumber(1e-300, decimals: 10).description == "1e-300")
        #expect(LiveTickerChart.headerNumber(0.00000124, decimals: 8).description == "0.00000124")
        #expect(LiveTickerChart.headerNumber(0.004, decimals: 2).description == "0.004")
        #expect(LiveTickerChart.headerNumber(0.005, decimals: 2).description == "0.01")
        #expect(LiveTickerChart.headerNumber(0, decimals: 2).description == "0.00")
        // A percent keeps its sign however small: -0.29 on 17 659.62 read "(0.00%)" in red.
        #expect(LiveTickerChart.signedPercent(-0.29 / 17_659.62 * 100).description == "-0.00")
        #expect(LiveTickerChart.signedPercent(0.0004).description == "+0.00")
        #expect(LiveTickerChart.signedPercent(0).description == "+0.00")
        #expect(LiveTickerChart.signedPercent(-1.2149).description == "-1.21")
        #expect(LiveTickerChart.signedPercent(1.58).description == "+1.58")
        // A change below the value's shown precision reads in its decimals (it read `+1e-6`);
        // a tiny value's tiny change keeps its digits.
        #expect(LiveTickerChart.changeNumber(16.500001 - 16.5, of: 16.500001, decimals: 1).description == "+0.0")
        #expect(LiveTickerChart.changeNumber(-0.00001, of: 185.64, decimals: 2).description == "-0.00")
        #expect(LiveTickerChart.changeNumber(1.58, of: 102.87, decimals: 2).description == "+1.58")
        #expect(LiveTickerChart.changeNumber(-1.58, of: 102.87, decimals: 2).description == "-1.58")
        #expect(LiveTickerChart.changeNumber(1.1e-9, of: 3.2e-9, decimals: 0).description == "+1.1e-9")
        #expect(LiveTickerChart.fractionDigits(ValueLabel.trueValue(96.95)) == 2)
        #expect(LiveTickerChart.fractionDigits(ValueLabel.trueValue(97)) == 0)
    }

    @Test("the tags and header share the decimals of the most precise last value")
    func sharedDecimals() throws {
        let a = try makeSeries([96.9, 97.0])
        let b = try makeSeries([96.9, 96.95])
        let (_, chart) = render([a, b], width: 640, height: 360)
        #expect(chart.valueDecimals() == 2)
    }

    @Test("no percent change for a signal that crosses zero (an ECG's -0.140 was -57.14 %); prices keep it")
    func percentNeedsOneSign() throws {
        func downPixels(_ values: [Double], _ change: ChartOptions.Change) throws -> Int {
            var options = ChartOptions()
            options.theme = .dark
            options.change = change
            let (fb, chart) = render([try makeSeries(values)], width: 640, height: 200, options: options)
            return count(ChartTheme.dark.down, in: try #require(chart.lastGeometry).layout.header, of: fb)
        }
        let heartbeat = [-0.245, 1.8, -1.2, 0.4, -0.385]
        #expect(try downPixels(heartbeat, .both) == downPixels(heartbeat, .absolute))
        // Asked for by name, the percent is shown.
        #expect(try downPixels(heartbeat, .percent) > 0)
        let price = [101.25, 99.5, 98.75]
        #expect(try downPixels(price, .both) > downPixels(price, .absolute))
    }

    @Test("newest ticks that are gaps (a sensor unavailable, Graphite's open bucket): the last value known, dimmed, with its change; never NaN")
    func lastValueThroughAGap() throws {
        var options = ChartOptions()
        options.theme = .dark
        func header(_ values: [Double]) throws -> (value: Int, dimmed: Int, up: Int, text: String) {
            let (fb, chart) = render([try makeSeries(values)], width: 640, height: 200, options: options)
            let band = try #require(chart.lastGeometry).layout.header
            return (
                count(chart.seriesColor(0), in: band, of: fb), count(ChartTheme.dark.label, in: band, of: fb),
                count(ChartTheme.dark.up, in: band, of: fb), chart.describe()
            )
        }
        let live = try header([10, 11, 11])
        let gap = try header([10, 11, .nan, .nan])
        // The same digits and change, the value in the label colour instead of the series'.
        #expect(live.value > 0 && gap.value == 0)
        #expect(gap.dimmed > live.dimmed)
        #expect(gap.up == live.up && gap.up > 0)
        #expect(gap.text.contains("last 11, then no value at"), "\(gap.text)")
        #expect(!gap.text.contains("NaN"))
        // Nothing finite at all: no value to show (it read "NaN").
        let none = try header([.nan, .nan])
        #expect(none.value == 0)
        #expect(!none.text.contains("NaN"), "\(none.text)")
        // ±∞ is a gap as NaN is: the header read "inf" with no change and no tag.
        for infinity in [Double.infinity, -.infinity] {
            let ended = try header([10, 11, infinity])
            #expect(ended.value == 0 && ended.dimmed > live.dimmed && ended.up == live.up, "\(infinity)")
            #expect(ended.text.contains("last 11, then no value at"), "\(ended.text)")
            #expect(!ended.text.contains("inf"), "\(ended.text)")
            let only = try header([.nan, infinity, -infinity])
            #expect(only.value == 0 && !only.text.contains("inf"), "\(only.text)")
        }
    }

    @Test("by default the change is shown for prices and not for measurements (a boiler's setpoint read '+2 (+2.78%)')")
    func automaticChange() throws {
        func changePixels(_ change: ChartOptions.Change, measurements: Bool) throws -> Int {
            var options = ChartOptions()
            options.theme = .dark
            options.change = change
            let series = try makeSeries([72, 73.5, 74])
            if measurements { series.markMeasurements() }
            let (fb, chart) = render([series], width: 640, height: 200, options: options)
            return count(ChartTheme.dark.up, in: try #require(chart.lastGeometry).layout.header, of: fb)
        }
        #expect(ChartOptions().change == .automatic)
        #expect(try changePixels(.automatic, measurements: false) == changePixels(.both, measurements: false))
        #expect(try changePixels(.automatic, measurements: false) > 0)
        #expect(try changePixels(.automatic, measurements: true) == 0)
        // Asked for by name, telemetry shows it too.
        #expect(try changePixels(.both, measurements: true) == changePixels(.both, measurements: false))
    }

    @Test("a bar file's header counts bars: five daily bars read '5 bars', their closes as ticks '5 ticks'")
    func barsAreCountedAsBars() throws {
        let day: Int64 = 86_400_000_000_000
        let bars = try LiveSeries(capacity: 64, candleInterval: .seconds(86_400))
        let ticks = try LiveSeries(capacity: 64, candleInterval: .seconds(86_400))
        for i in 0..<5 {
            let close = 10 + Double(i) / 4
            bars.append(bar: .bar(time: Int64(i) * day, open: 10, high: 12, low: 9, close: close, volume: 1))
            ticks.append(Tick(time: Int64(i) * day, value: close, size: 1))
        }
        #expect(bars.holdsBars && !ticks.holdsBars)
        var options = ChartOptions()
        options.theme = .dark
        options.change = .none
        // Label-coloured pixels right of the header's middle (where only the count is drawn),
        // and those of `text` drawn alone with the chart's own glyphs.
        func countInk(_ series: LiveSeries) throws -> (drawn: Int, bars: Int, ticks: Int) {
            let (fb, chart) = render([series], width: 640, height: 200, options: options)
            let header = try #require(chart.lastGeometry).layout.header
            let right = PixelRect(minX: header.minX + header.width / 2, minY: header.minY, maxX: header.maxX, maxY: header.maxY)
            func alone(_ text: LabelText) -> Int {
                let blank = Framebuffer(width: 200, height: 40)
                blank.fill(blank.bounds, color: options.theme.background, clip: blank.bounds)
                chart.drawText(text, x: 4, y: 4, color: options.theme.label, clip: blank.bounds, into: blank)
                return count(options.theme.label, in: blank.bounds, of: blank)
            }
            return (count(options.theme.label, in: right, of: fb), alone("5 bars"), alone("5 ticks"))
        }
        let fromBars = try countInk(bars)
        let fromTicks = try countInk(ticks)
        #expect(fromBars.bars != fromBars.ticks)
        #expect(fromBars.drawn == fromBars.bars)
        #expect(fromTicks.drawn == fromTicks.ticks)
    }

    @Test("eight distinct series colours in every theme: a fifth series does not reuse the first's")
    func palette() {
        for theme in ChartTheme.all {
            #expect(theme.series.count == 8)
            #expect(Set(theme.series.map(\.pixel)).count == 8)
            #expect(theme.seriesColor(4) != theme.seriesColor(0))
        }
    }

    @Test("a series that has gone quiet gets a STALE badge; a live one does not")
    func stale() throws {
        let series = try makeSeries((0..<50).map { Double($0) })  // last tick at start + 49 s
        let last: Int64 = 1_709_280_000_000_000_000 + 49_000_000_000
        var options = ChartOptions()
        options.staleAfter = 30_000_000_000
        options.theme = .dark
        options.clock = { last + 10_000_000_000 }
        let (live, chart) = render([series], width: 640, height: 200, options: options)
        options.clock = { last + 60_000_000_000 }
        let (quiet, _) = render([series], width: 640, height: 200, options: options)
        let header = try #require(chart.lastGeometry).layout.header
        #expect(count(ChartTheme.dark.down, in: header, of: live) == 0)
        #expect(count(ChartTheme.dark.down, in: header, of: quiet) > 100)
    }

    @Test("several series: each gets a marker of its own shape in the legend")
    func legendMarkers() throws {
        let series = try (0..<4).map { k in try makeSeries((0..<50).map { Double($0 + k) }) }
        var options = ChartOptions()
        options.change = .none
        let (fb, chart) = render(series, width: 800, height: 300, options: options)
        let header = try #require(chart.lastGeometry).layout.header
        var counts: [Int] = []
        for k in 0..<4 { counts.append(count(options.theme.seriesColor(k), in: header, of: fb)) }
        // Square, diamond, triangle, circle of one size: different pixel counts, all present.
        #expect(counts.allSatisfy { $0 > 0 })
        #expect(Set(counts.map { $0 }).count >= 3, "\(counts)")
    }

    @Test("a header that cannot hold every series' numbers drops them, never a series or half a label", arguments: [480, 560, 640, 800])
    func legendFitsNarrowPanels(width: Int) throws {
        // Four symbols as the market sample: on a 480-px panel the old header cut 'CORE 21' at
        // the edge and left DYNA out without a trace.
        let names = ["ACME", "BOLT", "CORE", "DYNA"]
        let levels: [Double] = [106.02, 50.80, 217.04, 14.09]
        let series = try levels.map { level in try makeSeries((0..<200).map { level * (1 + Double($0 % 17) / 1000) }) }
        let chart = LiveTickerChart(series: series, width: width, height: 320)
        for (index, name) in names.enumerated() { chart.setTitle(name, forSeries: index) }
        let fb = Framebuffer(width: width, height: 320)
        chart.draw(into: fb)
        let header = try #require(chart.lastGeometry).layout.header
        // Every series keeps its legend entry (its colour is in the header).
        for k in 0..<4 { #expect(count(ChartTheme.dark.seriesColor(k), in: header, of: fb) > 0, "series \(k) at \(width) px") }
        // Nothing is drawn into the last digit's width of the header: no label runs into the edge.
        let space = chart.glyphs.digitAdvance
        let background = fb.pixels[header.minY * fb.stride + header.maxX - 1]
        for y in header.minY..<header.maxY {
            for x in (header.maxX - space)..<header.maxX {
                #expect(fb.pixels[y * fb.stride + x] == background, "text at (\(x), \(y)) at \(width) px")
                if fb.pixels[y * fb.stride + x] != background { return }
            }
        }
    }

    @Test("a caption leads the legend (a wall panel's title over two series, never drawn): whole where it fits, shortened, or left out; the series' items are kept", arguments: [300, 420, 800])
    func captionBeforeTheLegend(width: Int) throws {
        let series = try [70.0, 74.0].map { level in try makeSeries((0..<200).map { level + Double($0 % 17) / 10 }) }
        func header(_ caption: String?) throws -> (fb: Framebuffer, chart: LiveTickerChart, series: Int, title: Int) {
            var options = ChartOptions()
            options.change = .none
            options.caption = caption
            let (fb, chart) = render(series, width: width, height: 240, options: options)
            chart.setTitle("temperature", forSeries: 0)
            chart.setTitle("setpoint", forSeries: 1)
            chart.draw(into: fb)
            let band = try #require(chart.lastGeometry).layout.header
            let ink = (0..<2).reduce(0) { $0 + count(chart.seriesColor($1), in: band, of: fb) }
            return (fb, chart, ink, count(ChartTheme.dark.title, in: band, of: fb))
        }
        let caption = "Temperature, \u{B0}C"
        let plain = try header(nil)
        let captioned = try header(caption)
        // The series' samples, markers and values are all still there, whatever the width.
        #expect(captioned.series == plain.series, "at \(width) px")
        let space = captioned.chart.glyphs.digitAdvance
        let shift = captioned.chart.headerExtent.itemsEnd - plain.chart.headerExtent.itemsEnd
        let whole = captioned.chart.glyphs.width(of: LabelEncoding.encode(caption)) + 2 * space
        switch width {
        case 800:
            // Whole: the items moved right by the caption and two spaces.
            #expect(shift == whole)
            #expect(captioned.title > plain.title)
        case 420:
            // Shortened with "...": less than the whole caption, more than none.
            #expect(shift > 0 && shift < whole, "shift \(shift), whole \(whole)")
            #expect(captioned.title > plain.title)
        default:
            // No room for a few letters: left out, the header as without one.
            #expect(shift == 0)
            #expect(pixels(captioned.fb) == pixels(plain.fb))
        }
        // The same state draws the same bytes.
        let again = try header(caption)
        #expect(pixels(again.fb) == pixels(captioned.fb))
    }

    @Test("a title too long for the header is shortened with '...' and the value kept; a short one is whole", arguments: [320, 480, 800])
    func longTitleShortened(width: Int) throws {
        // A 190-character --title left the header blank but for the tick count; a 72-character
        // one at 480 px showed the name without the value.
        let series = try makeSeries((0..<200).map { 100 + Double($0 % 17) / 10 })
        func header(_ title: String) throws -> (value: Int, text: Int) {
            let chart = LiveTickerChart(series: [series], width: width, height: 240)
            chart.setTitle(title, forSeries: 0)
            let fb = Framebuffer(width: width, height: 240)
            chart.draw(into: fb)
            let band = try #require(chart.lastGeometry).layout.header
            return (count(chart.seriesColor(0), in: band, of: fb), count(ChartTheme.dark.title, in: band, of: fb))
        }
        let long = try header(String(repeating: "A very long title that goes on and on ", count: 5))
        let short = try header("ACME")
        #expect(short.value > 0, "at \(width) px")
        #expect(long.value == short.value, "the value, as with a short title, at \(width) px")
        #expect(long.text > short.text, "the title's first letters and its dots at \(width) px")
    }

    @Test("a last-value tag with many decimals fits its strip: nothing of its text in the strip's right margin")
    func manyDecimalsTagFits() throws {
        // A coin at 0.00000124 (8 decimals in the file): the strip was sized for the tag as
        // 1.24e-6, and the tag drawn as 0.00000124 lost its last digit at the frame's edge.
        let series = try makeSeries([0.00000123, 0.00000125, 0.00000121, 0.00000124])
        let chart = LiveTickerChart(series: [series], width: 800, height: 480)
        chart.dataDecimals = 8
        let fb = Framebuffer(width: 800, height: 480)
        chart.draw(into: fb)
        let strip = try #require(chart.lastGeometry).layout.valueAxis
        // The tag: the rows its fill (the series' colour) crosses the strip's first column in.
        let fill = chart.seriesColor(0)
        let rows = (strip.minY..<strip.maxY).filter { RGBColor(fb[strip.minX + 1, $0]) == fill }
        let top = try #require(rows.first), bottom = try #require(rows.last) + 1
        let tag = PixelRect(minX: strip.minX, minY: top, maxX: strip.maxX, maxY: bottom)
        let margin = max(4, chart.textHeight / 2)
        let edge = PixelRect(minX: strip.maxX - margin + 1, minY: top, maxX: strip.maxX, maxY: bottom)
        #expect(count(fill, in: tag, of: fb) < tag.width * tag.height, "the tag's text is drawn")
        #expect(count(fill, in: edge, of: fb) == edge.width * edge.height, "the tag's text runs into the frame's edge")
    }

    @Test("the STALE badge keeps its place however many series the header holds")
    func staleBadgeFirst() throws {
        let series = try (0..<5).map { k in try makeSeries((0..<100).map { 100 + Double(k) + Double($0 % 7) / 100 }) }
        var options = ChartOptions()
        options.staleAfter = 30_000_000_000
        options.clock = { 1_709_280_000_000_000_000 + 3_600_000_000_000 }
        let chart = LiveTickerChart(series: series, width: 480, height: 320, options: options)
        for k in 0..<5 { chart.setTitle("SYMBOL\(k)", forSeries: k) }
        let fb = Framebuffer(width: 480, height: 320)
        chart.draw(into: fb)
        let header = try #require(chart.lastGeometry).layout.header
        #expect(chart.isStale)
        #expect(count(ChartTheme.dark.down, in: header, of: fb) > 200)
    }

    @Test("the STALE badge names the day when the last tick was not today (a dead feed read 'since 16:29:59')")
    func staleBadgeDate() throws {
        let last: Int64 = 1_709_310_599_000_000_000  // 2024-03-01T16:29:59Z
        var options = ChartOptions()
        options.timeZone = .utc
        let chart = LiveTickerChart(series: [try makeSeries([1, 2])], width: 320, height: 200, options: options)
        #expect(chart.staleBadgeText(newest: last, now: last + 60_000_000_000).description == "STALE since 16:29:59")
        #expect(chart.staleBadgeText(newest: last, now: last + 8 * 3_600_000_000_000).description == "STALE since 2024-03-01 16:29:59")
        // The day is the chart zone's: 01:29:59 the next day in UTC is 20:29:59 the same day in New York.
        options.timeZone = try TimeZoneRules(posixRule: "EST5EDT,M3.2.0,M11.1.0")
        let local = LiveTickerChart(series: [try makeSeries([1, 2])], width: 320, height: 200, options: options)
        #expect(local.staleBadgeText(newest: last, now: last + 9 * 3_600_000_000_000).description == "STALE since 11:29:59")
    }

    @Test("a series in the billions: compact axis labels and a tag in the axis' notation, a narrow value strip")
    func compactAxis() throws {
        let series = try makeSeries((0..<300).map { 1.2e9 + Double($0) * 14_400 })
        let (_, chart) = render([series], width: 800, height: 480)
        let scale = try #require(chart.paneFrames[0].valueScale)
        for i in 0..<scale.tickCount { #expect(scale.label(at: i).description.hasSuffix("B"), "\(scale.label(at: i))") }
        let newest = try #require(chart.scratch[0].newest).value
        let tag = LiveTickerChart.tagText(newest, decimals: chart.valueDecimals(), scale: scale).description
        #expect(tag.hasPrefix("1.204") && tag.hasSuffix("B"), "\(tag)")
        if case .compact(_, let digits) = scale.labelStyle { #expect(tag.count == digits + 4, "\(tag): a digit more than the labels") }
        // The strip is sized for `1.2043B`, not for `1204305600`.
        let strip = try #require(chart.lastGeometry).layout.valueAxis
        #expect(strip.width <= chart.textWidth("1.2043B") + 4 * chart.glyphs.digitAdvance, "\(strip.width)")
    }

    @Test("a chart with no value yet says 'no data' in its plot and labels no made-up value scale; one tick ends it")
    func noData() throws {
        let empty = try LiveSeries(capacity: 64, candleInterval: .seconds(60))
        let (frame, chart) = render([empty], width: 320, height: 200)
        let layout = try #require(chart.lastGeometry).layout
        let label = ChartTheme.dark.label.pixel
        func labelPixels(_ rect: PixelRect) -> Int {
            var count = 0
            for y in rect.minY..<rect.maxY { for x in rect.minX..<rect.maxX where frame[x, y] == label { count += 1 } }
            return count
        }
        let middle = PixelRect(x: layout.plot.minX, y: (layout.plot.minY + layout.plot.maxY) / 2 - chart.textHeight, width: layout.plot.width, height: 2 * chart.textHeight)
        #expect(labelPixels(middle) > 20, "no 'no data' text in the plot")
        #expect(labelPixels(layout.valueAxis) == 0, "value labels on an empty chart")
        // A series of gaps alone is no data either; a value is.
        empty.append(Tick(time: 1_709_280_000_000_000_000, value: .nan))
        let (gaps, _) = render([empty], width: 320, height: 200)
        var gapText = 0
        for y in middle.minY..<middle.maxY { for x in middle.minX..<middle.maxX where gaps[x, y] == label { gapText += 1 } }
        #expect(gapText > 20, "no 'no data' text over a series of gaps alone")
        empty.append(Tick(time: 1_709_280_001_000_000_000, value: 5))
        let (one, oneChart) = render([empty], width: 320, height: 200)
        let plot = try #require(oneChart.lastGeometry).layout.plot
        var textLeft = 0
        for y in middle.minY..<middle.maxY { for x in plot.minX..<plot.maxX where one[x, y] == label { textLeft += 1 } }
        #expect(textLeft == 0, "'no data' over a chart with a value")
    }

    @Test("a threshold the data has not come near is written at the edge it lies beyond, with no line; one in view is a line")
    func thresholdOffThePlot() throws {
        let series = try makeSeries((0..<120).map { 70 + Double($0 % 13) })
        func draw(_ values: [Double]) throws -> (Framebuffer, PixelRect) {
            let chart = LiveTickerChart(
                series: [ChartSeries(id: "0", source: series)], marks: [LineMark(series: 0), ThresholdMark(values: values)],
                width: 480, height: 300, options: ChartOptions())
            let frame = Framebuffer(width: 480, height: 300)
            chart.draw(into: frame)
            return (frame, try #require(chart.lastGeometry).layout.plot)
        }
        let yellow = ChartTheme.dark.threshold.pixel
        func rows(_ frame: Framebuffer, _ plot: PixelRect) -> [Int] {
            (plot.minY..<plot.maxY).map { y in (plot.minX..<plot.maxX).filter { frame[$0, y] == yellow }.count }
        }
        let (above, plot) = try draw([120])
        let inkAbove = rows(above, plot)
        // Its label in the plot's top rows, and no full-width line anywhere.
        #expect(inkAbove.prefix(30).reduce(0, +) > 30, "no label at the top edge")
        #expect(inkAbove.dropFirst(30).reduce(0, +) == 0)
        #expect(inkAbove.allSatisfy { $0 < plot.width / 2 })
        let (below, _) = try draw([10])
        let inkBelow = rows(below, plot)
        #expect(inkBelow.suffix(30).reduce(0, +) > 30, "no label at the bottom edge")
        #expect(inkBelow.dropLast(30).reduce(0, +) == 0)
        // In view: a line across the plot.
        let (inView, _) = try draw([76])
        #expect(rows(inView, plot).contains { $0 >= plot.width - 2 })
        // Several beyond one edge: one label for them all (they were written over each other).
        let (many, _) = try draw([120, 130, 140])
        let (one, _) = try draw([120])
        let inkMany: Int = rows(many, plot).prefix(30).reduce(0, +)
        let inkOne: Int = rows(one, plot).prefix(30).reduce(0, +)
        #expect(2 * inkMany > 3 * inkOne, "\(inkMany) against \(inkOne)")
        // No data: no level is above or below anything.
        let chart = LiveTickerChart(
            series: [ChartSeries(id: "0", source: try LiveSeries(capacity: 16, candleInterval: .seconds(60)))],
            marks: [ThresholdMark(values: [5])], width: 480, height: 300, options: ChartOptions())
        let empty = Framebuffer(width: 480, height: 300)
        chart.draw(into: empty)
        #expect(rows(empty, try #require(chart.lastGeometry).layout.plot).reduce(0, +) == 0)
    }
}
