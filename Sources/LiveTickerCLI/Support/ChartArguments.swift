#if canImport(Glibc)
import Glibc
#endif
import LiveTickerChart
import LiveTickerCore
import LiveTickerDownsampling
import LiveTickerFeed
import LiveTickerFreeType
import LiveTickerImageIO
import LiveTickerRender

/// The chart options `replay` and `live` share: `--chart`, `--candle`, `--window`, `--theme`,
/// `--rotate`, `--algorithm`, `--line-width`, `--threshold`, `--crosshair`, `--no-area`, `--no-header`,
/// `--text-scale`, `--font`.
struct ChartArguments {
    var options = ChartOptions()
    var candleInterval = CandleInterval.seconds(60)
    var font = LabelFont.automatic
    /// `--title TEXT`: the header name, instead of the symbol or file name.
    var title: String?

    /// Reads (and consumes) the chart options; a bad value is a usage error quoting it, a font
    /// that cannot be loaded a failure naming the file.
    static func read(from arguments: inout ParsedArguments) throws -> ChartArguments {
        var chart = ChartArguments()
        if let kind = try arguments.value("chart", expected: "line, candles or both", ChartOptions.Kind.init(rawValue:)) {
            chart.options.kind = kind
        }
        let candleGiven = arguments.value("candle")
        if let text = candleGiven {
            if text.hasSuffix("t"), let count = Int(text.dropLast()), count >= 1 {
                chart.candleInterval = .ticks(count)
            } else if let nanoseconds = DurationArgument.nanoseconds(text) {
                chart.candleInterval = .time(nanoseconds: nanoseconds)
            } else {
                throw UsageError("--candle needs a duration such as 1m, 5m, 1h or a tick count such as 100t, got '\(text)'")
            }
        }
        if let text = arguments.value("window") {
            if text == "all" {
                chart.options.window = .follow(nanoseconds: nil)
            } else if let span = DurationArgument.nanoseconds(text) {
                chart.options.window = .follow(nanoseconds: span)
            } else {
                throw UsageError("--window needs a duration such as 30s, 10m, 1h or 'all', got '\(text)'")
            }
        }
        if let range = arguments.value("range") {
            let ends = range.split(separator: ",", maxSplits: 1).map { FeedOptions.parseTimestamp(String($0)) }
            guard ends.count == 2, let from = ends[0], let to = ends[1], from < to else {
                throw UsageError("--range needs FROM,TO (epoch times or ISO-8601, FROM before TO), got '\(range)'")
            }
            chart.options.window = .fixed(from: from, to: to)
        }
        if candleGiven == nil {
            // No --candle: the chart picks the interval from the human ladder each frame, from
            // the span it shows (a whole file, a growing live feed), merging the series' candles.
            // Those are the ladder's step for a --window or --range known now (so a long
            // window's candle ring holds whole steps, and a short one gets seconds candles);
            // else 1s when candles are drawn (a file of a few minutes gets dozens of candles,
            // not two), 1m when they are not (a line chart pays for no candle a second).
            chart.options.automaticCandles = true
            if let span = chart.options.window.requestedSpan {
                chart.candleInterval = .time(nanoseconds: CandleInterval.ladderWidth(forSpan: span))
            } else if chart.options.kind != .line {
                chart.candleInterval = .time(nanoseconds: CandleInterval.second)
            }
        }
        chart.title = arguments.value("title")
        if let change = try arguments.value("change", expected: "auto, none, absolute, percent or both", ChartOptions.Change.init(rawValue:)) {
            chart.options.change = change
        }
        if let text = arguments.value("stale") {
            guard let span = DurationArgument.nanoseconds(text) else {
                throw UsageError("--stale needs a duration such as 30s or 5m, got '\(text)'")
            }
            chart.options.staleAfter = span
            chart.options.clock = { Self.wallClock() }
        }
        // --tz NAME (IANA) or --utc-offset +01:00 (a fixed offset); default the system's zone.
        let offset = try arguments.value("utc-offset", expected: "an offset such as +01:00, -05:00, +5:30 or Z", Self.utcOffsetSeconds)
        if let name = arguments.value("tz") {
            guard offset == nil else { throw UsageError("--tz and --utc-offset both say which clock to show; give one") }
            do {
                chart.options.timeZone = try SystemTimeZone.named(name)
            } catch {
                throw UsageError("--tz: \(error.message)")
            }
        } else if let offset {
            chart.options.utcOffsetSeconds = offset
        } else {
            chart.options.timeZone = try SystemTimeZone.current()
        }
        if let theme = try arguments.value("theme", expected: "dark, light or colorblind", ChartTheme.named) {
            chart.options.theme = theme
        }
        if let rotation = try arguments.value("rotate", expected: "0, 90, 180 or 270", { Int($0).flatMap(ChartRotation.init(rawValue:)) }) {
            chart.options.rotation = rotation
        }
        if let algorithm = try arguments.value(
            "algorithm", expected: "lttb, minmax, m4 or minmaxlttb", { DownsamplingAlgorithm(rawValue: $0.lowercased()) })
        {
            chart.options.algorithm = algorithm
        }
        // In `both` the line is drawn over the candles: thinner by default, so bodies show.
        if chart.options.kind == .both { chart.options.lineWidth = 1 }
        if let width = try arguments.value("line-width", expected: "a width in pixels from 1 to 64", { Double($0).flatMap { $0 >= 1 && $0 <= 64 ? $0 : nil } }) {
            chart.options.lineWidth = width
        }
        if let list = arguments.value("threshold") {
            chart.options.thresholds = try list.split(separator: ",").map { item throws(UsageError) in
                guard let value = Double(item.filter { $0 != " " }), value.isFinite else {
                    throw UsageError("--threshold needs numbers separated by commas, got '\(list)'")
                }
                return value
            }
        }
        if let text = arguments.value("crosshair") {
            guard let time = FeedOptions.parseTimestamp(text) else {
                throw UsageError("--crosshair needs a time (epoch or ISO-8601, e.g. 2024-03-01T12:30:00Z), got '\(text)'")
            }
            chart.options.crosshair = time
        }
        chart.options.areaFill = !arguments.flag("no-area")
        chart.options.showsHeader = !arguments.flag("no-header")
        chart.options.textScale = try arguments.value("text-scale", expected: "a whole number from 1 to 8") { Int($0).flatMap { (1...8).contains($0) ? $0 : nil } }
        chart.font.textSize = try arguments.value("text-size", expected: "a text size in pixels from 6 to 400") {
            Int($0).flatMap { (6...400).contains($0) ? $0 : nil }
        }
        if let path = arguments.value("font") {
            try chart.font.select(path, naming: "--font")
        }
        return chart
    }

    /// Nanoseconds since the epoch now (CLOCK_REALTIME), for the stale badge.
    static func wallClock() -> Int64 { SystemClock.realtime.nanoseconds() }

    /// Seconds east of UTC in `Z`, `+HH:MM`, `-HH:MM`, `+HHMM`, `+H` (up to ±18:00), or nil.
    static func utcOffsetSeconds(_ text: String) -> Int? {
        if text == "Z" || text == "z" || text == "UTC" { return 0 }
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let parts = text.dropFirst().split(separator: ":", omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        let hours: Int
        let minutes: Int
        switch (parts.count, parts.first?.count ?? 0) {
        case (1, 1...2): (hours, minutes) = (Int(parts[0])!, 0)  // +H, +HH
        case (1, 4): (hours, minutes) = (Int(parts[0])! / 100, Int(parts[0])! % 100)  // +HHMM
        case (2, 1...2) where parts[1].count == 2: (hours, minutes) = (Int(parts[0])!, Int(parts[1])!)  // +H:MM, +HH:MM
        default: return nil
        }
        guard hours <= 18, minutes < 60 else { return nil }
        let seconds = hours * 3600 + minutes * 60
        return sign == "-" ? -seconds : seconds
    }
}
