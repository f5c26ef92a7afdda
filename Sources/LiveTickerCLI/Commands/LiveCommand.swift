import LiveTickerChart
import LiveTickerDisplay
import LiveTickerFeed
import LiveTickerMQTT
import LiveTickerWebSocket

#if canImport(Glibc)
import Glibc
#endif

/// `liveticker live SOURCE`: a live feed from standard input, a growing file, or a UDP/TCP
/// socket, drawn on a panel (or into a picture file) as ticks arrive.
enum LiveCommand: Command {
    static let name = "live"
    static let summary = "show live ticks from stdin, a growing file, or a UDP/TCP socket"
    static let flags: Set<String> = FeedArguments.flags.union(["hold", "no-area", "no-header", "connect", "describe"]).union(MQTTArguments.flags)
    static let help = """
        Usage: liveticker live SOURCE [OPTIONS]
               liveticker live --config FILE.toml [--output SPEC] [--size WxH]
                              (a dashboard file: the same as `liveticker run FILE.toml`)
               liveticker live --listen udp://HOST:PORT|tcp://HOST:PORT [OPTIONS]
               liveticker live mqtt://[USER[:PASSWORD]@]HOST[:PORT]/TOPIC/FILTER/# [OPTIONS]
               liveticker live ws://HOST[:PORT]/PATH | wss://… [OPTIONS]
               liveticker live tcp://HOST:PORT --connect [OPTIONS]

        SOURCE is - (standard input), a file that grows (read from its start, then followed
        as tail -F does: truncated, it is read again from its start; moved away and recreated,
        the new file is read; missing, or not there yet at the start, it is waited for),
        or given with --listen as a UDP or TCP endpoint on this machine. Lines are CSV with a
        header, or the headerless line protocol `time,price[,size[,symbol]]` (time as epoch
        s/ms/us/ns or ISO-8601). Each UDP datagram and each TCP connection may start with its
        own header; a line nothing can make sense of is counted and skipped, and nothing a peer
        sends ends the listener. TCP connections are served all at once.

        mqtt:// (mqtts:// for TLS) subscribes to a topic filter at an MQTT broker. Each topic
        is a symbol (its last level by default); a message holds a bare number (its time is
        the arrival time) or CSV lines time,price[,size[,symbol]], any number per message. A
        retained message shows the last value at once. A lost connection is retried forever
        (0.1 s doubling to 5 s) and shown on the chart as "disconnected"; a refused password
        or certificate ends the run with the cause (exit 1).

        --republish mqtt://HOST/TOPIC forwards every tick the kiosk receives (all symbols) to a
        broker, one topic per symbol (TOPIC/{symbol}, or the pattern given), as `publish` sends
        them: CSV lines with sequence stamps, batched. It runs on its own thread behind a
        bounded queue, so a slow broker never slows the chart: what it cannot keep up with is
        dropped, counted and reported. The MQTT options below apply to it too.

        The feed is parsed on its own thread into a queue; the chart drains it and draws only
        when something changed, at most once per display refresh, and sleeps otherwise. A
        producer never waits for the chart: when the queue is full, ticks are dropped, counted
        and reported.

        ws:// (wss:// for TLS) connects to a WebSocket server; every message is decoded like
        an MQTT payload (JSON by the file aliases or key paths such as --json-value p
        --json-time T --json-symbol s, a bare number, line protocol, CSV lines). Messages
        that name no symbol take the URL's last path segment. tcp://HOST:PORT --connect
        connects out to a server that sends lines to whoever connects; each connection is one
        document, read as a listener's connection is. Both reconnect forever (0.1 s doubling
        to 5 s) and show "disconnected" on the chart meanwhile.

        Output:
        \(DisplayArguments.helpLines)
                              (default: drm)
          --hold              keep the last frame up after the feed ends, until SIGINT/SIGTERM
          --describe          when the feed ends, print a one-paragraph text summary of the
                              last frame to standard output (series, last value, change, range)
          --queue N           ticks the queue holds between frames (default 65536)
          --history N         ticks the history ring holds (default 1048576)

        Listener (udp:// and tcp://; tcp://:PORT and udp://:PORT bind every interface):
          --allow CIDR[,CIDR] peers accepted, e.g. 192.168.1.0/24,10.0.0.7,fd00::/8, or any
                              (default: loopback only, 127.0.0.0/8 and ::1, whatever the
                              address bound); others are refused unread and counted
          --max-connections N TCP connections served at once (default 64); a newcomer then
                              replaces the one quiet longest (if quiet 1 s), else is refused
          --idle-timeout D    close a TCP connection quiet for D (default 5m; 0: never)

        Chart: the same options as `liveticker replay` (--chart, --candle, --window, --range,
        --tz, --utc-offset, --title, --change, --stale, --theme, --rotate, --algorithm, --line-width, --threshold, --crosshair, --no-area,
        --no-header, --text-scale, --text-size, --font).

        Input:
        \(FeedArguments.helpLines)
          --max-ahead D       drop ticks dated more than D after this machine's clock (default
                              1d; off: keep them). Also dropped: ticks before 1971 (a sender's
                              clock not set), and a lone tick more than the --window span (at
                              least 1m; else 1d) off its series' newest. All are counted.
                              Two such ticks in a row back in time are the feed moving back
                              (a replay started again): the chart starts again there.

        MQTT:
        \(MQTTArguments.helpLines)
        \(MQTTArguments.subscriberHelpLines)
          --republish URL     forward what arrives to mqtt://HOST/TOPIC (one topic per symbol)
          --republish-batch N ticks per republished message, at most (default 100; partly
                              filled batches go out whenever the feed pauses)
          --republish-queue N ticks waiting for the broker before new ones are dropped
                              (default 65536)
          --max-message N     longest message taken, in bytes (default 1048576, up to 64 MiB):
                              the broker is told (MQTT 5 Maximum Packet Size) and drops a
                              longer one for this client, so none can fill the kiosk's memory

        WebSocket:
        \(WebSocketArguments.helpLines)

        Examples:
          producer | liveticker live - --output drm --window 10m
          liveticker live --listen udp://127.0.0.1:9000 --output drm --window 5m --candle 10s
          echo "$(date +%s%3N),101.25" | nc -u -w0 127.0.0.1 9000
          liveticker live /var/lib/liveticker/ticks.csv --output fbdev --window 30m
          liveticker live mqtt://broker.local/site/ticks/# --symbol ACME --output drm
          LIVETICKER_MQTT_PASSWORD=… liveticker live mqtts://kiosk@broker:8883/ticks/+ --ca site-ca.pem
          liveticker live wss://stream.example.com:9443/ws/btcusdt@trade --json-value p --json-time T
          liveticker live tcp://feed.local:9100 --connect --window 30m
          liveticker live --listen udp://127.0.0.1:9000 --republish mqtt://broker.local/site/ticks
        """

