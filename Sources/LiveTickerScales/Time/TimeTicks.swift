/// Ticks for a time axis: the smallest human `TimeStep` that keeps at most `maxTickCount`
/// ticks on the range, ticks aligned to the step in UTC (a 15-minute step ticks at :00, :15,
/// :30, :45; a week step on Mondays), and labels that fit the step (`12:34:56.789`,
/// `12:34:56`, `12:35`, `Mon 30`).
///
/// The step depends only on the range's *length* (at most `maxTickCount − 1` steps fit in it),
/// not on where it starts, so a scrolling window of constant width keeps its step instead of
/// flickering between two. Times are Int64 nanoseconds since 1970-01-01T00:00:00Z; every
/// Int64 works (arithmetic is done in Int128), including ranges before 1970. The only
/// exception to the tick limit: a range longer than `maxTickCount − 1` times the largest step
/// (70,000 days, ~191 years) keeps that step and shows up to 4 ticks.
///
/// Ticks are not stored: `count` and `tick(at:)`/`label(at:)` compute them, or iterate the
/// non-allocating `ticks` sequence. Value type; init O(1) (at most 41 candidate steps),
/// members O(1); nothing allocates.
public struct TimeTicks: Sendable, Equatable {
    /// The chosen step.
    public let step: TimeStep
    /// Number of ticks inside the range (both ends included); may be 0 for an empty range.
    public let count: Int
    /// Start of the range (the smaller bound).
    public let start: Int64
    /// End of the range (the larger bound).
    public let end: Int64
    @usableFromInline let firstMultiple: Int128

    /// Ticks for `start...end` (swapped if backwards) with at most `maxTickCount` ticks
    /// (clamped to at least 2). O(1), no allocation.
    public init(start: Int64, end: Int64, maxTickCount: Int) {
        let lo = Swift.min(start, end)
        let hi = Swift.max(start, end)
        let intervals = Int128(Swift.max(maxTickCount, 2) - 1)
        let span = Int128(hi) - Int128(lo)
        // Smallest step with span / step <= intervals, i.e. step >= ceil(span / intervals).
        let needed = (span + intervals - 1) / intervals
        var chosen = TimeStep.candidate(at: TimeStep.candidateCount - 1)
        for index in 0..<TimeStep.candidateCount {
            let candidate = TimeStep.candidate(at: index)
            if Int128(candidate.nanoseconds) >= needed {
                chosen = candidate
                break
            }
        }
        self.init(start: lo, end: hi, step: chosen)
    }

    /// Ticks for `start...end` (swapped if backwards) on a given step, aligned to it in UTC.
    /// O(1), no allocation.
    public init(start: Int64, end: Int64, step: TimeStep) {
        let lo = Swift.min(start, end)
        let hi = Swift.max(start, end)
        let stepNanoseconds = Int128(step.nanoseconds)
        let offset = Int128(step.alignmentOffset)
        let first = Self.ceilDivide(Int128(lo) - offset, stepNanoseconds)
        let last = Self.floorDivide(Int128(hi) - offset, stepNanoseconds)
        self.step = step
        self.start = lo
        self.end = hi
        self.firstMultiple = first
        self.count = last >= first ? Int(last - first + 1) : 0
    }

    /// Tick `i` (0 ..< count) in epoch nanoseconds. O(1).
    public func tick(at i: Int) -> Int64 {
        Int64((firstMultiple + Int128(i)) * Int128(step.nanoseconds) + Int128(step.alignmentOffset))
    }

    /// The label of tick `i` in the step's format, e.g. `12:34:56`. O(1), no allocation.
    public func label(at i: Int) -> LabelText {
        TimeLabel.format(epochNanoseconds: tick(at: i), as: step.labelFormat)
    }

    /// The ticks as a non-allocating sequence of epoch nanoseconds.
    public var ticks: Ticks { Ticks(axis: self) }

    /// The ticks of a `TimeTicks`, computed on demand (no storage, no allocation).
    public struct Ticks: Sequence, IteratorProtocol, Sendable {
        @usableFromInline let axis: TimeTicks
        @usableFromInline var index = 0

        @usableFromInline init(axis: TimeTicks) { self.axis = axis }

        /// The next tick, or nil after the last. O(1).
        public mutating func next() -> Int64? {
            guard index < axis.count else { return nil }
            defer { index += 1 }
            return axis.tick(at: index)
        }

        /// Exactly the number of ticks left.
        public var underestimatedCount: Int { axis.count - index }
    }

    static func floorDivide(_ a: Int128, _ b: Int128) -> Int128 {
        let q = a / b
        return (a % b != 0 && a < 0) ? q - 1 : q
    }

    static func ceilDivide(_ a: Int128, _ b: Int128) -> Int128 {
        let q = a / b
        return (a % b != 0 && a > 0) ? q + 1 : q
    }
}
