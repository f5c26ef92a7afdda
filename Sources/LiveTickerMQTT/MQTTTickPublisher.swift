import LiveTickerCore
import LiveTickerFeed

#if canImport(Glibc)
import Glibc
#endif

/// Publishes ticks to an MQTT broker as CSV lines `time_ns,value,size[,symbol]`, batching up
/// to ``batchSize`` ticks per message, one topic per symbol when the topic pattern holds
/// `{symbol}` (else one topic, with the symbol in each line).
///
/// Each message carries the user property `lt-seq` = `SEQ,FIRST,COUNT` (message number on
/// its topic, index of its first tick on that topic, ticks in it) so subscribers can count
/// what they missed. Values are written in Swift's shortest round-trip form, so a subscriber
/// parses back exactly the doubles that were sent.
///
/// When the broker goes away, publishing does not stop the caller: messages are counted as
/// not sent (``MQTTPublishCounts/unsentMessages``; their numbers are used up, so subscribers
/// see the gap) and a reconnect is tried at most once per backoff interval (doubling from
/// ``MQTTSettings/initialBackoffMilliseconds``). Credentials or certificates the broker refuses
/// are thrown. Not thread-safe: one thread publishes.
///
/// At QoS 1 messages are pipelined: up to 16 await their
/// acknowledgement at once, and a publish waits only while that window is full (Paho's own
/// wait for one acknowledgement sleeps in 100 ms steps, so waiting per message capped a QoS 1
/// replay at 10 messages/s). The broker acknowledges what it has queued, whatever its
/// subscribers do, so a stopped subscriber cannot hold the publisher; a window still full after
/// 10 s without an acknowledgement counts as a lost connection.
public final class MQTTTickPublisher {
    /// Where it publishes.
    public let endpoint: MQTTEndpoint
    /// Ticks per message at most.
    public let batchSize: Int
    private let client: MQTTConnection
    /// The name of a symbol id (the reader's table, or the feed's).
    private let nameOf: (SymbolID) -> String
    /// ``MQTTEndpoint/topicPerSymbol``, searched for once: per tick, the search's set-up cost
    /// more than formatting the tick.
    private let topicPerSymbol: Bool

    private struct Topic {
        let name: String
        var lines: [UInt8] = []
        var count = 0
        var nextSequence: UInt64 = 0
        var nextTick: UInt64 = 0
    }
    private var topics: [Topic] = []
    /// Topic index by symbol id (-1: not seen yet).
    private var topicOfSymbol: [Int] = []
    private var connected = false
    private var backoff: Int
    private var nextAttempt: Int64 = 0
    /// The flag given to ``connect(stop:)``: a reconnect's host lookup gives up when it is raised.
    private var stop = StopFlag()

    /// What was sent, not sent and not acknowledged so far, and the reconnects. O(1).
    public var counts: MQTTPublishCounts {
        var counts = tally
        counts.topics = topics.count
        return counts
    }
    private var tally = MQTTPublishCounts()
    /// Why the last attempt failed, when it did.
    public private(set) var lastProblem: String?

    /// A publisher; no network until ``connect(stop:)``. `role` goes into the default client id
    /// (`liveticker-ROLE-…`). Throws when Paho refuses the URI.
    public init(endpoint: MQTTEndpoint, settings: MQTTSettings = MQTTSettings(), batchSize: Int = 1,
        role: String = "publish", nameOf: @escaping (SymbolID) -> String) throws(FeedError)
    {
        self.endpoint = endpoint
        self.batchSize = max(1, batchSize)
        self.nameOf = nameOf
        topicPerSymbol = endpoint.topicPerSymbol
        backoff = settings.initialBackoffMilliseconds
        do {
            client = try MQTTConnection(endpoint: endpoint, settings: settings, role: role)
        } catch {
            throw .connectionFailed(endpoint: endpoint.description, reason: error.message)
        }
    }

    /// Connects, retrying with backoff until it succeeds, `stop` is raised (returns false), or the
    /// broker refuses for good (throws). `report` hears each failed attempt's reason.
    public func connect(stop: StopFlag, report: (String) -> Void = { _ in }) throws(FeedError) -> Bool {
        self.stop = stop
        var wait = client.settings.initialBackoffMilliseconds
        while !stop.isStopped {
            switch client.connect(stop: stop) {
            case .connected:
                connected = true
                return true
            case let .retry(reason):
                report(reason)
            case let .fatal(reason):
                throw .connectionFailed(endpoint: endpoint.description, reason: reason)
            }
            var left = wait
            while left > 0 && !stop.isStopped {
                var request = timespec(tv_sec: 0, tv_nsec: min(left, 50) * 1_000_000)
                nanosleep(&request, nil)
                left -= 50
            }
            wait = min(wait * 2, client.settings.maximumBackoffMilliseconds)
        }
        return false
    }

    /// Adds one tick to its topic's batch, publishing the batch when it is full. O(1) amortised;
    /// formats the tick into the batch's bytes (a value of more than 15 characters, such as
    /// `1.7976931348623157e+308`, allocates a string on the way).
    public func add(_ tick: Tick, symbol: SymbolID) throws(FeedError) {
        let index = topicIndex(symbol)
        append(tick, symbol: symbol, to: &topics[index].lines)
        topics[index].count += 1
        if topics[index].count >= batchSize { try send(index) }
    }

    /// Publishes every partly filled batch.
    public func flush() throws(FeedError) {
        for index in topics.indices where topics[index].count > 0 { try send(index) }
    }

