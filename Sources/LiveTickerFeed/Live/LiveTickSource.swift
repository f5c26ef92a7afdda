import LiveTickerCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A live tick feed on its own producer thread: standard input, a followed file, a UDP socket
/// or a TCP listener, parsed with the CSV reader (header or headerless line protocol) into a
/// ``TickQueue`` that the consumer drains.
///
/// The producer never waits for the consumer: when the queue is full, ticks are dropped and
/// counted (``FeedReport/dropped``). Sockets are bound in `init`, so a busy port fails at
/// once and port 0 reports the port chosen (``port``). Each UDP datagram and each TCP
/// connection is its own CSV document with its own optional header (``DatagramReceiver``,
/// ``ConnectionServer``); nothing a peer sends ends the source. Symbol ids are the source's own
/// (every reader's names are mapped onto one table, ``SymbolRelay``).
///
///     let source = try LiveTickSource(endpoint: LiveEndpoint(parsing: "udp://127.0.0.1:9000"))
///     source.start()
///     // render loop: source.drain(into: &series) every frame
///     source.stop()
public final class LiveTickSource: @unchecked Sendable {
    // Invariant (why @unchecked Sendable is sound): every stored property is immutable or
    // thread-safe; everything the producer shares lives in `hub` (the feed thread and its state).
    /// The endpoint being read.
    public let endpoint: LiveEndpoint
    /// The queue the producer fills and the consumer drains.
    public let queue: TickQueue
    /// The bound port of a UDP or TCP endpoint (useful with port 0).
    public let port: UInt16?
    /// Who may send and how TCP connections are limited (UDP and TCP endpoints).
    public let listenerOptions: ListenerOptions
    private let options: FeedOptions
    private let socket: Int32
    private let hub: LiveFeedHub
    private var stopFlag: StopFlag { hub.stopFlag }
    /// A followed file's rotation events (truncated, replaced, missing), called on the producer
    /// thread; nil for other endpoints.
    private let onFollowEvent: (@Sendable (FollowEvent) -> Void)?

    /// Prepares the source; resolves and binds (and for TCP listens on) the socket. The
    /// producer starts with ``start()``. `stop` may be shared with other work (e.g. a
    /// signal-driven flag). `listener` applies to UDP and TCP endpoints.
    public init(
        endpoint: LiveEndpoint, options: FeedOptions = FeedOptions(), listener: ListenerOptions = ListenerOptions(),
        queueCapacity: Int = 1 << 16, stop: StopFlag = StopFlag(),
        onFollowEvent: (@Sendable (FollowEvent) -> Void)? = nil
    ) throws(FeedError) {
        self.endpoint = endpoint
        self.onFollowEvent = onFollowEvent
        self.options = options
        listenerOptions = listener
        queue = TickQueue(capacity: queueCapacity)
        var slots = 1
        switch endpoint {
        case .standardInput, .followedFile:
            socket = -1
            port = nil
        case let .udp(host, port):
            (socket, self.port) = try ListeningSocket.open(host: host, port: port, udp: true, endpoint: endpoint)
        case let .tcp(host, port):
            (socket, self.port) = try ListeningSocket.open(host: host, port: port, udp: false, endpoint: endpoint)
            slots = listener.maximumConnections
        }
        hub = LiveFeedHub(
            name: endpoint.description, state: LiveFeedState(slots: slots, reportedBadLines: options.reportedBadLines),
            stop: stop)
    }

    deinit {
        stop()
        if socket >= 0 { close(socket) }
    }

    /// Starts the producer thread. Call once.
    public func start() {
        hub.start { [self] _ throws(FeedError) in try self.produce() }
    }

    /// Asks the producer to stop and waits for it (at most about 100 ms while it polls).
    public func stop() {
        hub.stop()
    }

    /// Consumer side: hands up to `maximum` queued ticks to `sink`. See ``TickQueue/drain(into:maximum:)``.
    @discardableResult
    public func drain<S: TickSink>(into sink: inout S, maximum: Int = .max) -> Int {
        queue.drain(into: &sink, maximum: maximum)
    }

    /// The producer's counts so far (over every connection), with ``FeedReport/dropped`` from
    /// the queue. Takes a lock; allocates.
    public var report: FeedReport {
        var report = hub.report
        report.dropped = queue.dropped
        return report
    }

    /// Bad lines counted so far, as ``report`` would sum them. Takes a lock; allocates nothing.
    public var badLines: Int { hub.total(\.badLines) }

