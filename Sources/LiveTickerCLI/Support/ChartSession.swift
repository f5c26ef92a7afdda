import LiveTickerChart
import LiveTickerCore
import LiveTickerDisplay
import LiveTickerFeed
import LiveTickerMQTT
import LiveTickerRender
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The engine behind `replay` and `live`: a feed goes into one ``LiveSeries`` per charted
/// symbol on a producer, frames of a ``LiveTickerChart`` go to a ``Display``.
///
/// Two ways to run:
/// - ``runToFile(reader:pacer:every:stop:)`` for picture outputs: one thread parses every tick and a
///   frame is drawn at the end (and every N ticks for a frame sequence).
/// - ``runLive(reader:pacer:stop:hold:)`` for panels: a producer thread parses (and paces) while the
///   main thread draws at the display's rate, and only when the series changed: a still feed
///   draws nothing and the process sleeps.
final class ChartSession {
    let series: [LiveSeries]
    /// Symbol names charted, one per series (`--symbol A,B`); empty: the first symbol seen.
    let wanted: [String]
    /// `wanted` names value columns (`--value a,b,c`; see ``SeriesSink/wantedAreColumns``).
    let wantedAreColumns: Bool
    let chartOptions: ChartOptions
    let font: LabelFont
    let display: any Display
    private var chart: LiveTickerChart
    private var framebuffer: Framebuffer
    /// Frames presented so far.
    private(set) var framesPresented = 0
    /// The chart's badge changed since the last frame (draw even without new ticks).
    private var badgeChanged = false
    /// The header badge (connection state), kept here so a re-made chart shows it too.
    private var badge: String?
    /// The display is a picture file: no frame is presented while nothing is charted, so a run
    /// that charts nothing leaves an existing picture as it was (a panel shows the empty chart).
    var skipsEmptyFrames = false
    /// Judges a live source's tick times (`live`; nil: every tick goes in). See ``LiveTimeGuard``.
    var timeGuard: LiveTimeGuard?
    /// Whether any series has had a finite value (a run of gaps alone, NaN or ±∞, draws
    /// nothing: no line, no value, no tag).
    private var chartsSomething: Bool { SeriesSink.holdsFiniteValue(series) }
    /// The output is one picture file, which keeps the last frame after the run (a panel is
    /// handed back to the console, a numbered sequence has every frame already).
    private var keepsLastFrameInFile: Bool {
        (display as? PictureFileDisplay).map { !$0.fileName.isSequence } ?? false
    }

    /// Header titles per series: the wanted symbol names, or the file's name until the charted
    /// symbol is known.
    private var titles: [String]
    private var titleIsSymbol = false

    /// A session charting `series` (one per name in `wanted`, or one for the first symbol when
    /// `wanted` is empty) with `title` shown until a symbol name is known.
    init(series: [LiveSeries], wanted: [String] = [], wantedAreColumns: Bool = false, chartOptions: ChartOptions, font: LabelFont, display: any Display, title: String,
        titleIsFixed: Bool = false
    ) {
        precondition(!series.isEmpty && (wanted.isEmpty || wanted.count == series.count))
        self.series = series
        self.wanted = wanted
        self.wantedAreColumns = wantedAreColumns
        self.chartOptions = chartOptions
        self.font = font
        self.display = display
        titles = wanted.isEmpty ? [title] : wanted
        titleIsSymbol = !wanted.isEmpty || titleIsFixed
        chart = font.makeChart(series: series, width: display.width, height: display.height, options: chartOptions)
        framebuffer = Framebuffer(width: display.width, height: display.height)
        applyTitles()
    }

    private func applyTitles() {
        for (index, title) in titles.enumerated() { chart.setTitle(title, forSeries: index) }
        chart.setBadge(badge)
        chart.dataDecimals = valueDecimals
    }

    /// Decimals of the values as the input writes them (``TickBatchReader/valueDecimals``),
    /// once known: the header and tags show prices as the file does.
    private var valueDecimals: Int?

    /// With several series the most any of them needs.
    private func adoptValueDecimals(_ decimals: Int?) {
        guard let decimals, decimals > (valueDecimals ?? -1) else { return }
        valueDecimals = decimals
        chart.dataDecimals = decimals
    }

