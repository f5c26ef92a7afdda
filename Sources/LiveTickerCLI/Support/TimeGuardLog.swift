import LiveTickerCore
import LiveTickerFeed
import LiveTickerScales

/// Logs what a live feed's ``LiveTimeGuard`` dropped: the first tick of each kind with its
/// time, series and why, then again each time the count has doubled, so a kiosk whose clock
/// is wrong for months writes a few dozen lines, not one a frame; and each time a series' feed
/// moved back in time (its chart starts again there). Used by `live` and by a wall's live
/// sources. O(1) per call; allocates only when it logs.
struct TimeGuardLog {
    /// Put before each line: `liveticker` or `liveticker: source 'x'`.
    let prefix: String
    /// How to keep such ticks: `--max-ahead off`, or a dashboard file's key.
    let keepHint: String
    private var loggedAhead = 0
    private var loggedAlone = 0
    private var loggedUnset = 0
    private var loggedMoves = 0

    init(prefix: String, keepHint: String) {
        self.prefix = prefix
        self.keepHint = keepHint
    }

    /// Logs the guard's drops since the last call, if a count reached the next power of two,
    /// and its newest move back; `name` gives a series' symbol, when the feed names it.
    mutating func note(_ guarding: LiveTimeGuard, name: (Int) -> String? = { _ in nil }) {
        // Doubling as the drops do: a file sent newest first moves back every other tick.
        if DoublingSchedule.due(guarding.movedBack, logged: &loggedMoves), let move = guarding.lastMoveBack {
            let series = name(move.series).map { "\($0)'s feed" } ?? "the feed"
            let times = loggedMoves == 1 ? "" : " (\(loggedMoves) times so far)"
            printError(
                "\(prefix): \(series) moved back in time\(times), from \(Self.when(move.from)) to \(Self.when(move.to))"
                    + " (more than \(CheckCommand.describeNanoseconds(guarding.maximumStepBack))): its chart starts again there")
        }
        if DoublingSchedule.due(guarding.droppedUnset, logged: &loggedUnset), let tick = guarding.lastDroppedUnset {
            printError("\(prefix): dropped \(counted(loggedUnset, tick, name(guarding.lastDroppedUnsetSeries))): before 1971, a sender's clock not set")
        }
        if DoublingSchedule.due(guarding.droppedAhead, logged: &loggedAhead), let tick = guarding.lastDroppedAhead {
            let limit = guarding.maximumLead.map(CheckCommand.describeNanoseconds) ?? "?"
            printError(
                "\(prefix): dropped \(counted(loggedAhead, tick, name(guarding.lastDroppedAheadSeries))) (value \(tick.value)): more than \(limit) ahead of this machine's clock"
                    + " (\(Self.when(guarding.now))); is the clock set? \(keepHint) keeps such ticks")
        }
        if DoublingSchedule.due(guarding.droppedAlone, logged: &loggedAlone), let tick = guarding.lastDroppedAlone {
            let off =
                guarding.lastDroppedAloneAhead
                ? "\(CheckCommand.describeNanoseconds(guarding.maximumStepAhead)) after the ticks of its series around it, and ahead of this machine's clock"
                : "\(CheckCommand.describeNanoseconds(guarding.maximumStepBack)) before the ticks of its series around it"
            printError(
                "\(prefix): dropped \(counted(loggedAlone, tick, name(guarding.lastDroppedAloneSeries))) (value \(tick.value)): more than \(off)")
        }
    }

    /// `a tick of ACME dated …` or `5 ticks so far, the latest of ACME dated …` (no `of` when
    /// the series has no name).
    private func counted(_ count: Int, _ latest: Tick, _ name: String?) -> String {
        let of = name.map { " of \($0)" } ?? ""
        return count == 1
            ? "a tick\(of) dated \(Self.when(latest.time))" : "\(count) ticks so far, the latest\(of) dated \(Self.when(latest.time))"
    }

    /// An instant as the log writes it: `2100-01-01 00:00:00 UTC`.
    static func when(_ time: Int64) -> String { CalendarLabel.timestamp(time, zone: .utc) + " UTC" }
}
