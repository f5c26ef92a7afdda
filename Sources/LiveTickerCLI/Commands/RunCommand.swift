import LiveTickerChart
import LiveTickerCore
import LiveTickerDisplay
import LiveTickerFeed
import LiveTickerLoop
import LiveTickerRender

#if canImport(Glibc)
import Glibc
#endif

/// `liveticker run FILE.toml`: shows a dashboard file (a grid of panels, each a stack of
/// panes over its sources) on a display or in a picture; `SIGHUP` re-reads the file.
enum RunCommand: Command {
    static let name = "run"
    static let summary = "show a dashboard file (panels in a grid, from several sources); SIGHUP reloads it"
    static let help = """
        Usage: liveticker run FILE.toml [--output SPEC] [--size WxH] [--mode WxH[@Hz]] [--connector NAME]

        Reads a dashboard file (TOML: a grid of panels, their sources, panes and marks; see
        README "Dashboards" and Samples/*.toml), starts every source, and shows the wall:
        on a display it runs until SIGINT/SIGTERM, drawing only the panels whose data changed;
        to a picture file it writes the frame once every replayed file has been read
        (a 'frames/%05d.png' pattern writes a frame each time something changed; with a
        followed file or a live source a fixed picture is replaced at each change).
        Once every source has ended (each replayed file read), the last frame is drawn from the
        data alone and 'liveticker: holding the last frame ...' is printed; it stays up.
        SIGHUP (systemctl reload) re-reads FILE and swaps the wall without dropping the
        display; a file that does not check out is reported and the current wall stays.
        `liveticker check FILE.toml` validates a file and prints its layout.

        Options override the file's own output settings:
        \(DisplayArguments.helpLines(defaultSize: "the file's size =, else 1920x1080"))
                              (default: the file's 'output', else drm)

        Examples:
          liveticker run /etc/liveticker/dashboard.toml
          liveticker run Samples/market-wall.toml --output wall.png --size 1920x1080
          systemctl reload liveticker     # after editing the file
        """

    static func run(_ arguments: inout ParsedArguments) throws -> Int32 {
        guard arguments.operands.count == 1 else {
            throw UsageError(arguments.operands.isEmpty ? "needs a dashboard file (FILE.toml)" : "takes one file, got \(arguments.operands.count)")
        }
        return try runDashboard(path: arguments.operands[0], &arguments)
    }

    /// Runs the dashboard at `path` (also `replay --config` and `live --config`).
    static func runDashboard(path: String, _ arguments: inout ParsedArguments) throws -> Int32 {
        let overrideOutput = arguments.value("output")
        let overrideSize = arguments.value("size")
        let overrideMode = arguments.value("mode")
        let overrideConnector = arguments.value("connector")
        try arguments.finish()
        let config = try load(path)

        var options = DisplayOptions()
        options.connector = overrideConnector ?? config.connector
        if let mode = overrideMode ?? config.mode {
            do {
                options.mode = try ModeRequest(parsing: mode)
            } catch {
                throw UsageError("--mode: \(error.description)")
            }
        }
        do {
            try options.setFileSize(overrideSize ?? "\(config.size.width)x\(config.size.height)")
        } catch {
            throw UsageError(DisplayArguments.sizeUsage(overrideSize ?? ""))
        }
        let outputText = overrideOutput ?? config.output
        let spec: OutputSpec
        do {
            spec = try OutputSpec(parsing: outputText)
        } catch {
            throw UsageError(error.description)
        }
        // A fixed picture file gets one frame once every source ended, when they all end
        // (replayed files); with a followed file or a live source the picture is kept current
        // instead (each changed frame replaces it), as a display would be.
        let allSourcesEnd = config.sources.allSatisfy { source in
            if case .file(_, _, follow: false) = source.kind { return true }
            return false
        }
        let oneShot = spec.isFile && !outputText.contains("%") && allSourcesEnd

        StopSignal.install()
        ReloadSignal.install()
        let display: any Display
        do {
            display = try spec.openDisplay(
                options: options, log: DisplayArguments.logDisplay, stopWaiting: { StopSignal.isRequested })
        } catch {
            throw CommandFailure(error.description)
        }
        defer { display.close() }
        let current = CurrentSession(try makeSession(config, display))
        try current.session.start()
        let loop = RenderLoop(display: display) { width, height in current.session.scene(width: width, height: height) }
        let token = RenderStopToken(alsoWhen: { StopSignal.isRequested })
        printError("liveticker: showing \(path) (\(config.panels.count) panel(s)) on \(display.summary)")
        do {
            if oneShot {
                // One picture once every replayed file is read (or at SIGINT/SIGTERM).
                while !token.isStopped, !current.session.pump() { sleep(.milliseconds(5)) }
                try loop.drawNow()
            } else {
                // Once every source of the wall has ended (replayed files read), its last
                // frame is redrawn from the data alone and announced as held (the KMS stage
                // takes its screendump then); again after each reload.
                var ended = false
                var announce = false
                try loop.run(until: token) {
                    if announce {
                        announce = false
                        printError("liveticker: holding the last frame of \(path) on \(display.summary)")
                    }
                    if ReloadSignal.take(), let fresh = reload(path, current: current.session, display: display) {
                        current.session = fresh
                        loop.scene = fresh.scene(width: display.width, height: display.height)
                        ended = false
                    }
                    if current.session.pump(), !ended {
                        ended = true
                        announce = true
                        loop.scene.resetLayoutHistory()
                    }
                }
                if spec.isFile, !ended {
                    // A picture kept current ends with a frame of the data alone, as a replay's
                    // last frame does (earlier frames chose the value strips with hysteresis).
                    loop.scene.resetLayoutHistory()
                    try loop.drawIfNeeded()
                }
            }
        } catch {
            current.session.stop()
            throw CommandFailure(error.description)
        }
        let session = current.session
        let frames = loop.framesPresented
        session.stop()
        for line in session.summaries() { printError("\(path): \(line)") }
        printError("wrote \(frames) frame(s) to \(display.summary)")
        // A source that failed for good (a login refused, a subscription rejected) fails the
        // run, as it fails `live`; the wall kept showing the others meanwhile.
        return session.anySourceFailed ? 1 : 0
    }

