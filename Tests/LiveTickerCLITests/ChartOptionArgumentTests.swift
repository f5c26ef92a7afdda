#if canImport(Glibc)
import Glibc
#endif
@testable import LiveTickerChart
import LiveTickerCore
import LiveTickerRender
import Testing

@testable import LiveTickerCLI

@Suite("Chart options of issue 13 on the command line")
struct ChartOptionArgumentTests {
    func read(_ words: [String]) throws -> ChartArguments {
        var parsed = try ParsedArguments(words)
        return try ChartArguments.read(from: &parsed)
    }

    @Test("without --candle the interval comes from the ladder: 60–150 candles in the window")
    func ladder() throws {
        let second: Int64 = 1_000_000_000
        let minute = 60 * second
        for (window, expected) in [("1m", second), ("10m", 5 * second), ("30m", 15 * second), ("1h", 30 * second),
                                   ("2h", minute), ("8h", 5 * minute), ("1d", 15 * minute), ("5d", 60 * minute),
                                   ("20d", 240 * minute), ("90d", 1440 * minute), ("700d", 10_080 * minute)] {
            let chart = try read(["--chart", "candles", "--window", window])
            #expect(chart.candleInterval == .time(nanoseconds: expected), "\(window)")
        }
        // A --range is a window too: ten minutes in the middle of a day get 5s candles.
        let range = try read(["--chart", "both", "--range", "2024-03-01T12:00:00Z,2024-03-01T12:10:00Z"])
        #expect(range.candleInterval == .time(nanoseconds: 5 * second) && range.options.automaticCandles)
        // --candle wins.
        #expect(try read(["--window", "8h", "--candle", "1m"]).candleInterval == .time(nanoseconds: minute))
        // Every chart without --candle picks its interval per frame (a whole file, live, no
        // --window): 1s candles merged up the ladder when candles are drawn (a file of a
        // minute gets sixty), 1m under a line alone; --candle keeps its own.
        for kind in ["both", "candles"] {
            let whole = try read(["--chart", kind])
            #expect(whole.options.automaticCandles && whole.candleInterval == .time(nanoseconds: second), "\(kind)")
        }
        #expect(try read([]).candleInterval == .time(nanoseconds: minute))
        #expect(try read(["--chart", "candles", "--window", "8h"]).options.automaticCandles)
        #expect(try !read(["--chart", "candles", "--candle", "1m"]).options.automaticCandles)
    }

    @Test("seconds candles keep a 68-minute ring folded into minutes, then days: a 100-day file has daily candles from its first day")
    func secondsCandlesFoldTwice() throws {
        let input = ReplayInput(history: 1 << 20)
        let seconds = try input.makeSeries(interval: .seconds(1), zone: .utc, foldsCandles: true)
        #expect(seconds.candleCapacity == ReplayInput.secondsCandleCapacity)
        #expect(seconds.foldedCandleInterval == .seconds(60))
        #expect(seconds.refoldedCandleInterval == .seconds(86_400))
        // Minutes fold into days as before, with no second level.
        let minutes = try input.makeSeries(interval: .seconds(60), zone: .utc, foldsCandles: true)
        #expect(minutes.candleCapacity == ReplayInput.candleCapacity)
        #expect(minutes.foldedCandleInterval == .seconds(86_400) && minutes.refoldedCandleInterval == nil)
        // A tick a minute for 100 days (2024-01-01 on): 4,096 in the ring, 65,536 in minutes,
        // the rest in days; the chart over all of it shows 100 daily candles holding every tick.
        let start: Int64 = 1_704_067_200 * 1_000_000_000
        let count = 100 * 1440
        for i in 0..<count {
            seconds.append(Tick(time: start + Int64(i) * 60_000_000_000, value: 100 + Double(i % 977) * 0.01, size: 1))
        }
        #expect((seconds.refoldedCandles?.writtenCount ?? 0) > 0)
        var options = ChartOptions()
        options.kind = .candles
        options.automaticCandles = true
        let chart = LiveTickerChart(series: [seconds], width: 1280, height: 720, options: options)
        chart.draw(into: Framebuffer(width: 1280, height: 720))
        let s = chart.scratch[0]
        #expect(s.candleWidth == 86_400_000_000_000)
        #expect(s.visibleCandles.count == 100)
        #expect(s.candles[s.visibleCandles.lowerBound].startTime == start)
        let held = s.visibleCandles.reduce(0) { $0 + Int(s.candles[$1].tickCount) }
        #expect(held == count)
    }

    @Test("--tz reads IANA zones (daylight saving included), UTC without files; bad names are usage errors")
    func timeZones() throws {
        let newYork = try read(["--tz", "America/New_York"]).options.timeZone
        #expect(newYork.offset(atUTCSeconds: 1_710_054_000) == -14400)  // 2024-03-10 07:00Z, EDT
        #expect(newYork.offset(atUTCSeconds: 1_710_053_999) == -18000)
        #expect(try read(["--tz", "UTC"]).options.timeZone.isFixedOffset)
        #expect(try read(["--utc-offset", "+01:00"]).options.utcOffsetSeconds == 3600)
        #expect(throws: UsageError.self) { try read(["--tz", "Mars/Olympus_Mons"]) }
        #expect(throws: UsageError.self) { try read(["--tz", "../../etc/passwd"]) }
        #expect(throws: UsageError.self) { try read(["--tz", "UTC", "--utc-offset", "+01:00"]) }
    }

