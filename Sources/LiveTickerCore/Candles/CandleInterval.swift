/// How ticks are grouped into candles.
public enum CandleInterval: Sendable, Hashable {
    /// Half-open time windows `[k·w, (k+1)·w)` of `w` nanoseconds, `k = floor(time / w)`
    /// (floor division, so negative times fall in the right window), in UTC; on the local
    /// calendar of the aggregator's time zone otherwise (see ``CandleAggregator``), and from
    /// Mondays for whole weeks. `w` must be > 0.
    case time(nanoseconds: Int64)
    /// A new candle every `n` ticks (counting ticks with non-finite values). `n` must be > 0.
    case ticks(Int)

    /// One day and one week in ns (calendar windows).
    @usableFromInline static let day: Int64 = 86_400_000_000_000
    @usableFromInline static let week: Int64 = 7 * 86_400_000_000_000

    /// Time windows of `seconds` seconds (saturating at the largest representable window). O(1).
    public static func seconds(_ seconds: Int64) -> CandleInterval {
        let (ns, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return .time(nanoseconds: overflow ? (seconds > 0 ? .max : .min) : ns)
    }

    /// Index `k` of the time window holding `time`: `floor(time / width)`, exact for every
    /// `Int64` (no overflow for `width > 0`). O(1).
    @inlinable
    static func windowIndex(of time: Int64, width: Int64) -> Int64 {
        let quotient = time / width
        // Swift division truncates toward zero; step down when a negative time is inexact.
        return time % width < 0 ? quotient &- 1 : quotient
    }

    /// Start time `k·w` of window `k`, clamped to `Int64.min` for the lowest window, whose
    /// start is below the representable range. O(1).
    @inlinable
    static func windowStart(_ index: Int64, width: Int64) -> Int64 {
        let (start, overflow) = index.multipliedReportingOverflow(by: width)
        return overflow ? .min : start
    }

    /// Last time (inclusive) of window `k`: `(k+1)·w − 1`, clamped to `Int64.max` for the
    /// highest window, whose end is beyond the representable range. O(1).
    @inlinable
    static func windowLast(_ index: Int64, width: Int64) -> Int64 {
        let (next, indexOverflow) = index.addingReportingOverflow(1)
        guard !indexOverflow else { return .max }
        let (end, overflow) = next.multipliedReportingOverflow(by: width)
        return overflow ? .max : end &- 1
    }
}

extension CandleInterval {
    /// Whether windows of `width` ns need the local calendar of `timeZone` (a zone other than
    /// UTC, or whole weeks, which start on Monday) rather than plain multiples of the width
    /// since the epoch. O(1).
    public static func usesCalendarWindows(width: Int64, timeZone: TimeZoneRules) -> Bool {
        let isUTC = timeZone.isFixedOffset && timeZone.offset(atUTCSeconds: 0) == 0
        return width > 0 && (!isUTC || width % week == 0)
    }

    /// The time window `[first, last]` of `width` ns holding `time`, as a ``CandleAggregator``
    /// with that width and zone makes them (so a chart merging finer candles into coarser ones
    /// gets the aggregator's windows). `calendar` is
    /// ``usesCalendarWindows(width:timeZone:)``, passed in so a caller working through many
    /// candles decides it once. O(1) in UTC, O(log transitions) on a local calendar.
    public static func window(
        containing time: Int64, width: Int64, timeZone: TimeZoneRules, calendar: Bool
    ) -> (first: Int64, last: Int64) {
        precondition(width > 0, "a window needs a positive width")
        if calendar { return calendarWindow(containing: time, width: width, timeZone: timeZone) }
        let window = windowIndex(of: time, width: width)
        return (windowStart(window, width: width), windowLast(window, width: width))
    }

    /// The window of `time` on the local calendar of `timeZone`: the multiple of the width
    /// since local 1970-01-01 00:00 (Monday 1970-01-05 for whole weeks) holding the local time,
    /// mapped back to instants. Windows of whole days run from local midnight to local
    /// midnight; shorter ones keep the offset in effect at `time`. The window always holds
    /// `time` (clamped where the calendar cannot say, at the ends of Int64).
    /// O(log transitions).
    @usableFromInline
    static func calendarWindow(containing time: Int64, width: Int64, timeZone: TimeZoneRules) -> (first: Int64, last: Int64) {
        let offset = Int64(timeZone.offset(atEpochNanoseconds: time)) &* 1_000_000_000
        let alignment: Int64 = width % week == 0 ? 4 * day : 0  // 1970-01-05, a Monday
        let (shifted, o1) = time.addingReportingOverflow(offset &- alignment)
        guard !o1 else {
            let window = windowIndex(of: time, width: width)
            return (windowStart(window, width: width), windowLast(window, width: width))
        }
        let index = windowIndex(of: shifted, width: width)
        let localStart = windowStart(index, width: width) &+ alignment
        var first: Int64
        var last: Int64
        if width % day == 0 {
            first = timeZone.epochNanoseconds(forLocalNanoseconds: localStart)
            let (localEnd, o2) = localStart.addingReportingOverflow(width)
            last = o2 ? .max : timeZone.epochNanoseconds(forLocalNanoseconds: localEnd) &- 1
        } else {
            first = localStart &- offset
            let (end, o2) = first.addingReportingOverflow(width &- 1)
            last = o2 ? .max : end
        }
        if first > time { first = time }
        if last < time { last = time }
        return (first, last)
    }
}

extension CandleInterval {
    /// One second in ns.
    public static let second: Int64 = 1_000_000_000

    /// One minute in ns.
    public static let minute: Int64 = 60_000_000_000

    /// The human ladder of candle widths a chart picks from when none is given, in ns:
    /// 1s, 5s, 15s, 30s, 1m, 5m, 15m, 1h, 4h, 1d, 1w (the steps traders know from their
    /// platforms; the seconds so a span of a few minutes still gets dozens of candles).
    public static let ladderWidths: [Int64] =
        [1, 5, 15, 30].map { $0 * second } + [1, 5, 15, 60, 240, 1440, 10_080].map { $0 * minute }

    /// The first ladder width that is a whole multiple of `base` (so candles of `base` merge
    /// into it exactly) and puts at most `maxCandles` (150 by default) candles in `span` ns:
    /// about 60–150 where the ladder allows. The widest such width when none fits; `base`
    /// itself when no ladder width is a multiple of it. `base` defaults to one second (the
    /// finest step); pass one minute to keep minutes whole. O(ladder).
    public static func ladderWidth(forSpan span: Int64, base: Int64 = second, maxCandles: Int = 150) -> Int64 {
        guard base > 0 else { return second }
        let most = Int64(Swift.max(1, maxCandles))
        var widest = base
        for width in ladderWidths where width >= base && width % base == 0 {
            widest = width
            if span / width <= most { return width }
        }
        return widest
    }
}