    /// Reads and checks the file; a bad file is a failed run (exit 1) naming line and column.
    static func load(_ path: String) throws(CommandFailure) -> DashboardConfig {
        guard let bytes = SystemTimeZone.readFile(path) else {
            // Why, as the shell would say it: no such file, permission denied, a directory.
            throw CommandFailure("\(path): cannot read the file" + (TextFile.readProblem(path).map { ": \($0)" } ?? ""))
        }
        do {
            var config = try DashboardConfig.parse(bytes, path: path)
            config.resolveInputPaths()
            return config
        } catch {
            throw CommandFailure("\(path): \(error.description)")
        }
    }

    /// The session of `config` on `display`, keeping `previous`'s unchanged sources running
    /// (see ``DashboardSession``).
    static func makeSession(
        _ config: DashboardConfig, _ display: any Display, reusing previous: DashboardSession? = nil
    ) throws(CommandFailure) -> DashboardSession {
        let zone: TimeZoneRules
        if let name = config.timeZone {
            do {
                zone = try SystemTimeZone.named(name)
            } catch {
                throw CommandFailure("\(config.path): 'time_zone': \(error.description)")
            }
        } else {
            zone = try SystemTimeZone.current()
        }
        return try DashboardSession(
            config: config, width: display.width, height: display.height, font: try font(of: config), zone: zone,
            processStop: { StopSignal.isRequested }, reusing: previous)
    }

    /// The file's `font` (DejaVu Sans when installed, else the built-in font, without one).
    static func font(of config: DashboardConfig) throws(CommandFailure) -> LabelFont {
        var font = LabelFont.automatic
        if let name = config.font { try font.select(name, naming: "\(config.path): 'font'") }
        return font
    }

    /// SIGHUP: the new file replaces the wall only once it parsed and all its sources
    /// opened; otherwise the error is reported and `current` stays (nil is returned). A source
    /// whose table the edit left as it was keeps running, with its history (an edited colour
    /// or title emptied every chart, and a wall of live feeds refilled for hours).
    static func reload(_ path: String, current: DashboardSession, display: any Display) -> DashboardSession? {
        do {
            let config = try load(path)
            let fresh = try makeSession(config, display, reusing: current)
            do {
                try fresh.start()
            } catch {
                fresh.stop()  // what it started; the sources it kept are still the current wall's
                throw error
            }
            let kept = fresh.keptSources
            current.handOver(to: fresh)
            current.stop()
            let keeping = kept == 0 ? "" : "; \(kept) source(s) kept running with their history"
            printError("liveticker: reloaded \(path) (\(config.panels.count) panel(s)\(keeping))")
            // The summary at exit is the new wall's: what the replaced sources did is said now.
            for line in current.replacedSummaries { printError("liveticker: until the reload, \(line)") }
            let before = current.config
            if config.output != before.output || config.size != before.size || config.mode != before.mode
                || config.connector != before.connector
            {
                printError(
                    "liveticker: 'output', 'size', 'mode' and 'connector' take effect when liveticker starts again; "
                        + "the wall stays on \(display.summary)")
            }
            return fresh
        } catch {
            printError("liveticker: reload failed, keeping the current dashboard: \(error)")
            return nil
        }
    }

}

extension RunCommand {
    static func sleep(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        _ = nanosleep(&request, nil)
    }
}

/// The session a running dashboard shows; a reload replaces it.
private final class CurrentSession {
    var session: DashboardSession
    init(_ session: DashboardSession) { self.session = session }
}
