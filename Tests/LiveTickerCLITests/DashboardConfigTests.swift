import Glibc
import LiveTickerChart
import LiveTickerCore
import LiveTickerDisplay
import LiveTickerImageIO
import LiveTickerRender
import Testing

@testable import LiveTickerCLI

@Suite("Dashboard files: schema, errors, check and run")
struct DashboardConfigTests {
    static let minimal = """
        [source.day]
        file = "day.csv"

        [[panel]]
        source = "day"
        """

    static func parse(_ text: String) throws(ConfigError) -> DashboardConfig {
        try DashboardConfig.parse(Array(text.utf8), path: "wall.toml")
    }

    @Test("a panel's 'stale' overrides the file's 'stale_after'; without either there is no badge")
    func staleKeys() throws {
        let config = try Self.parse(
            "stale_after = \"5m\"\n[grid]\ncolumns = 3\n[source.day]\nfile = \"day.csv\"\n"
                + "[[panel]]\nsource = \"day\"\nstale = \"30s\"\n[[panel]]\nsource = \"day\"\ncolumn = 1\n")
        #expect(config.panels[0].staleAfter == 30_000_000_000)
        #expect(config.panels[1].staleAfter == nil)
        #expect(config.staleAfter == 300_000_000_000)
        #expect(try Self.parse(Self.minimal).panels[0].staleAfter == nil)
    }

    @Test("a panel's 'change' overrides the file's; the telemetry sample shows none")
    func changeKeys() throws {
        let config = try Self.parse(
            "change = \"percent\"\n[grid]\ncolumns = 2\n[source.day]\nfile = \"day.csv\"\n"
                + "[[panel]]\nsource = \"day\"\nchange = \"none\"\n[[panel]]\nsource = \"day\"\ncolumn = 1\n")
        #expect(config.panels[0].change == ChartOptions.Change.none)
        #expect(config.panels[1].change == nil)
        #expect(config.change == .percent)
        #expect(try Self.parse(Self.minimal).change == nil)
        let telemetry = try DashboardConfig.parse(readFile("Samples/telemetry-wall.toml"), path: "t")
        #expect(telemetry.change == ChartOptions.Change.none)
    }

    @Test("a source without 'candle' aggregates the finest ladder step its candle panels show; 1m under lines alone")
    func automaticCandleBase() throws {
        func base(_ panels: String, candle: String = "") throws -> CandleInterval {
            let config = try Self.parse("[grid]\ncolumns = 2\n[source.day]\nfile = \"day.csv\"\n\(candle)" + panels)
            return DashboardSession.candleInterval(of: config.sources[0], in: config)
        }
        let candles10m = "[[panel]]\nsource = \"day\"\nchart = \"candles\"\nwindow = \"10m\"\n"
        let lineAll = "[[panel]]\nsource = \"day\"\ncolumn = 1\n"
        #expect(try base(candles10m + lineAll) == .seconds(5))
        #expect(try base(lineAll) == .seconds(60))
        #expect(try base("[[panel]]\nsource = \"day\"\nchart = \"both\"\n") == .seconds(1))
        #expect(try base("[[panel]]\nsource = \"day\"\nchart = \"candles\"\nwindow = \"1d\"\n") == .seconds(900))
        #expect(try base(candles10m, candle: "candle = \"5m\"\n") == .seconds(300))
    }

    @Test("the bundled samples check out and resolve to the panels they describe")
    func samples() throws {
        for (name, panels) in [("market-wall", 4), ("telemetry-wall", 3)] {
            let bytes = readFile("Samples/\(name).toml")
            #expect(!bytes.isEmpty, "Samples/\(name).toml must exist (tests run from the package root)")
            let config = try DashboardConfig.parse(bytes, path: name)
            #expect(config.panels.count == panels)
        }
        let market = try DashboardConfig.parse(readFile("Samples/market-wall.toml"), path: "m")
        #expect(market.grid.rows == 2 && market.grid.columns == 2)
        #expect(market.panels[3].panes.count == 2)  // the shorthand's volume pane
        #expect(market.panels[3].panes[1].scale == .includingZero)
    }

