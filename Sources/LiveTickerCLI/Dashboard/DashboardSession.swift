import LiveTickerChart
import LiveTickerCore
import LiveTickerFeed
import LiveTickerMQTT
import LiveTickerRender
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A dashboard file made real: one ``LiveSeries`` per (source, symbol) the panels read, one
/// feed per source (a replayed file on its own producer thread, or a live source drained by
/// the render loop), and the ``Dashboard`` scene drawing them.
///
/// A session owns its feeds: ``stop()`` ends them (a reload builds a new session and stops
/// the old one only once the new file proved valid). A reload keeps each source whose table,
/// symbols, candles and time rules are unchanged running, with the history its series hold:
/// the new session borrows that feed (it neither starts nor stops it) until
/// ``handOver(to:)`` moves it there, so a reload that fails leaves the old wall whole.
final class DashboardSession {
    let config: DashboardConfig
    /// The scene at the size it was last asked for.
    private(set) var dashboard: Dashboard
    private let feeds: [Feed]
    /// Per feed, which session starts and stops it.
    private var ownership: [Ownership]
    /// Whose a feed is (see the type's note on reloads).
    private enum Ownership {
        /// This session's: it starts and stops the feed.
        case owned
        /// Taken from the session a reload replaces, not handed over yet: neither started nor
        /// stopped here.
        case borrowed
        /// Handed over to the session that replaced this one: not stopped here.
        case handedOver
    }
    /// The panels as the file resolves them (series, titles, panes).
    let panels: [DashboardPanel]
    private let font: LabelFont
    /// Per panel, where its series' decimals are learnt: (feed, series of that feed).
    private let panelDecimals: [[(feed: Int, series: Int)]]

    /// One source's feed: the series it fills and how.
    private final class Feed: @unchecked Sendable {
        // Invariant: `report`, `error`, `unmatched` and `sink` are written by the producer
        // thread before `finished` is stored (release) and touched by the render thread only
        // after it is seen (acquire) or after `join`; live sources are touched only by the
        // render thread.
        let source: DashboardConfig.Source
        let series: [LiveSeries]
        let wanted: [String]
        /// The decimals learnt per series from the values routed to it.
        let decimals: SeriesDecimals
        /// The candles its series aggregate and the zone their calendar steps follow: a
        /// reload keeps the feed only when both are unchanged.
        let interval: CandleInterval
        let zoneName: String?
        let stop: StopFlag
        let finished = Atomic<Bool>(false)
        var thread: pthread_t?
        var live: (any LiveTickFeed)?
        var liveSink: SeriesSink?
        var report: FeedReport?
        var error: String?
        /// A replayed file that held none of some symbols its panels ask for: what to say
        /// (`no ticks of BLOT; the file holds ACME, BOLT`), until it is logged, once, when the
        /// file is read.
        var unmatched: String?
        /// A live source's connection as last logged and shown (render thread), and the header
        /// badge its panels carry (nil: none).
        var connectionLog: ConnectionLog
        var badge: String?
        /// What a live source's time guard dropped, as logged so far.
        var timeLog: TimeGuardLog
        /// A live source's bad lines, as logged so far.
        var badLog: BadLineLog
        /// A live source's panels' symbols that have had no tick, said once after the grace.
        var missingLog: MissingSymbolLog
        /// The password an MQTT source logged in with when it opened (render thread): what its
        /// `password_file` held then. A reload keeps the source only while the file still
        /// holds it, so a rotated password is used at once, not first at a reconnect hours
        /// later, when the broker has dropped the old one and refuses the login.
        var loginPassword: String?
        /// How far back a lone tick may lie before the time guard holds it, for the shortest
        /// window of the panels reading this source (``LiveTimeGuard/stepBack(forWindowSpan:)``).
        let stepBack: Int64

