import LiveTickerCore
import LiveTickerFeed

/// Says once, while a live feed runs, that symbols it was asked to chart have not come while
/// others have: a misspelt or mistaken symbol left a kiosk's chart, one of its series, or a
/// wall's panel empty with nothing said until the summary at exit, and a kiosk rarely exits.
/// Names the symbols the feed holds, and the one probably meant when only the case differs.
/// Used by `live` (`--symbol`) and by a wall's live sources (their panels' symbols).
///
/// - Nothing charted yet while ticks of other symbols came: said at once when
///   `saysEmptyChartAtOnce` (`live`: its one chart is empty); a wall waits as below, its other
///   sources' panels may be fine.
/// - Otherwise the symbols still without a tick are said ``grace`` after the feed's first tick,
///   long enough for a feed's symbols to come round, in the words of `lateLine`.
///
/// Silent for good once it has spoken or has nothing left to say. Until then it reads the
/// source's count at most once a second (``LiveTickFeed/filteredBySymbol``, which allocates
/// nothing), so a frame costs one clock read; allocates only when it logs.
struct MissingSymbolLog {
    /// How long after a feed's first tick a symbol asked for may stay without one before it
    /// is said (a sensor publishing every few seconds has come round; a misspelt symbol is
    /// said soon after the start).
    static let grace: Int64 = 10_000_000_000

    /// Put before the line: `liveticker` or `liveticker: source 'x'`.
    let prefix: String
    /// The names asked for; none: nothing to watch.
    let asked: [String]
    /// Whether nothing charted while other symbols come is said at once (see the type).
    let saysEmptyChartAtOnce: Bool
    /// ``grace`` unless a test asks for less.
    let graceNanoseconds: Int64
    /// The line for the symbols still missing after the grace, given the symbols the feed
    /// holds and the grace.
    let lateLine: (_ missing: [String], _ held: [String], _ grace: Int64) -> String
    /// Whether it has spoken, or has nothing left to say.
    private var settled: Bool
    /// When the count was last read (monotonic ns; `Int64.min`: never).
    private var lastRead = Int64.min
    /// When the feed's first tick was seen (nil: not yet).
    private var firstTickAt: Int64?

    init(
        prefix: String, asked: [String], saysEmptyChartAtOnce: Bool = true, grace: Int64 = Self.grace,
        lateLine: @escaping (_ missing: [String], _ held: [String], _ grace: Int64) -> String = Self.message(missing:seen:grace:)
    ) {
        self.prefix = prefix
        self.asked = asked
        self.saysEmptyChartAtOnce = saysEmptyChartAtOnce
        graceNanoseconds = grace
        self.lateLine = lateLine
        settled = asked.isEmpty
    }

    /// Checks, at most once a second until settled, what `sink` has charted: with nothing
    /// charted, whether ticks of other symbols came (those the sink's own picking left out,
    /// and the lines the source's filter left out); once the grace has passed since the first
    /// tick, which of the sink's symbols have none. Says it, once. O(1) between reads.
    mutating func note(_ source: any LiveTickFeed, sink: SeriesSink) {
        guard !settled else { return }
        let now = SystemClock.monotonic.nanoseconds()
        guard lastRead == .min || now &- lastRead >= BadLineLog.interval else { return }
        lastRead = now
        if sink.chartedTicks == 0 {
            let others = source.filteredBySymbol &+ sink.otherSymbolTicks
            guard others > 0 else { return }  // nothing has come yet
            if saysEmptyChartAtOnce {
                settled = true
                printError("\(prefix): \(Self.message(asked: asked, seen: source.symbols.names, others: others))")
                return
            }
        }
        // Something came. Only series picked by symbol can miss theirs (the filter's one
        // symbol came if anything was charted).
        guard !sink.wanted.isEmpty, !sink.wantedAreColumns else {
            settled = true
            return
        }
        guard let first = firstTickAt else {
            firstTickAt = now
            return
        }
        guard now &- first >= graceNanoseconds else { return }
        settled = true
        let missing = sink.wanted.indices.filter { sink.chartedSymbols[$0] == nil }.map { sink.wanted[$0] }
        guard !missing.isEmpty else { return }
        printError("\(prefix): \(lateLine(missing, source.symbols.names, graceNanoseconds))")
    }

    /// The line said when nothing is charted: which symbols have not come, how many ticks of
    /// others have, which symbols those are, and the one probably meant. O(seen).
    static func message(asked: [String], seen all: [String], others: Int) -> String {
        let seen = all.filter { !asked.contains($0) }
        let names = asked.map { MessageText.field($0, maximum: 40) }.joined(separator: ", ")
        var text = "nothing charted yet: no tick of symbol \(names) among \(others) tick\(others == 1 ? "" : "s") of other symbols"
        if !seen.isEmpty { text += " (the feed holds \(MessageText.list(seen)))" }
        return text + ReplayInput.suggestions(for: asked, among: seen) + "; the chart stays empty until one comes"
    }

    /// The line said when some series are charted and `missing` ones are not, `grace` after
    /// the first charted tick.
    static func message(missing: [String], seen all: [String], grace: Int64 = Self.grace) -> String {
        let seen = all.filter { !missing.contains($0) }
        let names = missing.map { MessageText.field($0, maximum: 40) }.joined(separator: ", ")
        var text = "no tick of symbol \(names) in the first \(CheckCommand.describeNanoseconds(grace)) of the feed"
        text += missing.count == 1 ? ", so its series stays empty until one comes" : ", so their series stay empty until one comes"
        if !seen.isEmpty { text += "; the feed holds \(MessageText.list(seen))" }
        return text + ReplayInput.suggestions(for: missing, among: seen)
    }
}
