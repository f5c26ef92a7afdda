import LiveTickerCore
import LiveTickerFeed

/// Says once, while a live feed runs, that symbols it was asked to chart (`--symbol`) have not
/// come while others have: a misspelt or mistaken symbol left a kiosk's chart, or one of its
/// series, empty with nothing said until the summary at exit, and a kiosk rarely exits. Names
/// the symbols the feed holds, and the one probably meant when only the case differs. Used by
/// `live`; a wall says the same of its panels' symbols (``DashboardSession``).
///
/// - Nothing charted yet while ticks of other symbols came: said at once (the chart is empty).
/// - Several symbols asked for (`--symbol A,B`), some charted: those with no tick are said
///   ``grace`` after the first charted tick, long enough for a feed's symbols to come round.
///
/// Silent for good once it has spoken or has nothing left to say. Until then it reads the
/// source's count at most once a second (``LiveTickFeed/filteredBySymbol``, which allocates
/// nothing), so a frame costs one clock read; allocates only when it logs.
struct MissingSymbolLog {
    /// How long after a feed's first charted tick a symbol asked for with others may stay
    /// without one before it is said (a sensor publishing every few seconds has come round; a
    /// misspelt symbol is said soon after the start). A wall's panels use it too.
    static let grace: Int64 = 10_000_000_000

    /// Put before the line: `liveticker`.
    let prefix: String
    /// The names asked for; none: nothing to watch.
    let asked: [String]
    /// ``grace`` unless a test asks for less.
    let graceNanoseconds: Int64
    /// Whether it has spoken, or has nothing left to say.
    private var settled: Bool
    /// When the count was last read (monotonic ns; `Int64.min`: never).
    private var lastRead = Int64.min
    /// When the first charted tick was seen, with several symbols asked for (nil: not yet).
    private var firstChartedAt: Int64?

    init(prefix: String, asked: [String], grace: Int64 = Self.grace) {
        self.prefix = prefix
        self.asked = asked
        graceNanoseconds = grace
        settled = asked.isEmpty
    }

    /// Checks, at most once a second until settled, what `sink` has charted: with nothing
    /// charted, whether ticks of other symbols came (those the sink's own picking left out,
    /// and the lines the source's filter left out); with some series charted, which of the
    /// sink's symbols have none once the grace has passed. Says it, once. O(1) between reads.
    mutating func note(_ source: any LiveTickFeed, sink: SeriesSink) {
        guard !settled else { return }
        let now = SystemClock.monotonic.nanoseconds()
        guard lastRead == .min || now &- lastRead >= BadLineLog.interval else { return }
        lastRead = now
        guard sink.chartedTicks == 0 else {
            // The filter's one symbol, or a single series, has come: nothing is missing.
            guard sink.wanted.count > 1, !sink.wantedAreColumns else {
                settled = true
                return
            }
            guard let first = firstChartedAt else {
                firstChartedAt = now
                return
            }
            guard now &- first >= graceNanoseconds else { return }
            settled = true
            let missing = sink.wanted.indices.filter { sink.chartedSymbols[$0] == nil }.map { sink.wanted[$0] }
            guard !missing.isEmpty else { return }
            printError("\(prefix): \(Self.message(missing: missing, seen: source.symbols.names, grace: graceNanoseconds))")
            return
        }
        let others = source.filteredBySymbol &+ sink.otherSymbolTicks
        guard others > 0 else { return }
        settled = true
        printError("\(prefix): \(Self.message(asked: asked, seen: source.symbols.names, others: others))")
    }

    /// The line said when nothing is charted: which symbols have not come, how many ticks of
    /// others have, which symbols those are, and the one probably meant. O(seen).
    static func message(asked: [String], seen all: [String], others: Int) -> String {
        let seen = all.filter { !asked.contains($0) }
        let names = asked.map { MessageText.field($0, maximum: 40) }.joined(separator: ", ")
        var text = "nothing charted yet: no tick of symbol \(names) among \(others) tick\(others == 1 ? "" : "s") of other symbols"
        if !seen.isEmpty { text += " (the feed holds \(MessageText.list(seen)))" }
        return text + suggestions(for: asked, among: seen) + "; the chart stays empty until one comes"
    }

    /// The line said when some series are charted and `missing` ones are not, `grace` after
    /// the first charted tick.
    static func message(missing: [String], seen all: [String], grace: Int64 = Self.grace) -> String {
        let seen = all.filter { !missing.contains($0) }
        let names = missing.map { MessageText.field($0, maximum: 40) }.joined(separator: ", ")
        var text = "no tick of symbol \(names) in the first \(CheckCommand.describeNanoseconds(grace)) of the feed"
        text += missing.count == 1 ? ", so its series stays empty until one comes" : ", so their series stay empty until one comes"
        if !seen.isEmpty { text += "; the feed holds \(MessageText.list(seen))" }
        return text + suggestions(for: missing, among: seen)
    }

    /// "; did you mean X? …" for each name `seen` holds in other case; "" for none.
    private static func suggestions(for names: [String], among seen: [String]) -> String {
        names.compactMap { ReplayInput.likelyMeant($0, among: seen) }.map { "; " + $0 }.joined()
    }
}
