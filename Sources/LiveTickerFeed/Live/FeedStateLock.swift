#if canImport(Glibc)
    import Glibc
#endif

/// The lock around a feed's shared state (``FeedThread/state``): a value guarded by a POSIX
/// mutex. It is a pthread mutex rather than the toolchain's `Synchronization.Mutex` because on
/// Linux that one is a priority-inheritance futex: under contention the kernel hands the lock
/// to the waiter without an atomic operation in user space, so ThreadSanitizer (which
/// intercepts pthread locks) sees no ordering there and reported races on a feed's counters
/// that the lock in fact ordered. The cost is the same uncontended: one atomic operation each
/// way; one allocation when made.
public final class FeedStateLock<Value>: @unchecked Sendable {
    // Invariant: `mutex` is initialised in init, destroyed in deinit, and `value` is read or
    // written only while it is held (in `withLock`): that is what makes the class Sendable.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// A lock guarding `value`.
    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the value with the lock held and returns what it returns. Keep `body`
    /// short: the other side waits for it. Allocates nothing.
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
