import LiveTickerCore
import LiveTickerFeed
import LiveTickerScales

/// What `replay` and `live` read besides the column options (``FeedArguments``): history
/// size, pacing and follow mode; plus the series they feed and the end-of-run summary.
struct ReplayInput {
    var options = FeedOptions()
    var history: Int
    /// Whether `--history` was given (else a replay sizes the history to its file).
    var historyGiven = false
    var follow = false
    var pacer = ReplayPacer(speed: .max)

    /// Defaults: a history of 2^20 ticks, full speed, no follow.
    init(history: Int = 1 << 20) {
        self.history = history
    }

    /// Help lines for the options read here.
    static let helpLines = """
          --speed S           max (default: as fast as possible), 1 (recorded gaps kept),
                              N (N times faster), 0.5 (half speed)
          --history N         ticks each series' history ring holds (default: sized to the file, at
                              least 1048576, at most 33554432 = 768 MiB; live: 1048576)
          --follow            keep reading as the file grows, like tail -F (through
                              rotation: truncated, or moved away and recreated)
        """

    /// `--history N` (ticks the history ring holds), shared with `live`.
    static func historyOption(from arguments: inout ParsedArguments) throws(UsageError) -> Int? {
        try arguments.value(
            "history", expected: "a tick count from 16 to 268435456", { Int($0).flatMap { (16...(1 << 28)).contains($0) ? $0 : nil } })
    }

    /// Reads (and consumes) the column options and the replay options.
    static func read(from arguments: inout ParsedArguments) throws -> ReplayInput {
        var input = ReplayInput()
        input.options = try FeedArguments.read(from: &arguments)
        if let history = try historyOption(from: &arguments) {
            input.history = history
            input.historyGiven = true
        }
        if let speed = try arguments.value("speed", expected: "max, 1, or a factor such as 10 or 0.5", ReplaySpeed.init(argument:)) {
            input.pacer = ReplayPacer(speed: speed)
        }
        input.follow = arguments.flag("follow")
        return input
    }

    /// Candles a series keeps (its candle ring).
    static let candleCapacity = 1 << 16

    /// Coarsest candles a series keeps, folded from the rest (8,192 days of daily candles).
    static let coarsestCandleCapacity = 8192

    /// Candles a series of seconds candles keeps (68 minutes of 1s candles): about the longest
    /// span the ladder shows in seconds (30s candles up to 75 minutes), without copying and
    /// merging 65,536 of them each frame once the span has grown to a day.
    static let secondsCandleCapacity = 1 << 12

    /// The series the feed goes into: the history ring and the candle aggregator.
    /// Time candles follow `zone`'s calendar (daily candles open at its local midnight).
    /// With `foldsCandles` (the chart picks its candles from the ladder), candles leaving the
    /// full ring are folded into the ladder step that holds the ring's span in at most 150
    /// (1d over 1m candles: 65,536 minutes are 45 days), so a long file still has candles over
    /// its whole time range. Candles under a minute keep a smaller ring, folded into 1m candles
    /// and those in turn into 1d ones, so a short file gets seconds candles and a long one the
    /// same history as with 1m candles.
    func makeSeries(interval: CandleInterval, zone: TimeZoneRules, foldsCandles: Bool = false) throws(CommandFailure) -> LiveSeries {
        var capacity = Self.candleCapacity
        var folded: CandleInterval?
        var foldedCapacity = Self.coarsestCandleCapacity
        var refolded: CandleInterval?
        if foldsCandles, case .time(let width) = interval {
            if width < CandleInterval.minute, CandleInterval.minute % width == 0 {
                capacity = Self.secondsCandleCapacity
                folded = .time(nanoseconds: CandleInterval.minute)
                foldedCapacity = Self.candleCapacity
                refolded = .time(nanoseconds: Self.foldWidth(over: CandleInterval.minute, capacity: foldedCapacity))
            } else {
                let coarser = Self.foldWidth(over: width, capacity: capacity)
                if coarser > width { folded = .time(nanoseconds: coarser) }
            }
        }
        do {
            return try LiveSeries(
                capacity: history, candleInterval: interval, candleCapacity: capacity, candleTimeZone: zone,
                foldedCandleInterval: folded, foldedCandleCapacity: foldedCapacity, refoldedCandleInterval: refolded,
                refoldedCandleCapacity: Self.coarsestCandleCapacity)
        } catch {
            throw CommandFailure("cannot make the series: \(error)")
        }
    }

    /// The ladder step that holds `capacity` candles of `width` in at most 150 (the width
    /// candles leaving a full ring of them fold into). O(ladder).
    static func foldWidth(over width: Int64, capacity: Int) -> Int64 {
        let (span, overflow) = width.multipliedReportingOverflow(by: Int64(capacity))
        return CandleInterval.ladderWidth(forSpan: overflow ? .max : span, base: width)
    }

