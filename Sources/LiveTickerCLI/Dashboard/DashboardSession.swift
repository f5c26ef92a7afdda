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
/// the old one only once the new file proved valid).
final class DashboardSession {
    let config: DashboardConfig
    /// The scene at the size it was last asked for.
    private(set) var dashboard: Dashboard
    private let feeds: [Feed]
    private let panels: [DashboardPanel]
    private let font: LabelFont

    /// One source's feed: the series it fills and how.
    private final class Feed: @unchecked Sendable {
        // Invariant: `report`, `error` and `sink` are written by the producer thread before
        // `finished` is stored (release) and read by the render thread after it is seen
        // (acquire) or after `join`; live sources are touched only by the render thread.
        let source: DashboardConfig.Source
        let series: [LiveSeries]
        let wanted: [String]
        let stop: StopFlag
        let finished = Atomic<Bool>(false)
        var thread: pthread_t?
        var live: (any LiveTickFeed)?
        var liveSink: SeriesSink?
        var report: FeedReport?
        var error: String?

        init(source: DashboardConfig.Source, series: [LiveSeries], wanted: [String], processStop: @escaping @Sendable () -> Bool) {
            self.source = source
            self.series = series
            self.wanted = wanted
            stop = StopFlag(alsoWhen: processStop)
        }
    }

