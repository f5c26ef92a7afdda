import LiveTickerChart
import LiveTickerCore
import LiveTickerDownsampling
import LiveTickerDisplay
import LiveTickerFeed
import LiveTickerMQTT
import LiveTickerRender
import LiveTickerTOML
import LiveTickerWebSocket

extension DashboardConfig {
    /// Reads a dashboard from TOML text. Every key is checked: an unknown key, a value of the
    /// wrong type or range, a panel outside the grid or overlapping another, a series naming
    /// a source that is not defined: each is an error with the line and what was expected.
    static func parse(_ bytes: [UInt8], path: String) throws(ConfigError) -> DashboardConfig {
        let document: TOMLTable
        // Windows editors (Notepad) start a UTF-8 file with a byte-order mark; TOML has no
        // place for one, so it is read past rather than named as a stray character.
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        do {
            document = try TOMLDocument.parse(text)
        } catch {
            throw ConfigError("not valid TOML: \(error.message)", at: error.position)
        }
        var top = ConfigTable(document, name: "the file")
        var config = DashboardConfig(path: path)
        config.title = Self.titleText(try top.string("title"))
        config.theme = try top.parsed("theme", expected: "dark, light or colorblind", ChartTheme.named) ?? .dark
        config.timeZone = try top.string("time_zone", expected: "a zone name such as \"Europe/Berlin\" or \"UTC\"")
        if config.timeZone?.isEmpty == true {
            throw ConfigError("'time_zone' in the file is empty: give a zone name such as \"Europe/Berlin\" or \"UTC\", or leave it out for the system's", at: top.position("time_zone"))
        }
        config.staleAfter = try top.parsed("stale_after", expected: "a duration such as \"30s\" or \"5m\"", DurationArgument.nanoseconds)
        config.change = try top.parsed("change", expected: "none, absolute, percent or both", ChartOptions.Change.init(rawValue:))
        config.font = try top.string("font", expected: "\"builtin\", a .ttf/.otf file or a PSF console font")
        config.output = try top.string("output", expected: "drm, fbdev, or a .png/.ppm file") ?? "drm"
        if let size = try top.parsed("size", expected: "WIDTHxHEIGHT such as \"1920x1080\", each side 1 to \(ModeRequest.largestSide)", Self.size) { config.size = size }
        config.mode = try top.string("mode", expected: "WIDTHxHEIGHT[@HZ] such as \"1920x1080@60\"")
        config.connector = try top.string("connector", expected: "a connector name such as \"HDMI-A-1\"")
        config.algorithm = try top.parsed("algorithm", expected: "lttb, minmax, m4 or minmaxlttb", DownsamplingAlgorithm.init(rawValue:)) ?? .lttb
        config.lineWidth = try top.number("line_width", expected: "a width in pixels from 1 to 64", where: { (1...64).contains($0) }) ?? 1.5
        config.textScale = try top.integer("text_scale", in: 1...8)

        if var grid = try top.subtable("grid") {
            let rows = try grid.integer("rows", in: 1...16) ?? 1
            let columns = try grid.integer("columns", in: 1...16) ?? 1
            let gutter = try grid.integer("gutter", in: 0...200) ?? 8
            let positive = "an array of positive numbers, one per row/column"
            let rowWeights = try grid.numbers("row_weights", expected: positive) ?? Array(repeating: 1, count: rows)
            let columnWeights = try grid.numbers("column_weights", expected: positive) ?? Array(repeating: 1, count: columns)
            if rowWeights.count != rows || rowWeights.contains(where: { $0 <= 0 }) {
                throw ConfigError("'row_weights' in [grid] must have \(rows) positive numbers (one per row)", at: grid.position("row_weights"))
            }
            if columnWeights.count != columns || columnWeights.contains(where: { $0 <= 0 }) {
                throw ConfigError(
                    "'column_weights' in [grid] must have \(columns) positive numbers (one per column)", at: grid.position("column_weights"))
            }
            try grid.finish()
            config.grid = DashboardGrid(rowWeights: rowWeights, columnWeights: columnWeights, gutter: gutter)
        }

        if var sources = try top.subtable("source") {
            for id in sources.table.keys {
                guard case .table(let t)? = sources.value(id) else {
                    throw ConfigError("'\(id)' in [source] must be a table: [source.\(id)] with file = or live =", at: sources.position(id))
                }
                config.sources.append(try Self.source(id: id, ConfigTable(t, name: "[source.\(id)]")))
            }
        }

        let panels = try top.tables("panel", expected: "[[panel]] tables")
        try top.finish()
        guard !panels.isEmpty else {
            throw ConfigError("the dashboard has no [[panel]]", at: document.position)
        }
        for (index, table) in panels.enumerated() {
            config.panels.append(try config.panel(ConfigTable(table, name: "[[panel]] \(index + 1)")))
        }
        for (i, a) in config.panels.enumerated() {
            for b in config.panels[..<i] where a.place.overlaps(b.place) {
                throw ConfigError(
                    "panel \(i + 1) overlaps the panel at row \(b.place.row), column \(b.place.column) (line \(b.line.line))", at: a.line)
            }
        }
        return config
    }

