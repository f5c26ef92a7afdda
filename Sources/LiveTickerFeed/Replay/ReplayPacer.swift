import LiveTickerCore

#if canImport(Glibc)
import Glibc
#endif

/// Paces a replay: holds each tick until its ``ReplaySchedule`` deadline, sleeping with
/// `clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME)` (absolute deadlines, so wake-up latency does
/// not add up across ticks).
///
/// The schedule starts at the first tick. Deadlines never go backwards: a tick whose time is
/// earlier than its predecessor's is due at once (no sleeping backwards) and later ticks keep
/// their places on the original schedule. At ``ReplaySpeed/max`` `wait` returns at once.
public struct ReplayPacer: Sendable {
    /// The speed this pacer keeps.
    public let speed: ReplaySpeed
    /// The schedule, fixed at the first tick.
    public private(set) var schedule: ReplaySchedule?
    /// The latest deadline handed out (monotonic ns); deadlines never decrease.
    public private(set) var lastDeadline: Int64 = .min
    /// How late the most recent tick was released after its deadline (ns), as measured.
    public private(set) var lastLateness: Int64 = 0
    /// The largest lateness seen (ns).
    public private(set) var maximumLateness: Int64 = 0
    /// Longest single sleep, so a raised ``StopFlag`` is noticed during long recorded gaps.
    public var sleepSlice: Int64 = 100_000_000

    /// A pacer for `speed`.
    public init(speed: ReplaySpeed) { self.speed = speed }

    /// The deadline for a tick at `time` when the clock reads `now`: fixes the schedule at the
    /// first call (due at once), then follows it, never earlier than the previous deadline. Nil
    /// at max speed. Pure apart from that bookkeeping (no clock, no sleep), so tests check the
    /// schedule exactly. O(1).
    public mutating func deadline(for time: Int64, now: Int64) -> Int64? {
        guard case let .factor(factor) = speed else { return nil }
        let schedule = self.schedule ?? ReplaySchedule(start: now, firstTickTime: time, factor: factor)
        self.schedule = schedule
        let deadline = Swift.max(schedule.deadline(for: time), lastDeadline)
        lastDeadline = deadline
        return deadline
    }

    /// Blocks until the tick at `time` is due (or `stop` is raised). O(1) plus the sleep.
    public mutating func wait(for time: Int64, stop: StopFlag? = nil) {
        guard let deadline = deadline(for: time, now: Self.now()) else { return }
        while true {
            let now = Self.now()
            if now >= deadline {
                lastLateness = now - deadline
                maximumLateness = Swift.max(maximumLateness, lastLateness)
                return
            }
            if let stop, stop.isStopped { return }
            let (sliceEnd, overflow) = now.addingReportingOverflow(sleepSlice)
            Self.sleep(until: overflow ? deadline : Swift.min(deadline, sliceEnd))
        }
    }

    /// The monotonic clock in nanoseconds (CLOCK_MONOTONIC: unaffected by wall-clock changes).
    public static func now() -> Int64 { SystemClock.monotonic.nanoseconds() }

    /// Sleeps until the monotonic clock reads `deadline` (absolute, restarted on EINTR).
    public static func sleep(until deadline: Int64) {
        var ts = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
    }
}
