import CThreadPinning

/// Runs `body` with the calling thread held to the CPU it is on, and with it every process
/// started meanwhile (a child inherits the mask of the thread that starts it): a peer and our
/// code then run on the same CPU. Gives the thread back its former CPUs afterwards; runs
/// `body` unpinned where the CPU cannot be read or set.
///
/// Why: on a virtual machine two CPUs are not alike from moment to moment (a host core whose
/// other hardware thread is busy runs far slower), so a peer on one CPU and our code on the
/// other compared the CPUs as much as the programs. The 1080p reference frame against
/// Blend2D, both timed in turn, same build, 2-core Zen 3 VM: ×2.64–×4.25 in runs left to
/// the scheduler, ×3.84–×4.14 in six runs with both on one CPU, including one where that CPU
/// slowed both sides by half.
func withThreadPinned<T>(_ body: () throws -> T) rethrows -> T {
    var former = liveticker_cpu_mask()
    guard liveticker_pin_thread(&former) == 1 else { return try body() }
    defer { liveticker_unpin_thread(&former) }
    return try body()
}
