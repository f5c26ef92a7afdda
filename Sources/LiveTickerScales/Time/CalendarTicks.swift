import LiveTickerCore

/// Ticks of a calendar-aware time axis in a time zone: on minute, hour, day, week (Monday),
/// month, quarter and year boundaries of the *local* clock, daylight saving included, each
/// labelled with what changes there (`09:30`, `Tue 5`, `Mar`, `2024`).
///
/// Below a day, ticks are the instants at which the local clock shows a multiple of the step
/// (every 3 hours: 00:00, 03:00, …), found segment by segment between the zone's transitions,
/// so a 25-hour day shows 01:00 twice and a 23-hour day skips 02:00. Days, weeks, months and
/// years tick at local midnight: days of the month 1, 3, 5 … for two-day steps, Mondays for
/// weeks, months 1, 4, 7, 10 for quarters, years divisible by the year count.
///
/// The step depends only on the range's length (at most `maxTickCount − 1` steps fit), not on
/// where it starts, so a scrolling window keeps its step. Ticks are not stored: iterate
/// ``ticks`` (each `next()` is O(log transitions), allocation-free).
///
/// Value type; init O(ladder).
public struct CalendarTicks: Sendable {
    /// The chosen step.
    public let step: CalendarStep
    /// Range start (ns since the epoch), the smaller bound.
    public let start: Int64
    /// Range end (ns since the epoch), inclusive.
    public let end: Int64
    /// The zone whose clock the ticks follow.
    public let zone: TimeZoneRules

    /// Ticks for `start...end` (swapped if backwards), at most about `maxTickCount` of them
    /// (clamped to ≥ 2), on a step at least `minimumStep` ns long (a candle interval). O(ladder).
    public init(start: Int64, end: Int64, maxTickCount: Int, zone: TimeZoneRules, minimumStep: Int64 = 0) {
        let lo = Swift.min(start, end)
        let hi = Swift.max(start, end)
        let intervals = Int128(Swift.max(maxTickCount, 2) - 1)
        let span = Int128(hi) - Int128(lo)
        let needed = Int64(clamping: (span + intervals - 1) / intervals)
        self.init(start: lo, end: hi, step: CalendarStep.smallest(atLeast: Swift.max(needed, minimumStep)), zone: zone)
    }

    /// Ticks for `start...end` on a given step. O(1).
    public init(start: Int64, end: Int64, step: CalendarStep, zone: TimeZoneRules) {
        self.start = Swift.min(start, end)
        self.end = Swift.max(start, end)
        self.step = step
        self.zone = zone
    }

    /// The ticks, in order, as a non-allocating sequence.
    public var ticks: Iterator { Iterator(axis: self) }

    /// One tick: its instant and what its label shows.
    public struct Tick: Sendable, Hashable {
        /// ns since the epoch.
        public let time: Int64
        /// What the label names (the largest unit that changes here).
        public let level: CalendarLabel.Level
    }

    /// Walks the ticks (no storage, no allocation).
    public struct Iterator: Sequence, IteratorProtocol, Sendable {
        let axis: CalendarTicks
        /// Next candidate instant (sub-day steps) or local day (day steps and up).
        var cursor: Int64
        var month: (year: Int64, month: Int) = (0, 1)
        var done = false

        init(axis: CalendarTicks) {
            self.axis = axis
            let zone = axis.zone
            switch axis.step.unit {
            case .millisecond, .second, .minute, .hour:
                cursor = axis.start
            case .day, .week:
                cursor = CalendarLabel.localDay(of: axis.start, zone: zone)
            case .month, .year:
                cursor = 0
                let civil = CivilCalendar.civil(fromDays: CalendarLabel.localDay(of: axis.start, zone: zone))
                month = (civil.year, civil.month)
                if axis.step.unit == .month {
                    // Back to the first month of the step's group (quarters: Jan, Apr, Jul, Oct).
                    month.month -= (month.month - 1) % axis.step.count
                } else {
                    month = (Self.floorMultiple(civil.year, Int64(axis.step.count)), 1)
                }
            }
        }

        /// The next tick, or nil after the last. O(log transitions).
        public mutating func next() -> Tick? {
            guard !done else { return nil }
            var guardCount = 0
            while guardCount < 10_000 {
                guardCount &+= 1
                guard let time = nextCandidate() else {
                    done = true
                    return nil
                }
                if time > axis.end {
                    done = true
                    return nil
                }
                if time >= axis.start {
                    return Tick(time: time, level: CalendarLabel.level(of: time, zone: axis.zone, step: axis.step))
                }
            }
            done = true
            return nil
        }

        /// The next instant on the step at or after the cursor (advancing it), or nil past Int64.
        mutating func nextCandidate() -> Int64? {
            let zone = axis.zone
            let step = axis.step
            if let stepLength = step.fixedNanoseconds {
                // Segment by segment: within one, the offset is constant and ticks are the
                // instants whose local time is a multiple of the step.
                var t = cursor
                for _ in 0..<64 {
                    let seconds = t.floorDividedWithRemainder(by: 1_000_000_000).quotient
                    let offset = Int64(zone.offset(atUTCSeconds: seconds)) &* 1_000_000_000
                    let (local, overflow) = t.addingReportingOverflow(offset)
                    guard !overflow else { return nil }
                    let (q, r) = local.floorDividedWithRemainder(by: stepLength)
                    let aligned = r == 0 ? (local, false) : (q &+ 1).multipliedReportingOverflow(by: stepLength)
                    guard !aligned.1 else { return nil }
                    let candidate = aligned.0 &- offset
                    if !zone.isFixedOffset, let next = zone.nextTransition(afterUTCSeconds: seconds) {
                        let (boundary, o) = next.multipliedReportingOverflow(by: 1_000_000_000)
                        if !o, candidate >= boundary {
                            t = boundary
                            continue
                        }
                    }
                    let (after, o) = candidate.addingReportingOverflow(1)
                    if o { done = true }
                    cursor = after
                    return candidate
                }
                return nil
            }
            switch step.unit {
            case .day, .week:
                // Local days: every day, odd days of the month for 2, Mondays for weeks.
                for _ in 0..<64 {
                    let day = cursor
                    cursor &+= 1
                    if step.unit == .day {
                        if step.count > 1 {
                            let dom = CivilCalendar.civil(fromDays: day).day
                            guard (dom - 1) % step.count == 0, dom < 31 || step.count == 1 else { continue }
                        }
                    } else {
                        guard CivilCalendar.weekday(fromDays: day) == 1 else { continue }
                        let week = (day - 4).floorDividedWithRemainder(by: 7).quotient
                        guard week.floorDividedWithRemainder(by: Int64(step.count)).remainder == 0 else { continue }
                    }
                    return CalendarLabel.midnight(ofLocalDay: day, zone: zone)
                }
                return nil
            default:
                let day = CivilCalendar.days(fromYear: month.year, month: month.month, day: 1)
                if step.unit == .month {
                    month.month += step.count
                    while month.month > 12 {
                        month.month -= 12
                        month.year += 1
                    }
                } else {
                    month.year += Int64(step.count)
                }
                return CalendarLabel.midnight(ofLocalDay: day, zone: zone)
            }
        }

        static func floorMultiple(_ value: Int64, _ of: Int64) -> Int64 {
            value.floorDividedWithRemainder(by: of).quotient * of
        }
    }
}
