#if canImport(Glibc)
import Glibc
#endif

/// A POSIX thread running one closure: the producer side of a replay or live feed, so the
/// render loop on the main thread never waits for parsing and the parser never waits for a
/// frame.
///
/// Started from library code (not from top-level `main.swift` code, where Swift 6 mis-handles
/// closures passed to `pthread_create`).
final class ProducerThread: @unchecked Sendable {
    // Invariant: `body` is written once in init, read once by the new thread; `thread` is
    // written once by `start` and read by `join` on the starting thread.
    private let body: () -> Void
    private var thread = pthread_t()
    private var started = false

    /// Prepares a thread that will run `body` once.
    init(_ body: @escaping () -> Void) {
        self.body = body
    }

    /// Starts the thread. Returns false when the system refused (then run `body` yourself).
    func start() -> Bool {
        let context = Unmanaged.passRetained(self).toOpaque()
        let result = pthread_create(&thread, nil, { context in
            let producer = Unmanaged<ProducerThread>.fromOpaque(context!).takeRetainedValue()
            producer.body()
            return nil
        }, context)
        if result != 0 {
            Unmanaged<ProducerThread>.fromOpaque(context).release()
            return false
        }
        started = true
        return true
    }

    /// Waits for the thread to finish.
    func join() {
        guard started else { return }
        pthread_join(thread, nil)
        started = false
    }
}