    @Test("--title, --change, --stale, --font builtin, --text-size")
    func headerOptions() throws {
        let chart = try read(["--title", "Boiler 3", "--change", "none", "--stale", "30s", "--font", "builtin", "--text-size", "40"])
        #expect(chart.title == "Boiler 3")
        #expect(chart.options.change == .none)
        #expect(chart.options.staleAfter == 30_000_000_000)
        #expect(chart.font.trueTypePath == nil && chart.font.textSize == 40)
        #expect(throws: UsageError.self) { try read(["--change", "sometimes"]) }
        #expect(throws: UsageError.self) { try read(["--stale", "soon"]) }
        #expect(throws: UsageError.self) { try read(["--text-size", "2"]) }
        #expect(throws: CommandFailure.self) { try read(["--font", "/etc/hostname.ttf"]) }
    }

    @Test("a 32x64 console font (fonts-spleen's) is drawn at its own size on a 4K panel, not tripled as the built-in font is")
    func largeConsoleFont() throws {
        // A PSF2 font of 256 glyphs of 32x64 (little-endian header: magic, version, header size,
        // flags, glyph count, bytes per glyph, height, width), every glyph a full first row.
        func le(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), 0, 0] }
        var bytes: [UInt8] = [0x72, 0xB5, 0x4A, 0x86] + le(0) + le(32) + le(0) + le(256) + le(4 * 64) + le(64) + le(32)
        for _ in 0..<256 { bytes += [0xFF, 0xFF, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 4 * 63) }
        let path = temporaryDirectory() + "/big.psf"
        let file = try #require(fopen(path, "wb"))
        bytes.withUnsafeBytes { _ = fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
        let chart = try read(["--font", path])
        #expect(chart.font.bitmap.glyphHeight == 64)
        // 4K: one font pixel per panel pixel (the panel rule gave 3: 192-px lines, four value labels).
        #expect(chart.font.glyphs(width: 3840, height: 2160, options: chart.options)?.lineHeight == 64)
        #expect(chart.font.glyphs(width: 1920, height: 1080, options: chart.options)?.lineHeight == 64)
        // --text-size still picks the nearest scale; the built-in font keeps the chart's own rule.
        #expect(try read(["--font", path, "--text-size", "128"]).font.glyphs(width: 3840, height: 2160, options: chart.options)?.lineHeight == 128)
        #expect(try read(["--font", "builtin"]).font.glyphs(width: 3840, height: 2160, options: chart.options) == nil)
    }
}

@Suite("--describe", .serialized)
struct DescribeTests {
    @Test("replay --describe prints a paragraph naming the series, last value, change, range and trend")
    func describe() throws {
        let dir = temporaryDirectory()
        var csv = "time,price\n"
        for i in 0..<100 { csv += "\(1_709_280_000 + i),\(100 + Double(i) / 10)\n" }
        csv += "\(1_709_280_100),nan\n\(1_709_280_101),110.5\n"
        try TextFile.write(csv, to: dir + "/ramp.csv")
        var status: Int32 = -1
        let text = capture {
            status = LiveTickerCommandLine.run(
                ["replay", dir + "/ramp.csv", "--describe", "--tz", "UTC", "--title", "Ramp", "--output", dir + "/out.ppm"])
        }
        #expect(status == 0)
        #expect(text.contains("one series as a line from 2024-03-01 08:00:00 to 2024-03-01 08:01:41 (UTC)"), "\(text)")
        #expect(text.contains("Ramp: last 110.5 at 2024-03-01 08:01:41"), "\(text)")
        #expect(text.contains("up 10.5 (+10.50%)"), "\(text)")
        #expect(text.contains("ranged from 100.0 to 110.5"), "\(text)")
        #expect(text.contains("rising over the window"), "\(text)")
        #expect(text.contains("1 gap"), "\(text)")
    }

    @Test("--describe names the longest gap in time (a weekend), not only missing values")
    func describeTimeGap() throws {
        let dir = temporaryDirectory()
        var csv = "time,price\n"
        // Friday 2024-03-01 and Monday 03-04, a tick a minute from 09:00 to 17:00 UTC.
        for day in [0, 3] {
            for m in 0..<480 { csv += "\(1_709_283_600 + day * 86_400 + m * 60),\(100 + Double(m % 9) / 10)\n" }
        }
        try TextFile.write(csv, to: dir + "/week.csv")
        let text = capture {
            _ = LiveTickerCommandLine.run(["replay", dir + "/week.csv", "--describe", "--tz", "UTC", "--output", dir + "/out.ppm"])
        }
        #expect(text.contains("no data from 2024-03-01 16:59:00 to 2024-03-04 09:00:00"), "\(text)")
        // A live feed sent newest first (a daily export piped in): no gaps made of steps back
        // (it read "no data from 1970-01-01 00:00:00 to 1970-01-01 00:00:00").
        let backwards = "time,price\n" + (0..<30).map { "\(1_709_283_600 - $0 * 86_400),\(100 + $0)" }.joined(separator: "\n") + "\n"
        try TextFile.write(backwards, to: dir + "/newest-first.csv")
        let live = capture {
            withStandardInput(from: dir + "/newest-first.csv") {
                _ = LiveTickerCommandLine.run(["live", "-", "--describe", "--tz", "UTC", "--output", dir + "/live.ppm"])
            }
        }
        #expect(live.contains("The chart shows one series") && !live.contains("no data from"), "\(live)")
        #expect(!text.contains("gaps in time"), "\(text)")
    }
}
