import LiveTickerCore
import LiveTickerFeed

/// The input options `replay` and `live` share: columns, symbol, time unit, history size,
/// pacing, follow and strict mode; plus the end-of-run summary both print.
struct FeedArguments {
    var options = FeedOptions()
    var history = 1 << 20
    var follow = false
    var pacer = ReplayPacer(speed: .max)

    /// Reads (and consumes) the input options; a bad value is a usage error quoting it.
    static func read(from arguments: inout ParsedArguments) throws -> FeedArguments {
        var feed = FeedArguments()
        if let column = arguments.value("time") { feed.options.timeColumn = ColumnSelector(argument: column) }
        if let column = arguments.value("value") { feed.options.valueColumn = ColumnSelector(argument: column) }
        if let column = arguments.value("volume") { feed.options.sizeColumn = ColumnSelector(argument: column) }
        feed.options.symbol = arguments.value("symbol")
        if let unit = try arguments.value("time-unit", expected: "s, ms, us or ns", TimeUnit.init(argument:)) {
            feed.options.timeUnit = unit
        }
        if let history = try arguments.value(
            "history", expected: "a tick count from 16 to 268435456", { Int($0).flatMap { (16...(1 << 28)).contains($0) ? $0 : nil } })
        {
            feed.history = history
        }
        if let speed = try arguments.value("speed", expected: "max, 1, or a factor such as 10 or 0.5", ReplaySpeed.init(argument:)) {
            feed.pacer = ReplayPacer(speed: speed)
        }
        feed.follow = arguments.flag("follow")
        feed.options.strict = arguments.flag("strict")
        return feed
    }

    /// The series the feed goes into: the history ring and the candle aggregator.
    func makeSeries(interval: CandleInterval) throws(CommandFailure) -> LiveSeries {
        do {
            return try LiveSeries(capacity: history, candleInterval: interval, candleCapacity: 1 << 16)
        } catch {
            throw CommandFailure("cannot make the series: \(error)")
        }
    }

    /// A header title from a file path: its name without folders and extension.
    static func title(forPath path: String) -> String {
        if path == "-" { return "stdin" }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// Prints the end-of-run summary to standard error (ticks, bad lines by kind with the first
    /// line numbers, symbols left out, frames) and returns the exit status: 0, or 1 when the
    /// feed read nothing at all.
    static func finish(
        report: FeedReport, sink: SeriesSink, symbols: SymbolTable, path: String, strict: Bool,
        frames: () -> String
    ) -> Int32 {
        printError("\(path): \(report.summary)")
        if sink.otherSymbolTicks > 0, let charted = sink.chartedSymbol {
            printError(
                "\(path): charted \(symbols.name(of: charted)) (\(sink.chartedTicks) ticks); "
                    + "\(sink.otherSymbolTicks) ticks of other symbols (\(symbols.names.joined(separator: ", "))) left out: choose one with --symbol")
        }
        printError("wrote \(frames())")
        return report.ticks == 0 && report.badLines > 0 ? 1 : 0
    }
}
