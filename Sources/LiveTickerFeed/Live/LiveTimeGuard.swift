import LiveTickerCore

/// Keeps a live feed's implausible times out of its chart: a tick dated far ahead of this
/// machine's clock, and a lone tick far behind the ticks of its series around it.
///
/// Why: a chart follows the newest time it holds, and shows the newest run of ticks whose
/// times lie in its window. One corrupt tick dated 2100 moved the window there and left the
/// chart blank until the tick left the history (a million ticks later); one dated 2000, in
/// the middle of today's ticks, cut the run short (or, with a window starting at the oldest
/// tick, squeezed today into the plot's right edge). Files (`replay`) are data and keep every
/// time; live feeds are where a bad packet or a producer's bug arrives.
///
/// The rules, for each tick of a series, in arrival order:
/// - **An unset clock.** A tick dated before 1971 is dropped and counted: a sender whose clock
///   is not set yet stamps 1970 (or 0).
/// - **Ahead of the clock.** A tick dated more than ``maximumLead`` after ``now`` is dropped
///   and counted. Not while ``now`` reads before ``clockFloor``: a board without a real-time
///   clock boots in 1970, and its clock is then no measure of anything.
/// - **A lone jump.** A tick dated more than ``maximumStepBack`` before its series' newest
///   accepted tick, or more than ``maximumStepAhead`` after it and ahead of ``now`` (by more
///   than five minutes: never a live tick's time; not with ``maximumLead`` nil), waits for the
///   series' next tick. If that one lies as far off
///   too, the feed itself moved (a replay started again): both are accepted, one tick late,
///   and a move back is counted (``movedBack``) and said (``Admission/feedMovedBack(_:_:)``),
///   so the caller can start its series' held history anew. If
///   not, the waiting tick was alone and is dropped and counted; so is a tick still waiting
///   when the feed ends (``release()``), since accepting a lone last tick dated 2000 blanked
///   the last picture.
///
/// Value type; state is O(series). Every call is O(1) but ``plainRun(_:series:)``, O(run), and
/// none allocates once ``reserve(series:)`` sized it.
public struct LiveTimeGuard: Sendable {
    /// One tick, with the finished bar it closes when the feed carries bars.
    public struct Item: Sendable {
        /// The tick (a bar's closing tick: its start time, close and volume).
        public var tick: Tick
        /// The bar of a bar feed, else nil.
        public var bar: Candle?

        /// An item of `tick`, with `bar` when it closes one.
        public init(tick: Tick, bar: Candle? = nil) {
            self.tick = tick
            self.bar = bar
        }
    }

    /// The earliest clock reading taken as set (2025-01-01T00:00:00Z, in ns since the epoch).
    public static let clockFloor: Int64 = 1_735_689_600_000_000_000
    /// The earliest tick time taken as set (1971-01-01T00:00:00Z, in ns since the epoch).
    public static let unsetClockBefore: Int64 = 31_536_000_000_000_000
    /// How far ahead of ``now`` a tick may be before a jump to it waits (5 min, in ns).
    static let jumpAheadSlack: Int64 = 300_000_000_000
    /// The longest jump ahead that never waits, whatever the step back (1 h, in ns): a tick
    /// hours ahead of the clock in a chart of everything held (a step back of a day) squeezed
    /// the day into the plot's left side, and hid the ticks after it, until it scrolled out.
    /// An hour lets an hourly forecast through.
    static let longestPlainStepAhead: Int64 = 3_600_000_000_000

    /// The default ``maximumLead``: one day, so a feed stamped with a local time zone's wall
    /// time (up to 14 h ahead of UTC) read as UTC still passes.
    public static let defaultMaximumLead: Int64 = 86_400_000_000_000
    /// The default ``maximumStepBack`` for a chart without a window span: one day.
    public static let defaultStepBack: Int64 = 86_400_000_000_000

    /// The ``maximumStepBack`` for a chart that follows `span` ns (nil: everything held): a
    /// tick further back than the window cannot be shown and would cut the visible run, but
    /// never less than a minute, so ticks that arrive out of order (several senders, UDP) are
    /// not judged lone on a short window. O(1).
    public static func stepBack(forWindowSpan span: Int64?) -> Int64 {
        span.map { Swift.max($0, 60_000_000_000) } ?? defaultStepBack
    }

