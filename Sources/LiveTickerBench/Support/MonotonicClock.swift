#if canImport(Glibc)
import Glibc
#endif

/// Reads `CLOCK_MONOTONIC` (wall time that never jumps) and the calling thread's CPU time.
enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed point. One `clock_gettime` call, no allocation.
    static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }

    /// CPU time consumed by the whole process, in nanoseconds.
    static func processCPUTime() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }
}

/// Keeps the optimiser from deleting work whose result is otherwise unused.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