        init(
            source: DashboardConfig.Source, series: [LiveSeries], wanted: [String], interval: CandleInterval, zoneName: String?,
            stepBack: Int64, processStop: @escaping @Sendable () -> Bool
        ) {
            self.source = source
            self.series = series
            self.wanted = wanted
            self.interval = interval
            self.zoneName = zoneName
            self.stepBack = stepBack
            decimals = SeriesDecimals(count: series.count)
            stop = StopFlag(alsoWhen: processStop)
            let prefix = "liveticker: source '\(source.id)'"
            timeLog = TimeGuardLog(prefix: prefix, keepHint: "max_ahead = \"off\" in [source.\(source.id)]")
            badLog = BadLineLog(prefix: prefix)
            missingLog = MissingSymbolLog(prefix: prefix, asked: wanted, saysEmptyChartAtOnce: false) { missing, held, grace in
                DashboardSession.unmatchedText(missing, held: held, within: "in its first \(CheckCommand.describeNanoseconds(grace))")
            }
            connectionLog = ConnectionLog(prefix: prefix, initial: FeedConnection())
        }
    }

    /// Builds the series and the scene for a `width × height` frame; nothing starts yet. The
    /// feeds of `previous` that can go on as they are are borrowed, not made anew.
    init(
        config: DashboardConfig, width: Int, height: Int, font: LabelFont, zone: TimeZoneRules,
        processStop: @escaping @Sendable () -> Bool,
        reusing previous: DashboardSession? = nil
    ) throws(CommandFailure) {
        self.config = config
        var feeds: [Feed] = []
        var ownership: [Ownership] = []
        for source in config.sources {
            var names: [String?] = []
            for panel in config.panels {
                for s in panel.series where s.source == source.id && !names.contains(s.symbol) { names.append(s.symbol) }
            }
            guard !names.isEmpty else { continue }  // defined but unused
            if names.contains(nil), names.count > 1 {
                throw CommandFailure(
                    "\(config.path): source '\(source.id)' is read with and without a symbol: give every series of it a 'symbol', or none")
            }
            let interval = Self.candleInterval(of: source, in: config)
            // The shortest window a panel shows of it sets how far back a lone tick may lie.
            var stepBack = LiveTimeGuard.defaultStepBack
            for panel in config.panels where panel.series.contains(where: { $0.source == source.id }) {
                if let span = panel.window.requestedSpan { stepBack = min(stepBack, LiveTimeGuard.stepBack(forWindowSpan: span)) }
            }
            let wanted = names.compactMap { $0 }
            if let kept = previous?.feedToKeep(
                source, seriesCount: names.count, wanted: wanted, interval: interval, zoneName: config.timeZone, stepBack: stepBack)
            {
                feeds.append(kept)
                ownership.append(.borrowed)
                continue
            }
            let input = ReplayInput(history: source.history)
            let series = try names.map { _ throws(CommandFailure) in try input.makeSeries(interval: interval, zone: zone, foldsCandles: source.candleIsAutomatic) }
            feeds.append(
                Feed(
                    source: source, series: series, wanted: wanted, interval: interval, zoneName: config.timeZone, stepBack: stepBack,
                    processStop: processStop))
            ownership.append(.owned)
        }
        var panels: [DashboardPanel] = []
        var panelDecimals: [[(feed: Int, series: Int)]] = []
        for panel in config.panels {
            var series: [ChartSeries] = []
            var decimals: [(feed: Int, series: Int)] = []
            for s in panel.series {
                let feedIndex = feeds.firstIndex { $0.source.id == s.source }!
                let feed = feeds[feedIndex]
                let index = s.symbol.flatMap { feed.wanted.firstIndex(of: $0) } ?? 0
                decimals.append((feedIndex, index))
                // The header names a panel's one series by the panel's title (`title = "Pressure,
                // bar"` over `boiler.pressure`); several series by their own titles or symbols.
                let panelTitle = panel.series.count == 1 ? panel.title : nil
                series.append(
                    ChartSeries(
                        id: "\(s.source)/\(s.symbol ?? "")", title: s.title ?? panelTitle ?? s.symbol ?? panel.title ?? s.source,
                        style: s.style, source: feed.series[index]))
            }
            var options = ChartOptions()
            options.window = panel.window
            options.theme = config.theme
            options.algorithm = config.algorithm
            options.lineWidth = config.lineWidth
            options.textScale = config.textScale
            options.showsHeader = panel.showsHeader
            // One series is named by the panel's title; over several, the title leads the legend.
            options.caption = panel.series.count > 1 ? panel.title : nil
            options.change = panel.change ?? config.change ?? .both
            if let stale = panel.staleAfter ?? config.staleAfter {
                options.staleAfter = stale
                options.clock = { ChartArguments.wallClock() }
            }
            options.timeZone = zone
            // No `candle` on the panel's (first) source: the panel picks it from the ladder.
            options.automaticCandles = panel.series.first.flatMap { s in config.sources.first { $0.id == s.source } }?.candleIsAutomatic ?? false
            let panes = panel.panes.map { pane in Pane(marks: pane.marks.map(Self.mark), scale: pane.scale, weight: pane.weight) }
            panels.append(DashboardPanel(place: panel.place, series: series, panes: panes, options: options))
            panelDecimals.append(decimals)
        }
        self.feeds = feeds
        self.ownership = ownership
        self.panels = panels
        self.panelDecimals = panelDecimals
        self.font = font
        dashboard = Self.makeDashboard(config, panels: panels, width: width, height: height, font: font)
        // A kept source that is down shows its badge on the new panels at once.
        for index in feeds.indices where feeds[index].badge != nil { applyBadge(of: index) }
    }