    /// How far after ``now`` a tick may be dated (ns); nil: any time.
    public let maximumLead: Int64?
    /// How far before its series' newest accepted tick a tick may be dated without waiting
    /// for the next one (ns, > 0).
    public let maximumStepBack: Int64
    /// How far after its series' newest accepted tick a tick ahead of the clock may be dated
    /// without waiting: ``maximumStepBack``, at most an hour (ns, > 0).
    public var maximumStepAhead: Int64 { Swift.min(maximumStepBack, Self.longestPlainStepAhead) }
    /// This machine's clock (ns since the epoch, UTC), set by the caller before each run of
    /// calls; ``clockFloor`` or later to judge ticks by it.
    public var now: Int64 = 0

    /// Ticks dropped for being dated more than ``maximumLead`` ahead of the clock.
    public private(set) var droppedAhead = 0
    /// The latest of those, for the log.
    public private(set) var lastDroppedAhead: Tick?
    /// The series of ``lastDroppedAhead``.
    public private(set) var lastDroppedAheadSeries = 0
    /// Ticks dropped for being dated before 1971 (``unsetClockBefore``).
    public private(set) var droppedUnset = 0
    /// The latest of those, for the log.
    public private(set) var lastDroppedUnset: Tick?
    /// The series of ``lastDroppedUnset``.
    public private(set) var lastDroppedUnsetSeries = 0
    /// Lone ticks dropped for lying more than ``maximumStepBack`` from the ticks around them.
    public private(set) var droppedAlone = 0
    /// The latest of those, for the log.
    public private(set) var lastDroppedAlone: Tick?
    /// The series of ``lastDroppedAlone``.
    public private(set) var lastDroppedAloneSeries = 0
    /// Of ``droppedAlone``, those that lay after their series' ticks (a jump of more than
    /// ``maximumStepAhead`` ahead, past the clock); the rest lay more than ``maximumStepBack``
    /// before them.
    public private(set) var droppedAloneAhead = 0
    /// Whether ``lastDroppedAlone`` lay after its series' ticks (a jump ahead), not before.
    public private(set) var lastDroppedAloneAhead = false
    /// Times a series' feed moved back by more than ``maximumStepBack`` (two ticks in a row
    /// that far before its newest).
    public private(set) var movedBack = 0
    /// The latest such move, for the log: its series, the newest time before it and the
    /// first time after it.
    public private(set) var lastMoveBack: (series: Int, from: Int64, to: Int64)?

    /// The time of each series' newest accepted tick (`Int64.min`: none yet).
    private var newest: [Int64] = []
    /// Each series' tick waiting for the next (see the rules above).
    private var waiting: [Item?] = []

    /// A guard with the given limits (ns): `maximumLead` nil keeps ticks however far ahead.
    public init(maximumLead: Int64?, maximumStepBack: Int64) {
        precondition(maximumStepBack > 0, "LiveTimeGuard: maximumStepBack must be positive")
        precondition((maximumLead ?? 0) >= 0, "LiveTimeGuard: maximumLead must not be negative")
        self.maximumLead = maximumLead
        self.maximumStepBack = maximumStepBack
    }

    /// Makes room for series `0..<count`. O(count) the first time a series is named; the
    /// per-tick calls grow nothing afterwards.
    public mutating func reserve(series count: Int) {
        if newest.count < count {
            newest.append(contentsOf: repeatElement(.min, count: count - newest.count))
            waiting.append(contentsOf: repeatElement(nil, count: count - waiting.count))
        }
    }

    /// The latest time a tick may carry now (`Int64.max` when the clock is no measure or there
    /// is no limit). O(1).
    @inline(__always)
    private var latestAllowed: Int64 {
        guard let maximumLead, now >= Self.clockFloor else { return .max }
        let (limit, overflow) = now.addingReportingOverflow(maximumLead)
        return overflow ? .max : limit
    }

    /// The earliest time a tick of a series whose newest accepted tick is at `time` is taken
    /// without waiting. O(1).
    @inline(__always)
    private func earliestPlain(after time: Int64) -> Int64 {
        guard time != .min else { return .min }
        let (floor, overflow) = time.subtractingReportingOverflow(maximumStepBack)
        return overflow ? .min : floor
    }

