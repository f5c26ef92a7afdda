import LiveTickerCore
import LiveTickerFeed
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A live feed from an MQTT broker: subscribes to a topic filter and turns every message into
/// ticks (``MessageTickDecoder``: CSV lines or a bare number; the topic names the symbol) in a
/// ``TickQueue`` the chart drains.
///
/// The producer thread connects, subscribes, and reads until the connection is lost; then it
/// waits (100 ms doubling to 5 s by default, reset after a successful connect) and connects
/// and subscribes again, forever, until stopped. A clean session is asked for on every connect,
/// so a retained message gives each topic's last value at once. Credentials or certificates the
/// broker or the TLS layer refuse, and a subscription the broker refuses, end the feed with one
/// ``FeedError/connectionFailed(endpoint:reason:)`` naming the cause: retrying cannot cure them.
/// A connection lost while subscribing is lost like any other: connected again.
///
/// Messages stamped by `liveticker publish` (user property `lt-seq`) let it count what it
/// missed while disconnected or while the broker dropped for it (``Counts/missedMessages``,
/// ``Counts/missedTicks``); a retained copy of a message it already has is skipped
/// (``Counts/duplicateMessages``).
public final class MQTTTickSource: ClientTickFeed, @unchecked Sendable {
    // Invariant (why @unchecked Sendable is sound): `endpoint`, `settings`, `queue`, `feedThread`
    // and the decoder's configuration are immutable or thread-safe; `decoder`, `client` and the
    // sequence arrays are touched only by the producer thread (after `start`); everything both
    // sides read lives in `feedThread.state`.
    /// Where it connects and what it subscribes to.
    public let endpoint: MQTTEndpoint
    /// How it connects.
    public let settings: MQTTSettings
    /// The queue the producer fills and the consumer drains.
    public let queue: TickQueue
    private let decoder: MessageTickDecoder
    private let client: MQTTConnection
    private var nextSequence: [UInt64] = []
    private var nextTick: [UInt64] = []
    /// Symbols published to `shared` so far (producer thread only).
    private var publishedSymbols = 0

    /// The subscriber's own counts, beside the client state every connect-out feed shares.
    public struct Counts: Sendable, Equatable {
        /// Messages received (retained ones included).
        public var messages = 0
        /// Stamped messages that never arrived: publisher sequence gaps (a broker restart, or
        /// the broker dropping for this subscriber when it fell behind).
        public var missedMessages = 0
        /// Ticks in the stamped messages that never arrived.
        public var missedTicks = 0
        /// Retained copies of messages already received, skipped.
        public var duplicateMessages = 0
        /// Messages the broker delivered from its retained store.
        public var retainedMessages = 0
        /// Messages longer than ``MQTTSettings/maximumMessageBytes`` that still arrived (the
        /// broker is told the limit plus room for a topic), skipped.
        public var oversizedMessages = 0

        mutating func add(_ other: Counts) {
            oversizedMessages += other.oversizedMessages
            messages += other.messages
            missedMessages += other.missedMessages
            missedTicks += other.missedTicks
            duplicateMessages += other.duplicateMessages
            retainedMessages += other.retainedMessages
        }
    }
    private typealias Producer = FeedProducer<ClientFeedState<Counts>>
    /// The producer thread and what it shares (``ClientTickFeed``).
    public let feedThread: FeedThread<ClientFeedState<Counts>>

    /// Prepares the client (no network until ``start()``). Throws when Paho refuses the URI.
    public init(endpoint: MQTTEndpoint, settings: MQTTSettings = MQTTSettings(), options: FeedOptions = FeedOptions(),
        format: PayloadFormat = .auto, topicSymbol: TopicSymbol = .last, queueCapacity: Int = 1 << 16,
        stop: StopFlag = StopFlag()) throws(FeedError)
    {
        self.endpoint = endpoint
        self.settings = settings
        queue = TickQueue(capacity: queueCapacity)
        decoder = MessageTickDecoder(options: options, format: format, topicSymbol: topicSymbol)
        feedThread = FeedThread(
            name: endpoint.description,
            state: ClientFeedState(report: FeedReport(maximumRemembered: options.reportedBadLines), counts: Counts()),
            stop: stop)
        do {
            client = try MQTTConnection(endpoint: endpoint, settings: settings, role: "live")
        } catch {
            throw .connectionFailed(endpoint: endpoint.description, reason: error.message)
        }
    }

    deinit {
        stop()
    }

    /// Starts the producer thread. Call once.
    public func start() {
        feedThread.start { [self] producer in self.produce(producer) }
    }

    /// Messages, retained values, reconnects and what was missed, for the closing summary.
    public var summaryLines: [String] {
        let (counts, reconnects) = feedThread.state.withLock { ($0.counts, $0.connection.reconnects) }
        var line = "\(endpoint): \(counts.messages) message(s) (\(counts.retainedMessages) retained), "
            + "\(reconnects) reconnect(s)"
        if counts.missedMessages > 0 || counts.duplicateMessages > 0 {
            line += ", missed \(counts.missedMessages) message(s) (\(counts.missedTicks) ticks)"
            if counts.duplicateMessages > 0 { line += ", \(counts.duplicateMessages) duplicate(s) skipped" }
        } else {
            line += ", nothing missed that the publisher stamped"
        }
        if counts.oversizedMessages > 0, let limit = settings.maximumMessageBytes {
            line += ", \(counts.oversizedMessages) message(s) over --max-message \(limit) bytes skipped"
        }
        return [line]
    }

    // MARK: Producer

