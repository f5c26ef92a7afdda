/// When each tick of a paced replay is due: a pure function of the tick's time.
///
/// Tick t is due at `start + (t − t₀) / speed` on the monotonic clock, where t₀ is the first
/// tick's time and `start` the moment it was delivered. Every deadline is computed from the
/// start, never from the previous tick, so oversleeping one tick does not delay the next: drift
/// is corrected, not accumulated.
public struct ReplaySchedule: Sendable, Equatable {
    /// Monotonic clock reading (ns) at which the first tick was due.
    public let start: Int64
    /// Time of the first tick (ns since the epoch).
    public let firstTickTime: Int64
    /// Gap divisor; 1 is recorded speed.
    public let factor: Double

    /// A schedule starting at monotonic time `start` for a recording starting at `firstTickTime`.
    public init(start: Int64, firstTickTime: Int64, factor: Double) {
        precondition(factor > 0 && factor.isFinite, "ReplaySchedule: factor must be finite and > 0")
        self.start = start
        self.firstTickTime = firstTickTime
        self.factor = factor
    }

    /// The monotonic deadline of a tick at `time`. Saturates instead of overflowing (a tick 292
    /// years away is due "never", not in the past). Times before t₀ give deadlines before
    /// `start`. O(1); at speed 1 exact integer arithmetic.
    public func deadline(for time: Int64) -> Int64 {
        let (offset, overflow) = time.subtractingReportingOverflow(firstTickTime)
        let recorded: Int64 = overflow ? (time > firstTickTime ? .max : .min) : offset
        let scaled: Int64
        if factor == 1 {
            scaled = recorded
        } else {
            let exact = Double(recorded) / factor
            scaled = exact >= 9.2e18 ? .max : exact <= -9.2e18 ? .min : Int64(exact.rounded())
        }
        let (deadline, overflow2) = start.addingReportingOverflow(scaled)
        return overflow2 ? (scaled > 0 ? .max : .min) : deadline
    }
}
