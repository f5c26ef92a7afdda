import Synchronization

/// A flag one thread raises to ask long-running feed work (follow mode, paced replay, live
/// listeners) to stop at its next check. Checks are one relaxed-acquire atomic load.
public final class StopSignal: Sendable {
    private let flag = Atomic<Bool>(false)

    /// A lowered flag.
    public init() {}

    /// Raises the flag. Safe from any thread (and from a signal handler's forwarding thread).
    public func stop() { flag.store(true, ordering: .releasing) }

    /// Whether the flag has been raised. O(1).
    public var isStopped: Bool { flag.load(ordering: .acquiring) }
}
