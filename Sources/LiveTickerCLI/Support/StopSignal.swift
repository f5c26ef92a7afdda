import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Set when the process receives SIGINT, SIGTERM, SIGHUP or SIGQUIT, so that display loops stop
/// at the next frame and go through `Display.close()` (which restores the previous CRTC /
/// console) instead of dying with the screen left in our mode.
///
/// SIGHUP (a closed terminal, `systemctl reload`) stops like SIGTERM until a dashboard
/// configuration gives it reload semantics. SIGQUIT stops the same way rather than through the
/// Swift runtime's crash report, which printed a backtrace for a deliberate signal and then
/// hung until SIGTERM.
///
/// The process's signal state belongs to the program, not to the libraries: the display and
/// loop modules only see the caller's stop condition (a `RenderStopToken`, a `StopFlag`, the
/// `stopWaiting` closure of `openDisplay`).
///
/// The handler only stores to an atomic: that is async-signal-safe. It is installed without
/// `SA_RESTART` so blocking waits (`poll` for a page-flip event, `clock_nanosleep` for pacing)
/// return early with EINTR and the loop notices at once.
enum StopSignal {
    /// The flag; a process-wide global because a C signal handler cannot capture context.
    private static let flag = Atomic<Bool>(false)

    /// The signals that stop a loop.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Installs the handlers for ``signals``. Idempotent; call once before the loop.
    static func install() {
        for signalNumber in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in StopSignal.flag.store(true, ordering: .relaxed) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signalNumber, &action, nil)
        }
    }

    /// True once one of ``signals`` arrived (or `request()` was called). One atomic load.
    static var isRequested: Bool { flag.load(ordering: .relaxed) }

    /// Asks loops to stop, as a signal would (for programmatic shutdown and tests).
    static func request() { flag.store(true, ordering: .relaxed) }

    /// Clears the flag (tests).
    static func reset() { flag.store(false, ordering: .relaxed) }

    /// Announces on stderr that the frame on screen stays up, then sleeps until SIGINT/SIGTERM.
    ///
    /// The announcement line starts with `liveticker: holding`; the QEMU end-to-end test waits
    /// for exactly that prefix before it captures the screen, so every command with `--hold`
    /// should hold through this function.
    static func hold(showing what: String) {
        install()
        let line = "liveticker: holding \(what); send SIGINT or SIGTERM to stop\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
        var pause = timespec(tv_sec: 0, tv_nsec: 50_000_000)
        while !isRequested {
            _ = nanosleep(&pause, nil)
            pause = timespec(tv_sec: 0, tv_nsec: 50_000_000)
        }
    }
}
