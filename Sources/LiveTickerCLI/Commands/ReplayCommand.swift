import LiveTickerChart
import LiveTickerCore
import LiveTickerDisplay
import LiveTickerDownsampling
import LiveTickerFeed
import LiveTickerRender

/// `liveticker replay FILE`: the main job. Feeds a tick file through a ``LiveSeries`` (at full
/// rate by default) and shows the chart: the last frame in a picture, a frame sequence, or live
/// on a panel.
enum ReplayCommand: Command {
    static let name = "replay"
    static let summary = "replay a tick file into a chart: a PPM/PNG picture, frames, or a display"
    static let flags: Set<String> = FeedArguments.flags.union(["hold", "follow", "no-area", "no-header", "describe"])
    static let help = """
        Usage: liveticker replay FILE [OPTIONS]
               liveticker replay --config FILE.toml [--output SPEC] [--size WxH]
                              (a dashboard file: the same as `liveticker run FILE.toml`)

        Reads a tick file (CSV with a header, or the binary .ltk format that `liveticker convert`
        writes; FILE may be - for standard input), feeds every tick
        through a live series with candles, and draws the chart. Malformed lines are skipped,
        counted and reported with their line numbers; the replay goes on.

        Output:
        \(DisplayArguments.helpLines)
                              (default: liveticker.ppm)
          --every N           draw a frame every N ticks; with --output 'frames/%05d.png' each
                              frame gets its own numbered file
          --hold              on a display, keep the last frame up until SIGINT/SIGTERM
          --describe          print a one-paragraph text summary of the last frame to
                              standard output (series, last value, change, range, trend, gaps)

        Chart:
          --chart KIND        line (default), candles, or both
          --candle D          candle interval: 1s, 5m, 1h, 1d, ... or 100t (ticks); default:
                              from 1s, 5s, 15s, 30s, 1m, 5m, 15m, 1h, 4h, 1d, 1w the first
                              that puts at most 150 candles in the span shown, chosen again
                              every frame
          --window D          follow the newest data over this span, e.g. 10m (default: all held)
          --range FROM,TO     show a fixed time range instead, e.g.
                              2024-03-01T12:00:00Z,2024-03-01T13:00:00Z
          --tz NAME           show times in this zone, daylight saving included: an IANA
                              name (America/New_York, Europe/Berlin), UTC, or a POSIX rule
                              (default: TZ, then /etc/localtime, else UTC)
          --utc-offset OFF    show times at a fixed offset from UTC instead, e.g. +01:00
          --title TEXT        the header's name (default: the symbol, else the file name)
          --change KIND       the header's change: auto (default: both for prices, none for
                              telemetry: line protocol, or a value column not named as a
                              price), both (+1.60 (+1.58%)), absolute, percent, or none
          --stale D           show a STALE badge with the last tick's time when no tick came
                              for D (e.g. 30s), so a wall never shows an old value as live
          --theme NAME        dark (default), light, colorblind
          --rotate DEG        0, 90, 180, 270 for portrait-mounted panels
          --algorithm A       lttb (default), minmax, m4, minmaxlttb
          --line-width PX     series line width in pixels (default 1.5; 1 with --chart both)
          --threshold V[,V]   horizontal alarm lines at these values
          --crosshair TIME    mark a moment: dashed lines through it and the value there,
                              with tags on both axes (epoch time or ISO-8601)
          --no-area           no area fill under the line
          --no-header         no header strip
          --font FILE         label font: TrueType/OpenType (.ttf, .otf), a PSF2 console font
                              (.psf or .psf.gz, e.g. /usr/share/consolefonts/Uni2-Terminus16.psf.gz)
                              or 'builtin' (default: DejaVu Sans when fonts-dejavu-core is
                              installed, else the built-in bitmap font)
          --text-size PX      text size in pixels (default: 1/40 of the panel's shorter side,
                              at least 12; bitmap fonts take the nearest whole scale)
          --text-scale N      integer scale of a bitmap font (default: from the frame size)

        Input:
        \(FeedArguments.helpLines)
        \(ReplayInput.helpLines)

        Examples:
          liveticker replay Samples/acme-2024-03-01.csv --output acme.png
          liveticker replay day.csv --chart both --candle 5m --output day.png --size 1920x1080
          liveticker replay Samples/ecg-mitbih-208.csv --window 10s --output ecg.png
          liveticker replay day.csv --output drm --speed 1 --window 10m --hold
          liveticker replay day.csv --every 1000 --output 'frames/%05d.png'
          liveticker replay day.csv --crosshair 2024-03-01T12:30:00Z --output noon.png
        """

