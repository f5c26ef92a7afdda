import LiveTickerCore
import LiveTickerFeed

#if canImport(Glibc)
import Glibc
#endif

/// Forwards the ticks a kiosk receives to an MQTT broker (`live … --republish mqtt://…`)
/// without slowing the kiosk: the display thread hands each tick to ``forward(_:symbol:)``, an
/// O(1) push into a bounded ``TickQueue`` that never blocks (when the queue is full the tick
/// is dropped and counted, ``dropped``); a ``FeedThread`` of its own drains the queue into an
/// ``MQTTTickPublisher`` (the same CSV lines, `lt-seq` stamps, batching and reconnect as
/// `liveticker publish`).
///
/// Batching: everything queued is added at once (a full batch of ``MQTTTickPublisher/batchSize``
/// ticks goes out as soon as it fills); when the queue is empty, partly filled batches are sent,
/// so a slow feed still goes out tick by tick. When idle the thread polls the queue every 1 ms,
/// backing off to 16 ms after a quiet while (a still feed costs almost no CPU).
///
/// ``stop()`` forwards what is still queued, sends the end-of-stream marks and disconnects.
/// A broker that refuses the credentials ends the republisher with ``error``.
public final class MQTTRepublisher: @unchecked Sendable {
    // Invariant (why @unchecked Sendable is sound): `publisher` is touched only by the worker
    // thread after `start` (and by `init` before it); `queue` is single-producer (the thread
    // calling `forward`) single-consumer (the worker); the rest is immutable or behind the
    // worker's lock.
    /// Where it publishes (a topic pattern with `{symbol}`).
    public let endpoint: MQTTEndpoint
    /// What the display thread fills and the publisher drains.
    public let queue: TickQueue
    private let publisher: MQTTTickPublisher
    private let worker: FeedThread<ClientFeedState<MQTTPublishCounts>>

    /// A republisher to `endpoint`; no network until ``start()``. `nameOf` names a symbol id
    /// (called on the publisher's thread, once per new id). Throws when Paho refuses the URI.
    public init(
        endpoint: MQTTEndpoint, settings: MQTTSettings = MQTTSettings(), batchSize: Int = 100,
        queueCapacity: Int = 1 << 16, nameOf: @escaping @Sendable (SymbolID) -> String
    ) throws(FeedError) {
        self.endpoint = endpoint
        queue = TickQueue(capacity: queueCapacity)
        publisher = try MQTTTickPublisher(
            endpoint: endpoint, settings: settings, batchSize: batchSize, role: "republish", nameOf: nameOf)
        worker = FeedThread(
            name: endpoint.description,
            state: ClientFeedState(report: FeedReport(), counts: MQTTPublishCounts()))
    }

    deinit { stop() }

    /// Starts the publisher's thread (it connects, retrying with backoff). Call once.
    public func start() {
        worker.start { [self] producer throws(FeedError) in try self.run(producer) }
    }

    /// Display thread: queues a tick for the broker, or drops and counts it when the queue is
    /// full. Never blocks, never allocates. O(1).
    @inline(__always)
    public func forward(_ tick: Tick, symbol: SymbolID) {
        queue.push(tick, symbol: symbol)
    }

    /// Forwards what is still queued, marks the end of the stream on each topic, disconnects
    /// and waits for the thread. Safe to call more than once.
    public func stop() { worker.stop() }

    /// Ticks dropped because the publisher fell behind the feed (queue full).
    public var dropped: Int { queue.dropped }

    /// What it sent and could not send so far. Takes a lock.
    public var counts: MQTTPublishCounts { worker.state.withLock { $0.counts } }

    /// Connected, connecting (and why not). Takes a lock.
    public var connection: FeedConnection { worker.state.withLock { $0.connection } }

    /// The refusal that ended it (credentials, certificate), if any.
    public var error: FeedError? { worker.error }

    /// Whether its thread has ended (stopped, or refused for good).
    public var isFinished: Bool { worker.isFinished }

    /// One line for the end-of-run summary: what went out, what was dropped or not sent.
    public var summary: String {
        let dropped = dropped
        return counts.summary(
            verb: "republished", host: endpoint.host, port: endpoint.port,
            detail: dropped > 0 ? "\(dropped) ticks dropped (the broker link was slower than the feed)" : "none dropped")
    }

    // MARK: Worker

    private struct PublishingSink: TickSink {
        let publisher: MQTTTickPublisher
        var failure: FeedError?

        mutating func consume(_ tick: Tick, symbol: SymbolID) {
            guard failure == nil else { return }
            do throws(FeedError) { try publisher.add(tick, symbol: symbol) } catch { failure = error }
        }
    }

    private func run(_ producer: FeedProducer<ClientFeedState<MQTTPublishCounts>>) throws(FeedError) {
        let connected = try publisher.connect(stop: producer.stopFlag) { reason in
            producer.update { $0.connection.state = .disconnected(reason) }
        }
        guard connected else {
            let left = queue.count
            producer.update { $0.counts.neverSentTicks = left }
            return
        }
        producer.update { $0.connection.state = .connected }
        var sink = PublishingSink(publisher: publisher)
        var idle = 0
        var lastPublish = SystemClock.monotonic.milliseconds()
        defer { publisher.close() }
        while true {
            // Read the flag before draining: whatever was queued before stop() is forwarded.
            let stopping = producer.isStopped
            let moved = queue.drain(into: &sink)
            if let failure = sink.failure { throw failure }
            if moved == 0 {
                try publisher.flush()
                if stopping { break }
                idle += 1
                var pause = timespec(tv_sec: 0, tv_nsec: (idle < 100 ? 1 : 16) * 1_000_000)
                nanosleep(&pause, nil)
            } else {
                idle = 0
            }
            let now = SystemClock.monotonic.milliseconds()
            if now - lastPublish >= 50 || moved == 0 {
                lastPublish = now
                publishCounts(producer)
            }
        }
        try publisher.finish()
        publisher.close()  // waits for QoS 1 acknowledgements, so the counts say what was never acknowledged
        publishCounts(producer)
    }

    private func publishCounts(_ producer: FeedProducer<ClientFeedState<MQTTPublishCounts>>) {
        let counts = publisher.counts
        producer.update { state in
            state.counts = counts
            state.connection.reconnects = counts.reconnects
        }
    }
}
