#if canImport(Glibc)
import Glibc
#endif
import LiveTickerChart
import LiveTickerCore
import LiveTickerFeed
import LiveTickerMQTT
import LiveTickerRender
import LiveTickerWebSocket

/// `liveticker check FILE.toml`: validates a dashboard file and prints the layout it
/// resolves to (grid cells in pixels, panels, panes, marks, sources), without opening any
/// source or display.
enum CheckCommand: Command {
    static let name = "check"
    static let summary = "validate a dashboard file and print its resolved layout"
    static let help = """
        Usage: liveticker check FILE.toml [--size WxH]

        Checks a dashboard file the way `liveticker run` reads it: TOML syntax, every key
        (an unknown key or a value of the wrong type is an error naming its line and what was
        expected), the grid (panels inside it, none overlapping) and the sources the panels
        name. Prints the resolved layout at the file's size (or --size): each panel's
        rectangle in pixels, its series, panes and marks. Exit 0 when valid, 1 when not.

        Examples:
          liveticker check /etc/liveticker/dashboard.toml
          liveticker check Samples/market-wall.toml --size 3840x2160
        """

    static func run(_ arguments: inout ParsedArguments) throws -> Int32 {
        let sizeText = arguments.value("size")
        // Options first: a misspelt one may have taken an operand as its value.
        try arguments.finish()
        guard arguments.operands.count == 1 else {
            throw UsageError(arguments.operands.isEmpty ? "needs a dashboard file (FILE.toml)" : "takes one file, got \(arguments.operands.count)")
        }
        let path = arguments.operands[0]
        var config = try RunCommand.load(path)
        if let sizeText {
            guard let size = DashboardConfig.size(sizeText) else { throw UsageError(DisplayArguments.sizeUsage(sizeText)) }
            config.size = size
        }
        let font = try RunCommand.font(of: config)  // a font that does not load fails the check
        try verifyOpenable(config)
        var out = StandardOutput(descriptor: 1)
        for line in describe(config, font: font) { out.write(line + "\n") }
        out.flush()
        return 0
    }

    /// What `run` would fail on at start, short of connecting: a time zone this machine does
    /// not have, a tick file that is not there (a followed one may appear later: it is waited
    /// for). O(sources + zone file).
    static func verifyOpenable(_ config: DashboardConfig) throws(CommandFailure) {
        if let name = config.timeZone {
            do {
                _ = try SystemTimeZone.named(name)
            } catch {
                throw CommandFailure("\(config.path): 'time_zone': \(error.description)")
            }
        }
        for source in config.sources {
            guard case .file(let file, _, let follow) = source.kind, !follow, let reason = TextFile.readProblem(file) else { continue }
            throw CommandFailure(
                "\(config.path): source '\(source.id)': cannot open \(file): \(reason)\(DashboardConfig.lookedIn(file, dashboard: config.path))")
        }
    }