    static func size(_ text: String) -> (width: Int, height: Int)? { ModeRequest.parseSize(text) }

    static func color(_ text: String) -> RGBColor? {
        guard text.hasPrefix("#"), text.count == 7, let value = UInt32(text.dropFirst(), radix: 16) else { return nil }
        return RGBColor(value)
    }

    static func candle(_ text: String) -> CandleInterval? {
        if text.hasSuffix("t"), let count = Int(text.dropLast()), count >= 1 { return .ticks(count) }
        return DurationArgument.nanoseconds(text).flatMap { $0 > 0 ? CandleInterval.time(nanoseconds: $0) : nil }
    }

    static func source(id: String, _ table: ConfigTable) throws(ConfigError) -> Source {
        var t = table
        let file = try t.string("file", expected: "a tick file's path")
        let live = try t.string("live", expected: "\"-\", a file, udp://HOST:PORT, tcp://HOST:PORT, mqtt://HOST/TOPIC/# or ws://HOST/PATH")
        let speed = try t.parsed("speed", expected: "\"max\", or a factor such as \"1\" or \"10\"", ReplaySpeed.init(argument:)) ?? .max
        let follow = try t.bool("follow") ?? false
        let candle = try t.parsed("candle", expected: "a duration such as \"1m\" or a tick count such as \"100t\"", Self.candle)
        let history = try t.integer("history", in: 16...(1 << 28)) ?? (1 << 20)
        let symbolColumn = try t.string("symbol_column", expected: "a column name or index")
        // MQTT subscriptions: the `live mqtt://` options as keys.
        var mqtt = MQTTSource(url: live ?? "", settings: MQTTSettings(), format: .auto, topicSymbol: .last)
        mqtt.settings.qos = Int32(try t.integer("qos", in: 0...1) ?? 0)
        mqtt.settings.caFile = try t.string("ca", expected: "a CA file (PEM)")
        mqtt.settings.certFile = try t.string("cert", expected: "a client certificate file (PEM)")
        mqtt.settings.keyFile = try t.string("key", expected: "its private key file (PEM)")
        mqtt.settings.clientID = try t.string("client_id", expected: "an MQTT client identifier")
        mqtt.passwordFile = try t.string("password_file", expected: "a file holding the password")
        mqtt.topicSymbol = try t.parsed("topic_symbol", expected: "last, full or a level number 0…255", TopicSymbol.init(argument:)) ?? .last
        mqtt.format = try t.parsed("payload", expected: "auto, json, influx or csv", PayloadFormat.init(argument:)) ?? .auto
        // WebSocket and TCP clients: the `live ws://` options as keys (`ca` and `payload` shared).
        var client = ConnectSource(url: live ?? "", settings: WebSocketSettings(), format: mqtt.format)
        client.settings.caFile = mqtt.settings.caFile
        client.subscribe = try t.string("subscribe", expected: "a message TEXT, or @FILE")
        if client.subscribe?.isEmpty == true { throw ConfigError("'subscribe' in \(t.name) is empty", at: t.position("subscribe")) }
        let duration = "a duration such as \"5s\" or \"1m\" (\"0\": never)"
        client.settings.pingSeconds = try t.parsed("ping", expected: duration, WebSocketArguments.seconds) ?? client.settings.pingSeconds
        client.settings.hangupSeconds = try t.parsed("hangup", expected: duration, WebSocketArguments.seconds) ?? client.settings.hangupSeconds
        client.settings.connectTimeoutSeconds =
            try t.parsed("connect_timeout", expected: "a duration of 1s or more such as \"5s\"", WebSocketArguments.connectTimeout)
            ?? client.settings.connectTimeoutSeconds
        client.settings.maximumMessageBytes =
            try t.integer("max_message", in: WebSocketArguments.maximumMessageRange) ?? client.settings.maximumMessageBytes
        client.jsonValue = try t.string("json_value", expected: "a field name or key path")
        client.jsonTime = try t.string("json_time", expected: "a field name or key path")
        client.jsonSymbol = try t.string("json_symbol", expected: "a field name or key path")
        let connect = try t.bool("connect") ?? false
        let maximumLead = try t.parsed("max_ahead", expected: "a duration such as \"1d\" or \"12h\", or \"off\"", DurationArgument.limitOrOff)
        if maximumLead != nil, live == nil {
            throw ConfigError(
                "'max_ahead' in \(t.name) is for live sources (live = …); a file, followed or not, is read as written: give a growing file as live = \"PATH\" to have its times judged",
                at: t.position("max_ahead"))
        }
        let isMQTT = live.map(MQTTArguments.isMQTT) ?? false
        let isWebSocket = live.map(WebSocketEndpoint.isWebSocket) ?? false
        let mqttKeys = ["qos", "cert", "key", "client_id", "password_file", "topic_symbol"]
        mqtt.settings.maximumMessageBytes = client.settings.maximumMessageBytes
        let webSocketKeys = ["subscribe", "ping", "hangup", "connect_timeout", "json_value", "json_time", "json_symbol"]
        if !isMQTT, let key = mqttKeys.first(where: { t.table[$0] != nil }) {
            throw ConfigError("'\(key)' in \(t.name) is for MQTT sources (live = \"mqtt://…\")", at: t.position(key))
        }
        if !isWebSocket, let key = webSocketKeys.first(where: { t.table[$0] != nil }) {
            throw ConfigError("'\(key)' in \(t.name) is for WebSocket sources (live = \"ws://…\")", at: t.position(key))
        }
        if !isMQTT, !isWebSocket, let key = ["ca", "payload", "max_message"].first(where: { t.table[$0] != nil }) {
            throw ConfigError("'\(key)' in \(t.name) is for MQTT and WebSocket sources (live = \"mqtt://…\" or \"ws://…\")", at: t.position(key))
        }
        if connect, !(live?.lowercased().hasPrefix("tcp://") ?? false) {
            throw ConfigError("'connect' in \(t.name) is for live = \"tcp://HOST:PORT\" (a server to connect to)", at: t.position("connect"))
        }
        if (mqtt.settings.certFile == nil) != (mqtt.settings.keyFile == nil) {
            throw ConfigError("'cert' and 'key' in \(t.name) go together", at: t.position(t.table["cert"] != nil ? "cert" : "key"))
        }
        try t.finish()
        let kind: SourceKind
        switch (file, live) {
        case (let file?, nil): kind = .file(path: file, speed: speed, follow: follow)
        case (nil, let live?) where isMQTT:
            do {
                let endpoint = try MQTTEndpoint(parsing: live)
                if let problem = TopicFilter.problem(in: endpoint.topic) {
                    throw ConfigError("'live' in \(t.name): \(endpoint.description): \(problem)", at: t.position("live"))
                }
            } catch let error as ConfigError {
                throw error
            } catch {
                throw ConfigError("'live' in \(t.name): \(error)", at: t.position("live"))
            }
            kind = .mqtt(mqtt)
        case (nil, let live?) where isWebSocket || connect:
            if isWebSocket {
                do {
                    _ = try WebSocketEndpoint(parsing: live)
                } catch {
                    throw ConfigError("'live' in \(t.name): \(error.description)", at: t.position("live"))
                }
            } else {
                guard case let .tcp(host, port) = try? LiveEndpoint(parsing: live), host != "0.0.0.0", port != 0 else {
                    throw ConfigError("'live' in \(t.name): connect = true needs tcp://HOST:PORT (the server to connect to), got '\(live)'", at: t.position("live"))
                }
            }
            kind = .connect(client)
        case (nil, let live?):
            do {
                _ = try LiveEndpoint(parsing: live)
            } catch {
                throw ConfigError("'live' in \(t.name): \(error.description)", at: t.position("live"))
            }
            kind = .live(live)
        case (_?, _?): throw ConfigError("\(t.name) gives both 'file' and 'live': choose one", at: t.position("live"))
        case (nil, nil): throw ConfigError("\(t.name) needs 'file' (a tick file to replay) or 'live' (an endpoint)", at: t.table.position)
        }
        return Source(
            id: id, kind: kind, candle: candle ?? .seconds(60), candleIsAutomatic: candle == nil, history: history, symbolColumn: symbolColumn,
            maximumLead: maximumLead ?? LiveTimeGuard.defaultMaximumLead)
    }