    static func run(_ arguments: inout ParsedArguments) throws -> Int32 {
        if let config = arguments.value("config") {
            // The dashboard file is the general form; these commands' flags are its one-panel shorthand.
            guard arguments.operands.isEmpty else { throw UsageError("--config FILE.toml replaces the source operand: give one or the other") }
            return try RunCommand.runDashboard(path: config, &arguments)
        }
        guard arguments.operands.count == 1 else {
            throw UsageError(arguments.operands.isEmpty ? "needs a tick file (or - for standard input)" : "takes one file, got \(arguments.operands.count)")
        }
        let path = arguments.operands[0]
        let display = try DisplayArguments.read(from: &arguments, defaultOutput: "liveticker.ppm")
        let chart = try ChartArguments.read(from: &arguments)
        var feed = try ReplayInput.read(from: &arguments)
        let (wanted, byColumn) = try FeedArguments.chartedSeries(&feed.options)
        let every = try arguments.value("every", expected: "a whole number ≥ 1") { Int($0).flatMap { $0 >= 1 ? $0 : nil } } ?? 0
        let hold = arguments.flag("hold")
        let describe = arguments.flag("describe")
        try arguments.finish()

        // One flag stops everything: SIGINT/SIGTERM raise it, a followed file's wait and a
        // paced replay's sleep both check it.
        StopSignal.install()
        let stop = StopFlag(alsoWhen: { StopSignal.isRequested })
        var notes: [String] = []
        if !feed.historyGiven && !feed.follow {
            let sized = HistorySizing.ticks(forPath: path, minimum: feed.history)
            feed.history = sized.ticks
            if let note = sized.note { notes.append(note) }
        }
        let reader: any TickBatchReader
        var ordered: TimeOrderedReader?
        do {
            let opened = try TickFileReader.open(path: path, options: feed.options, follow: feed.follow, stop: stop)
            // A file written newest first is replayed in time order (not a followed file).
            if feed.follow {
                (opened as? CSVTickReader)?.onFollowEvent = ReplayInput.followLog(path: path)
                reader = opened
            } else {
                ordered = TimeOrderedReader(opened, maximumTicks: feed.history)
                reader = ordered!
            }
        } catch {
            throw CommandFailure(error.description)
        }
        let series = try (0..<max(1, wanted.count)).map { _ in try feed.makeSeries(interval: chart.candleInterval, zone: chart.options.timeZone, foldsCandles: chart.options.automaticCandles) }
        let output = try display.open()
        defer { output.close() }
        let session = ChartSession(
            series: series, wanted: wanted, wantedAreColumns: byColumn, chartOptions: chart.options, font: chart.font, display: output,
            title: chart.title ?? feed.options.symbol ?? ReplayInput.title(forPath: path), titleIsFixed: chart.title != nil)
        session.skipsEmptyFrames = display.output.isFile
        let (report, sink) =
            display.output.isFile && !feed.follow
            ? try session.runToFile(reader: reader, pacer: feed.pacer, every: every, stop: stop)
            : try session.runLive(reader: reader, pacer: feed.pacer, stop: stop, hold: hold)
        if describe { print(session.describe()) }
        return ReplayInput.finish(
            report: report, sink: sink, symbols: reader.symbols, path: path, format: reader.formatDescription,
            symbolFilter: feed.options.symbol, historyCapacity: feed.history,
            notes: notes + (ordered.map { $0.droppedOldest > 0 ? ["\($0.droppedOldest) oldest ticks of the newest-first file beyond the history dropped"] : [] } ?? []),
            zone: chart.options.timeZone, outputIsFile: display.output.isFile
        ) {
            "\(session.framesPresented) frame(s) to \(output.summary)"
        }
    }
}
