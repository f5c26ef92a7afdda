import LiveTickerCore
import LiveTickerDisplay
import LiveTickerFeed
import LiveTickerMQTT

/// `liveticker publish FILE mqtt://HOST/TOPIC`: replays a tick file into an MQTT broker, so
/// every panel subscribed to it shows the same feed.
enum PublishCommand: Command {
    static let name = "publish"
    static let summary = "replay a tick file into an MQTT broker (one topic per symbol), for a fleet of panels"
    static let flags: Set<String> = FeedArguments.flags.union(MQTTArguments.flags)
    static let help = """
        Usage: liveticker publish FILE mqtt://[USER[:PASSWORD]@]HOST[:PORT]/TOPIC [OPTIONS]

        Reads a tick file (any format `replay` takes: CSV, .ltk, - for standard input) and
        publishes its ticks as CSV lines time_ns,value,size[,symbol], at the recorded speed, N
        times faster, or as fast as possible. {symbol} in the topic gives each symbol its own
        topic (site/ticks/{symbol}); otherwise every line names its symbol. Each message
        carries a sequence stamp (MQTT 5 user property lt-seq) so subscribers count what they
        missed. When the broker goes away the replay keeps its pace: messages that cannot be
        sent are counted, and it reconnects by itself.

        Options:
          --speed S           max (default), 1 (recorded gaps kept), N (N times faster)
          --batch N           ticks per message, at most (default 1); at a paced speed a batch
                              also goes out whenever the next tick is not due yet
          --retain            the broker keeps each topic's last message for new subscribers
        \(MQTTArguments.helpLines)

        Input:
        \(FeedArguments.helpLines)

        Examples:
          liveticker publish day.csv mqtt://127.0.0.1/site/ticks/{symbol} --speed 1
          liveticker publish day.csv mqtt://broker/ticks/{symbol} --speed max --batch 100
        """

    static func run(_ arguments: inout ParsedArguments) throws -> Int32 {
        guard arguments.operands.count == 2 else {
            throw UsageError("needs a tick file and an mqtt://HOST/TOPIC URL, got \(arguments.operands.count) operand(s)")
        }
        let path = arguments.operands[0]
        let endpoint = try MQTTArguments.endpoint(arguments.operands[1])
        guard !endpoint.topic.contains("#") && !endpoint.topic.contains("+") else {
            throw UsageError("cannot publish to a topic filter with + or # (\(endpoint.topic))")
        }
        let options = try FeedArguments.read(from: &arguments)
        let speed = try arguments.value("speed", expected: "max, 1, or a factor such as 10 or 0.5", ReplaySpeed.init(argument:)) ?? .max
        let batch = try arguments.value("batch", expected: "a tick count from 1 to 100000") {
            Int($0).flatMap { (1...100_000).contains($0) ? $0 : nil }
        } ?? 1
        let mqtt = try MQTTArguments.read(from: &arguments)
        try arguments.finish()

        StopSignal.install()
        let stop = StopFlag(alsoWhen: { StopSignal.isRequested })
        let reader: any TickBatchReader
        do {
            reader = try TickFileReader.open(path: path, options: options, follow: false, stop: stop)
        } catch {
            throw CommandFailure("\(error)")
        }
        // A file without symbols publishes under its name, as `replay` titles it.
        let fileSymbol = ReplayInput.title(forPath: path)
        let publisher: MQTTTickPublisher
        do {
            publisher = try MQTTTickPublisher(endpoint: endpoint, settings: mqtt.settings, batchSize: batch) { symbol in
                reader.symbols.count > Int(symbol.rawValue) ? reader.symbols.name(of: symbol) : fileSymbol
            }
        } catch {
            throw CommandFailure(error.description)
        }
        do {
            guard try stream(reader, to: publisher, speed: speed, stop: stop) else { return 1 }
        } catch {
            publisher.close()
            throw CommandFailure(error.description)
        }
        publisher.close()
        printError("\(path): \(reader.report.summary)")
        let line = publisher.counts.summary(verb: "published", host: endpoint.host, port: endpoint.port)
        printError(line)
        return 0
    }

    /// Connects, then publishes every tick at the pacer's schedule, flushing batches before
    /// each wait. Returns false when stopped before the first connection.
    private static func stream(
        _ reader: any TickBatchReader, to publisher: MQTTTickPublisher, speed: ReplaySpeed, stop: StopFlag
    ) throws(FeedError) -> Bool {
        var lastReason = ""
        let connected = try publisher.connect(stop: stop) { reason in
            if reason != lastReason { printError("liveticker: \(reason); retrying") }
            lastReason = reason
        }
        guard connected else { return false }
        var pacer = ReplayPacer(speed: speed)
        while !stop.isStopped, let ticks = try reader.nextBatch() {
            for i in 0..<ticks.count {
                if stop.isStopped { break }
                let tick = ticks.ticks[i]
                if let due = pacer.deadline(for: tick.time, now: ReplayPacer.now()), due > ReplayPacer.now() {
                    // Nothing more is due now: send what is batched before waiting.
                    try publisher.flush()
                    pacer.wait(for: tick.time, stop: stop)
                }
                try publisher.add(tick, symbol: ticks.symbols[i])
            }
        }
        try publisher.finish()
        return true
    }
}