    /// Publishes every partly filled batch, then on each topic an empty stamped message (never
    /// retained) that marks the end of the stream, so a subscriber that lost the last messages
    /// can count them too. Call at the end of a replay.
    public func finish() throws(FeedError) {
        try flush()
        guard connected else { return }
        for index in topics.indices {
            let sequence = "\(topics[index].nextSequence),\(topics[index].nextTick),0"
            topics[index].nextSequence += 1
            _ = [UInt8]().withUnsafeBytes {
                client.publish(topic: topics[index].name, payload: $0, sequence: sequence, retain: false)
            }
        }
    }

    /// Disconnects after flushing: QoS 1 messages in flight get up to a second for their
    /// acknowledgements; those still unanswered are counted (``MQTTPublishCounts/unacknowledgedMessages``).
    public func close() {
        if connected {
            tally.unacknowledgedMessages += client.awaitAcknowledgements(timeoutMilliseconds: 1000)
        }
        client.disconnect()
        connected = false
    }

    /// Topics published to so far.
    public var topicNames: [String] { topics.map(\.name) }

    /// How many topics it has published to so far. O(1).
    public var topicCount: Int { topics.count }

    private func topicIndex(_ symbol: SymbolID) -> Int {
        let id = Int(symbol.rawValue)
        if id >= topicOfSymbol.count {
            topicOfSymbol.append(contentsOf: repeatElement(-1, count: id + 1 - topicOfSymbol.count))
        }
        if topicOfSymbol[id] >= 0 { return topicOfSymbol[id] }
        let name = topicPerSymbol ? endpoint.topic(forSymbol: nameOf(symbol)) : endpoint.topic
        if let existing = topics.firstIndex(where: { $0.name == name }) {
            topicOfSymbol[id] = existing
            return existing
        }
        topics.append(Topic(name: name))
        topicOfSymbol[id] = topics.count - 1
        return topics.count - 1
    }

    private func append(_ tick: Tick, symbol: SymbolID, to lines: inout [UInt8]) {
        Self.appendInteger(tick.time, to: &lines)
        lines.append(UInt8(ascii: ","))
        Self.appendNumber(tick.value, to: &lines)
        lines.append(UInt8(ascii: ","))
        Self.appendNumber(tick.size, to: &lines)
        if !topicPerSymbol {
            let name = nameOf(symbol)
            if !name.isEmpty {
                lines.append(UInt8(ascii: ","))
                lines.append(contentsOf: name.utf8)
            }
        }
        lines.append(UInt8(ascii: "\n"))
    }

    /// Shortest round-trip text; whole numbers below 2^53 without ".0".
    static func appendNumber(_ value: Double, to lines: inout [UInt8]) {
        if value.isFinite, value == value.rounded(.towardZero), abs(value) < 9_007_199_254_740_992 {
            if value == 0 && value.sign == .minus {
                lines.append(contentsOf: "-0".utf8)
            } else {
                appendInteger(Int64(value), to: &lines)
            }
            return
        }
        // At most 24 bytes; up to 15 of them (prices, sizes) fit a String without allocating.
        lines.append(contentsOf: value.description.utf8)
    }

    /// The decimal digits of `value`, written straight into `lines`: a nanosecond time has 19,
    /// which `String(_:)` would store on the heap, once a tick. O(digits), no allocation
    /// beyond `lines`' growth.
    static func appendInteger(_ value: Int64, to lines: inout [UInt8]) {
        if value < 0 { lines.append(UInt8(ascii: "-")) }
        var rest = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes, filled from the end
        let count = withUnsafeMutableBytes(of: &digits) { buffer in
            var at = buffer.count
            repeat {
                at &-= 1
                buffer[at] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            return buffer.count &- at
        }
        withUnsafeBytes(of: &digits) { lines.append(contentsOf: $0.suffix(count)) }
    }

    private func send(_ index: Int) throws(FeedError) {
        let count = topics[index].count
        let sequence = "\(topics[index].nextSequence),\(topics[index].nextTick),\(count)"
        topics[index].nextSequence += 1
        topics[index].nextTick += UInt64(count)
        defer {
            topics[index].lines.removeAll(keepingCapacity: true)
            topics[index].count = 0
        }
        if !connected { tryReconnect() }
        if connected {
            let problem = topics[index].lines.withUnsafeBytes {
                client.publish(topic: topics[index].name, payload: $0, sequence: sequence)
            }
            if problem == nil {
                tally.sentMessages += 1
                tally.sentTicks += count
                return
            }
            if client.isConnected {
                // The broker answered but refused (not authorized): retrying cannot cure it.
                throw .connectionFailed(endpoint: endpoint.description, reason: problem!)
            }
            connected = false
            lastProblem = problem
            // QoS 1 messages in flight when the connection went are gone (a clean start).
            tally.unacknowledgedMessages += client.pendingAcknowledgements
            nextAttempt = SystemClock.monotonic.milliseconds() + Int64(backoff)
        }
        tally.unsentMessages += 1
        tally.unsentTicks += count
    }

    private func tryReconnect() {
        let now = SystemClock.monotonic.milliseconds()
        guard now >= nextAttempt else { return }
        switch client.connect(stop: stop) {
        case .connected:
            connected = true
            tally.reconnects += 1
            backoff = client.settings.initialBackoffMilliseconds
        case let .retry(reason), let .fatal(reason):
            lastProblem = reason
            nextAttempt = now + Int64(backoff)
            backoff = min(backoff * 2, client.settings.maximumBackoffMilliseconds)
        }
    }
}