    static func run(_ arguments: inout ParsedArguments) throws -> Int32 {
        if let config = arguments.value("config") {
            // The dashboard file is the general form; these commands' flags are its one-panel shorthand.
            guard arguments.operands.isEmpty else { throw UsageError("--config FILE.toml replaces the source operand: give one or the other") }
            return try RunCommand.runDashboard(path: config, &arguments)
        }
        let listen = arguments.value("listen")
        let display = try DisplayArguments.read(from: &arguments, defaultOutput: "drm")
        let chart = try ChartArguments.read(from: &arguments)
        var options = try FeedArguments.read(from: &arguments)
        // A kiosk never ends on its input: a run of bytes without a newline is skipped as it
        // streams past however long it runs (memory stays the buffer's), and counted as one
        // line too long once a newline comes. 64 MiB of it ended the run (exit 1), as it ends a
        // replay of a file that is no tick file.
        options.maximumLineRun = .max
        let charted = try FeedArguments.chartedSeries(&options)
        var wanted = charted.names
        let byColumn = charted.byColumn
        let history = try ReplayInput.historyOption(from: &arguments) ?? ReplayInput().history
        let queue = try arguments.value(
            "queue", expected: "a tick count from 16 to 16777216", { Int($0).flatMap { (16...(1 << 24)).contains($0) ? $0 : nil } }) ?? (1 << 16)
        let hold = arguments.flag("hold")
        let describe = arguments.flag("describe")
        var mqtt = try MQTTArguments.read(from: &arguments)
        let webSocket = try WebSocketArguments.read(from: &arguments, caFile: mqtt.settings.caFile)
        mqtt.settings.maximumMessageBytes = webSocket.settings.maximumMessageBytes
        let connect = arguments.flag("connect")
        let maximumLead = try maximumLeadOption(from: &arguments)
        let listening = try listenerOptions(from: &arguments)
        let republish = try republishOptions(from: &arguments)
        try arguments.finish()
        let sourceText: String
        switch (listen, arguments.operands.count) {
        case (let listen?, 0): sourceText = listen
        case (nil, 1): sourceText = arguments.operands[0]
        case (_?, _): throw UsageError("give either SOURCE or --listen, not both")
        default: throw UsageError("needs a source: -, a file, or --listen udp://HOST:PORT or tcp://HOST:PORT")
        }
        StopSignal.install()
        let stop = StopFlag(alsoWhen: { StopSignal.isRequested })
        let source: any LiveTickFeed
        var title = options.symbol ?? ReplayInput.title(forPath: sourceText)
        // How the summary names the source (never with a password).
        var sourceName = sourceText
        // Messages (MQTT, WebSocket) name their symbols by topic or field, decoded message by
        // message, so one --symbol picks a series rather than filtering lines (a WebSocket
        // source ignored it: --symbol BBB charted AAA).
        if MQTTArguments.isMQTT(sourceText) || WebSocketEndpoint.isWebSocket(sourceText), wanted.isEmpty,
            let one = options.symbol
        {
            wanted = [one]
            options.symbol = nil
            title = one
        }
        if MQTTArguments.isMQTT(sourceText) {
            let endpoint = try MQTTArguments.endpoint(sourceText)
            if let problem = TopicFilter.problem(in: endpoint.topic) { throw UsageError("\(endpoint.description): \(problem)") }
            sourceName = endpoint.description
            title = wanted.first ?? endpoint.topic
            do {
                source = try MQTTTickSource(
                    endpoint: endpoint, settings: mqtt.settings, options: options, format: mqtt.format,
                    topicSymbol: mqtt.topicSymbol, queueCapacity: queue, stop: stop)
            } catch {
                throw CommandFailure(error.description)
            }
        } else if let connected = try connectOutSource(
            sourceText, connect: connect, webSocket: webSocket.settings, format: mqtt.format, options: options, queueCapacity: queue, stop: stop)
        {
            guard listen == nil else { throw UsageError("--connect connects out: give tcp://HOST:PORT as SOURCE, not --listen") }
            source = connected.source
            sourceName = connected.name
            if WebSocketEndpoint.isWebSocket(sourceText) { title = wanted.first ?? connected.title }
        } else {
            let endpoint: LiveEndpoint
            do {
                endpoint = try LiveEndpoint(parsing: sourceText)
            } catch {
                throw UsageError(error.description)
            }
            if listen != nil, case .followedFile = endpoint {
                throw UsageError("--listen needs udp://HOST:PORT or tcp://HOST:PORT, got '\(sourceText)'")
            }
            let listener: LiveTickSource
            do {
                // A followed file's rotations are logged as they happen (tail -F).
                var followLog: (@Sendable (FollowEvent) -> Void)?
                if case let .followedFile(path) = endpoint { followLog = ReplayInput.followLog(path: path) }
                listener = try LiveTickSource(
                    endpoint: endpoint, options: options, listener: listening, queueCapacity: queue, stop: stop,
                    onFollowEvent: followLog)
            } catch {
                // `live tcp://feed.local:9100` without --listen or --connect listens; an address
                // not on this machine is most likely a server the user meant to connect to.
                if listen == nil, case .tcp = endpoint, case .socketFailed(_, "bind", EADDRNOTAVAIL) = error {
                    throw CommandFailure(
                        "\(error.description) (tcp://HOST:PORT as SOURCE listens on this machine; to connect to a server that sends lines, add --connect)")
                }
                throw CommandFailure(error.description)
            }
            if let port = listener.port {
                printError("liveticker: listening on \(endpoint) (port \(port)), accepting \(listening.allow)")
            }
            source = listener
        }
        var republisher: MQTTRepublisher?
        if let republish {
            if MQTTArguments.isMQTT(sourceText), let subscribed = try? MQTTArguments.endpoint(sourceText),
                subscribed.host == republish.endpoint.host, subscribed.port == republish.endpoint.port,
                TopicFilter.matches(subscribed.topic, topic: republish.endpoint.topic)
            {
                throw UsageError("--republish \(republish.endpoint.topic) is inside the subscription \(subscribed.topic): the kiosk would receive its own messages")
            }
            // Ticks without a symbol (a feed with no symbol column) go out under the chart's name.
            let unnamed = chart.title ?? (listen == nil && !MQTTArguments.isMQTT(sourceText) ? title : "ticks")
            do {
                republisher = try MQTTRepublisher(
                    endpoint: republish.endpoint, settings: mqtt.settings, batchSize: republish.batch,
                    queueCapacity: republish.queue
                ) { [source] symbol in
                    let symbols = source.symbols
                    let name = symbols.count > Int(symbol.rawValue) ? symbols.name(of: symbol) : ""
                    return name.isEmpty ? unnamed : name
                }
            } catch {
                throw CommandFailure(error.description)
            }
        }
        let input = ReplayInput(history: history)
        let series = try (0..<max(1, wanted.count)).map { _ in try input.makeSeries(interval: chart.candleInterval, zone: chart.options.timeZone, foldsCandles: chart.options.automaticCandles) }
        let output = try display.open()
        defer { output.close() }
        let session = ChartSession(
            series: series, wanted: wanted, wantedAreColumns: byColumn, chartOptions: chart.options, font: chart.font, display: output,
            title: chart.title ?? title, titleIsFixed: chart.title != nil)
        session.skipsEmptyFrames = display.output.isFile
        session.timeGuard = LiveTimeGuard(
            maximumLead: maximumLead, maximumStepBack: LiveTimeGuard.stepBack(forWindowSpan: chart.options.window.requestedSpan))
        let (report, sink) = try session.runLiveSource(source, hold: hold, symbolFilter: options.symbol, republisher: republisher)
        if describe { print(session.describe()) }
        for line in source.summaryLines { printError(line) }
        if let republisher { printError(republisher.summary) }
        let status = ReplayInput.finish(
            report: report, sink: sink, symbols: source.symbols, path: sourceName, format: source.formatDescription,
            symbolFilter: options.symbol, historyCapacity: history,
            zone: chart.options.timeZone, outputIsFile: display.output.isFile
        ) {
            "\(session.framesPresented) frame(s) to \(output.summary)"
        }
        // What peers send cannot make a listener's run fail (garbage alone is counted, not fatal).
        return (source as? LiveTickSource)?.port != nil ? 0 : status
    }

