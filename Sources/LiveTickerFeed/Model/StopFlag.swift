import Synchronization

/// A flag one thread raises to ask long-running feed work (follow mode, paced replay, live
/// listeners) to stop at its next check. A check is one atomic load (plus the extra condition,
/// when one is given).
public final class StopFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    private let condition: (@Sendable () -> Bool)?

    /// A lowered flag.
    public init() { condition = nil }

    /// A flag that also counts as raised whenever `condition` returns true, e.g.
    /// `StopFlag(alsoWhen: { flag.load(ordering: .relaxed) })` to stop on a signal handler's flag.
    public init(alsoWhen condition: @escaping @Sendable () -> Bool) { self.condition = condition }

    /// Raises the flag. Safe from any thread.
    public func stop() { flag.store(true, ordering: .releasing) }

    /// Whether the flag has been raised (or the extra condition holds). O(1).
    public var isStopped: Bool {
        if flag.load(ordering: .acquiring) { return true }
        return condition?() ?? false
    }
}
