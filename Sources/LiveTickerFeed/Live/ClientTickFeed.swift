/// A connect-out client (TCP client, WebSocket, MQTT subscriber) whose producer thread shares a
/// ``ClientFeedState`` with its readers: this extension gives every such client the same
/// ``LiveTickFeed`` accessors (report, symbols, error, connection, its own counts) and ``stop()``,
/// read from ``feedThread``'s state under its lock.
public protocol ClientTickFeed: LiveTickFeed {
    /// The client's own counts (messages, reconnects, what was missed or skipped…).
    associatedtype Counts: Sendable
    /// The producer thread and what it shares. Readers take its lock briefly; only the
    /// client's producer writes it.
    var feedThread: FeedThread<ClientFeedState<Counts>> { get }
}

extension ClientTickFeed {
    /// Asks the producer to stop and waits for it (within about 100 ms: every client polls
    /// its stop flag, also while a host name is being looked up).
    public func stop() { feedThread.stop() }

    /// The decoder's counts so far over every connection, with the queue's drops. Takes a lock;
    /// copies the report.
    public var report: FeedReport {
        var report = feedThread.state.withLock { $0.report }
        report.dropped = queue.dropped
        return report
    }

    /// Bad lines counted so far. Takes a lock; allocates nothing.
    public var badLines: Int { feedThread.state.withLock { $0.report.badLines } }

    /// Lines of other symbols left out so far. Takes a lock; allocates nothing.
    public var filteredBySymbol: Int { feedThread.state.withLock { $0.report.filteredBySymbol } }

    /// Symbols seen so far. Takes a lock; copies on write.
    public var symbols: SymbolTable { feedThread.state.withLock { $0.symbols } }

    /// Why the feed ended, if it did on an error. Takes a lock.
    public var error: FeedError? { feedThread.error }

    /// Whether the producer has ended (an unrecoverable error, or stop). Takes a lock.
    public var isFinished: Bool { feedThread.isFinished }

    /// The connection's state and reconnect count. Takes a lock; cheap enough once per frame.
    public var connection: FeedConnection { feedThread.state.withLock { $0.connection } }

    /// The client's own counts so far. Takes a lock.
    public var counts: Counts { feedThread.state.withLock { $0.counts } }
}
