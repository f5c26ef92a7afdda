import LiveTickerChart
import LiveTickerCore
import LiveTickerFeed
import LiveTickerMQTT
import LiveTickerRender

#if canImport(Glibc)
import Glibc
#endif

/// MQTT through a real broker: a mosquitto started here on a loopback port (``LocalBroker``),
/// `liveticker publish`'s publisher (``MQTTTickPublisher``) on one thread of this process, the
/// kiosk's subscriber (``MQTTTickSource``: Paho, the payload decoder, its tick queue) on
/// another, and this thread draining the queue as the render loop does. All of it shares the
/// machine's cores with the broker, so the rates are those of the whole chain: on the machines
/// here the publisher (formatting each tick as text, one Paho publish a message) is its
/// slowest link, so these figures bound the subscriber from below.
/// - ingest, QoS 0: messages/s and ticks/s for single-tick messages and for batches of 100
///   ticks a message, from the first tick drained to the last;
/// - latency: single-tick messages published at 1 000 messages/s, each stamped with the wall
///   clock when it is handed to Paho; p50 and p99 of the time until the 1920×1080 frame that
///   first shows it is drawn (drained, appended, drawn; the wait for the next vsync and the
///   scan-out copy are not counted).
/// Skipped with a note when mosquitto is not installed.
/// Reference points (the design notes handed to the team, measured on these machines with one
/// C subscriber over loopback at QoS 0, 24–29-byte messages, a quiet broker): 50–80 k
/// messages/s single, 4.6–5.6 M ticks/s in batches of 100, p50 60–120 µs at 1 000 messages/s.
enum MQTTBenchmark {
    static func run(_ options: BenchOptions, into report: inout BenchReport) {
        let broker: LocalBroker
        switch LocalBroker.start() {
        case let .success(started): broker = started
        case let .failure(failure):
            report.note("mqtt", "skipped: \(failure.reason)")
            return
        }
        defer { broker.stop() }
        let single = options.quick ? 50_000 : 200_000
        ingest(port: broker.port, batch: 1, messages: single, key: "mqtt.ingest.single", report: &report)
        ingest(port: broker.port, batch: 100, messages: single / 20, key: "mqtt.ingest.batch100", report: &report)
        latency(port: broker.port, rate: 1000, seconds: options.quick ? 2 : 5, report: &report)
    }

    /// Counts what the consumer drains.
    private struct CountingSink: TickSink {
        var ticks = 0
        mutating func consume(_ tick: Tick, symbol: SymbolID) { ticks += 1 }
    }

    /// Charts each tick (its time is its publish stamp) and keeps the stamps of the ticks not
    /// yet shown, so their latency is taken once the frame that shows them is drawn.
    private struct FrameLatencySink: TickSink {
        let series: LiveSeries
        var pending: [Int64] = []
        var samples = TimingSamples()
        mutating func consume(_ tick: Tick, symbol: SymbolID) {
            series.append(tick)
            pending.append(tick.time)
        }

        /// The frame showing the pending ticks was drawn at `time` (wall clock).
        mutating func shown(at time: Int64) {
            for stamp in pending { samples.append(UInt64(max(0, time - stamp))) }
            pending.removeAll(keepingCapacity: true)
        }
    }

