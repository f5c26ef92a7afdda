#if canImport(Glibc)
import Glibc
#endif

/// The two clocks the feeds read: the monotonic one for intervals (publish counts every 50 ms,
/// deadlines, backoff) and the real-time one for a tick's arrival time. One `clock_gettime`
/// each (vDSO, no system call); allocates nothing.
public enum FeedClock {
    /// Milliseconds of `CLOCK_MONOTONIC` (since boot; never steps back).
    @inlinable
    public static func monotonicMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) &* 1000 &+ Int64(now.tv_nsec) / 1_000_000
    }

    /// Nanoseconds since the Unix epoch (`CLOCK_REALTIME`): a message's arrival time.
    @inlinable
    public static func realtimeNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) &* 1_000_000_000 &+ Int64(now.tv_nsec)
    }
}