    func panel(_ table: ConfigTable) throws(ConfigError) -> Panel {
        var t = table
        let line = t.table.position
        let row = try t.integer("row", in: 0...15) ?? 0
        let column = try t.integer("column", in: 0...15) ?? 0
        let rowSpan = try t.integer("row_span", in: 1...16) ?? 1
        let columnSpan = try t.integer("column_span", in: 1...16) ?? 1
        let place = GridPlace(row: row, column: column, rowSpan: rowSpan, columnSpan: columnSpan)
        guard grid.contains(place) else {
            throw ConfigError(
                "\(t.name) at row \(row), column \(column) spanning \(rowSpan)×\(columnSpan) lies outside the \(grid.rows)×\(grid.columns) grid",
                at: t.position(t.table["row"] != nil ? "row" : "column"))
        }
        // An empty title names nothing: the series' own name stands.
        let title = Self.titleText(try t.string("title"))
        let window = try t.parsed("window", expected: "a duration such as \"10m\", or \"all\"") { text -> ChartOptions.Window? in
            text == "all" ? .everything : DurationArgument.nanoseconds(text).flatMap { $0 > 0 ? .follow(nanoseconds: $0) : nil }
        } ?? .everything
        let showsHeader = try t.bool("header") ?? true
        let staleAfter = try t.parsed("stale", expected: "a duration such as \"30s\" or \"5m\"") { text -> Int64? in
            DurationArgument.nanoseconds(text).flatMap { $0 > 0 ? $0 : nil }
        }
        let change = try t.parsed("change", expected: "none, absolute, percent or both", ChartOptions.Change.init(rawValue:))

        var series: [Series] = []
        let sourceID = try t.string("source", expected: "the id of a [source.ID]")
        let symbol = try t.string("symbol", expected: "a symbol name")
        if let sourceID {
            series.append(Series(source: sourceID, symbol: symbol, title: nil, style: SeriesStyle()))
        }
        let listed = try t.tables("series", expected: "an array of tables { source = …, symbol = … }")
        if !listed.isEmpty, sourceID != nil || symbol != nil {
            // Both were merged into one list of series, the first from `source` unasked.
            throw ConfigError(
                "\(t.name) gives both 'source'/'symbol' and 'series': one series is 'source' (and 'symbol'), several are 'series = [ … ]'",
                at: t.position("series"))
        }
        for (i, entry) in listed.enumerated() {
            var s = ConfigTable(entry, name: "series \(i + 1) of \(t.name)")
            guard let source = try s.string("source", expected: "the id of a [source.ID]") else {
                throw ConfigError("series \(i + 1) of \(t.name) needs 'source'", at: entry.position)
            }
            let one = Series(
                source: source, symbol: try s.string("symbol"), title: Self.titleText(try s.string("title")),
                style: SeriesStyle(
                    color: try s.parsed("color", expected: "a colour such as \"#4fc3f7\"", Self.color),
                    lineWidth: try s.number("line_width", expected: "a width in pixels from 1 to 64", where: { (1...64).contains($0) })))
            try s.finish()
            series.append(one)
        }
        guard !series.isEmpty else {
            throw ConfigError("\(t.name) needs a series: 'source' (and 'symbol'), or 'series = [ { source = … } ]'", at: line)
        }
        for s in series where !sources.contains(where: { $0.id == s.source }) {
            let known = sources.map(\.id).joined(separator: ", ")
            throw ConfigError(
                "\(t.name) reads source '\(s.source)', which no [source.\(s.source)] defines (defined: \(known.isEmpty ? "none" : known))",
                at: t.position(t.table["source"] != nil ? "source" : "series"))
        }

        // Shorthand for one pane (plus a volume pane): chart, line, volume, average, thresholds, bands.
        let kind = try t.parsed("chart", expected: "line, candles or both", ChartOptions.Kind.init(rawValue:))
        let interpolation = try t.parsed("line", expected: "linear, step or monotone", LineMark.Interpolation.init(rawValue:))
        let volume = try t.bool("volume")
        let average = try t.parsed("average", expected: "\"sma:N\" or \"ema:N\" such as \"sma:20\"", Self.average)
        let thresholds = try t.numbers("thresholds")
        let bands = try Self.bands(&t, "bands")
        let area = try t.bool("area")
        let paneTables = try t.tables("pane", expected: "[[panel.pane]] tables")
        try t.finish()

        var panes: [PaneConfig] = []
        if paneTables.isEmpty {
            var options = ChartOptions()
            options.kind = kind ?? .line
            options.areaFill = area ?? true
            var marks: [Mark] = bands.map { .band(lower: $0.0, upper: $0.1, color: nil) }
            if options.kind != .candles, options.areaFill { marks.append(.area(series: 0, interpolation: interpolation ?? .linear)) }
            if options.kind != .candles {
                for i in series.indices { marks.append(.line(series: i, interpolation: interpolation ?? .linear)) }
            }
            // Candles over the lines: a busy line never hides a body (as in a single chart).
            if options.kind != .line { marks.append(.candles(series: 0)) }
            if let average { marks.append(.average(series: 0, kind: average)) }
            if let thresholds, !thresholds.isEmpty { marks.append(.threshold(values: thresholds, color: nil)) }
            marks.append(.last(series: Array(series.indices)))
            panes.append(PaneConfig(weight: volume == true ? 3 : 1, scale: .auto, marks: marks))
            if volume == true { panes.append(PaneConfig(weight: 1, scale: .includingZero, marks: [.volume(series: 0)])) }
        } else {
            for (k, table) in paneTables.enumerated() {
                panes.append(try Self.pane(ConfigTable(table, name: "pane \(k + 1) of \(t.name)"), seriesCount: series.count))
            }
            for key in ["chart", "line", "volume", "average", "thresholds", "bands", "area"] where t.table[key] != nil {
                throw ConfigError("'\(key)' in \(t.name) is the one-pane shorthand: with [[panel.pane]] put marks in the panes", at: t.position(key))
            }
        }
        return Panel(
            title: title, place: place, window: window, series: series, panes: panes, showsHeader: showsHeader,
            staleAfter: staleAfter, change: change, line: line)
    }