    /// Shows the charted symbol's name in the header once the feed has named it (once; with
    /// `--symbol A,B` the names are known from the start).
    private func adoptSymbolTitle(_ name: String?) {
        guard !titleIsSymbol, let name, !name.isEmpty else { return }
        titleIsSymbol = true
        titles[0] = name
        chart.setTitle(name, forSeries: 0)
    }

    /// Column mode (`--value a,b` in a file with a symbol column): series `index` is titled by
    /// the name the reader gave it (`sensor-a.temp_c`), unless `--title` fixed the title.
    private func adoptColumnTitle(_ name: String?, index: Int) {
        guard let name, !name.isEmpty, index < titles.count, name != titles[index] else { return }
        titles[index] = name
        chart.setTitle(name, forSeries: index)
    }

    /// Names series `index` once the feed named its symbol, the same way for every run: a
    /// column series (`--value a,b`) by the reader's name for it (`sensor-a.temp_c`), else the
    /// first series by its symbol. `replay` to a file and `live` both call it from `onSymbol`.
    private func adoptTitle(_ name: String?, index: Int) {
        if wantedAreColumns {
            adoptColumnTitle(name, index: index)
        } else if index == 0 {
            adoptSymbolTitle(name)
        }
    }

    /// The text alternative to the last frame presented (``LiveTickerChart/describe()``).
    func describe() -> String { chart.describe() }

    /// A sink routing the feed into this session's series.
    private func makeSink(
        names: @escaping (SymbolID) -> String?, columnNames: @escaping () -> [String], every: Int = 0,
        onSymbol: ((Int, SymbolID) -> Void)? = nil, onFrame: (() -> Void)? = nil, decimals: SeriesDecimals? = nil,
        timeGuard: LiveTimeGuard? = nil
    ) -> SeriesSink {
        SeriesSink(
            series: series, wanted: wanted, wantedAreColumns: wantedAreColumns, nameOf: names, columnNames: columnNames,
            framesEvery: every, onSymbol: onSymbol, onFrame: onFrame, decimals: decimals, timeGuard: timeGuard)
    }

    /// A feed without text decimals (network sources: their payloads are parsed one message
    /// at a time) shows the decimals learnt from its values, the most any charted series needs,
    /// as a dashboard panel does.
    private func adoptLearntDecimals(_ learnt: SeriesDecimals) {
        guard valueDecimals == nil else { return }
        var most: Int?
        for index in 0..<learnt.count {
            if let decimals = learnt.decimals(ofSeries: index) { most = max(most ?? 0, decimals) }
        }
        if chart.dataDecimals != most { chart.dataDecimals = most }
    }

