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
/// broker or the TLS layer refuse end the feed with one ``FeedError/connectionFailed(endpoint:reason:)``
/// naming the cause: retrying cannot cure them.
///
/// Messages stamped by `liveticker publish` (user property `lt-seq`) let it count what it
/// missed while disconnected or while the broker dropped for it (``missedMessages``,
/// ``missedTicks``); a retained copy of a message it already has is skipped
/// (``duplicateMessages``).
public final class MQTTTickSource: LiveTickFeed, @unchecked Sendable {
    // Invariant (why @unchecked Sendable is sound): `endpoint`, `settings`, `queue`, `stopFlag`
    // and the decoder's configuration are immutable; `decoder`, `client` and the
    // sequence arrays are touched only by the producer thread (after `start`); `thread` only
    // by start()/stop() on the owner's thread; everything both sides read lives in `shared`.
    /// Where it connects and what it subscribes to.
    public let endpoint: MQTTEndpoint
    /// How it connects.
    public let settings: MQTTSettings
    /// The queue the producer fills and the consumer drains.
    public let queue: TickQueue
    private let stopFlag: StopFlag
    private let decoder: MessageTickDecoder
    private let client: MQTTConnection
    private var thread: pthread_t?
    private var nextSequence: [UInt64] = []
    private var nextTick: [UInt64] = []
    /// Symbols published to `shared` so far (producer thread only).
    private var publishedSymbols = 0

    private struct Shared {
        var report: FeedReport
        var symbols = SymbolTable()
        var connection = FeedConnection(state: .connecting)
        var error: FeedError?
        var finished = false
        var messages = 0
        var missedMessages = 0
        var missedTicks = 0
        var duplicateMessages = 0
        var retainedMessages = 0
    }
    private let shared: Mutex<Shared>

    /// Prepares the client (no network until ``start()``). Throws when Paho refuses the URI.
    public init(endpoint: MQTTEndpoint, settings: MQTTSettings = MQTTSettings(), options: FeedOptions = FeedOptions(),
        format: PayloadFormat = .auto, topicSymbol: TopicSymbol = .last, queueCapacity: Int = 1 << 16,
        stop: StopFlag = StopFlag()) throws(FeedError)
    {
        self.endpoint = endpoint
        self.settings = settings
        queue = TickQueue(capacity: queueCapacity)
        stopFlag = stop
        decoder = MessageTickDecoder(options: options, format: format, topicSymbol: topicSymbol)
        shared = Mutex(Shared(report: FeedReport(maximumRemembered: options.reportedBadLines)))
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
        guard thread == nil else { return }
        thread = startFeedThread { [self] in self.produce() }
    }

    /// Asks the producer to stop and waits for it (within about 100 ms, or a connect timeout).
    public func stop() {
        stopFlag.stop()
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
    }

    /// Counts so far (lines are payload lines; dropped from the queue). Takes a lock.
    public var report: FeedReport {
        var report = shared.withLock { $0.report }
        report.dropped = queue.dropped
        return report
    }

    /// Symbols seen so far (topic levels and payload symbols). Takes a lock.
    public var symbols: SymbolTable { shared.withLock { $0.symbols } }

    /// Why the feed ended, if it did on an error.
    public var error: FeedError? { shared.withLock { $0.error } }

    /// Whether the producer has ended (an unrecoverable error, or stop).
    public var isFinished: Bool { shared.withLock { $0.finished } }

    /// The connection's state and reconnect count. Takes a lock.
    public var connection: FeedConnection { shared.withLock { $0.connection } }

    /// Messages received so far.
    public var messages: Int { shared.withLock { $0.messages } }
    /// Stamped messages that never arrived (publisher sequence gaps).
    public var missedMessages: Int { shared.withLock { $0.missedMessages } }
    /// Ticks in the stamped messages that never arrived.
    public var missedTicks: Int { shared.withLock { $0.missedTicks } }
    /// Retained copies of messages already received, skipped.
    public var duplicateMessages: Int { shared.withLock { $0.duplicateMessages } }

    /// Messages, retained values, reconnects and what was missed, for the closing summary.
    public var summaryLines: [String] {
        let state = shared.withLock { $0 }
        var line = "\(endpoint): \(state.messages) message(s) (\(state.retainedMessages) retained), "
            + "\(state.connection.reconnects) reconnect(s)"
        if state.missedMessages > 0 || state.duplicateMessages > 0 {
            line += ", missed \(state.missedMessages) message(s) (\(state.missedTicks) ticks)"
            if state.duplicateMessages > 0 { line += ", \(state.duplicateMessages) duplicate(s) skipped" }
        } else {
            line += ", nothing missed that the publisher stamped"
        }
        return [line]
    }

    // MARK: Producer