    @Test("errors name the key, its line and what was expected", arguments: [
        ("colour = \"red\"\n" + minimal, 1, "unknown key 'colour' in the file"),
        (minimal + "\nwindow = 10", 6, "'window' in [[panel]] 1 must be a duration"),
        (minimal + "\nwindow = \"ten minutes\"", 6, "must be a duration such as \"10m\", or \"all\", got \"ten minutes\""),
        (minimal + "\nrow = 3", 6, "lies outside the 1×1 grid"),
        (minimal + "\nstale = 30", 6, "'stale' in [[panel]] 1 must be a duration"),
        (minimal + "\nstale = \"0s\"", 6, "must be a duration such as \"30s\" or \"5m\", got \"0s\""),
        (minimal + "\nchange = \"pct\"", 6, "'change' in [[panel]] 1 must be none, absolute, percent or both, got \"pct\""),
        ("[grid]\nrows = 2\ncolumnz = 2\n" + minimal, 3, "unknown key 'columnz' in [grid] (expected one of: rows, columns"),
        ("[grid]\nrows = \"2\"\n" + minimal, 2, "'rows' in [grid] must be a whole number from 1 to 16, not string \"2\""),
        ("theme = \"neon\"\n" + minimal, 1, "'theme' in the file must be dark, light or colorblind, got \"neon\""),
        ("[source.day]\nfile = \"a.csv\"\n[[panel]]\nsource = \"night\"\n", 4, "reads source 'night', which no [source.night] defines (defined: day)"),
        (minimal + "\n[[panel.pane]]\nmarks = [{ mark = \"pie\" }]", 7, "'mark' in mark 1 of pane 1 of [[panel]] 1 must be one of line"),
        (minimal + "\n[[panel.pane]]\nscale = \"lin\"", 7, "'scale' in pane 1 of [[panel]] 1 must be \"auto\", \"zero\", \"log\" or a [lower, upper] range"),
        (minimal + "\n[[panel.pane]]\nmarks = [{ mark = \"line\", series = 1 }]", 7, "'series' in mark 1 of pane 1 of [[panel]] 1 must be a whole number from 0 to 0"),
        (minimal + "\n[[panel]]\nsource = \"day\"", 6, "panel 2 overlaps the panel at row 0, column 0 (line 4)"),
        ("[source.day]\nlive = \"udp://127.0.0.1\"\n[[panel]]\nsource = \"day\"\n", 2, "'live' in [source.day]"),
        ("[source.day]\nfile = 'x'\nlive = '-'\n[[panel]]\nsource = \"day\"\n", 3, "gives both 'file' and 'live'"),
        ("[source.day]\nfile = 'x'\nsubscribe = 'hi'\n[[panel]]\nsource = \"day\"\n", 3, "'subscribe' in [source.day] is for WebSocket sources"),
        ("[source.day]\nlive = 'mqtt://b/t/#'\nping = '5s'\n[[panel]]\nsource = \"day\"\n", 3, "'ping' in [source.day] is for WebSocket sources"),
        ("[source.day]\nlive = 'ws://127.0.0.1:9/x'\nqos = 1\n[[panel]]\nsource = \"day\"\n", 3, "'qos' in [source.day] is for MQTT sources"),
        ("[source.day]\nlive = 'udp://127.0.0.1:9'\nca = 'c.pem'\n[[panel]]\nsource = \"day\"\n", 3, "'ca' in [source.day] is for MQTT and WebSocket"),
        ("[source.day]\nlive = 'udp://127.0.0.1:9'\nconnect = true\n[[panel]]\nsource = \"day\"\n", 3, "'connect' in [source.day] is for live = \"tcp://HOST:PORT\""),
        ("[source.day]\nlive = 'tcp://0.0.0.0:9'\nconnect = true\n[[panel]]\nsource = \"day\"\n", 2, "connect = true needs tcp://HOST:PORT"),
        ("[source.day]\nlive = 'ws://127.0.0.1:9/x'\nping = 'often'\n[[panel]]\nsource = \"day\"\n", 3, "'ping' in [source.day] must be a duration such as \"5s\""),
        ("[source.day]\nlive = 'ws://127.0.0.1:9/x'\nmax_message = 10\n[[panel]]\nsource = \"day\"\n", 3, "'max_message' in [source.day] must be a whole number from 1024"),
        ("[source.day]\nlive = 'ws://127.0.0.1:9/x'\nsubscrib = 'x'\n[[panel]]\nsource = \"day\"\n", 3, "unknown key 'subscrib' in [source.day]"),
        ("[source.day]\nlive = 'ws://'\n[[panel]]\nsource = \"day\"\n", 2, "'live' in [source.day]"),
        ("[source.day]\nfile = 'x'\nmax_ahead = '1h'\n[[panel]]\nsource = \"day\"\n", 3, "'max_ahead' in [source.day] is for live sources"),
        ("[source.day]\nlive = '-'\nmax_ahead = 'never'\n[[panel]]\nsource = \"day\"\n", 3, "'max_ahead' in [source.day] must be a duration such as \"1d\""),
        (minimal + "\n[[panel.pane]]\nmarks = []", 6, "pane 1 of [[panel]] 1 shows nothing: give it marks"),
        ("time_zone = \"\"\n" + minimal, 1, "'time_zone' in the file is empty"),
        (minimal + "\nseries = [{ source = \"day\", symbol = \"B\" }]", 6, "gives both 'source'/'symbol' and 'series'"),
        (minimal + "\n[[panel.pane]]\nmarks = [{ mark = \"candles\", color = \"#ff0000\" }]", 7, "'color' does not apply to a candles mark"),
        ("title = \"x\"\n", 1, "the dashboard has no [[panel]]"),
        ("title = \"x\n", 1, "not valid TOML"),
    ])
    func errors(text: String, line: Int, message: String) {
        errorsBody(text: text, line: line, message: message)
    }