    /// `--max-ahead D|off`: how far ahead of this machine's clock a live tick may be dated
    /// (default 1 day, so a feed in a local time zone's wall time still passes); nil for off.
    static func maximumLeadOption(from arguments: inout ParsedArguments) throws(UsageError) -> Int64? {
        try arguments.value("max-ahead", expected: "a duration above 0 such as 1d or 12h, or off", DurationArgument.limitOrOff)
            ?? LiveTimeGuard.defaultMaximumLead
    }

    /// The connect-out sources: `ws://`/`wss://` (a ``WebSocketTickSource``) and
    /// `tcp://HOST:PORT` with `connect` (a ``TCPClientTickSource``), not started; nil for any
    /// other `text`. `live` and dashboard files (`live = "ws://…"`, `connect = true`) both build
    /// them here. Returns the source, its name for the summary, and the chart title it suggests.
    static func connectOutSource(
        _ text: String, connect: Bool, webSocket: WebSocketSettings, format: PayloadFormat, options: FeedOptions,
        queueCapacity: Int = 1 << 16, stop: StopFlag
    ) throws -> (source: any LiveTickFeed, name: String, title: String)? {
        if WebSocketEndpoint.isWebSocket(text) {
            let endpoint = try WebSocketArguments.endpoint(text)
            do {
                let source = try WebSocketTickSource(
                    endpoint: endpoint, settings: webSocket, options: options, format: format, queueCapacity: queueCapacity, stop: stop)
                return (source, endpoint.description, endpoint.symbolName)
            } catch {
                throw CommandFailure(error.description)
            }
        }
        guard connect else { return nil }
        guard case let .tcp(host, port) = try? LiveEndpoint(parsing: text), host != "0.0.0.0", port != 0 else {
            throw UsageError("--connect needs tcp://HOST:PORT (the server to connect to), got '\(text)'")
        }
        let source = TCPClientTickSource(host: host, port: port, options: options, queueCapacity: queueCapacity, stop: stop)
        return (source, text, ReplayInput.title(forPath: text))
    }

