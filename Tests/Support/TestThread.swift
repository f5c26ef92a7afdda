#if canImport(Glibc)
import Glibc
#endif

/// Runs a closure on a real POSIX thread (not the cooperative pool), so a producer and a
/// consumer truly run at the same time. Started from a function, never from top-level code.
public final class TestThread {
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    private var handle = pthread_t()

    /// Starts `run` on a new thread at once.
    public init(_ run: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Body(run)).toOpaque()
        let status = pthread_create(&handle, nil, { raw in
            let body = Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue()
            body.run()
            return nil
        }, context)
        precondition(status == 0, "pthread_create failed: \(status)")
    }

    /// Waits for the thread to finish.
    public func join() {
        pthread_join(handle, nil)
    }
}