    @Test("a live source's 'max_ahead' is a duration or \"off\"; a file, even followed, refuses it; the default is a day")
    func maximumLead() throws {
        func lead(_ source: String) throws -> Int64? {
            try Self.parse("[source.day]\n\(source)\n[[panel]]\nsource = \"day\"\n").sources[0].maximumLead
        }
        #expect(try lead("live = '-'") == 86_400_000_000_000)
        #expect(try lead("live = '-'\nmax_ahead = '12h'") == 43_200_000_000_000)
        #expect(try lead("live = 'mqtt://b/t/#'\nmax_ahead = 'off'") == nil)
        #expect(try lead("live = 'x.csv'\nmax_ahead = '2d'") == 172_800_000_000_000)
        #expect(throws: ConfigError.self) { try lead("file = 'x.csv'\nfollow = true\nmax_ahead = '2d'") }
    }

    @Test("a ws:// source takes the WebSocket keys (ca and payload shared with MQTT); tcp:// with connect = true is a client")
    func connectOutSources() throws {
        let config = try Self.parse("""
            [source.ws]
            live = "ws://127.0.0.1:9001/ticks"
            subscribe = '{"op":"subscribe"}'
            ping = "5s"
            hangup = "0"
            max_message = 4096
            json_value = "p"
            json_time = "T"
            json_symbol = "s"
            ca = "ca.pem"
            payload = "json"

            [source.feed]
            live = "tcp://127.0.0.1:9100"
            connect = true

            [[panel]]
            source = "ws"
            symbol = "AAA"

            [[panel]]
            source = "feed"
            column = 1

            [grid]
            columns = 2
            """)
        guard case .connect(let ws)? = config.sources.first(where: { $0.id == "ws" })?.kind else { Issue.record("\(config.sources)"); return }
        #expect(ws.url == "ws://127.0.0.1:9001/ticks")
        #expect(ws.subscribe == "{\"op\":\"subscribe\"}")
        #expect(ws.settings.pingSeconds == 5 && ws.settings.hangupSeconds == 0 && ws.settings.maximumMessageBytes == 4096)
        #expect(ws.settings.caFile == "ca.pem" && ws.format == .json)
        #expect(ws.jsonValue == "p" && ws.jsonTime == "T" && ws.jsonSymbol == "s")
        guard case .connect(let tcp)? = config.sources.first(where: { $0.id == "feed" })?.kind else { Issue.record("\(config.sources)"); return }
        #expect(tcp.url == "tcp://127.0.0.1:9100")
        // Without connect, tcp:// is still a listener.
        let listener = try Self.parse("[source.day]\nlive = \"tcp://127.0.0.1:9100\"\n[[panel]]\nsource = \"day\"\n")
        guard case .live = listener.sources[0].kind else { Issue.record("\(listener.sources[0].kind)"); return }
    }