    /// Builds the series and the scene for a `width × height` frame; nothing starts yet.
    init(
        config: DashboardConfig, width: Int, height: Int, font: LabelFont, zone: TimeZoneRules,
        processStop: @escaping @Sendable () -> Bool
    ) throws(CommandFailure) {
        self.config = config
        var feeds: [Feed] = []
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
            let input = ReplayInput(history: source.history)
            let series = try names.map { _ throws(CommandFailure) in try input.makeSeries(interval: source.candle, zone: zone) }
            feeds.append(Feed(source: source, series: series, wanted: names.compactMap { $0 }, processStop: processStop))
        }
        var panels: [DashboardPanel] = []
        for panel in config.panels {
            var series: [ChartSeries] = []
            for s in panel.series {
                let feed = feeds.first { $0.source.id == s.source }!
                let index = s.symbol.flatMap { feed.wanted.firstIndex(of: $0) } ?? 0
                series.append(
                    ChartSeries(
                        id: "\(s.source)/\(s.symbol ?? "")", title: s.title ?? s.symbol ?? panel.title ?? s.source, style: s.style,
                        source: feed.series[index]))
            }
            var options = ChartOptions()
            options.window = panel.window
            options.theme = config.theme
            options.algorithm = config.algorithm
            options.lineWidth = config.lineWidth
            options.textScale = config.textScale
            options.showsHeader = panel.showsHeader
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
        }
        self.feeds = feeds
        self.panels = panels
        self.font = font
        dashboard = Self.makeDashboard(config, panels: panels, width: width, height: height, font: font)
    }

    /// The scene for a `width × height` frame over the same series (a display that came back
    /// at another size); the current one when the size is unchanged.
    func scene(width: Int, height: Int) -> Dashboard {
        if dashboard.width != width || dashboard.height != height {
            dashboard = Self.makeDashboard(config, panels: panels, width: width, height: height, font: font)
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

    static func mark(_ mark: DashboardConfig.Mark) -> any ChartMark {
        switch mark {
        case .line(let series, let interpolation): LineMark(series: series, interpolation: interpolation)
        case .area(let series): AreaMark(series: series)
        case .candles(let series): CandlesMark(series: series)
        case .volume(let series): VolumeMark(series: series)
        case .average(let series, let kind): MovingAverageMark(series: series, kind: kind)
        case .threshold(let values, let color): ThresholdMark(values: values, color: color)
        case .band(let lower, let upper, let color): BandMark(lower: lower, upper: upper, color: color)
        case .last(let series): LastValueMark(series: series)
        }
    }

    /// Opens every source and starts its feed: files on producer threads (paced as the
    /// source says), live sources listening. Fails (starting nothing more) on the first source
    /// that cannot be opened.
    func start() throws(CommandFailure) {
        for feed in feeds {
            var options = FeedOptions()
            if let column = feed.source.symbolColumn { options.symbolColumn = ColumnSelector(argument: column) }
            switch feed.source.kind {
            case .file(let path, let speed, let follow):
                let reader: any TickBatchReader
                do {
                    reader = try TickFileReader.open(path: path, options: options, follow: follow, stop: feed.stop)
                } catch {
                    throw CommandFailure("\(config.path): source '\(feed.source.id)': \(error.description)")
                }
                let names: (SymbolID) -> String? = { symbol in reader.symbols.count > 0 ? reader.symbols.name(of: symbol) : nil }
                let template = SeriesSink(series: feed.series, wanted: feed.wanted, nameOf: names)
                // The reader and the sink template move to the producer thread: the render
                // thread never touches them (it reads `feed` after `finished` or the join).
                nonisolated(unsafe) let handedReader = reader
                nonisolated(unsafe) let handedSink = template
                let producer = startFeedThread {
                    let reader = handedReader
                    var sink = handedSink
                    var pacer = ReplayPacer(speed: speed)
                    do {
                        feed.report = try reader.replay(into: &sink, pacer: &pacer, stop: feed.stop)
                    } catch {
                        feed.error = "\(error)"
                    }
                    feed.finished.store(true, ordering: .releasing)
                }
                guard let producer else { throw CommandFailure("cannot start a producer thread") }
                feed.thread = producer
            case .mqtt(let mqtt):
                do throws(CommandFailure) {
                    var settings = mqtt.settings
                    if let file = mqtt.passwordFile {
                        settings.password = try MQTTArguments.readPassword(file)
                    } else if let environment = getenv("LIVETICKER_MQTT_PASSWORD") {
                        settings.password = String(cString: environment)
                    }
                    let source: MQTTTickSource
                    do {
                        let endpoint = try MQTTArguments.endpoint(mqtt.url)
                        source = try MQTTTickSource(
                            endpoint: endpoint, settings: settings, options: options, format: mqtt.format,
                            topicSymbol: mqtt.topicSymbol, stop: feed.stop)
                    } catch let error as UsageError {
                        throw CommandFailure(error.reason)
                    } catch let error as FeedError {
                        throw CommandFailure(error.description)
                    } catch {
                        throw CommandFailure("\(error)")
                    }
                    let names: (SymbolID) -> String? = { symbol in
                        let symbols = source.symbols
                        return symbols.count > Int(symbol.rawValue) ? symbols.name(of: symbol) : nil
                    }
                    feed.liveSink = SeriesSink(series: feed.series, wanted: feed.wanted, nameOf: names)
                    feed.live = source
                    source.start()
                } catch {
                    throw CommandFailure("\(config.path): source '\(feed.source.id)': \(error.message)")
                }
            case .connect(let client):
                do {
                    var options = options
                    if let field = client.jsonValue { options.valueColumn = ColumnSelector(argument: field) }
                    if let field = client.jsonTime { options.timeColumn = ColumnSelector(argument: field) }
                    if let field = client.jsonSymbol { options.symbolColumn = ColumnSelector(argument: field) }
                    var settings = client.settings
                    if let subscribe = client.subscribe { settings.subscribeMessage = try WebSocketArguments.subscribeMessage(subscribe) }
                    guard let made = try LiveCommand.connectOutSource(
                        client.url, connect: true, webSocket: settings, format: client.format, options: options, stop: feed.stop)
                    else { throw CommandFailure("not a connect-out source: \(client.url)") }
                    let source = made.source
                    let names: (SymbolID) -> String? = { symbol in
                        let symbols = source.symbols
                        return symbols.count > Int(symbol.rawValue) ? symbols.name(of: symbol) : nil
                    }
                    feed.liveSink = SeriesSink(series: feed.series, wanted: feed.wanted, nameOf: names)
                    feed.live = source
                    source.start()
                } catch let error as UsageError {
                    throw CommandFailure("\(config.path): source '\(feed.source.id)': \(error.reason)")
                } catch let error as CommandFailure {
                    throw CommandFailure("\(config.path): source '\(feed.source.id)': \(error.message)")
                } catch {
                    throw CommandFailure("\(config.path): source '\(feed.source.id)': \(error)")
                }
            case .live(let text):
                do {
                    let endpoint = try LiveEndpoint(parsing: text)
                    let source = try LiveTickSource(endpoint: endpoint, options: options, stop: feed.stop)
                    let names: (SymbolID) -> String? = { symbol in
                        let symbols = source.symbols
                        return symbols.count > Int(symbol.rawValue) ? symbols.name(of: symbol) : nil
                    }
                    feed.liveSink = SeriesSink(series: feed.series, wanted: feed.wanted, nameOf: names)
                    feed.live = source
                    source.start()
                } catch {
                    throw CommandFailure("\(config.path): source '\(feed.source.id)': \(error.description)")
                }
            }
        }
    }

    /// Moves what live sources received into their series (render thread, once per turn).
    /// Returns whether every feed has ended.
    func pump() -> Bool {
        var all = true
        for feed in feeds {
            if let live = feed.live, var sink = feed.liveSink {
                feed.liveSink = nil  // one reference while draining: no copy-on-write of the sink's storage
                let ended = live.isFinished
                live.queue.drain(into: &sink)
                feed.liveSink = sink
                if !ended { all = false }
            } else if !feed.finished.load(ordering: .acquiring) {
                all = false
            }
        }
        return all
    }

    /// Ends every feed and waits for the producer threads.
    func stop() {
        for feed in feeds {
            feed.stop.stop()
            feed.live?.stop()
        }
        for feed in feeds {
            if let thread = feed.thread { pthread_join(thread, nil) }
            feed.thread = nil  // joined once, even when stop() is called again
        }
    }

    /// One line per source on how its feed went (errors first).
    func summaries() -> [String] {
        feeds.map { feed in
            if let error = feed.error { return "source '\(feed.source.id)': \(error)" }
            if let report = feed.report ?? feed.live?.report { return "source '\(feed.source.id)': \(report.summary)" }
            return "source '\(feed.source.id)': running"
        }
    }
}