    /// The latest time a tick of a series whose newest accepted tick is at `time` is taken
    /// without waiting: any time up to five minutes past the clock, else up to
    /// ``maximumStepAhead`` after `time` (`Int64.max` with no newest tick, no clock, or no
    /// ``maximumLead``: a feed whose times may lie ahead, as a forecast's do). O(1).
    @inline(__always)
    private func latestPlain(after time: Int64) -> Int64 {
        guard time != .min, maximumLead != nil, now >= Self.clockFloor else { return .max }
        let (slack, over1) = now.addingReportingOverflow(Self.jumpAheadSlack)
        let (jump, over2) = time.addingReportingOverflow(maximumStepAhead)
        if over1 || over2 { return .max }
        return Swift.max(slack, jump)
    }

    /// Whether a tick at `time` waits, after a newest accepted tick at `newest`. O(1).
    @inline(__always)
    private func jumps(_ time: Int64, after newest: Int64) -> Bool {
        time < earliestPlain(after: newest) || time > latestPlain(after: newest)
    }

    /// How many of `ticks`, all of series `index`, from the first, are accepted as they stand
    /// (none ahead of the clock, none far behind the one before it, no tick of the series
    /// waiting), so a caller can append them as one run and then call
    /// ``noteAccepted(_:series:)`` with the run's last tick. O(the run).
    public func plainRun(_ ticks: UnsafeBufferPointer<Tick>, series index: Int) -> Int {
        guard waiting[index] == nil else { return 0 }
        let latest = latestAllowed
        var previous = newest[index]
        for i in 0..<ticks.count {
            let time = ticks[i].time
            if time > latest || time < Self.unsetClockBefore || jumps(time, after: previous) { return i }
            previous = time
        }
        return ticks.count
    }

    /// Records that a run ending with `last` was accepted into series `index` by the caller
    /// (after ``plainRun(_:series:)``). O(1).
    public mutating func noteAccepted(_ last: Tick, series index: Int) {
        newest[index] = last.time
    }

    /// What ``admit(_:series:)`` lets into a series now, in order.
    public enum Admission: Sendable {
        /// Nothing: the item was dropped, or waits for the series' next tick.
        case nothing
        /// The item.
        case item(Item)
        /// The item that waited (the feed moved ahead with it), then this one.
        case waitingThenItem(Item, Item)
        /// The item that waited (the feed moved back in time with it), then this one: what the
        /// series held before lies later than both.
        case feedMovedBack(Item, Item)
    }

    /// Judges `item` of series `index` by the rules above and says what goes into the series
    /// now. O(1).
    public mutating func admit(_ item: Item, series index: Int) -> Admission {
        let time = item.tick.time
        if time < Self.unsetClockBefore {
            droppedUnset &+= 1
            lastDroppedUnset = item.tick
            lastDroppedUnsetSeries = index
            return .nothing
        }
        if time > latestAllowed {
            droppedAhead &+= 1
            lastDroppedAhead = item.tick
            lastDroppedAheadSeries = index
            return .nothing
        }
        let isFarOff = jumps(time, after: newest[index])
        var admission = Admission.item(item)
        if let held = waiting[index] {
            waiting[index] = nil
            if isFarOff {
                // Two in a row as far off: the feed moved, not one tick.
                let previous = newest[index]
                if held.tick.time < previous {
                    movedBack &+= 1
                    lastMoveBack = (index, previous, held.tick.time)
                    admission = .feedMovedBack(held, item)
                } else {
                    admission = .waitingThenItem(held, item)
                }
            } else {
                dropAlone(held.tick, series: index)
            }
        } else if isFarOff {
            waiting[index] = item
            return .nothing
        }
        newest[index] = time
        return admission
    }

    /// The feed ended: each tick still waiting had no tick after it to move with, so it was
    /// alone: dropped and counted. O(series).
    public mutating func release() {
        for index in waiting.indices {
            guard let held = waiting[index] else { continue }
            waiting[index] = nil
            dropAlone(held.tick, series: index)
        }
    }

    /// Counts `tick`, which waited and was alone, as dropped. O(1).
    private mutating func dropAlone(_ tick: Tick, series index: Int) {
        droppedAlone &+= 1
        lastDroppedAlone = tick
        lastDroppedAloneSeries = index
        lastDroppedAloneAhead = tick.time > newest[index]
        if lastDroppedAloneAhead { droppedAloneAhead &+= 1 }
    }
}