    /// This session's feed of `source` for a reloaded file, if it can go on as it is: the same
    /// source table, the same symbols in the same order (the series are indexed by them), the
    /// same candles, zone and step back, the same password in an MQTT source's password file,
    /// and not already given to another session. O(feeds), and a read of that file.
    private func feedToKeep(
        _ source: DashboardConfig.Source, seriesCount: Int, wanted: [String], interval: CandleInterval, zoneName: String?,
        stepBack: Int64
    ) -> Feed? {
        guard let index = feeds.firstIndex(where: { $0.source.id == source.id }), ownership[index] == .owned else { return nil }
        let feed = feeds[index]
        guard feed.source == source, feed.series.count == seriesCount, feed.wanted == wanted, feed.interval == interval,
            feed.zoneName == zoneName, feed.stepBack == stepBack, feed.error == nil
        else { return nil }
        // A password file read anew: the same path with another password in it logs in again
        // (and an unreadable one fails the reload where the source opens, saying why).
        if case .mqtt(let mqtt) = source.kind, let file = mqtt.passwordFile {
            guard let password = try? MQTTArguments.readPassword(file), password == feed.loginPassword else { return nil }
        }
        return feed
    }

    /// How many sources this session kept running from the one it replaces.
    var keptSources: Int { ownership.filter { $0 == .borrowed }.count }

    /// Moves the feeds `successor` borrowed from this session to it: this session's ``stop()``
    /// then leaves them running, and the successor's stops them. Call once the successor has
    /// started. O(feeds²), a handful.
    func handOver(to successor: DashboardSession) {
        for (index, feed) in successor.feeds.enumerated() where successor.ownership[index] == .borrowed {
            if let mine = feeds.firstIndex(where: { $0 === feed }) { ownership[mine] = .handedOver }
            successor.ownership[index] = .owned
        }
    }

    /// The scene for a `width × height` frame over the same series (a display that came back
    /// at another size); the current one when the size is unchanged.
    func scene(width: Int, height: Int) -> Dashboard {
        if dashboard.width != width || dashboard.height != height {
            dashboard = Self.makeDashboard(config, panels: panels, width: width, height: height, font: font)
            applyDecimals()
            for index in feeds.indices { applyBadge(of: index) }
        }
        return dashboard
    }