    /// `--republish URL` (TOPIC gains `/{symbol}` unless it names `{symbol}`), `--republish-batch`,
    /// `--republish-queue`; nil without `--republish`.
    static func republishOptions(
        from arguments: inout ParsedArguments
    ) throws -> (endpoint: MQTTEndpoint, batch: Int, queue: Int)? {
        let batch = try arguments.value("republish-batch", expected: "a tick count from 1 to 100000") {
            Int($0).flatMap { (1...100_000).contains($0) ? $0 : nil }
        }
        let queue = try arguments.value("republish-queue", expected: "a tick count from 16 to 16777216") {
            Int($0).flatMap { (16...(1 << 24)).contains($0) ? $0 : nil }
        }
        guard let url = arguments.value("republish") else {
            if batch != nil || queue != nil { throw UsageError("--republish-batch and --republish-queue need --republish mqtt://HOST/TOPIC") }
            return nil
        }
        guard MQTTArguments.isMQTT(url) else { throw UsageError("--republish needs mqtt://HOST/TOPIC or mqtts://…, got '\(url)'") }
        var endpoint = try MQTTArguments.endpoint(url)
        guard !endpoint.topic.contains("#") && !endpoint.topic.contains("+") else {
            throw UsageError("--republish cannot publish to a topic filter with + or # (\(endpoint.topic))")
        }
        if !endpoint.topicPerSymbol {
            endpoint.topic += endpoint.topic.hasSuffix("/") ? "{symbol}" : "/{symbol}"
        }
        return (endpoint, batch ?? 100, queue ?? (1 << 16))
    }

    /// `--allow`, `--max-connections`, `--idle-timeout`.
    static func listenerOptions(from arguments: inout ParsedArguments) throws(UsageError) -> ListenerOptions {
        var listener = ListenerOptions()
        if let allow = arguments.value("allow") {
            do {
                listener.allow = try PeerFilter(parsing: allow)
            } catch {
                throw UsageError(error.description)
            }
        }
        if let maximum = try arguments.value(
            "max-connections", expected: "a count from 1 to 4096", { Int($0).flatMap { (1...4096).contains($0) ? $0 : nil } })
        {
            listener.maximumConnections = maximum
        }
        if let text = arguments.value("idle-timeout") {
            if text == "0" {
                listener.idleTimeout = nil
            } else if let nanoseconds = DurationArgument.nanoseconds(text) {
                listener.idleTimeout = .nanoseconds(nanoseconds)
            } else {
                throw UsageError("--idle-timeout needs a duration such as 30s, 5m or 0 (never), got '\(text)'")
            }
        }
        return listener
    }
}
