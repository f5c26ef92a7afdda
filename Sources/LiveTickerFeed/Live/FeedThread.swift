import LiveTickerCore

#if canImport(Glibc)
import Glibc
#endif

/// What a feed's producer thread shares with the threads that read it, behind one lock
/// (``FeedThread/state``). It must at least say whether the producer has ended and why.
public protocol FeedThreadState: Sendable {
    /// The error that ended the producer, if any.
    var error: FeedError? { get set }
    /// Whether the producer has ended. ``FeedThread`` sets it when the run closure returns.
    var finished: Bool { get set }
    /// Records the error that ends the producer. The default sets ``error``; a client's state
    /// also marks its connection lost with the error's text.
    mutating func end(with error: FeedError)
}

extension FeedThreadState {
    /// Sets ``error``.
    public mutating func end(with error: FeedError) { self.error = error }
}

/// The producer thread of a live feed, shared by every source (``LiveTickSource``'s stdin,
/// file and listener feeds, the MQTT subscriber, the WebSocket and TCP clients): starts one
/// POSIX thread running the source's run closure, hands it a ``FeedProducer`` (the stop token
/// and the sink for what it reports), and on ``stop()`` raises the stop flag and joins the
/// thread once. What the producer reports lives in ``state`` under one lock; the
/// run closure's thrown error ends up in ``FeedThreadState/error`` and, when it returns,
/// ``FeedThreadState/finished`` is set.
///
/// A connect-out client with reconnect looks like
///
///     thread.start { producer throws(FeedError) in
///         var backoff = ReconnectBackoff(initialMilliseconds: 100, maximumMilliseconds: 5000)
///         while !producer.isStopped {
///             // connect; on success: backoff.reset(), producer.update { $0.connection.state = .connected }
///             // read until lost, pushing ticks into the queue and publishing counts with producer.update
///             producer.sleep(milliseconds: backoff.next())
///         }
///     }
///
/// Starting costs one thread and one small allocation; reading the state takes the lock.
public final class FeedThread<State: FeedThreadState>: Sendable {
    /// The flag ``stop()`` raises and the producer polls (it may be shared with other work,
    /// e.g. a signal-driven flag).
    public let stopFlag: StopFlag
    /// What the producer shares: written by the producer (``FeedProducer/update(_:)``), read by
    /// any thread. Take it briefly: the producer waits for it.
    public let state: FeedStateLock<State>
    /// The feed's name in an error (its endpoint).
    public let name: String
    private let handle = FeedStateLock<pthread_t?>(nil)

    /// A thread for the feed `name` (its endpoint, for errors), not yet started, sharing
    /// `state` and stopped by `stop`.
    public init(name: String, state: State, stop: StopFlag = StopFlag()) {
        self.name = name
        stopFlag = stop
        self.state = FeedStateLock(state)
    }

    /// Starts the producer thread running `run`. A second call while it runs does nothing.
    /// When the system refuses a thread the producer ends at once with
    /// ``FeedError/threadFailed(name:errno:)``.
    public func start(_ run: @escaping @Sendable (FeedProducer<State>) throws(FeedError) -> Void) {
        let producer = FeedProducer(thread: self)
        handle.withLock { handle in
            guard handle == nil else { return }
            let (thread, code) = spawnFeedThread {
                do throws(FeedError) {
                    try run(producer)
                } catch {
                    producer.update { $0.end(with: error) }
                }
                producer.update { $0.finished = true }
            }
            handle = thread
            if thread == nil {
                producer.update { state in
                    state.end(with: .threadFailed(name: name, errno: code))
                    state.finished = true
                }
            }
        }
    }

    /// Asks the producer to stop (raises ``stopFlag``) and waits for its thread, if it runs.
    /// How long that takes is the producer's poll interval (about 100 ms for the sources here).
    /// Safe to call more than once and from any thread but the producer's own.
    public func stop() {
        stopFlag.stop()
        if let thread = handle.withLock({ handle in defer { handle = nil }; return handle }) {
            pthread_join(thread, nil)
        }
    }

    /// The error that ended the producer, if any. Takes the lock.
    public var error: FeedError? { state.withLock { $0.error } }

    /// Whether the producer has ended (an error, the end of its input, or stop). Takes the lock.
    public var isFinished: Bool { state.withLock { $0.finished } }
}