    /// The wall of `panels` in a `width × height` frame, its text in `font` (TrueType when
    /// present) sized to each panel as a standalone chart of that size gets it, but never below
    /// 1/60 of the frame's shorter side: a 2×2 wall on a 1080p panel is read from as far away as
    /// one chart on it (18 px, not 13).
    static func makeDashboard(_ config: DashboardConfig, panels: [DashboardPanel], width: Int, height: Int, font: LabelFont) -> Dashboard {
        var options = ChartOptions()
        options.textScale = config.textScale
        let floor = min(width, height) / 60
        return Dashboard(
            grid: config.grid, panels: panels, width: width, height: height, title: config.title, theme: config.theme,
            font: font.bitmap,
            glyphs: { w, h in
                var sized = font
                if sized.textSize == nil, options.textScale == nil, sized.trueTypePath != nil {
                    sized.textSize = max(LabelFont.defaultTextSize(width: w, height: h), floor)
                }
                return sized.glyphs(width: w, height: h, options: options)
            })
    }

    /// The candles `source`'s series aggregate. Its own `candle` when given; else the finest
    /// ladder step a panel drawing its candles shows (the step for the panel's window, 1s for
    /// a panel showing all it holds), so each panel merges them into its own step; 1m when no
    /// panel draws them (a line pays for no candle a second). O(panels × marks).
    static func candleInterval(of source: DashboardConfig.Source, in config: DashboardConfig) -> CandleInterval {
        guard source.candleIsAutomatic else { return source.candle }
        var finest: Int64?
        for panel in config.panels where panel.series.contains(where: { $0.source == source.id }) {
            let drawsCandles = panel.panes.contains { pane in
                pane.marks.contains { mark in Self.mark(mark).inputs.contains { $0.need == .candles } }
            }
            guard drawsCandles else { continue }
            let width = panel.window.requestedSpan.map { CandleInterval.ladderWidth(forSpan: $0) } ?? CandleInterval.second
            finest = min(finest ?? width, width)
        }
        return finest.map { .time(nanoseconds: $0) } ?? source.candle
    }

    static func mark(_ mark: DashboardConfig.Mark) -> any ChartMark {
        switch mark {
        case .line(let series, let interpolation): LineMark(series: series, interpolation: interpolation)
        case .area(let series, let interpolation): AreaMark(series: series, interpolation: interpolation)
        case .candles(let series): CandlesMark(series: series)
        case .volume(let series): VolumeMark(series: series)
        case .average(let series, let kind, let color): MovingAverageMark(series: series, kind: kind, color: color)
        case .threshold(let values, let color): ThresholdMark(values: values, color: color)
        case .band(let lower, let upper, let color): BandMark(lower: lower, upper: upper, color: color)
        case .last(let series): LastValueMark(series: series)
        }
    }

    /// A source opened and not yet started: a tick file to replay on a producer thread, or a
    /// live source whose producer fills a queue the render thread drains.
    enum OpenedSource {
        case file(any TickBatchReader, speed: ReplaySpeed)
        case live(any LiveTickFeed)

        /// The name of a symbol the source has seen (nil before it is known). Reads the
        /// source's symbol table, once per new symbol (``SeriesSink`` keeps a routing table).
        var names: (SymbolID) -> String? {
            switch self {
            case .file(let reader, _):
                return { symbol in reader.symbols.count > 0 ? reader.symbols.name(of: symbol) : nil }
            case .live(let source):
                return { symbol in
                    let symbols = source.symbols
                    return symbols.count > Int(symbol.rawValue) ? symbols.name(of: symbol) : nil
                }
            }
        }
    }