    /// A header title from a file path: its name without folders and extension.
    /// The chart title a file's name gives: its name without the extension, and without a
    /// compression extension before it (`dax.csv.gz` is `dax`, not `dax.csv`).
    static func title(forPath path: String) -> String {
        if path == "-" { return "stdin" }
        var name = path.split(separator: "/").last.map(String.init) ?? path
        for compression in [".gz", ".gzip"] where name.count > compression.count && name.lowercased().hasSuffix(compression) {
            name.removeLast(compression.count)
        }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// Logs a followed file's rotation as it happens (`replay --follow`, `live FILE`): one line
    /// per truncation or replacement, one per disappearance of the path.
    static func followLog(path: String) -> @Sendable (FollowEvent) -> Void {
        { event in
            switch event {
            case .truncated: printError("liveticker: \(path) was truncated; reading it again from its start")
            case .replaced: printError("liveticker: \(path) was replaced (rotated); reading the new file from its start")
            case .missing: printError("liveticker: \(path) is missing (moved away or deleted); waiting for it to come back")
            case .notYetCreated: printError("liveticker: \(path) does not exist yet; waiting for it to appear")
            }
        }
    }

    /// Prints the end-of-run summary to standard error (ticks, bad lines by kind with the first
    /// line numbers, symbols left out, frames) and returns the exit status: 0, or 1 when
    /// nothing was charted (every line bad, a header alone, `--from` past the data, a symbol
    /// not in the input): then the last line says what the input does hold, its symbols and
    /// its time range in `zone` (the chart's), and (`outputIsFile`) that no picture was written.
    static func finish(
        report: FeedReport, sink: SeriesSink, symbols: SymbolTable, path: String, format: String = "",
        symbolFilter: String? = nil, historyCapacity: Int = .max, notes: [String] = [], zone: TimeZoneRules = .utc,
        outputIsFile: Bool = false, frames: () -> String
    ) -> Int32 {
        if !format.isEmpty { printError("\(path): read as \(format)") }
        printError("\(path): \(report.summary)")
        for note in notes { printError("\(path): \(note)") }
        // Per series: each holds its own newest `historyCapacity` (several symbols or value
        // columns are several series; their sum may exceed one history without loss).
        let scrolled = sink.series.reduce(0) { $0 + max(0, Int($1.version) - min(historyCapacity, $1.capacity)) }
        if scrolled > 0 {
            printError(
                "\(path): \(scrolled) of \(sink.chartedTicks) ticks scrolled out of the history, "
                    + "which holds the newest \(historyCapacity)\(sink.series.count > 1 ? " per series" : ""): the chart starts later than the file; --history N holds more")
        }
        if let guarding = sink.timeGuard, let dropped = droppedForTime(guarding) {
            printError("\(path): \(dropped)")
        }
        // Symbol names come from the feed: escaped and listed with a bound (a feed may name
        // 65 536 symbols, each 255 bytes long).
        let charted = sink.chartedSymbols.compactMap { $0 }.map { MessageText.field(symbols.name(of: $0), maximum: 40) }
        if sink.otherSymbolTicks > 0 && sink.chartedTicks > 0 {
            printError(
                "\(path): charted \(charted.joined(separator: ", ")) (\(sink.chartedTicks) ticks); "
                    + "\(sink.otherSymbolTicks) ticks of other symbols left out (the input holds \(MessageText.list(symbols.names))): "
                    + "choose with --symbol NAME or --symbol NAME,NAME")
        }
        printError("wrote \(frames())")
        // Ticks whose values are all gaps (NaN, ±∞) draw no line, no value and no tag: that
        // run charts nothing too.
        let chartedValue = sink.chartedTicks > 0 && SeriesSink.holdsFiniteValue(sink.series)
        guard !chartedValue else {
            for (index, name) in sink.wanted.enumerated() where sink.chartedSymbols[index] == nil {
                printError("\(path): symbol \(name) not found (symbols seen: \(MessageText.list(symbols.names)))")
            }
            return 0
        }
        printError("\(path): \(nothingCharted(report: report, sink: sink, symbols: symbols, symbolFilter: symbolFilter, zone: zone))"
            + (outputIsFile ? "; no picture written (an existing one is left as it was)" : ""))
        return 1
    }

    /// What a live feed's time guard dropped, in one phrase (nil: nothing), e.g. `3 ticks
    /// dropped for their time: 2 more than 1d ahead of this machine's clock, 1 alone more than
    /// 1d before the ticks around it`.
    static func droppedForTime(_ guarding: LiveTimeGuard) -> String? {
        let total = guarding.droppedAhead + guarding.droppedAlone + guarding.droppedUnset
        guard total > 0 else { return nil }
        var parts: [String] = []
        if guarding.droppedUnset > 0 { parts.append("\(guarding.droppedUnset) before 1971 (a sender's clock not set)") }
        if guarding.droppedAhead > 0, let lead = guarding.maximumLead {
            parts.append("\(guarding.droppedAhead) more than \(CheckCommand.describeNanoseconds(lead)) ahead of this machine's clock")
        }
        // A lone tick is judged by one limit before its neighbours and another after them.
        let aloneBefore = guarding.droppedAlone &- guarding.droppedAloneAhead
        if aloneBefore > 0 {
            parts.append("\(aloneBefore) alone more than \(CheckCommand.describeNanoseconds(guarding.maximumStepBack)) before the ticks around \(aloneBefore == 1 ? "it" : "them")")
        }
        if guarding.droppedAloneAhead > 0 {
            let ahead = guarding.droppedAloneAhead
            parts.append("\(ahead) alone more than \(CheckCommand.describeNanoseconds(guarding.maximumStepAhead)) after the ticks around \(ahead == 1 ? "it" : "them") and ahead of this machine's clock")
        }
        return "\(total) tick\(total == 1 ? "" : "s") dropped for \(total == 1 ? "its" : "their") time: " + parts.joined(separator: ", ")
    }

    /// "did you mean X? …" when `seen` holds `name` in other case (symbols match exactly, a
    /// user types `acme` for `ACME`), else nil. O(seen).
    static func likelyMeant(_ name: String, among seen: [String]) -> String? {
        let lowered = name.lowercased()
        guard let other = seen.first(where: { $0.lowercased() == lowered }) else { return nil }
        return "did you mean \(other)? (symbols match exactly, case included)"
    }

    /// "; did you mean X? …" for each of `names` that `seen` holds in other case
    /// (``likelyMeant(_:among:)``); "" for none. O(names × seen).
    static func suggestions(for names: [String], among seen: [String]) -> String {
        names.compactMap { likelyMeant($0, among: seen) }.map { "; " + $0 }.joined()
    }

    /// The message of a run that charted nothing: why, and what the input holds (its symbols,
    /// its time range in `zone`, its counts), with the symbol a user probably meant.
    static func nothingCharted(
        report: FeedReport, sink: SeriesSink, symbols: SymbolTable, symbolFilter: String?, zone: TimeZoneRules
    ) -> String {
        // With --symbol NAME the table starts with NAME itself; list the others.
        let seen = symbols.names.filter { $0 != symbolFilter }
        let asked = sink.wanted + (symbolFilter.map { [$0] } ?? [])
        var why: [String] = []
        for name in asked where !seen.contains(name) {
            if let suggestion = likelyMeant(name, among: seen) {
                why.append("no symbol \(name): \(suggestion)")
            } else if !seen.isEmpty || report.filteredBySymbol > 0 || sink.otherSymbolTicks > 0 {
                why.append("no symbol \(name)")
            }
        }
        if report.filteredByTime > 0 { why.append("all \(report.filteredByTime) ticks are outside --from/--to") }
        if sink.chartedTicks == 0, let guarding = sink.timeGuard, let dropped = droppedForTime(guarding) { why.append(dropped) }
        if sink.chartedTicks > 0 {
            why.append("every value charted is a gap (NaN or ±inf: \(sink.chartedTicks) tick\(sink.chartedTicks == 1 ? "" : "s"))")
        }
        let dataLines = report.lines - report.blankLines
        let hasTicks = report.ticks + report.filteredBySymbol + report.filteredByTime > 0
        if !hasTicks {
            if report.badLines > 0 {
                why.append("every \(report.countsRecords ? "record" : "line") is bad (\(report.badLines); the first are listed above)")
            } else if dataLines == 1 && report.bytes > 0 {
                why.append("the input holds a header and no data lines")
            } else {
                why.append("the input holds no ticks")
            }
        }
        var holds: [String] = []
        if !seen.isEmpty { holds.append("symbols " + MessageText.list(seen)) }
        let earliest = min(report.filteredEarliest, sink.otherEarliest)
        let latest = max(report.filteredLatest, sink.otherLatest)
        if earliest <= latest {
            holds.append(
                "times from \(CalendarLabel.timestamp(earliest, zone: zone)) to \(CalendarLabel.timestamp(latest, zone: zone)) (\(zone.identifier))")
        }
        var counts: [String] = []
        if hasTicks { counts.append("\(report.ticks + report.filteredBySymbol + report.filteredByTime) ticks") }
        if report.badLines > 0 && hasTicks { counts.append("\(report.badLines) bad \(report.countsRecords ? "records" : "lines")") }
        if !counts.isEmpty { holds.append(counts.joined(separator: ", ")) }
        var text = "nothing charted: " + why.joined(separator: "; ")
        if !holds.isEmpty { text += "; the input holds " + holds.joined(separator: "; ") }
        return text
    }
}
