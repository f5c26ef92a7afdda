import LiveTickerCore

#if canImport(Glibc)
import Glibc
#endif

/// Reads `CLOCK_MONOTONIC` (wall time that never jumps) and the calling thread's CPU time.
enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed point. One `clock_gettime` call, no allocation.
    static func now() -> UInt64 { UInt64(SystemClock.monotonic.nanoseconds()) }

    /// CPU time consumed by the whole process, in nanoseconds.
    static func processCPUTime() -> UInt64 { UInt64(SystemClock.processCPU.nanoseconds()) }
}

/// Keeps the optimiser from deleting work whose result is otherwise unused.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