    /// Opens the source a dashboard file declares, as `replay`/`live` would open it: a file
    /// (optionally followed), a live endpoint (`-`, a growing file, `udp://`, `tcp://`
    /// listening), an MQTT subscription (its password from `password_file`, else
    /// LIVETICKER_MQTT_PASSWORD), or a connect-out `ws://`/`tcp://` client. Nothing starts.
    /// A failure names the file and the source.
    static func open(_ source: DashboardConfig.Source, path: String, stop: StopFlag) throws(CommandFailure) -> OpenedSource {
        var options = FeedOptions()
        if let column = source.symbolColumn { options.symbolColumn = ColumnSelector(argument: column) }
        do {
            switch source.kind {
            case .file(let file, let speed, let follow):
                // A followed file, like every live source, never ends the wall on a run of
                // bytes without a newline (see `live`).
                if follow { options.maximumLineRun = .max }
                return .file(try TickFileReader.open(path: file, options: options, follow: follow, stop: stop), speed: speed)
            case .live(let text):
                options.maximumLineRun = .max
                return .live(try LiveTickSource(endpoint: try LiveEndpoint(parsing: text), options: options, stop: stop))
            case .mqtt(let mqtt):
                var settings = mqtt.settings
                if let file = mqtt.passwordFile {
                    settings.password = try MQTTArguments.readPassword(file)
                } else if let environment = getenv("LIVETICKER_MQTT_PASSWORD") {
                    settings.password = String(cString: environment)
                }
                return .live(
                    try MQTTTickSource(
                        endpoint: try MQTTArguments.endpoint(mqtt.url), settings: settings, options: options, format: mqtt.format,
                        topicSymbol: mqtt.topicSymbol, stop: stop))
            case .connect(let client):
                if let field = client.jsonValue { options.valueColumn = ColumnSelector(argument: field) }
                if let field = client.jsonTime { options.timeColumn = ColumnSelector(argument: field) }
                if let field = client.jsonSymbol { options.symbolColumn = ColumnSelector(argument: field) }
                var settings = client.settings
                if let subscribe = client.subscribe { settings.subscribeMessage = try WebSocketArguments.subscribeMessage(subscribe) }
                guard let made = try LiveCommand.connectOutSource(
                    client.url, connect: true, webSocket: settings, format: client.format, options: options, stop: stop)
                else { throw CommandFailure("not a connect-out source: \(client.url)") }
                return .live(made.source)
            }
        } catch {
            // Usage errors, feed errors and failures all describe themselves in one line; a
            // tick file's says where it was looked for (the file's folder, the working one).
            var lookedIn = ""
            if case .file(let file, _, _) = source.kind { lookedIn = DashboardConfig.lookedIn(file, dashboard: path) }
            throw CommandFailure("\(path): source '\(source.id)': \(error)\(lookedIn)")
        }
    }

    /// Opens every source and starts its feed: files on producer threads (paced as the
    /// source says), live sources listening. Fails (starting nothing more) on the first source
    /// that cannot be opened.
    func start() throws(CommandFailure) {
        // A borrowed feed runs already (its session started it).
        for (index, feed) in feeds.enumerated() where ownership[index] == .owned {
            let opened = try Self.open(feed.source, path: config.path, stop: feed.stop)
            // A live source's tick times are judged before they go in, as `live` judges them.
            var timeGuard: LiveTimeGuard?
            if case .live = opened { timeGuard = LiveTimeGuard(maximumLead: feed.source.maximumLead, maximumStepBack: feed.stepBack) }
            let sink = SeriesSink(series: feed.series, wanted: feed.wanted, nameOf: opened.names, decimals: feed.decimals, timeGuard: timeGuard)
            switch opened {
            case .file(let reader, let speed):
                // The reader and the sink move to the producer thread: the render thread never
                // touches them (it reads `feed` after `finished` or the join).
                nonisolated(unsafe) let handedReader = reader
                nonisolated(unsafe) let handedSink = sink
                let producer = startFeedThread {
                    let reader = handedReader
                    var sink = handedSink
                    var pacer = ReplayPacer(speed: speed)
                    do {
                        feed.report = try reader.replay(into: &sink, pacer: &pacer, stop: feed.stop)
                        feed.unmatched = Self.unmatchedSymbols(feed.wanted, sink: sink, held: reader.symbols.names)
                    } catch {
                        feed.error = "\(error)"
                    }
                    feed.finished.store(true, ordering: .releasing)
                }
                guard let producer else { throw CommandFailure("cannot start a producer thread") }
                feed.thread = producer
            case .live(let source):
                feed.loginPassword = (source as? MQTTTickSource)?.settings.password
                feed.connectionLog = ConnectionLog(prefix: feed.connectionLog.prefix, initial: source.connection)
                feed.liveSink = sink
                feed.live = source
                source.start()
            }
        }
    }

