import LiveTickerCore
import LiveTickerFeed

/// Logs a live feed's bad lines while it runs: each line its report remembers (the first few,
/// with its number and text) soon after it arrives, then the count each time it has doubled,
/// with its kinds. A kiosk runs for months and stops rarely; it said what was wrong with its
/// feed only in the summary at exit. Used by `live` and by a wall's live sources.
///
/// The source's count is read at most once a second, and its report (which may merge the
/// counts of several readers, and allocate) only when the count moved, so a frame costs one
/// clock read. Allocates only when it logs.
struct BadLineLog {
    /// Put before each line: `liveticker` or `liveticker: source 'x'`.
    let prefix: String
    /// How often the report is read, in ns.
    static let interval: Int64 = 1_000_000_000
    /// Remembered bad lines printed so far.
    private var shown = 0
    /// The source's count when the report was last read.
    private var seen = 0
    /// The count last logged as a count (0: none yet).
    private var loggedCount = 0
    /// When the report was last read (monotonic ns; `Int64.min`: never).
    private var lastRead = Int64.min

    init(prefix: String) {
        self.prefix = prefix
    }

    /// Reads `source`'s bad-line count if a second has passed since the last read and, when
    /// it moved, logs what is new in its report. O(1) between reads; allocates nothing unless
    /// it logs.
    mutating func note(_ source: any LiveTickFeed) {
        let now = SystemClock.monotonic.nanoseconds()
        guard lastRead == .min || now &- lastRead >= Self.interval else { return }
        lastRead = now
        let count = source.badLines
        guard count != seen else { return }
        seen = count
        log(source.report)
    }

    /// Logs the bad lines of `report` not logged yet. O(new remembered lines).
    mutating func log(_ report: FeedReport) {
        let remembered = report.firstBadLines
        while shown < remembered.count {
            printError("\(prefix): bad \(report.countsRecords ? "record" : "line"): \(remembered[shown])")
            shown += 1
        }
        // Past the remembered ones, the count: when it first exceeds them, then each time it
        // has doubled (a feed whose every line is bad writes a few dozen lines a year).
        let count = report.badLines
        guard count > shown, DoublingSchedule.due(count, logged: &loggedCount) else { return }
        let kinds = BadLineKind.allCases.filter { report.count(of: $0) > 0 }.map { "\(report.count(of: $0)) \($0)" }
        let noun = report.countsRecords ? "bad records" : "bad lines"
        printError("\(prefix): \(count) \(noun) so far (\(kinds.joined(separator: ", "))), each skipped")
    }
}
