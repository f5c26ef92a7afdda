import LiveTickerCore
import LiveTickerFeed

#if canImport(Glibc)
import Glibc
#endif

/// A live feed from a WebSocket server (`ws://`, `wss://`): every whole message (text or
/// binary) goes through the shared payload decoder (``MessageTickDecoder``: JSON with the file
/// reader's field aliases or the key paths of ``FeedOptions``, a bare number timed at its
/// arrival, line protocol, CSV lines) into a ``TickQueue`` the chart drains. Ticks whose
/// message names no symbol get ``WebSocketEndpoint/symbolName``.
///
/// The producer thread connects, sends the subscribe message (if any) after every upgrade, and
/// reads until the connection ends; then waits (100 ms doubling to 5 s by default, back to
/// 100 ms after a connection that delivered a message) and connects again, forever, until stopped. libwebsockets PINGs a quiet
/// connection and hangs up one whose server stopped answering (``WebSocketSettings``). A
/// certificate the TLS layer refuses ends the feed with one
/// ``FeedError/connectionFailed(endpoint:reason:)`` naming the cause: retrying cannot cure it.
///
/// Nothing a server sends can end the program or grow its memory: a message longer than
/// ``WebSocketSettings/maximumMessageBytes`` is skipped and counted, a malformed one is a bad
/// line (counted by kind, the first few remembered with their message number), a protocol
/// error closes the connection and the client reconnects.
public final class WebSocketTickSource: ClientTickFeed, @unchecked Sendable {
    // Invariant (why @unchecked Sendable is sound): every stored property is immutable or
    // thread-safe; the client and the decoder are created and used on the producer thread
    // only; everything both sides read lives in `feedThread.state`.
    /// Where it connects.
    public let endpoint: WebSocketEndpoint
    /// How it connects.
    public let settings: WebSocketSettings
    /// The queue the producer fills and the consumer drains.
    public let queue: TickQueue
    private let options: FeedOptions
    private let format: PayloadFormat
    /// The producer thread and what it shares (``ClientTickFeed``).
    public let feedThread: FeedThread<ClientFeedState<Counts>>

    /// The client's own counts, shared with the reader.
    public struct Counts: Sendable, Equatable {
        /// Whole messages received.
        public var messages = 0
        /// Messages longer than the limit, skipped.
        public var oversized = 0
        /// Binary messages (decoded like text).
        public var binary = 0
        /// PONGs received (answers to keepalive PINGs).
        public var pongs = 0
        /// Connections that ended (closed by the server, failed, timed out).
        public var disconnects = 0
    }

    /// Prepares the feed (no network until ``start()``). Throws when the settings are out of range.
    public init(endpoint: WebSocketEndpoint, settings: WebSocketSettings = WebSocketSettings(),
        options: FeedOptions = FeedOptions(), format: PayloadFormat = .auto, queueCapacity: Int = 1 << 16,
        stop: StopFlag = StopFlag()) throws(FeedError)
    {
        guard (1024...(64 << 20)).contains(settings.maximumMessageBytes) else {
            throw .invalidOption(
                name: "--max-message", value: "\(settings.maximumMessageBytes)", reason: "must be 1 KiB…64 MiB")
        }
        self.endpoint = endpoint
        self.settings = settings
        self.options = options
        self.format = format
        queue = TickQueue(capacity: queueCapacity)
        feedThread = FeedThread(
            name: endpoint.description,
            state: ClientFeedState(report: FeedReport(maximumRemembered: options.reportedBadLines), counts: Counts()),
            stop: stop)
    }

    deinit { stop() }

    /// Starts the producer thread. Call once.
    public func start() {
        feedThread.start { [self] producer throws(FeedError) in try self.produce(producer) }
    }

    /// Messages, reconnects, what was skipped, for the closing summary.
    public var summaryLines: [String] {
        let state = feedThread.state.withLock { $0 }
        let c = state.counts
        var line = "\(endpoint): \(c.messages) message(s), \(state.connection.reconnects) reconnect(s)"
        if c.disconnects > 0 { line += " after \(c.disconnects) lost connection(s)" }
        if c.oversized > 0 { line += ", \(c.oversized) message(s) over \(settings.maximumMessageBytes) bytes skipped" }
        if c.binary > 0 { line += ", \(c.binary) binary" }
        if c.pongs > 0 { line += ", \(c.pongs) pong(s)" }
        return [line]
    }

    // MARK: Producer