    private func produce(_ producer: Producer) {
        var backoff = ReconnectBackoff(
            initialMilliseconds: settings.initialBackoffMilliseconds, maximumMilliseconds: settings.maximumBackoffMilliseconds)
        var everConnected = false
        // Symbol names are published before the first tick that uses them is queued, so the
        // chart can name a symbol the moment it sees it.
        var sink = QueueSink(queue: queue) { [self] in
            if decoder.symbols.count != publishedSymbols { publishSymbols(producer) }
        }
        var lastPublish = SystemClock.monotonic.milliseconds()
        while !producer.isStopped {
            attempt: switch client.connect(stop: producer.stopFlag) {
            case .connected:
                switch client.subscribe(endpoint.topic, qos: settings.qos) {
                case .subscribed:
                    break
                case let .lost(reason):
                    setState(.disconnected(reason), producer)
                    break attempt
                case let .refused(reason):
                    finish(.connectionFailed(endpoint: endpoint.description, reason: reason), producer)
                    return
                }
                backoff.reset()
                producer.update { state in
                    if everConnected { state.connection.reconnects += 1 }
                    state.connection.state = .connected
                }
                everConnected = true
                readUntilDisconnected(&sink, lastPublish: &lastPublish, producer)
                if producer.isStopped { break }
                setState(.disconnected("connection to \(endpoint.host):\(endpoint.port) lost"), producer)
            case let .retry(reason):
                // A stop during the host lookup is no loss to show.
                if !producer.isStopped { setState(.disconnected(reason), producer) }
            case let .fatal(reason):
                finish(.connectionFailed(endpoint: endpoint.description, reason: reason), producer)
                return
            }
            producer.sleep(milliseconds: backoff.next())
            if !producer.isStopped { setState(.connecting, producer) }
        }
        client.disconnect(timeoutMilliseconds: 100)
        publishCounts(producer)
    }

    private func readUntilDisconnected(_ sink: inout QueueSink, lastPublish: inout Int64, _ producer: Producer) {
        var counts = Counts()
        var failure: FeedError?
        while !producer.isStopped && failure == nil {
            let status = client.receive(timeoutMilliseconds: 100) { message in
                counts.messages += 1
                if message.retained { counts.retainedMessages += 1 }
                // The broker holds back only packets over the limit and the topic's room: the
                // payload itself is held to the limit here.
                if let limit = settings.maximumMessageBytes, message.payload.count > limit {
                    counts.oversizedMessages += 1
                    return
                }
                if let sequence = message.sequence, let topic = decoder.topicIndex(message.topic) {
                    switch account(sequence, topic: topic, retained: message.retained) {
                    case .duplicate:
                        counts.duplicateMessages += 1
                        return
                    case let .gap(messages, ticks):
                        counts.missedMessages += messages
                        counts.missedTicks += ticks
                    case .inOrder: break
                    }
                    // The publisher's end-of-stream mark carries no ticks.
                    if sequence.count == 0 && message.payload.isEmpty { return }
                }
                do throws(FeedError) {
                    try decoder.decode(message.payload, topic: message.topic, arrival: SystemClock.realtime.nanoseconds(), into: &sink)
                } catch {
                    failure = error
                }
            }
            if status == .disconnected { break }
            let now = SystemClock.monotonic.milliseconds()
            if now - lastPublish >= 50 || status == .timeout {
                lastPublish = now
                let batch = counts
                producer.update { $0.counts.add(batch) }
                counts = Counts()
                publishCounts(producer)
            }
        }
        let batch = counts
        producer.update { $0.counts.add(batch) }
        publishCounts(producer)
        if let failure {
            finish(failure, producer)
            producer.stopFlag.stop()
        }
    }

    private enum SequenceOutcome {
        case inOrder
        case gap(messages: Int, ticks: Int)
        case duplicate
    }

    /// Follows the publisher's stamps per topic: a jump forward is a gap; a retained message at
    /// or before what was already seen is a duplicate (the broker's copy after a reconnect);
    /// any other step back means the publisher started over.
    private func account(_ sequence: (number: UInt64, first: UInt64, count: UInt64), topic: Int, retained: Bool)
        -> SequenceOutcome
    {
        if topic >= nextSequence.count {
            nextSequence.append(contentsOf: repeatElement(0, count: topic + 1 - nextSequence.count))
            nextTick.append(contentsOf: repeatElement(0, count: topic + 1 - nextTick.count))
        }
        let expected = nextSequence[topic]
        var outcome = SequenceOutcome.inOrder
        if expected > 0 {
            if sequence.number < expected && retained { return .duplicate }
            if sequence.number > expected {
                outcome = .gap(
                    messages: Int(sequence.number - expected),
                    ticks: sequence.first > nextTick[topic] ? Int(sequence.first - nextTick[topic]) : 0)
            }
        }
        nextSequence[topic] = sequence.number + 1
        nextTick[topic] = sequence.first + sequence.count
        return outcome
    }

    /// Only the symbols: safe while the decoder is mid-message (the report is not).
    private func publishSymbols(_ producer: Producer) {
        // The decoder's table is read in place, never kept: a copy kept would make its next
        // insert copy the whole table.
        let decoder = decoder
        producer.update { $0.symbols.appendNames(from: decoder.symbols) }
        publishedSymbols = decoder.symbols.count
    }

    private func publishCounts(_ producer: Producer) {
        let report = decoder.report
        let decoder = decoder
        producer.update { state in
            state.report = report
            state.symbols.appendNames(from: decoder.symbols)
        }
        publishedSymbols = decoder.symbols.count
    }

    private func setState(_ state: FeedConnection.State, _ producer: Producer) {
        producer.update { $0.connection.state = state }
    }

    /// Counts published, then the error recorded; the feed thread marks the feed finished
    /// when `produce` returns.
    private func finish(_ error: FeedError, _ producer: Producer) {
        publishCounts(producer)
        producer.update { $0.end(with: error) }
    }
}
