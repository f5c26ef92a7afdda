import LiveTickerCore

#if canImport(Glibc)
import Glibc
#endif

/// Paces frames with a monotonic timer when the display has no usable vblank (emulated
/// displays complete page flips at once), so a loop presenting as fast as it can still runs at
/// the display's refresh rate instead of spinning.
///
/// Deadlines are absolute (`clock_nanosleep(TIMER_ABSTIME)`), so time spent rendering counts
/// toward the frame; a loop that falls more than a frame behind restarts the schedule instead
/// of bursting to catch up.
struct FramePacer {
    /// Time between frames.
    var interval: Duration
    /// Next deadline in nanoseconds on CLOCK_MONOTONIC; 0 before the first frame.
    private var nextDeadline: Int64 = 0

    init(interval: Duration) {
        self.interval = interval
    }

    /// Sleeps until the next frame is due. Returns early if a signal arrives. No allocation.
    mutating func wait() {
        let step = Self.nanoseconds(interval)
        guard step > 0 else { return }
        let now = Self.now()
        if nextDeadline == 0 || now - nextDeadline > step {
            nextDeadline = now + step
        }
        var deadline = timespec(tv_sec: Int(nextDeadline / 1_000_000_000), tv_nsec: Int(nextDeadline % 1_000_000_000))
        _ = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, nil)
        nextDeadline += step
    }

    /// Forgets the schedule (after a pause such as a disconnected connector).
    mutating func reset() { nextDeadline = 0 }

    /// CLOCK_MONOTONIC in nanoseconds.
    static func now() -> Int64 { SystemClock.monotonic.nanoseconds() }

    /// A `Duration` in whole nanoseconds.
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let parts = duration.components
        return parts.seconds * 1_000_000_000 + parts.attoseconds / 1_000_000_000
    }
}
