import LiveTickerCore
import LiveTickerFeed

/// Says once, while a live feed runs, that the symbols it was asked to chart (`--symbol`) have
/// not come while others have: a misspelt or mistaken symbol left a kiosk's chart empty, with
/// nothing said until the summary at exit, and a kiosk rarely exits. Names the symbols the
/// feed holds, and the one probably meant when only the case differs. Used by `live`.
///
/// Silent for good once anything is charted or once it has spoken. Until then it reads the
/// source's count at most once a second (``LiveTickFeed/filteredBySymbol``, which allocates
/// nothing), so a frame costs one clock read; allocates only when it logs.
struct MissingSymbolLog {
    /// Put before the line: `liveticker`.
    let prefix: String
    /// The names asked for; none: nothing to watch.
    let asked: [String]
    /// Whether it has spoken, or something was charted.
    private var settled: Bool
    /// When the count was last read (monotonic ns; `Int64.min`: never).
    private var lastRead = Int64.min

    init(prefix: String, asked: [String]) {
        self.prefix = prefix
        self.asked = asked
        settled = asked.isEmpty
    }

    /// Checks, at most once a second until settled, whether ticks of other symbols came
    /// (`otherTicks`: those the chart's own picking left out; the source counts the lines its
    /// filter left out) while `charted` is still 0, and if so says it. O(1) between reads.
    mutating func note(_ source: any LiveTickFeed, charted: Int, otherTicks: Int) {
        guard !settled else { return }
        if charted > 0 {
            settled = true
            return
        }
        let now = SystemClock.monotonic.nanoseconds()
        guard lastRead == .min || now &- lastRead >= BadLineLog.interval else { return }
        lastRead = now
        let others = source.filteredBySymbol &+ otherTicks
        guard others > 0 else { return }
        settled = true
        printError("\(prefix): \(Self.message(asked: asked, seen: source.symbols.names, others: others))")
    }

    /// The line said: which symbols have not come, how many ticks of others have, which
    /// symbols those are, and the one probably meant. O(seen).
    static func message(asked: [String], seen all: [String], others: Int) -> String {
        let seen = all.filter { !asked.contains($0) }
        let names = asked.map { MessageText.field($0, maximum: 40) }.joined(separator: ", ")
        var text = "nothing charted yet: no tick of symbol \(names) among \(others) tick\(others == 1 ? "" : "s") of other symbols"
        if !seen.isEmpty { text += " (the feed holds \(MessageText.list(seen)))" }
        let suggestions = asked.compactMap { ReplayInput.likelyMeant($0, among: seen) }
        if !suggestions.isEmpty { text += "; " + suggestions.joined(separator: "; ") }
        return text + "; the chart stays empty until one comes"
    }
}