    func errorsBody(text: String, line: Int, message: String) {
        do {
            _ = try Self.parse(text)
            Issue.record("accepted:\n\(text)")
        } catch {
            #expect(error.position.line == line, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }
}

/// These capture standard output and error (process-wide): they run in the serialized
/// command-line suite so no other capture races them.
extension CommandLineTests {
    @Test("liveticker check prints the resolved layout; a bad file exits 1 naming the line")
    func checkCommand() {
        var status: Int32 = -1
        let text = capture { status = LiveTickerCommandLine.run(["check", "Samples/market-wall.toml", "--size", "1000x600"]) }
        #expect(status == 0)
        #expect(text.contains("Samples/market-wall.toml: valid"))
        #expect(text.contains("grid: 2 row(s) x 2 column(s), gutter 8 px"))
        #expect(text.contains("panel 4 \"DYNA\": row 1, column 1, span 1x1:"))
        #expect(text.contains("pane 2: weight 1.0, scale zero: volume(0)"))
        let directory = temporaryDirectory()
        writeFile(directory + "/bad.toml", DashboardConfigTests.minimal + "\ncolor = \"#fff\"\n")
        let errors = capture(2) { status = LiveTickerCommandLine.run(["check", directory + "/bad.toml"]) }
        #expect(status == 1)
        #expect(errors.contains("bad.toml: line 6, column 1: unknown key 'color' in [[panel]] 1"))
        #expect(LiveTickerCommandLine.run(["check"]) == 2)
    }

    @Test("a reload with a bad file or a source that cannot open keeps the current wall; a good one swaps it")
    func reloadKeepsOldSceneOnBadFile() throws {
        let directory = temporaryDirectory()
        let path = directory + "/wall.toml"
        writeFile(directory + "/day.csv", "time,symbol,price\n1709280000,ACME,10\n1709280060,ACME,11\n1709280120,ACME,10.5\n")
        func wall(_ title: String, _ extra: String = "", file: String = "day.csv") -> String {
            "title = \"\(title)\"\nfont = \"builtin\"\ntime_zone = \"UTC\"\n[source.day]\nfile = \"\(directory)/\(file)\"\n[[panel]]\nsource = \"day\"\n\(extra)"
        }
        writeFile(path, wall("First"))
        let display = PictureFileDisplay(path: directory + "/wall.ppm", width: 320, height: 200)
        let current = try RunCommand.makeSession(try RunCommand.load(path), display)
        try current.start()
        while !current.pump() { usleep(1_000) }
        let before = current.scene(width: 320, height: 200)
        let frame = Framebuffer(width: 320, height: 200)
        before.draw(into: frame)
        let picture = pixels(of: frame)

        // A key the schema does not know: reported with its line, the current wall stays.
        writeFile(path, wall("Second", "colour = \"red\"\n"))
        var fresh: DashboardSession?
        var said = capture(2) { fresh = RunCommand.reload(path, current: current, display: display) }
        #expect(fresh == nil)
        #expect(said.contains("reload failed, keeping the current dashboard") && said.contains("line 8, column 1: unknown key 'colour'"))
        // Not TOML at all, and a source file that does not exist: the same.
        writeFile(path, "title = \"x\n")
        said = capture(2) { fresh = RunCommand.reload(path, current: current, display: display) }
        #expect(fresh == nil && said.contains("line 1, column"))
        writeFile(path, wall("Third", file: "missing.csv"))
        said = capture(2) { fresh = RunCommand.reload(path, current: current, display: display) }
        #expect(fresh == nil && said.contains("missing.csv"))
        // The current wall is untouched and still draws the same picture.
        #expect(current.scene(width: 320, height: 200) === before)
        before.invalidate()
        before.draw(into: frame)
        #expect(pixels(of: frame) == picture)

        // A good file swaps the scene.
        writeFile(path, wall("Fourth", "chart = \"candles\"\n"))
        said = capture(2) { fresh = RunCommand.reload(path, current: current, display: display) }
        let swapped = try #require(fresh)
        #expect(said.contains("reloaded"))
        while !swapped.pump() { usleep(1_000) }
        let after = swapped.scene(width: 320, height: 200)
        #expect(after !== before)
        after.draw(into: frame)
        #expect(pixels(of: frame) != picture)
        swapped.stop()
    }

    @Test("liveticker run writes the wall; replay --config and live --config are the same; each panel shows its own symbol")
    func runToPicture() throws {
        let directory = temporaryDirectory()
        var status: Int32 = -1
        _ = capture(2) {
            status = LiveTickerCommandLine.run(["run", "Samples/market-wall.toml", "--output", directory + "/wall.ppm", "--size", "800x500"])
        }
        #expect(status == 0)
        let wall = try PPMImage(decoding: readFile(directory + "/wall.ppm"))
        #expect(wall.width == 800 && wall.height == 500)
        _ = capture(2) {
            status = LiveTickerCommandLine.run(["replay", "--config", "Samples/market-wall.toml", "--output", directory + "/again.ppm", "--size", "800x500"])
        }
        #expect(status == 0)
        #expect(readFile(directory + "/again.ppm") == readFile(directory + "/wall.ppm"))
        _ = capture(2) {
            status = LiveTickerCommandLine.run(["live", "--config", "Samples/market-wall.toml", "--output", directory + "/live.ppm", "--size", "800x500"])
        }
        #expect(status == 0)
        #expect(readFile(directory + "/live.ppm") == readFile(directory + "/wall.ppm"))
        // Four panels with up and down candles: both candle colours in each quadrant.
        let theme = ChartTheme.dark
        for (qx, qy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            var up = 0
            var down = 0
            for y in (qy * 250)..<(qy * 250 + 250) {
                for x in (qx * 400)..<(qx * 400 + 400) {
                    let p = wall[x, y]
                    if p == theme.up.pixel { up += 1 }
                    if p == theme.down.pixel { down += 1 }
                }
            }
            #expect(up > 100 && down > 100, "quadrant \(qx),\(qy): \(up) up, \(down) down")
        }
        #expect(LiveTickerCommandLine.run(["replay", "x.csv", "--config", "Samples/market-wall.toml"]) == 2)
        #expect(LiveTickerCommandLine.run(["live", "-", "--config", "Samples/market-wall.toml"]) == 2)
    }
}

/// Dashboard files as a kiosk runs them. These capture standard output and error
/// (process-wide): in the serialized command-line suite, as the ones above.
extension CommandLineTests {
    /// A wall beside its data, `file = "day.csv"`, run from another working directory (a
    /// systemd unit starts in `/`): the path is the file's folder's. One that is nowhere says
    /// where it was looked for, in `check` as in `run`.
    @Test("relative input paths are the dashboard file's folder's, else the working directory's; check finds a missing file and time zone")
    func pathsBesideTheFile() throws {
        let directory = temporaryDirectory()
        writeFile(directory + "/day.csv", "time,symbol,price\n1709280000,ACME,10\n1709280060,ACME,11\n")
        let wall = "time_zone = \"UTC\"\n[source.day]\nfile = \"day.csv\"\n[[panel]]\nsource = \"day\"\n"
        writeFile(directory + "/wall.toml", wall)
        var config = try DashboardConfig.parse(Array(wall.utf8), path: directory + "/wall.toml")
        config.resolveInputPaths()
        guard case .file(let resolved, _, _) = config.sources[0].kind else { Issue.record("not a file source"); return }
        #expect(resolved == directory + "/day.csv")
        // Nothing beside the file: the working directory's, as before (the samples' paths).
        let samples = try RunCommand.load("Samples/telemetry-wall.toml")
        guard case .file(let sample, _, _) = samples.sources[0].kind else { Issue.record("not a file source"); return }
        #expect(sample == "Samples/plant-telemetry.csv")
        var status: Int32 = -1
        _ = capture { status = LiveTickerCommandLine.run(["check", directory + "/wall.toml"]) }
        #expect(status == 0)
        writeFile(directory + "/missing.toml", wall.replacing("day.csv", with: "nope.csv"))
        var said = capture(2) { status = LiveTickerCommandLine.run(["check", directory + "/missing.toml"]) }
        #expect(status == 1)
        #expect(said.contains("source 'day': cannot open nope.csv: No such file or directory (looked in \(directory)/ and in "), "\(said)")
        writeFile(directory + "/zone.toml", wall.replacing("\"UTC\"", with: "\"Europe/Berln\""))
        said = capture(2) { status = LiveTickerCommandLine.run(["check", directory + "/zone.toml"]) }
        #expect(status == 1 && said.contains("zone.toml: 'time_zone': no time zone 'Europe/Berln'"), "\(said)")
        writeFile(directory + "/folder.toml", wall.replacing("\"day.csv\"", with: "\".\""))
        said = capture(2) { status = LiveTickerCommandLine.run(["check", directory + "/folder.toml"]) }
        #expect(status == 1 && said.contains("source 'day': cannot open \(directory)/.: it is a directory"), "\(said)")
        said = capture(2) { status = LiveTickerCommandLine.run(["check", directory]) }
        #expect(status == 1 && said.contains("cannot read the file: it is a directory"), "\(said)")
    }

    @Test("a panel's symbol the file never holds (BLOT for BOLT) is said once the file is read, with the symbols it holds")
    func unmatchedSymbol() throws {
        let directory = temporaryDirectory()
        writeFile(directory + "/day.csv", "time,symbol,price\n1709280000,ACME,10\n1709280060,BOLT,11\n")
        writeFile(directory + "/wall.toml", "font = \"builtin\"\n[source.day]\nfile = \"day.csv\"\n[[panel]]\nsource = \"day\"\nsymbol = \"BLOT\"\n")
        let session = try RunCommand.makeSession(try RunCommand.load(directory + "/wall.toml"), PictureFileDisplay(path: directory + "/w.ppm", width: 320, height: 200))
        try session.start()
        let said = capture(2) {
            while !session.pump() { usleep(1_000) }
            _ = session.pump()
            _ = session.pump()
        }
        session.stop()
        #expect(said.contains("source 'day': no ticks of BLOT, so the panel(s) showing it stay empty; it holds ACME, BOLT"), "\(said)")
        #expect(said.split(separator: "\n").filter { $0.contains("no ticks of") }.count == 1, "said more than once: \(said)")
    }

    @Test("a file saved with a UTF-8 byte-order mark (Notepad) reads as without one")
    func byteOrderMark() throws {
        let config = try DashboardConfig.parse([0xEF, 0xBB, 0xBF] + Array(DashboardConfigTests.minimal.utf8), path: "wall.toml")
        #expect(config.panels.count == 1)
    }

    @Test("titles lose the spaces around them, a blank one names nothing, and check prints a control character escaped")
    func titleText() throws {
        let text = "title = \"  Boiler house \"\n[source.day]\nfile = \"day.csv\"\n[[panel]]\ntitle = \"   \"\nsource = \"day\"\n"
            + "[[panel]]\ntitle = \"Temp\\u001b[31m\"\nrow = 1\nseries = [{ source = \"day\", title = \"\\tday \" }]\n[grid]\nrows = 2\n"
        let config = try DashboardConfigTests.parse(text)
        #expect(config.title == "Boiler house")
        #expect(config.panels[0].title == nil)
        #expect(config.panels[1].series[0].title == "day")
        let described = CheckCommand.describe(config).joined(separator: "\n")
        #expect(!described.contains("\u{1B}"), "\(described)")
        #expect(described.contains("panel 2 \"Temp\\x1b[31m\""), "\(described)")
    }

    /// The header names a one-series panel by its title; sma/ema take their own colour and a
    /// series' own marks refuse one (it was silently ignored).
    @Test("a panel's title names its one series; an average's colour is drawn; a colour on a series' own mark is an error")
    func titlesAndColours() throws {
        let directory = temporaryDirectory()
        var rows = "time,symbol,price\n"
        for i in 0..<600 { rows += "\(1_709_280_000 + i * 60),ACME,\(100 + Double(i % 37) - Double(i % 11) * 0.7)\n" }
        writeFile(directory + "/day.csv", rows)
        func wall(_ marks: String, title: String = "Acme Corp") -> String {
            "font = \"builtin\"\ntime_zone = \"UTC\"\n[source.day]\nfile = \"day.csv\"\ncandle = \"15m\"\n[[panel]]\ntitle = \"\(title)\"\nsource = \"day\"\n"
                + "symbol = \"ACME\"\n  [[panel.pane]]\n  marks = [\(marks)]\n"
        }
        writeFile(directory + "/wall.toml", wall(##"{ mark = "candles" }, { mark = "ema", period = 5, color = "#ff00ff" }"##))
        let session = try RunCommand.makeSession(try RunCommand.load(directory + "/wall.toml"), PictureFileDisplay(path: directory + "/w.ppm", width: 400, height: 240))
        try session.start()
        while !session.pump() { usleep(1_000) }
        #expect(session.panels[0].series[0].title == "Acme Corp")
        #expect(session.panels[0].options.caption == nil, "one series is named by the title itself")
        let frame = Framebuffer(width: 400, height: 240)
        session.scene(width: 400, height: 240).draw(into: frame)
        let magenta = pixels(of: frame).filter { $0 == 0xFF00FF }.count
        #expect(magenta > 100, "\(magenta) pixels of the ema's colour")
        session.stop()
        // Over two series the title leads the legend (it was drawn nowhere): the header holds
        // more of the title colour with it than the same wall without it.
        func twoSeriesHeaderInk(title: String) throws -> (ink: Int, session: DashboardSession) {
            writeFile(
                directory + "/two.toml",
                "font = \"builtin\"\ntime_zone = \"UTC\"\n[source.day]\nfile = \"day.csv\"\n[[panel]]\ntitle = \"\(title)\"\n"
                    + "series = [{ source = \"day\", symbol = \"ACME\", title = \"price\" }, { source = \"day\", symbol = \"ACME\", title = \"again\" }]\n")
            let two = try RunCommand.makeSession(
                try RunCommand.load(directory + "/two.toml"), PictureFileDisplay(path: directory + "/t.ppm", width: 400, height: 240))
            try two.start()
            while !two.pump() { usleep(1_000) }
            two.stop()
            let frame = Framebuffer(width: 400, height: 240)
            let scene = two.scene(width: 400, height: 240)
            scene.draw(into: frame)
            let header = try #require(scene.panels[0]?.geometry(ofPane: 0)).layout.header
            var ink = 0
            for y in header.minY..<header.maxY {
                for x in header.minX..<header.maxX where frame[x, y] == ChartTheme.dark.title.pixel { ink += 1 }
            }
            return (ink, two)
        }
        let captioned = try twoSeriesHeaderInk(title: "Acme, two ways")
        let blank = try twoSeriesHeaderInk(title: "  ")
        #expect(captioned.session.panels[0].options.caption == "Acme, two ways")
        #expect(captioned.session.panels[0].series.map(\.title) == ["price", "again"])
        #expect(captioned.ink > blank.ink + 100, "\(captioned.ink) against \(blank.ink) pixels of the title colour")
        let refused = wall(##"{ mark = "line", color = "#ff00ff" }"##)
        #expect(throws: ConfigError.self) { try DashboardConfig.parse(Array(refused.utf8), path: "wall.toml") }
        do {
            _ = try DashboardConfig.parse(Array(refused.utf8), path: "wall.toml")
        } catch {
            #expect(error.description.contains("'color' does not apply to a line mark"), "\(error)")
        }
    }
}

/// The framebuffer's pixels row by row (its padding left out).
private func pixels(of frame: Framebuffer) -> [UInt32] {
    var out: [UInt32] = []
    for y in 0..<frame.height { for x in 0..<frame.width { out.append(frame[x, y]) } }
    return out
}