    static func average(_ text: String) -> MovingAverageMark.Kind? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let period = Int(parts[1]), (1...10_000).contains(period) else { return nil }
        switch parts[0] {
        case "sma": return .simple(period: period)
        case "ema": return .exponential(period: period)
        default: return nil
        }
    }

    static func bands(_ t: inout ConfigTable, _ key: String) throws(ConfigError) -> [(Double, Double)] {
        guard let value = t.value(key) else { return [] }
        let expected = "an array of [from, to] pairs such as [[99, 100]]"
        guard case .array(let items) = value else { throw t.wrongType(key, expected, value) }
        var out: [(Double, Double)] = []
        for item in items {
            guard case .array(let pair) = item, pair.count == 2, let a = ConfigTable.number(pair[0]), let b = ConfigTable.number(pair[1]),
                !a.isNaN, !b.isNaN
            else { throw t.invalid(key, expected, value) }
            out.append((a, b))
        }
        return out
    }

    static func pane(_ table: ConfigTable, seriesCount: Int) throws(ConfigError) -> PaneConfig {
        var t = table
        let weight = try t.number("weight", expected: "a positive number", where: { $0 > 0 && $0.isFinite }) ?? 1
        var scale = Pane.Scale.auto
        if let value = t.value("scale") {
            let expected = "\"auto\", \"zero\", \"log\" or a [lower, upper] range"
            switch value {
            case .string("auto"): scale = .auto
            case .string("zero"): scale = .includingZero
            case .string("log"): scale = .logarithmic
            case .array(let pair) where pair.count == 2:
                guard let a = ConfigTable.number(pair[0]), let b = ConfigTable.number(pair[1]), a.isFinite, b.isFinite, a != b else {
                    throw t.invalid("scale", expected, value)
                }
                scale = .fixed(lower: a, upper: b)
            case .string, .array: throw t.invalid("scale", expected, value)
            default: throw t.wrongType("scale", expected, value)
            }
        }
        var marks: [Mark] = try bands(&t, "bands").map { .band(lower: $0.0, upper: $0.1, color: nil) }
        for (i, entry) in try t.tables("marks", expected: "an array of tables such as [{ mark = \"line\" }]").enumerated() {
            marks.append(try Self.mark(ConfigTable(entry, name: "mark \(i + 1) of \(t.name)"), seriesCount: seriesCount))
        }
        if let thresholds = try t.numbers("thresholds"), !thresholds.isEmpty { marks.append(.threshold(values: thresholds, color: nil)) }
        try t.finish()
        guard !marks.isEmpty else {
            // An empty pane said "0 ticks" over data that had arrived.
            throw ConfigError("\(t.name) shows nothing: give it marks, e.g. marks = [{ mark = \"line\" }]", at: t.table.position)
        }
        // An area follows the line of its series in the pane (a step line's fill in steps).
        for (i, mark) in marks.enumerated() {
            guard case let .area(series, _) = mark else { continue }
            for case let .line(lineSeries, interpolation) in marks where lineSeries == series {
                marks[i] = .area(series: series, interpolation: interpolation)
                break
            }
        }
        return PaneConfig(weight: weight, scale: scale, marks: marks)
    }

    static let markKinds = ["line", "area", "candles", "volume", "sma", "ema", "threshold", "band", "last"]

    static func mark(_ table: ConfigTable, seriesCount: Int) throws(ConfigError) -> Mark {
        var t = table
        guard let kind = try t.string("mark", expected: "one of \(markKinds.joined(separator: ", "))") else {
            throw ConfigError("\(t.name) needs 'mark' (one of \(markKinds.joined(separator: ", ")))", at: t.table.position)
        }
        let series = try t.integer("series", in: 0...(max(0, seriesCount - 1))) ?? 0
        let color = try t.parsed("color", expected: "a colour such as \"#ffd54f\"", Self.color)
        // A series' own marks take the series' colour (its line, area, candles, tag and legend
        // marker agree); a colour given to one of them alone was silently ignored.
        if color != nil, ["line", "area", "candles", "volume", "last"].contains(kind) {
            throw ConfigError(
                "'color' does not apply to \(kind == "area" ? "an" : "a") \(kind) mark in \(t.name): a series' colour is the series' own"
                    + " (series = [{ source = …, symbol = …, color = \"#4fc3f7\" }]); sma, ema, threshold and band marks take a colour",
                at: t.position("color"))
        }
        let mark: Mark
        switch kind {
        case "line":
            mark = .line(
                series: series,
                interpolation: try t.parsed("style", expected: "linear, step or monotone", LineMark.Interpolation.init(rawValue:)) ?? .linear)
        case "area": mark = .area(series: series)
        case "candles": mark = .candles(series: series)
        case "volume": mark = .volume(series: series)
        case "sma", "ema":
            let period = try t.integer("period", in: 1...10_000) ?? 20
            mark = .average(series: series, kind: kind == "sma" ? .simple(period: period) : .exponential(period: period), color: color)
        case "threshold":
            guard let values = try t.numbers("values"), !values.isEmpty else {
                throw ConfigError("\(t.name) (threshold) needs 'values', e.g. values = [101.5]", at: t.table.position)
            }
            mark = .threshold(values: values, color: color)
        case "band":
            guard let lower = try t.number("from"), let upper = try t.number("to") else {
                throw ConfigError("\(t.name) (band) needs 'from' and 'to'", at: t.table.position)
            }
            mark = .band(lower: lower, upper: upper, color: color)
        case "last": mark = .last(series: Array(0..<seriesCount))
        default:
            throw ConfigError("'mark' in \(t.name) must be one of \(markKinds.joined(separator: ", ")), got \"\(kind)\"", at: t.position("mark"))
        }
        try t.finish()
        return mark
    }

    /// A `title` as drawn: without the spaces and tabs around it, nil when nothing is left (a
    /// title of spaces indented the legend and named nothing). O(title).
    static func titleText(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = raw.firstIndex(where: { !blank($0) }), let last = raw.lastIndex(where: { !blank($0) }) else { return nil }
        return String(raw[first...last])
    }
}