    /// Moves what live sources received into their series (render thread, once per turn) and
    /// gives each panel the decimals its data is written with (the most any of its series
    /// needs), as a single chart takes its file's. Returns whether every feed has ended.
    /// O(feeds + series), no allocation but a log line's.
    func pump() -> Bool {
        defer { applyDecimals() }
        var all = true
        for (index, feed) in feeds.enumerated() {
            if let live = feed.live, var sink = feed.liveSink {
                feed.liveSink = nil  // one reference while draining: no copy-on-write of the sink's storage
                let ended = live.isFinished
                sink.setClock(ChartArguments.wallClock())
                live.queue.drain(into: &sink)
                // Ended and drained: a tick still waiting for its series' next one is dropped.
                if ended { sink.endFeed() }
                if let guarding = sink.timeGuard { feed.timeLog.note(guarding, name: { sink.seriesName($0) }) }
                feed.badLog.note(live)
                feed.missingLog.note(live, sink: sink)
                feed.liveSink = sink
                noteConnection(of: index)
                if !ended { all = false }
            } else if !feed.finished.load(ordering: .acquiring) {
                all = false
            } else if let unmatched = feed.unmatched {
                // A panel left blank by a misspelt symbol says so, once, when its file is read.
                feed.unmatched = nil
                printError("\(feed.connectionLog.prefix): \(unmatched)")
            }
        }
        return all
    }

    /// What to say when some `wanted` symbols got no tick from a source that has ended (nil
    /// when each got one): see ``unmatchedText(_:held:within:)``. O(wanted + held); allocates.
    static func unmatchedSymbols(_ wanted: [String], sink: SeriesSink, held: [String]) -> String? {
        let missing = wanted.indices.filter { sink.chartedSymbols.indices.contains($0) && sink.chartedSymbols[$0] == nil }
        guard !missing.isEmpty else { return nil }
        return unmatchedText(missing.map { wanted[$0] }, held: held)
    }

    /// The line for panels' symbols `missing` from a source: those symbols, and the ones the
    /// source holds (a misspelt `BLOT`, `Temp` for `temp`, with the one meant when only the
    /// case differs), or that it names none (a file without a symbol column: leave `symbol`
    /// out). `within` says over what time, for a source still running ("in its first 10s").
    /// O(missing + held); allocates.
    static func unmatchedText(_ missing: [String], held: [String], within: String? = nil) -> String {
        let names = MessageText.list(missing)
        let holds = held.isEmpty ? "it names no symbols (no symbol column: give the panel no 'symbol')" : "it holds \(MessageText.list(held))"
        let suggestion = ReplayInput.suggestions(for: missing, among: held)
        guard let within else { return "no ticks of \(names), so the panel(s) showing it stay empty; \(holds)\(suggestion)" }
        return "no ticks of \(names) \(within), so the panel(s) showing it stay empty until one comes; \(holds)\(suggestion)"
    }

