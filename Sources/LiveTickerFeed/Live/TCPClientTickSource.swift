import LiveTickerCore

#if canImport(Glibc)
import Glibc
#endif

/// A live feed from a TCP server that sends lines to whoever connects
/// (`liveticker live tcp://HOST:PORT --connect`): the producer thread connects, reads the
/// connection with the CSV reader as one document (its own optional header, the headerless
/// line protocol, JSON lines: the same decoding as the TCP listener's connections), and when the
/// server closes or the connection fails, waits (100 ms doubling to 5 s by default, back to
/// 100 ms after a connection that sent a line) and connects again, forever, until stopped.
///
/// Symbol names of every connection are mapped onto the source's one table; counts of closed
/// connections are kept and merged with the open one's (``report``). Memory is bounded as for
/// the listener: the reader's fixed buffer, over-long lines skipped and counted, a connection
/// that sends no line break for ``FeedOptions/maximumLineRun`` bytes is dropped and retried.
///
///     let source = TCPClientTickSource(host: "127.0.0.1", port: 9100)
///     source.start()
///     // render loop: source.queue.drain(into: &series) every frame
///     source.stop()
public final class TCPClientTickSource: ClientTickFeed, @unchecked Sendable {
    // Invariant (why @unchecked Sendable is sound): every stored property is immutable or
    // thread-safe; everything the producer shares lives in `feedThread.state`.
    /// The server's host (a name or address; IPv6 without brackets).
    public let host: String
    /// The server's port.
    public let port: UInt16
    /// The queue the producer fills and the consumer drains.
    public let queue: TickQueue
    private let options: FeedOptions
    private let connectTimeoutMilliseconds: Int32
    private let initialBackoff: ReconnectBackoff
    /// The producer thread and what it shares (``ClientTickFeed``).
    public let feedThread: FeedThread<ClientFeedState<Counts>>

    /// The client's own counts.
    public struct Counts: Sendable, Equatable {
        /// Connections made (the first and every reconnect).
        public var connections = 0
        /// Connections that ended (closed by the server, reset, dropped as hostile).
        public var disconnects = 0
        /// Ticks of symbols past the table's limit, dropped (never charted as another symbol).
        public var symbolLimitDrops = 0
    }

    /// Prepares the client (no network until ``start()``). `backoff`: the reconnect delays.
    public init(host: String, port: UInt16, options: FeedOptions = FeedOptions(), queueCapacity: Int = 1 << 16,
        connectTimeoutMilliseconds: Int = 5000,
        backoff: ReconnectBackoff = ReconnectBackoff(initialMilliseconds: 100, maximumMilliseconds: 5000),
        stop: StopFlag = StopFlag())
    {
        self.host = host
        self.port = port
        self.options = options
        self.connectTimeoutMilliseconds = Int32(clamping: connectTimeoutMilliseconds)
        initialBackoff = backoff
        queue = TickQueue(capacity: queueCapacity)
        feedThread = FeedThread(
            name: LiveEndpoint.tcp(host: host, port: port).description,
            state: ClientFeedState(report: FeedReport(maximumRemembered: options.reportedBadLines), counts: Counts()),
            stop: stop)
    }

    deinit { stop() }

    /// The server as written on a command line, `tcp://HOST:PORT`.
    public var endpointDescription: String { feedThread.name }

    /// Starts the producer thread. Call once.
    public func start() {
        feedThread.start { [self] producer throws(FeedError) in try self.produce(producer) }
    }

    /// Connections and reconnects, for the closing summary.
    public var summaryLines: [String] {
        let state = feedThread.state.withLock { $0 }
        var line = "\(endpointDescription) (connect): \(state.counts.connections) connection(s), "
            + "\(state.connection.reconnects) reconnect(s)"
        if state.counts.symbolLimitDrops > 0 {
            line += ", \(state.counts.symbolLimitDrops) tick(s) of symbols past the limit dropped"
        }
        return [line]
    }

    // MARK: Producer

    private func produce(_ producer: FeedProducer<ClientFeedState<Counts>>) throws(FeedError) {
        var closed = FeedReport(maximumRemembered: options.reportedBadLines)
        var backoff = initialBackoff
        var everConnected = false
        /// After a connection ends: shows why and waits. Only a connection that sent something
        /// resets the delays, so a server that accepts and closes at once is retried ever more
        /// slowly, not every 100 ms.
        func lost(_ reason: String, delivered: Bool) {
            producer.update { state in
                state.counts.disconnects += 1
                state.connection.state = .disconnected(reason)
            }
            if delivered { backoff.reset() }
            producer.sleep(milliseconds: backoff.next())
        }
        func publish(_ open: FeedReport?) {
            var report = closed
            if let open { report.merge(open) }
            producer.update { $0.report = report }
        }
        while !producer.isStopped {
            producer.update { $0.connection.state = .connecting }
            let fd: Int32
            do {
                fd = try ConnectingSocket.connect(
                    host: host, port: port, timeoutMilliseconds: connectTimeoutMilliseconds, stop: producer.stopFlag)
            } catch {
                if producer.isStopped { break }
                producer.update { $0.connection.state = .disconnected(error.reason) }
                producer.sleep(milliseconds: backoff.next())
                continue
            }
            producer.update { state in
                if everConnected { state.connection.reconnects += 1 }
                state.counts.connections += 1
                state.connection.state = .connected
            }
            everConnected = true
            let reader = CSVTickReader(
                fileDescriptor: fd, name: endpointDescription, options: options, closeOnDeinit: true,
                stop: producer.stopFlag)
            var relay = SymbolRelay()
            var reason = "closed by the server"
            var lastPublish = SystemClock.monotonic.milliseconds()
            do throws(FeedError) {
                while let batch = try reader.nextBatch() {
                    // New names join the shared table before the first tick that uses them is queued.
                    let overLimit = relay.forward(batch, names: reader.symbols, queue: queue) { insert in
                        producer.update { insert(&$0.symbols) }
                    }
                    if overLimit > 0 { producer.update { $0.counts.symbolLimitDrops += overLimit } }
                    let now = SystemClock.monotonic.milliseconds()
                    if now - lastPublish >= 50 {
                        lastPublish = now
                        publish(reader.report)
                    }
                }
            } catch {
                closed.merge(reader.report)
                if case .badLine = error {
                    publish(nil)
                    throw error  // strict mode: the first bad line ends the run
                }
                reason = error.description
                publish(nil)
                lost(reason, delivered: reader.report.lines > 0)
                continue
            }
            closed.merge(reader.report)
            publish(nil)
            if producer.isStopped { break }
            lost(reason, delivered: reader.report.lines > 0)
        }
    }
}
