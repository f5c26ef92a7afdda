import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// SIGHUP as "re-read the dashboard file" (`systemctl reload`): the handler only stores to an
/// atomic (async-signal-safe); the render loop takes the request between frames. Installed by
/// `liveticker run` only, after the stop handlers, so it replaces SIGHUP's stop meaning there.
enum ReloadSignal {
    /// A process-wide global because a C signal handler cannot capture context.
    private static let flag = Atomic<Bool>(false)

    /// Installs the SIGHUP handler (without SA_RESTART, so a sleeping loop wakes at once).
    static func install() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in ReloadSignal.flag.store(true, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGHUP, &action, nil)
    }

    /// Whether a reload was asked for since the last call (and clears the request).
    static func take() -> Bool { flag.exchange(false, ordering: .relaxed) }
}