/// What a feed's run closure is given: the stop token to poll and the sink for what it
/// reports (``FeedThread/state``). A value: copy it into the producer's helpers freely.
public struct FeedProducer<State: FeedThreadState>: Sendable {
    fileprivate let thread: FeedThread<State>

    /// The flag to poll (one atomic load per check).
    public var stopFlag: StopFlag { thread.stopFlag }

    /// Whether the producer has been asked to stop. O(1).
    public var isStopped: Bool { thread.stopFlag.isStopped }

    /// Changes the shared state under its lock: publish counts, symbols, the connection state.
    /// Allocates nothing itself; keep `change` short (readers wait for it).
    public func update<R>(_ change: (inout State) -> R) -> R {
        thread.state.withLock { change(&$0) }
    }

    /// Sleeps `milliseconds` in slices of at most 50 ms, waking early when stopped (a
    /// reconnect backoff that never holds up a stop). Returns false when stopped.
    @discardableResult
    public func sleep(milliseconds: Int) -> Bool {
        var left = milliseconds
        while left > 0 && !isStopped {
            let slice = min(left, 50)
            var request = timespec(tv_sec: 0, tv_nsec: slice * 1_000_000)
            nanosleep(&request, nil)
            left -= slice
        }
        return !isStopped
    }
}

/// The state a connect-out client shares (MQTT, WebSocket, TCP client): its counts, symbols,
/// connection state, how it ended, and the client's own extra counts (messages, reconnects
/// missed…). ``FeedThreadState/end(with:)`` also marks the connection lost with the error's text.
public struct ClientFeedState<Counts: Sendable>: FeedThreadState {
    /// The decoder's counts so far (the queue's drops are added by the reader).
    public var report: FeedReport
    /// Symbol names seen so far.
    public var symbols = SymbolTable()
    /// Connected, connecting, or lost (and why), and the reconnect count.
    public var connection = FeedConnection(state: .connecting)
    /// The error that ended the client.
    public var error: FeedError?
    /// Whether the client has ended.
    public var finished = false
    /// The client's own counts.
    public var counts: Counts

    /// A client not yet connected, with `report`'s limits and `counts` to start from.
    public init(report: FeedReport, counts: Counts) {
        self.report = report
        self.counts = counts
    }

    /// Sets ``error`` and marks the connection lost with the error's text.
    public mutating func end(with error: FeedError) {
        self.error = error
        connection.state = .disconnected(error.description)
    }
}

/// A reconnect delay that doubles after each failed try, up to a ceiling, and starts again
/// after a good connection (exponential backoff). O(1), no allocation.
public struct ReconnectBackoff: Sendable, Equatable {
    /// The first delay, and the delay again after ``reset()``.
    public let initialMilliseconds: Int
    /// The longest delay.
    public let maximumMilliseconds: Int
    /// The delay the next ``next()`` returns.
    public private(set) var currentMilliseconds: Int

    /// Starts at `initialMilliseconds` (at least 1), doubling up to `maximumMilliseconds`.
    public init(initialMilliseconds: Int, maximumMilliseconds: Int) {
        self.initialMilliseconds = max(1, initialMilliseconds)
        self.maximumMilliseconds = max(self.initialMilliseconds, maximumMilliseconds)
        currentMilliseconds = self.initialMilliseconds
    }

    /// The delay to wait now; the one after it is twice as long (at most the maximum).
    public mutating func next() -> Int {
        let delay = currentMilliseconds
        currentMilliseconds = min(currentMilliseconds * 2, maximumMilliseconds)
        return delay
    }

    /// After a good connection: the next delay is the initial one again.
    public mutating func reset() { currentMilliseconds = initialMilliseconds }
}

/// Starts a POSIX thread running `body` (a plain pthread: no Foundation). Returns the thread
/// to join, or nil when the system refuses. The primitive beneath ``FeedThread``.
public func startFeedThread(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
    spawnFeedThread(body).thread
}

/// ``startFeedThread(_:)`` with `pthread_create`'s code when it refuses.
func spawnFeedThread(_ body: @escaping @Sendable () -> Void) -> (thread: pthread_t?, code: Int32) {
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
        return (nil, result)
    }
    return (thread, 0)
}
