#if canImport(Glibc)
import Glibc
#endif

/// Orders the Paho calls of every ``MQTTConnection`` in the process (a subscriber beside a
/// republisher, a dashboard's several sources, the Bench's publisher and subscriber).
///
/// Paho's synchronous client keeps one socket set for all its clients: any thread inside
/// `MQTTClient_receive` (which calls `MQTTClient_cycle`) reads whichever socket is ready and
/// handles what it finds. Messages and acknowledgements are filed with the client they belong
/// to, but a CONNACK or SUBACK read by another client's thread is dropped, so a connect or
/// subscribe beside a busy subscriber failed with Paho's plain "Failure" (two of three
/// publisher connects in the Bench's MQTT section). So: reading (receive, servicing
/// acknowledgements) takes this lock shared, and waiting for a reply (connect, subscribe)
/// takes it exclusively; a turnstile mutex in front keeps a waiting connect from being starved
/// by readers that come back at once (it waits at most for the readers' current calls, 100 ms).
/// It guards Paho's own process-wide state, which is why it is process-wide too.
final class PahoCycleLock: @unchecked Sendable {
    // Invariant: both primitives are initialised once in init and never destroyed (the one
    // instance lives as long as the process); they are used only through the two methods below.
    private let readers: UnsafeMutablePointer<pthread_rwlock_t>
    private let turnstile: UnsafeMutablePointer<pthread_mutex_t>

    /// The one lock for the process's Paho clients.
    static let shared = PahoCycleLock()

    private init() {
        readers = .allocate(capacity: 1)
        pthread_rwlock_init(readers, nil)
        turnstile = .allocate(capacity: 1)
        pthread_mutex_init(turnstile, nil)
    }

    /// Runs `body` (a receive or acknowledgement read) alongside other readers, not during a
    /// connect or subscribe. Two uncontended lock operations; allocates nothing.
    func reading<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(turnstile)
        pthread_mutex_unlock(turnstile)
        pthread_rwlock_rdlock(readers)
        defer { pthread_rwlock_unlock(readers) }
        return body()
    }

    /// Runs `body` (a connect or subscribe, which waits for its reply packet) with no other
    /// client's thread reading Paho's sockets.
    func waitingForReply<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(turnstile)
        pthread_rwlock_wrlock(readers)
        defer {
            pthread_rwlock_unlock(readers)
            pthread_mutex_unlock(turnstile)
        }
        return body()
    }
}