    /// Draws the current state and presents it. Allocates only when the display changed size
    /// (a panel replugged with another mode).
    func presentFrame() throws(CommandFailure) {
        if display.width != framebuffer.width || display.height != framebuffer.height {
            chart = font.makeChart(series: series, width: display.width, height: display.height, options: chartOptions)
            applyTitles()
            framebuffer = Framebuffer(width: display.width, height: display.height)
        }
        // Only what changed since the last frame is redrawn (the same bytes as a whole frame),
        // and only that reaches a display that updates in part.
        chart.drawChanges(into: framebuffer)
        do {
            if try display.present(framebuffer, damage: chart.damage) { framesPresented += 1 }
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// Reads everything on this thread (paced when `pacer` says so), presenting a frame every
    /// `every` charted ticks (0: none) and once at the end.
    /// `stop` ends the feed early (SIGINT/SIGTERM should raise it); the frame is still written.
    func runToFile(reader: any TickBatchReader, pacer: ReplayPacer, every: Int, stop: StopFlag) throws -> (FeedReport, SeriesSink) {
        var frameError: CommandFailure?
        var sink = makeSink(
            names: { Self.name(of: $0, in: reader) }, columnNames: { reader.valueColumnNames }, every: every,
            onSymbol: { [unowned self] index, symbol in
                self.adoptTitle(Self.name(of: symbol, in: reader), index: index)
                self.adoptValueDecimals(Self.valueDecimals(of: symbol, in: reader))
                if reader.valuesAreMeasurements { self.series[index].markMeasurements() }
            },
            onFrame: { [unowned self] in
                guard frameError == nil else { return }
                do { try self.presentFrame() } catch { frameError = error as? CommandFailure ?? CommandFailure("\(error)") }
            })
        var pacer = pacer
        let report = try Self.feed(reader, into: &sink, pacer: &pacer, stop: stop)
        if let frameError { throw frameError }
        // Nothing charted: an existing picture keeps its bytes (the run fails and says why).
        if chartsSomething || !skipsEmptyFrames { try presentFrame() }
        return (report, sink)
    }

    /// Parses on a producer thread while this thread draws whenever the series changed, at
    /// most once per display refresh; after the feed ends the last frame stays up when `hold`.
    /// `stop` ends the feed early (SIGINT/SIGTERM should raise it).
    func runLive(reader: any TickBatchReader, pacer: ReplayPacer, stop: StopFlag, hold: Bool) throws -> (FeedReport, SeriesSink) {
        let outcome = ProducerOutcome(seriesCount: series.count)
        // `outcome` keeps the sink (`outcome.sink`) and the sink keeps this closure: a strong
        // capture here was a reference cycle that leaked the sink, its series routing and the
        // outcome on every run (LeakSanitizer: 2.8 MB per run).
        let series = self.series
        let sinkTemplate = makeSink(
            names: { Self.name(of: $0, in: reader) }, columnNames: { reader.valueColumnNames },
            onSymbol: { [weak outcome] index, symbol in
                outcome?.publishTitle(Self.name(of: symbol, in: reader), index: index)
                outcome?.publishDecimals(Self.valueDecimals(of: symbol, in: reader))
                // On the producer thread, the series' writer.
                if reader.valuesAreMeasurements { series[index].markMeasurements() }
            })
        // The reader and the sink template move to the producer thread: this thread reads
        // neither again until the producer has been joined.
        nonisolated(unsafe) let handedReader = reader
        nonisolated(unsafe) let handedSink = sinkTemplate
        let producer = startFeedThread {
            let reader = handedReader
            var sink = handedSink
            var pacer = pacer
            do {
                outcome.report = try Self.feed(reader, into: &sink, pacer: &pacer, stop: stop)
            } catch {
                outcome.error = error
            }
            outcome.sink = sink
            outcome.finished.store(true, ordering: .releasing)
        }
        StopSignal.install()
        guard let producer else { throw CommandFailure("cannot start the producer thread") }

        var seenTitles = 0
        try renderWhileFeeding(
            step: { [self] in
                outcome.adoptTitles(since: &seenTitles) { adoptTitle($1, index: $0) }
                adoptValueDecimals(outcome.publishedDecimals)
                return outcome.finished.load(ordering: .acquiring)
            },
            onStop: { stop.stop() })
        pthread_join(producer, nil)
        // A name or the decimals published after the last step read them (and before it saw
        // `finished`) would be missing from the last frame: take them once more after the join.
        outcome.adoptTitles(since: &seenTitles) { adoptTitle($1, index: $0) }
        adoptValueDecimals(outcome.publishedDecimals)
        if let error = outcome.error { throw error }
        if !StopSignal.isRequested, chartsSomething || !skipsEmptyFrames {
            // The frames drawn while feeding chose the value strip's width with hysteresis;
            // the last one is drawn from the data alone, as a file output of the replay is.
            chart.resetLayoutHistory()
            try presentFrame()
        }
        if hold, !StopSignal.isRequested {
            StopSignal.hold(showing: "the last frame on \(display.summary)")
        }
        return (outcome.report ?? reader.report, outcome.sink ?? sinkTemplate)
    }

    /// Shows a live source (stdin, a followed file, a UDP or TCP listener): its own producer
    /// thread parses into a queue; this thread drains the queue into the series and draws when
    /// the series changed, at most once per display refresh, sleeping otherwise. Ends when the
    /// source ends (stdin closed) or on SIGINT/SIGTERM; `hold` keeps the last frame up.
    /// When the queue overflowed, the count of dropped ticks is reported once as it happens.
    ///
    /// A network feed's connection state is logged as it changes and shown on the chart (a
    /// "disconnected" badge in the header until it is back).
    func runLiveSource(
        _ source: any LiveTickFeed, hold: Bool, symbolFilter: String? = nil, republisher: MQTTRepublisher? = nil
    ) throws -> (FeedReport, SeriesSink) {
        StopSignal.install()
        // Symbol names are read (under the source's lock) once per new symbol, not per tick or
        // per frame; the first charted symbol names the chart when it first arrives (draining
        // runs on this thread).
        let names: (SymbolID) -> String? = { symbol in
            let symbols = source.symbols
            return symbols.count > Int(symbol.rawValue) ? symbols.name(of: symbol) : nil
        }
        let learnt = SeriesDecimals(count: series.count)
        var sink = ForwardingSink(
            inner: makeSink(
                names: names, columnNames: { source.valueColumnNames },
                onSymbol: { [unowned self] index, symbol in
                    self.adoptTitle(names(symbol), index: index)
                    // This thread drains the queue: it is the series' writer.
                    if source.valuesAreMeasurements { self.series[index].markMeasurements() }
                }, decimals: learnt, timeGuard: timeGuard),
            republisher: republisher)
        var timeLog = TimeGuardLog(prefix: "liveticker", keepHint: "--max-ahead off")
        var badLog = BadLineLog(prefix: "liveticker")
        // The symbols asked for: the source's filter (`--symbol` on lines) and the series'
        // names when they are symbols (`--symbol A,B`, or one picked from messages).
        var missingLog = MissingSymbolLog(
            prefix: "liveticker", asked: (wantedAreColumns ? [] : wanted) + (symbolFilter.map { [$0] } ?? []))
        var reportedDrops = 0
        var reportedRepublishDrops = 0
        var connectionLog = ConnectionLog(prefix: "liveticker", initial: source.connection)
        var reportedRefusal = false
        republisher?.start()
        source.start()
        defer {
            source.stop()
            republisher?.stop()
        }
        try renderWhileFeeding(
            step: {
                let finished = source.isFinished
                // A loss and reconnect quicker than a frame still shows: the counts moved.
                if connectionLog.note(source.connection, sourceFailed: source.error != nil) {
                    badge = connectionLog.badge
                    chart.setBadge(badge)
                    badgeChanged = true
                }
                if sink.inner.timeGuard != nil { sink.inner.setClock(ChartArguments.wallClock()) }
                source.queue.drain(into: &sink)
                if let guarding = sink.inner.timeGuard { timeLog.note(guarding, name: { sink.inner.seriesName($0) }) }
                badLog.note(source)
                missingLog.note(source, sink: sink.inner)
                adoptLearntDecimals(learnt)
                let dropped = source.queue.dropped
                if dropped > reportedDrops {
                    printError("liveticker: the feed outran the chart: \(dropped) ticks dropped so far")
                    reportedDrops = dropped
                }
                if let republisher {
                    let dropped = republisher.dropped
                    if dropped > reportedRepublishDrops {
                        printError("liveticker: republishing fell behind the feed: \(dropped) ticks not forwarded so far")
                        reportedRepublishDrops = dropped
                    }
                    // A broker that refused the republisher's credentials ends the run, as a refused subscriber does.
                    if republisher.isFinished { return true }
                }
                // The first refused peer is named once, with how to let it in (the rest are counted).
                if !reportedRefusal, let listener = source as? LiveTickSource, listener.port != nil,
                    let peer = listener.listenerReport.firstRefusedPeer
                {
                    printError("liveticker: refused \(peer.host): not in --allow (accepting \(listener.listenerOptions.allow))")
                    reportedRefusal = true
                }
                return finished
            },
            onStop: {})
        // Stopped before the counts are read, so the report and the source's summary agree; the
        // republisher then forwards what is still queued.
        source.stop()
        republisher?.stop()
        // A tick still waiting for its series' next one had none to move with: dropped, said.
        sink.inner.endFeed()
        if let guarding = sink.inner.timeGuard { timeLog.note(guarding, name: { sink.inner.seriesName($0) }) }
        if let error = source.error { throw CommandFailure(error.description) }
        if let error = republisher?.error { throw CommandFailure("--republish: \(error.description)") }
        if !StopSignal.isRequested || keepsLastFrameInFile, chartsSomething || !skipsEmptyFrames {
            // A feed that ended by itself (standard input closed): the last frame is drawn from
            // the data alone, as `replay` draws it (the frames while feeding chose the value
            // strip's width with hysteresis), so `live -` of a file pictures what `replay` does.
            // So is the picture file a stopped run leaves behind (a feed that never ends, as
            // MQTT, stops only by a signal): the same ticks leave the same bytes, whichever
            // frames happened to be drawn on the way.
            chart.resetLayoutHistory()
            try presentFrame()
        }
        if hold, !StopSignal.isRequested {
            StopSignal.hold(showing: "the last frame on \(display.summary)")
        }
        return (source.report, sink.inner)
    }

    /// The render loop both live paths share: each turn runs `step` (which pulls what the feed
    /// produced and returns whether the feed had ended before it pulled), then draws if the
    /// series changed, stops once the feed ended and everything is drawn, and otherwise sleeps
    /// one refresh interval (20 ms for outputs without one) instead of spinning; a moving feed
    /// is paced by `present` itself. SIGINT/SIGTERM end it after calling `onStop`.
    private func renderWhileFeeding(step: () -> Bool, onStop: () -> Void) throws(CommandFailure) {
        let idle = display.refreshInterval > .zero ? display.refreshInterval : .milliseconds(20)
        var drawnVersion = UInt64.max
        while true {
            if StopSignal.isRequested {
                onStop()
                return
            }
            let finished = step()
            // The sum of the series' versions changes whenever any of them does (each only grows).
            var version: UInt64 = 0
            for one in series { version &+= one.version }
            if version != drawnVersion || badgeChanged {
                drawnVersion = version
                badgeChanged = false
                if version > 0 || !skipsEmptyFrames { try presentFrame() }
            } else if finished {
                return
            } else {
                sleep(for: idle)
            }
        }
    }

    /// The decimals the input writes `symbol`'s values with (its own, when the file's first
    /// lines held it: a setpoint `72.0` beside a pressure `2.062`), else the input's.
    private static func valueDecimals(of symbol: SymbolID, in reader: any TickBatchReader) -> Int? {
        name(of: symbol, in: reader).map { reader.valueDecimals(ofSymbol: $0) } ?? reader.valueDecimals
    }

    /// The symbol's name when the file has a symbol column; nil otherwise.
    private static func name(of symbol: SymbolID, in reader: any TickBatchReader) -> String? {
        reader.symbols.count > 0 ? reader.symbols.name(of: symbol) : nil
    }

    private static func feed(
        _ reader: any TickBatchReader, into sink: inout SeriesSink, pacer: inout ReplayPacer, stop: StopFlag
    ) throws(FeedError) -> FeedReport {
        try reader.replay(into: &sink, pacer: &pacer, stop: stop)
    }

    private func sleep(for duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        _ = nanosleep(&request, nil)
    }
}

/// What the producer thread hands back.
///
/// Invariant: `report`, `error` and `sink` are written only by the producer before it stores
/// `finished` (release) and read by the main thread after `join`; the series titles are read
/// and written under their lock. So no field is ever accessed concurrently.
private final class ProducerOutcome: @unchecked Sendable {
    let finished = Atomic<Bool>(false)
    var report: FeedReport?
    var error: (any Error)?
    var sink: SeriesSink?
    /// The name the feed gave each series (nil: none yet), and how often one was set, so the
    /// main thread takes the lock only in a frame after a change (names come once per symbol).
    private let titles: FeedStateLock<[String?]>
    private let titleChanges = Atomic<Int>(0)

    /// Room for `seriesCount` series' names.
    init(seriesCount: Int) {
        titles = FeedStateLock(Array(repeating: nil, count: seriesCount))
    }

    /// Producer side: series `index` is named `name` (once per new symbol).
    func publishTitle(_ name: String?, index: Int) {
        guard let name, !name.isEmpty else { return }
        let changed = titles.withLock { titles -> Bool in
            guard index < titles.count, titles[index] != name else { return false }
            titles[index] = name
            return true
        }
        if changed { titleChanges.add(1, ordering: .releasing) }
    }

    /// Main-thread side: calls `adopt` with every series' name when one changed since `seen`.
    func adoptTitles(since seen: inout Int, _ adopt: (Int, String) -> Void) {
        let changes = titleChanges.load(ordering: .acquiring)
        guard changes != seen else { return }
        seen = changes
        titles.withLock { titles in
            for (index, name) in titles.enumerated() { if let name { adopt(index, name) } }
        }
    }

    /// The reader's value decimals (-1: none yet), producer to main thread.
    private let decimals = Atomic<Int>(-1)

    /// Producer side: the most decimals any charted series needs, so far.
    func publishDecimals(_ value: Int?) {
        guard let value, decimals.load(ordering: .relaxed) < value else { return }
        decimals.store(value, ordering: .relaxed)
    }

    /// Main-thread side: the decimals once published.
    var publishedDecimals: Int? {
        let value = decimals.load(ordering: .relaxed)
        return value >= 0 ? value : nil
    }

}