    /// A subscriber to `topic`/# on the local broker, started and connected; nil on failure (noted).
    private static func subscriber(port: UInt16, topic: String, report: inout BenchReport) -> MQTTTickSource? {
        guard let endpoint = try? MQTTEndpoint(parsing: "mqtt://127.0.0.1:\(port)/\(topic)/#"),
            let source = try? MQTTTickSource(endpoint: endpoint, queueCapacity: 1 << 18)
        else {
            report.note("mqtt", "cannot create a subscriber")
            return nil
        }
        source.start()
        for _ in 0..<500 where source.connection.state != .connected {
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&pause, nil)
        }
        guard source.connection.state == .connected else {
            report.note("mqtt", "the subscriber did not connect to the local broker")
            source.stop()
            return nil
        }
        return source
    }

    /// Starts a publisher thread sending `count` ticks to `topic`/ACME, `batch` a message,
    /// `tick(i)` giving each one (called on the publisher's thread, as it is sent). Returns the
    /// thread to join and where its error text lands.
    private static func publish(
        port: UInt16, topic: String, count: Int, batch: Int, pace: Int64? = nil,
        tick: @escaping @Sendable (Int) -> Tick
    ) -> (pthread_t?, FeedStateLock<String?>) {
        let problem = FeedStateLock<String?>(nil)
        let thread = startFeedThread {
            do throws(FeedError) {
                guard let endpoint = try? MQTTEndpoint(parsing: "mqtt://127.0.0.1:\(port)/\(topic)/{symbol}") else { return }
                let publisher = try MQTTTickPublisher(endpoint: endpoint, batchSize: batch, role: "bench") { _ in "ACME" }
                // A broker that does not take the publisher within 5 s ends the measurement with its reason.
                let deadline = MonotonicClock.now() &+ 5_000_000_000
                var lastReason = "no connection within 5 s"
                let connected = try publisher.connect(stop: StopFlag(alsoWhen: { MonotonicClock.now() > deadline })) {
                    lastReason = $0
                }
                guard connected else {
                    problem.withLock { $0 = lastReason }
                    return
                }
                var next = MonotonicClock.now()
                for i in 0..<count {
                    if let pace {
                        next &+= UInt64(pace)
                        while MonotonicClock.now() < next {
                            var pause = timespec(tv_sec: 0, tv_nsec: 50_000)
                            nanosleep(&pause, nil)
                        }
                    }
                    try publisher.add(tick(i), symbol: SymbolID(0))
                }
                try publisher.finish()
                publisher.close()
            } catch {
                problem.withLock { $0 = error.description }
            }
        }
        return (thread, problem)
    }

    /// Drains `queue` into `sink` as the render loop would, but polling every 10 µs, until
    /// `done(sink)` or 3 s pass with nothing new (the rest is not coming); `arrived` is given
    /// the sink and the monotonic time after every drain that moved ticks.
    private static func drain<S: TickSink>(
        _ queue: TickQueue, into sink: inout S, until done: (S) -> Bool, arrived: (inout S, UInt64) -> Void = { _, _ in }
    ) {
        var quietSince = MonotonicClock.now()
        while !done(sink) {
            let moved = queue.drain(into: &sink)
            let now = MonotonicClock.now()
            if moved > 0 {
                arrived(&sink, now)
                quietSince = now
            } else {
                if now &- quietSince > 3_000_000_000 { break }
                var pause = timespec(tv_sec: 0, tv_nsec: 10_000)
                nanosleep(&pause, nil)
            }
        }
    }

    private static func ingest(port: UInt16, batch: Int, messages: Int, key: String, report: inout BenchReport) {
        let topic = "bench/b\(batch)"
        guard let source = subscriber(port: port, topic: topic, report: &report) else { return }
        defer { source.stop() }
        let ticks = messages * batch
        let base: Int64 = 1_709_280_000_000_000_000
        let (thread, problem) = publish(port: port, topic: topic, count: ticks, batch: batch) { i in
            Tick(time: base + Int64(i) * 1000, value: 100 + Double(i % 97) * 0.25, size: 1)
        }
        var sink = CountingSink()
        var first: UInt64 = 0
        var last: UInt64 = 0
        drain(source.queue, into: &sink, until: { $0.ticks >= ticks }) { _, now in
            if first == 0 { first = now }
            last = now
        }
        if let thread { pthread_join(thread, nil) }
        if let text = problem.withLock({ $0 }) {
            report.note("mqtt", "\(key): the publisher failed: \(text)")
            return
        }
        let seconds = Double(last &- first) / 1e9
        guard seconds > 0 else {
            report.note("mqtt", "\(key): nothing arrived")
            return
        }
        // Whole messages drained (every one carried `batch` ticks); the subscriber's own count
        // is published every 50 ms and may lag the queue.
        let received = sink.ticks / batch
        let lost = ticks - sink.ticks
        let lostNote = lost > 0 ? "; \(lost) of \(ticks) ticks did not arrive (\(source.queue.dropped) dropped at the queue)" : ""
        report.add(
            "\(key).messages_per_second", Double(received) / seconds, "msg/s",
            note: "\(received) messages of \(batch == 1 ? "one tick" : "\(batch) ticks") at QoS 0, publisher → mosquitto → subscriber → drained\(lostNote)")
        report.add("\(key).ticks_per_second", Double(sink.ticks) / seconds, "ticks/s")
    }

    /// Publish-to-frame latency: single-tick messages paced at `rate`, each stamped with the
    /// wall clock as it is handed to Paho; this thread drains the kiosk's queue as the render
    /// loop does and draws a 1920×1080 frame of the series whenever ticks arrived; a tick's
    /// latency is the wall clock after the frame that first shows it minus its stamp (no vsync
    /// wait and no scan-out copy: those depend on the panel, not the feed).
    private static func latency(port: UInt16, rate: Int, seconds: Int, report: inout BenchReport) {
        let topic = "bench/latency"
        guard let source = subscriber(port: port, topic: topic, report: &report) else { return }
        defer { source.stop() }
        let count = rate * seconds
        guard let series = try? LiveSeries(capacity: 1 << 16, candleInterval: .seconds(1)) else { return }
        let chart = LiveTickerChart(series: [series], width: 1920, height: 1080, options: ChartOptions())
        let framebuffer = Framebuffer(width: 1920, height: 1080)
        let (thread, problem) = publish(port: port, topic: topic, count: count, batch: 1, pace: 1_000_000_000 / Int64(rate)) { i in
            Tick(time: SystemClock.realtime.nanoseconds(), value: 100 + Double(i % 50) * 0.1, size: 1)
        }
        var sink = FrameLatencySink(series: series)
        sink.pending.reserveCapacity(count)
        sink.samples.reserve(count)
        drain(source.queue, into: &sink, until: { $0.samples.nanoseconds.count >= count }) { sink, _ in
            chart.draw(into: framebuffer)
            sink.shown(at: SystemClock.realtime.nanoseconds())
        }
        let samples = sink.samples
        if let thread { pthread_join(thread, nil) }
        if let text = problem.withLock({ $0 }) {
            report.note("mqtt", "latency: the publisher failed: \(text)")
            return
        }
        let got = samples.nanoseconds.count
        report.add(
            "mqtt.latency.rate\(rate).p50_us", samples.medianMilliseconds * 1000, "µs",
            note: "\(got) single-tick messages at \(rate)/s for \(seconds) s: publish → drained from the kiosk's queue → the 1920×1080 frame that shows it drawn (no vsync wait)")
        report.add("mqtt.latency.rate\(rate).p99_us", samples.p99Milliseconds * 1000, "µs")
    }
}
