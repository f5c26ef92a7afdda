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