    /// Logs a live source's connection changes and failure, as `live` does, and shows them on
    /// its panels: a "connecting", "cannot connect", "disconnected" or "failed" badge in their headers. Before,
    /// a wall said nothing: a broker refusing the login left an empty panel with "0 ticks",
    /// exit 0, and a lost broker was neither logged nor shown. O(panels) on a change, O(1)
    /// else; allocates only on a change.
    private func noteConnection(of index: Int) {
        let feed = feeds[index]
        guard let live = feed.live else { return }
        if let error = live.error {
            guard feed.error == nil else { return }
            feed.error = error.description
            printError("\(feed.connectionLog.prefix): \(error.description)")
            feed.badge = "failed"
            applyBadge(of: index)
            return
        }
        guard feed.connectionLog.note(live.connection, sourceFailed: false) else { return }
        let badge = feed.connectionLog.badge
        if badge != feed.badge {
            feed.badge = badge
            applyBadge(of: index)
        }
    }

    /// Puts feed `index`'s badge on every panel that shows one of its series, and has the next
    /// frame repaint them (a badge is no data change).
    private func applyBadge(of index: Int) {
        var changed = false
        for (panel, sources) in panelDecimals.enumerated() where sources.contains(where: { $0.feed == index }) {
            guard let chart = dashboard.panels[panel] else { continue }
            chart.setBadge(feeds[index].badge)
            changed = true
        }
        if changed { dashboard.invalidate() }
    }

    /// Whether a source failed for good (its error is in ``summaries()``).
    var anySourceFailed: Bool { feeds.contains { $0.error != nil } }

    /// Sets each panel's ``LiveTickerChart/dataDecimals`` from the decimals learnt for its
    /// series (nil until one has a value: the chart then takes its last value's).
    private func applyDecimals() {
        for (index, sources) in panelDecimals.enumerated() {
            guard let chart = dashboard.panels[index] else { continue }
            var most: Int?
            for (feed, series) in sources {
                if let decimals = feeds[feed].decimals.decimals(ofSeries: series) { most = max(most ?? 0, decimals) }
            }
            if chart.dataDecimals != most { chart.dataDecimals = most }
        }
    }

    /// Ends every feed this session owns (not one borrowed from the session it replaces, nor
    /// one handed over to its successor) and waits for their producer threads.
    func stop() {
        // Borrowed feeds are their own session's still; handed-over ones the successor's.
        let owned = feeds.indices.filter { ownership[$0] == .owned }.map { feeds[$0] }
        for feed in owned {
            feed.stop.stop()
            feed.live?.stop()
        }
        for feed in owned {
            if let thread = feed.thread { pthread_join(thread, nil) }
            feed.thread = nil  // joined once, even when stop() is called again
        }
    }

    /// One line per source on how its feed went (errors first).
    func summaries() -> [String] { feeds.map(Self.summary) }

    /// ``summaries()`` of the sources this session stopped when a reload replaced it (not
    /// those it handed over, whose counts go on in the successor's): said at the reload, since
    /// the summary at exit is the successor's. O(feeds).
    var replacedSummaries: [String] { feeds.indices.filter { ownership[$0] != .handedOver }.map { Self.summary(feeds[$0]) } }

    /// One source's line of ``summaries()``.
    private static func summary(_ feed: Feed) -> String {
        if let error = feed.error { return "source '\(feed.source.id)': \(error)" }
        if let report = feed.report ?? feed.live?.report {
            // What the time guard dropped, as `live` says it (the log said it as it happened).
            let dropped = feed.liveSink?.timeGuard.flatMap(ReplayInput.droppedForTime).map { ", \($0)" } ?? ""
            // A live source's symbols that never came, with those that did.
            var unmatched = ""
            if let sink = feed.liveSink, let live = feed.live,
                let text = Self.unmatchedSymbols(feed.wanted, sink: sink, held: live.symbols.names)
            {
                unmatched = "; " + text
            }
            return "source '\(feed.source.id)': \(report.summary)\(dropped)\(unmatched)"
        }
        return "source '\(feed.source.id)': running"
    }
}
