#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One of the system's clocks, read in nanoseconds: the one place the package asks the system
/// for the time (pacing, deadlines, arrival stamps, the Bench's timings all go through it).
///
/// Reading costs one `clock_gettime` call (a vDSO call on Linux for the wall clocks), with no
/// allocation, so it is fit for per-tick and per-frame use.
public enum SystemClock: Sendable {
    /// `CLOCK_MONOTONIC`: wall time since an arbitrary fixed point that never jumps (not even
    /// when the system time is set); for intervals and deadlines.
    case monotonic
    /// `CLOCK_REALTIME`: nanoseconds since the Unix epoch, UTC; for stamping arrivals. It can
    /// jump when the system time is set.
    case realtime
    /// `CLOCK_THREAD_CPUTIME_ID`: the CPU time the calling thread has used.
    case threadCPU
    /// `CLOCK_PROCESS_CPUTIME_ID`: the CPU time every thread of the process has used.
    case processCPU

    /// The clock's current reading in nanoseconds.
    @inline(__always)
    public func nanoseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(id, &spec)
        return Int64(spec.tv_sec) &* 1_000_000_000 &+ Int64(spec.tv_nsec)
    }

    /// The clock's current reading in whole milliseconds.
    @inline(__always)
    public func milliseconds() -> Int64 { nanoseconds() / 1_000_000 }

    private var id: clockid_t {
        switch self {
        case .monotonic: CLOCK_MONOTONIC
        case .realtime: CLOCK_REALTIME
        case .threadCPU: CLOCK_THREAD_CPUTIME_ID
        case .processCPU: CLOCK_PROCESS_CPUTIME_ID
        }
    }
}
