#if canImport(Glibc)
import Glibc
#endif

/// Starts a POSIX thread running `body` (a plain pthread: no Foundation). Returns the thread
/// to join, or nil when the system refuses. Shared by the live sources and the network clients.
public func startFeedThread(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
    final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(&thread, nil, { raw in
        guard let raw else { return nil }
        let box = Unmanaged<Box>.fromOpaque(raw).takeRetainedValue()
        box.body()
        return nil
    }, context)
    guard result == 0 else {
        Unmanaged<Box>.fromOpaque(context).release()
        return nil
    }
    return thread
}
