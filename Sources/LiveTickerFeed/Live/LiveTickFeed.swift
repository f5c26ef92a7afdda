/// A live feed the chart drains: a producer thread fills ``queue``; the render loop drains it,
/// shows ``connection`` and ends when ``isFinished``. ``LiveTickSource`` (stdin, files,
/// listeners) and the network clients (MQTT, WebSocket, TCP) conform.
public protocol LiveTickFeed: AnyObject, Sendable {
    /// The queue the producer fills (it drops and counts when full) and the consumer drains.
    var queue: TickQueue { get }
    /// Starts the producer thread. Call once.
    func start()
    /// Asks the producer to stop and waits for it.
    func stop()
    /// The producer's counts so far, with ``FeedReport/dropped`` from the queue. May take a lock.
    var report: FeedReport { get }
    /// Symbol names seen so far. May take a lock; copies on write.
    var symbols: SymbolTable { get }
    /// The error that ended the producer, if any.
    var error: FeedError? { get }
    /// Whether the producer has ended.
    var isFinished: Bool { get }
    /// The connection's state now (a listener or a file is always ``FeedConnection/State/connected``).
    /// May take a lock; cheap enough to read once per frame.
    var connection: FeedConnection { get }
    /// Lines for the end-of-run summary beyond the ``report`` (reconnects, messages missed).
    var summaryLines: [String] { get }
    /// With several value columns (`--value a,b,c`): each column's series name, in the order
    /// given (``TickBatchReader/valueColumnNames``); empty until known. May take a lock.
    var valueColumnNames: [String] { get }
    /// Whether the feed's values are measurements rather than prices, as its first reader
    /// found (``TickBatchReader/valuesAreMeasurements``); false when unknown. May take a lock.
    var valuesAreMeasurements: Bool { get }
    /// What the input was read as (``TickBatchReader/formatDescription``) for the summary's
    /// read-as line, once the producer ended; "" for sources whose messages each say.
    var formatDescription: String { get }
    /// ``FeedReport/badLines`` of ``report`` without making the report (which may merge the
    /// counts of several readers): a log can ask it once a second and read the report only when
    /// it moved. May take a lock; allocates nothing.
    var badLines: Int { get }
    /// ``FeedReport/filteredBySymbol`` of ``report`` (lines of other symbols than `--symbol`'s,
    /// left out), without making the report, as ``badLines``. May take a lock; allocates nothing.
    var filteredBySymbol: Int { get }
}

extension LiveTickFeed {
    /// A source that does not connect anywhere is always connected.
    public var connection: FeedConnection { FeedConnection() }
    /// No extra summary.
    public var summaryLines: [String] { [] }
    /// No value columns by default.
    public var valueColumnNames: [String] { [] }
    /// Prices by default.
    public var valuesAreMeasurements: Bool { false }
    /// None by default.
    public var formatDescription: String { "" }
    /// The report's count (a source whose report is one reader's copy makes it cheaply).
    public var badLines: Int { report.badLines }
    /// The report's count (a source whose report is one reader's copy makes it cheaply).
    public var filteredBySymbol: Int { report.filteredBySymbol }
}

/// The state of a feed's connection to its server, as the chart and the log show it.
public struct FeedConnection: Sendable, Equatable {
    /// Connected, or why not.
    public enum State: Sendable, Equatable {
        /// Trying to connect (the first time, or again after a loss).
        case connecting
        /// Connected and subscribed: ticks can arrive.
        case connected
        /// Lost or refused; the producer retries after a backoff. The text says why.
        case disconnected(String)
    }
    /// The state now. Setting `.disconnected` also counts the loss and keeps its reason, so a
    /// reader polling once a frame still learns of a loss and reconnect quicker than a frame.
    public var state: State = .connected {
        didSet {
            if case let .disconnected(reason) = state, state != oldValue {
                losses += 1
                lastLoss = reason
            }
        }
    }
    /// Successful connections after the first one.
    public var reconnects = 0
    /// Times the state became `.disconnected`.
    public private(set) var losses = 0
    /// Why the connection was last lost or refused; nil before the first loss.
    public private(set) var lastLoss: String?

    /// A connected feed with no reconnects.
    public init(state: State = .connected, reconnects: Int = 0) {
        self.state = state
        self.reconnects = reconnects
    }
}

extension LiveTickSource: LiveTickFeed {
    /// A listener's connection counts (accepted, refused, …); nothing for stdin or a file.
    public var summaryLines: [String] {
        port != nil ? ["\(endpoint): \(listenerReport.summary)"] : []
    }
}