    private func produce(_ producer: FeedProducer<ClientFeedState<Counts>>) throws(FeedError) {
        let client: WebSocketClient
        do {
            client = try WebSocketClient(endpoint: endpoint, settings: settings)
        } catch {
            throw .connectionFailed(endpoint: endpoint.description, reason: error.message)
        }
        let decoder = MessageTickDecoder(options: options, format: format, topicSymbol: .full)
        let topic = Array(endpoint.symbolName.utf8)
        var publishedSymbols = 0
        var sink = QueueSink(queue: queue) {
            // Names reach the reader before the first tick that uses them.
            if decoder.symbols.count != publishedSymbols {
                publishedSymbols = decoder.symbols.count
                // Appended, not assigned: a shared copy would make the decoder's next new
                // symbol copy the whole table (O(n²) over n symbols).
                producer.update { $0.symbols.appendNames(from: decoder.symbols) }
            }
        }
        var failure: FeedError?
        var binary = 0
        client.onMessage = { payload, isBinary in
            if isBinary { binary += 1 }
            guard failure == nil else { return }
            topic.withUnsafeBytes { topicBytes in
                do throws(FeedError) {
                    _ = try decoder.decode(payload, topic: topicBytes, arrival: SystemClock.realtime.nanoseconds(), into: &sink)
                } catch {
                    failure = error
                }
            }
        }
        func publish() {
            let report = decoder.report
            publishedSymbols = decoder.symbols.count
            let messages = client.messages
            let oversized = client.oversizedMessages
            let pongs = client.pongs
            producer.update { state in
                state.report = report
                state.symbols.appendNames(from: decoder.symbols)
                state.counts.messages = messages
                state.counts.oversized = oversized
                state.counts.pongs = pongs
                state.counts.binary = binary
            }
        }
        defer { publish() }
        var backoff = ReconnectBackoff(
            initialMilliseconds: settings.initialBackoffMilliseconds, maximumMilliseconds: settings.maximumBackoffMilliseconds)
        var everConnected = false
        var lastPublish = SystemClock.monotonic.milliseconds()
        while !producer.isStopped {
            producer.update { $0.connection.state = .connecting }
            if let failure = client.connect(stop: producer.stopFlag) {
                if producer.isStopped { break }
                producer.update { $0.connection.state = .disconnected(failure) }
                producer.sleep(milliseconds: backoff.next())
                continue
            }
            var established = false
            var messagesAtConnect = 0
            var establishedAt: Int64 = 0
            var reason = ""
            while !producer.isStopped {
                let state = client.service()
                if let failure {
                    publish()
                    throw failure
                }
                if state == .established && !established {
                    established = true
                    messagesAtConnect = client.messages
                    establishedAt = SystemClock.monotonic.milliseconds()
                    producer.update { state in
                        if everConnected { state.connection.reconnects += 1 }
                        state.connection.state = .connected
                    }
                    everConnected = true
                }
                if case let .closed(why) = state {
                    reason = why
                    break
                }
                let now = SystemClock.monotonic.milliseconds()
                if now - lastPublish >= 50 {
                    lastPublish = now
                    publish()
                }
            }
            publish()
            if producer.isStopped { break }
            if Self.isCertificateFailure(reason) {
                throw .connectionFailed(endpoint: endpoint.description, reason: "TLS: \(reason)")
            }
            // Only a connection that delivered and lasted resets the delays: a server that
            // accepts and closes at once, or sends a message and then breaks the protocol, is
            // retried ever more slowly (it was retried every 100 ms, a log line each time).
            let lasted = SystemClock.monotonic.milliseconds() - establishedAt >= Self.healthyConnectionMilliseconds
            if established && client.messages > messagesAtConnect && lasted { backoff.reset() }
            let lost = established ? "connection lost: \(reason)" : reason
            producer.update { state in
                if established { state.counts.disconnects += 1 }
                state.connection.state = .disconnected(lost.isEmpty ? "connection failed" : lost)
            }
            producer.sleep(milliseconds: backoff.next())
        }
    }

    /// How long a connection that delivered must have lasted to count as healthy, so that
    /// the next loss is retried at once rather than after the grown delay.
    static let healthyConnectionMilliseconds: Int64 = 10_000

    /// Whether libwebsockets' reason is the server's certificate being refused (wrong CA,
    /// wrong host name, expired): retrying would only repeat it.
    static func isCertificateFailure(_ reason: String) -> Bool {
        let lower = reason.lowercased()
        return lower.contains("certificate") || lower.contains("x509") || lower.contains("cert didn")
    }
}