    private func produce() {
        var backoff = settings.initialBackoffMilliseconds
        var everConnected = false
        // Symbol names are published before the first tick that uses them is queued, so the
        // chart can name a symbol the moment it sees it.
        var sink = QueueSink(queue: queue) { [self] in
            if decoder.symbols.count != publishedSymbols { publishSymbols() }
        }
        var lastPublish = Self.monotonicMilliseconds()
        while !stopFlag.isStopped {
            switch client.connect() {
            case .connected:
                if let refusal = client.subscribe(endpoint.topic, qos: settings.qos) {
                    finish(.connectionFailed(endpoint: endpoint.description, reason: refusal))
                    return
                }
                backoff = settings.initialBackoffMilliseconds
                shared.withLock { state in
                    if everConnected { state.connection.reconnects += 1 }
                    state.connection.state = .connected
                }
                everConnected = true
                readUntilDisconnected(&sink, lastPublish: &lastPublish)
                if stopFlag.isStopped { break }
                setState(.disconnected("connection to \(endpoint.host):\(endpoint.port) lost"))
            case let .retry(reason):
                setState(.disconnected(reason))
            case let .fatal(reason):
                finish(.connectionFailed(endpoint: endpoint.description, reason: reason))
                return
            }
            sleepUnlessStopped(milliseconds: backoff)
            backoff = min(backoff * 2, settings.maximumBackoffMilliseconds)
            if !stopFlag.isStopped { setState(.connecting) }
        }
        client.disconnect(timeoutMilliseconds: 100)
        publishCounts()
        shared.withLock { $0.finished = true }
    }

    private func readUntilDisconnected(_ sink: inout QueueSink, lastPublish: inout Int64) {
        var received = 0
        var retained = 0
        var missed = 0
        var missedTicks = 0
        var duplicates = 0
        var failure: FeedError?
        while !stopFlag.isStopped && failure == nil {
            let status = client.receive(timeoutMilliseconds: 100) { message in
                received += 1
                if message.retained { retained += 1 }
                if let sequence = message.sequence, let topic = decoder.topicIndex(message.topic) {
                    switch account(sequence, topic: topic, retained: message.retained) {
                    case .duplicate:
                        duplicates += 1
                        return
                    case let .gap(messages, ticks):
                        missed += messages
                        missedTicks += ticks
                    case .inOrder: break
                    }
                    // The publisher's end-of-stream mark carries no ticks.
                    if sequence.count == 0 && message.payload.isEmpty { return }
                }
                do throws(FeedError) {
                    try decoder.decode(message.payload, topic: message.topic, arrival: Self.realtimeNanoseconds(), into: &sink)
                } catch {
                    failure = error
                }
            }
            if status == .disconnected { break }
            let now = Self.monotonicMilliseconds()
            if now - lastPublish >= 50 || status == .timeout {
                lastPublish = now
                shared.withLock { state in
                    state.messages += received
                    state.retainedMessages += retained
                    state.missedMessages += missed
                    state.missedTicks += missedTicks
                    state.duplicateMessages += duplicates
                }
                received = 0
                retained = 0
                missed = 0
                missedTicks = 0
                duplicates = 0
                publishCounts()
            }
        }
        shared.withLock { state in
            state.messages += received
            state.retainedMessages += retained
            state.missedMessages += missed
            state.missedTicks += missedTicks
            state.duplicateMessages += duplicates
        }
        publishCounts()
        if let failure {
            finish(failure)
            stopFlag.stop()
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
    private func publishSymbols() {
        let symbols = decoder.symbols
        shared.withLock { $0.symbols = symbols }
        publishedSymbols = symbols.count
    }

    private func publishCounts() {
        let report = decoder.report
        let symbols = decoder.symbols
        shared.withLock { state in
            state.report = report
            if state.symbols.count != symbols.count { state.symbols = symbols }
        }
        publishedSymbols = symbols.count
    }

    private func setState(_ state: FeedConnection.State) {
        shared.withLock { $0.connection.state = state }
    }

    private func finish(_ error: FeedError) {
        publishCounts()
        shared.withLock { state in
            state.error = error
            state.connection.state = .disconnected(error.description)
            state.finished = true
        }
    }

    private func sleepUnlessStopped(milliseconds: Int) {
        var left = milliseconds
        while left > 0 && !stopFlag.isStopped {
            let slice = min(left, 50)
            var request = timespec(tv_sec: 0, tv_nsec: slice * 1_000_000)
            nanosleep(&request, nil)
            left -= slice
        }
    }

    static func realtimeNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) &* 1_000_000_000 &+ Int64(now.tv_nsec)
    }

    static func monotonicMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) &* 1000 &+ Int64(now.tv_nsec) / 1_000_000
    }
}

/// Pushes decoded ticks into the source's queue (which drops and counts when full).
struct QueueSink: TickSink {
    let queue: TickQueue
    /// Called before each batch is queued.
    let beforeBatch: () -> Void

    mutating func consume(_ tick: Tick, symbol: SymbolID) {
        beforeBatch()
        queue.push(tick, symbol: symbol)
    }

    mutating func consume(_ batch: TickBatch) {
        beforeBatch()
        for i in 0..<batch.count { queue.push(batch.ticks[i], symbol: batch.symbols[i]) }
    }
}