    /// The resolved layout, one line each.
    static func describe(_ config: DashboardConfig, font: LabelFont = .automatic) -> [String] {
        var lines: [String] = []
        let (width, height) = config.size
        lines.append("\(config.path): valid")
        lines.append(
            "dashboard\(config.title.map { " \"\(MessageText.escaped($0))\"" } ?? ""): \(width)x\(height) on \(config.output), theme \(config.theme.name), "
                + "time zone \(config.timeZone ?? "system"), \(config.algorithm.rawValue)")
        let grid = config.grid
        lines.append("grid: \(grid.rows) row(s) x \(grid.columns) column(s), gutter \(grid.gutter) px")
        // The same rectangles the wall draws into (title strip included).
        let scene = DashboardSession.makeDashboard(
            config, panels: config.panels.map { DashboardPanel(place: $0.place, series: [], panes: []) },
            width: width, height: height, font: font)
        for (index, panel) in config.panels.enumerated() {
            let r = scene.rects[index]
            let p = panel.place
            let rect = r.isEmpty ? "too small to draw" : "\(r.width)x\(r.height) px at (\(r.minX), \(r.minY))"
            lines.append(
                "panel \(index + 1)\(panel.title.map { " \"\(MessageText.escaped($0))\"" } ?? ""): row \(p.row), column \(p.column), span \(p.rowSpan)x\(p.columnSpan): \(rect), window \(describe(panel.window))"
                    + ((panel.staleAfter ?? config.staleAfter).map { ", stale after \(describeNanoseconds($0))" } ?? ""))
            for (i, s) in panel.series.enumerated() {
                lines.append("  series \(i): \(s.symbol ?? "first symbol") from source '\(s.source)'\(s.title.map { " as \"\(MessageText.escaped($0))\"" } ?? "")")
            }
            for (k, pane) in panel.panes.enumerated() {
                lines.append("  pane \(k + 1): weight \(pane.weight), scale \(describe(pane.scale)): \(pane.marks.map(describe).joined(separator: ", "))")
            }
        }
        for source in config.sources {
            let kind: String
            switch source.kind {
            case .file(let path, let speed, let follow): kind = "replays \(path) at speed \(speed)\(follow ? ", following it" : "")"
            case .live(let endpoint): kind = "live from \(endpoint)"
            case .mqtt(let mqtt):
                kind = "subscribes to \((try? MQTTEndpoint(parsing: mqtt.url))?.description ?? mqtt.url) (QoS \(mqtt.settings.qos))"
            case .connect(let client):
                if let endpoint = try? WebSocketEndpoint(parsing: client.url) {
                    let ping = client.settings.pingSeconds == 0 ? "never" : "\(client.settings.pingSeconds)s"
                    let hangup = client.settings.hangupSeconds == 0 ? "never" : "\(client.settings.hangupSeconds)s"
                    kind = "connects to \(endpoint.description) (WebSocket\(client.subscribe != nil ? ", subscribes" : ""), ping \(ping), hangup \(hangup), messages up to \(client.settings.maximumMessageBytes) bytes)"
                } else {
                    kind = "connects to \(client.url) (TCP client)"
                }
            }
            lines.append("source '\(source.id)': \(kind), candles \(source.candleIsAutomatic ? "chosen per panel (\(describe(DashboardSession.candleInterval(of: source, in: config))) merged up 1s, 5s, 15s, 30s, 1m, 5m, 15m, 1h, 4h, 1d, 1w)" : describe(source.candle)), history \(source.history) ticks")
        }
        return lines
    }

    static func describe(_ window: ChartOptions.Window) -> String {
        switch window {
        case .follow(nil): "everything held"
        case .follow(let span?): "last " + describeNanoseconds(span)
        case .fixed(let from, let to): "fixed \(from)…\(to) ns"
        }
    }

    static func describeNanoseconds(_ ns: Int64) -> String {
        for (unit, size) in [("d", Int64(86_400_000_000_000)), ("h", 3_600_000_000_000), ("m", 60_000_000_000), ("s", 1_000_000_000), ("ms", 1_000_000)]
        where ns >= size && ns % size == 0 {
            return "\(ns / size)\(unit)"
        }
        return "\(ns)ns"
    }

    static func describe(_ interval: CandleInterval) -> String {
        switch interval {
        case .ticks(let n): "\(n) ticks"
        case .time(let ns): describeNanoseconds(ns)
        }
    }

    static func describe(_ scale: Pane.Scale) -> String {
        switch scale {
        case .auto: "auto"
        case .includingZero: "zero"
        case .logarithmic: "log"
        case .fixed(let lower, let upper): "\(lower)…\(upper)"
        }
    }

    /// `, #ffb74d` for a mark's own colour, nothing without one.
    static func describe(_ color: RGBColor?) -> String {
        guard let color else { return "" }
        let digits = String(color.pixel, radix: 16)
        return ", #" + String(repeating: "0", count: 6 - digits.count) + digits
    }

    static func describe(_ mark: DashboardConfig.Mark) -> String {
        switch mark {
        case .line(let s, let interpolation): "line(\(s), \(interpolation.rawValue))"
        case .area(let s, let interpolation): interpolation == .linear ? "area(\(s))" : "area(\(s), \(interpolation.rawValue))"
        case .candles(let s): "candles(\(s))"
        case .volume(let s): "volume(\(s))"
        case .average(let s, .simple(let n), let color): "sma\(n)(\(s)\(describe(color)))"
        case .average(let s, .exponential(let n), let color): "ema\(n)(\(s)\(describe(color)))"
        case .threshold(let values, let color): "threshold(\(values.map { "\($0)" }.joined(separator: ", "))\(describe(color)))"
        case .band(let lower, let upper, let color): "band(\(lower)…\(upper)\(describe(color)))"
        case .last(let series): "last(\(series.map(String.init).joined(separator: ", ")))"
        }
    }
}