    /// Lines of other symbols left out so far, as ``report`` would sum them. Takes a lock;
    /// allocates nothing.
    public var filteredBySymbol: Int { hub.total(\.filteredBySymbol) }

    /// What a UDP or TCP listener did with its peers so far. Takes a lock.
    public var listenerReport: ListenerReport { hub.state.withLock { $0.listener } }

    /// Symbol names seen so far. Takes a lock; copies on write.
    public var symbols: SymbolTable { hub.state.withLock { $0.symbols } }

    /// The value-column series names (`--value a,b,c`) of the first reader that had them (standard
    /// input, a followed file, a listener's first header), once its header is read. Takes a lock.
    public var valueColumnNames: [String] { hub.state.withLock { $0.valueColumnNames } }

    /// Whether the first reader found its values to be measurements (see
    /// ``TickBatchReader/valuesAreMeasurements``). Takes a lock.
    public var valuesAreMeasurements: Bool { hub.state.withLock { $0.valuesAreMeasurements ?? false } }

    /// What standard input or a followed file was read as, once the producer ended ("" before,
    /// and for listeners, whose peers each send their own documents). Takes a lock.
    public var formatDescription: String { hub.state.withLock { $0.formatDescription } }

    /// The error that ended the producer, if any (e.g. a missing column in standard input's
    /// header). Listeners end only when stopped, with no error.
    public var error: FeedError? { hub.error }

    /// Whether the producer has ended (end of standard input, an error, or stop).
    public var isFinished: Bool { hub.isFinished }

    // MARK: Producer

    /// The run closure of the feed thread: its error is kept, then the source is finished.
    private func produce() throws(FeedError) {
        switch endpoint {
        case .standardInput:
            try pump(CSVTickReader(fileDescriptor: 0, name: "-", options: options, stop: stopFlag))
        case let .followedFile(path):
            // Not there yet (a kiosk up before the program that writes it): waited for, said
            // once, as a followed file that goes missing later is; the chart says `no data`.
            var said = false
            while access(path, F_OK) != 0, errno == ENOENT {
                if stopFlag.isStopped { return }
                if !said {
                    said = true
                    onFollowEvent?(.notYetCreated)
                }
                CSVTickReader.sleep(nanoseconds: 50_000_000)
            }
            let reader = try CSVTickReader(path: path, options: options, follow: true, stop: stopFlag)
            reader.onFollowEvent = onFollowEvent
            try pump(reader)
        case .udp:
            DatagramReceiver(
                socket: socket, options: options, listener: listenerOptions, hub: hub, queue: queue, stop: stopFlag
            ).run()
        case .tcp:
            ConnectionServer(
                listener: socket, endpoint: endpoint, options: options, limits: listenerOptions, hub: hub, queue: queue,
                stop: stopFlag
            ).run()
        }
    }

    /// Moves every batch of `reader` (standard input, a followed file) into the queue and
    /// publishes its counts after each batch.
    private func pump(_ reader: CSVTickReader) throws(FeedError) {
        var relay = SymbolRelay()
        // Lines that brought no tick (bad ones, other symbols') are published while the reader
        // waits, with the names of the symbols left out, so the consumer can say them while the
        // feed runs; two count compares per wait otherwise.
        var published = (bad: 0, filtered: 0)
        reader.whileWaiting = { [unowned reader, hub] in
            let report = reader.report
            let counts = (bad: report.badLines, filtered: report.filteredBySymbol)
            guard counts != published else { return }
            published = counts
            relay.mapNames(reader.symbols, hub: hub)
            hub.publish(report, slot: 0)
        }
        defer {
            reader.whileWaiting = nil
            relay.mapNames(reader.symbols, hub: hub)
            hub.publish(reader.report, slot: 0)
            // Once, at the end: the summary's read-as line (made then, so nothing per batch).
            let format = reader.formatDescription
            hub.state.withLock { $0.formatDescription = format }
        }
        // Only with several value columns, and once: the names are made (allocated) per call.
        var namesColumns = !options.moreValueColumns.isEmpty
        var meaningPublished = false
        while let batch = try reader.nextBatch() {
            if namesColumns { namesColumns = !hub.publishValueColumns(reader.valueColumnNames) }
            if !meaningPublished {
                hub.publishValueMeaning(reader.valuesAreMeasurements)
                meaningPublished = true
            }
            relay.forward(batch, names: reader.symbols, hub: hub, queue: queue)
            hub.publish(reader.report, slot: 0)
        }
    }
}
