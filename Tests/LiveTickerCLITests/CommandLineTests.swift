import LiveTickerDownsampling
import LiveTickerImageIO
import Testing

@testable import LiveTickerCLI

/// The command line as users' scripts see it: exit statuses, help, outputs.
@Suite("liveticker command line", .serialized)
struct CommandLineTests {
    @Test("every command has --help and exits 0 with it")
    func helpForEveryCommand() {
        for command in LiveTickerCommandLine.commands {
            var status: Int32 = -1
            let text = capture { status = LiveTickerCommandLine.run([command.name, "--help"]) }
            #expect(status == 0, "\(command.name) --help")
            #expect(text.contains("Usage: liveticker \(command.name)"), "\(command.name) --help text")
        }
        #expect(LiveTickerCommandLine.run(["--help"]) == 0)
    }

    @Test("usage errors exit 2 with a one-line reason", arguments: [
        ["no-such-command"],
        ["replay"],
        ["replay", "a.csv", "b.csv"],
        ["replay", "x.csv", "--chart", "pie"],
        ["replay", "x.csv", "--size", "huge"],
        ["replay", "x.csv", "--candle", "often"],
        ["replay", "x.csv", "--window", "-3m"],
        ["replay", "x.csv", "--no-such-option"],
        ["replay", "x.csv", "--output", "drm:/dev/dri/card0", "--mode", "800by480"],
        ["downsample", "--algorithm", "lttb", "x.csv"],
        ["downsample", "--algorithm", "fft", "--points", "10", "x.csv"],
        ["downsample", "--algorithm", "lttb", "--points", "one", "x.csv"],
        ["live"],
        ["live", "-", "--listen", "udp://127.0.0.1:9"],
        ["live", "--listen", "udp://127.0.0.1:9", "--allow", "10.0.0.0/33"],
        ["live", "--listen", "tcp://127.0.0.1:9", "--allow", "lan"],
        ["live", "--listen", "tcp://127.0.0.1:9", "--max-connections", "0"],
        ["live", "--listen", "tcp://127.0.0.1:9", "--idle-timeout", "soon"],
        ["live", "tcp://:9000", "--connect"],
        ["live", "tcp://127.0.0.1:0", "--connect"],
        ["live", "udp://127.0.0.1:9000", "--connect"],
        ["live", "--listen", "tcp://127.0.0.1:9000", "--connect"],
        ["live", "ws://127.0.0.1:0/x"],
        ["live", "wss://user@127.0.0.1/x"],
        ["live", "ws://127.0.0.1:9/x", "--max-message", "5"],
        ["live", "ws://127.0.0.1:9/x", "--ping", "soon"],
        ["live", "ws://127.0.0.1:9/x", "--connect-timeout", "0"],
        // Filters a broker refuses with a bare "Failure" (MQTT §4.7.1).
        ["live", "mqtt://127.0.0.1/a/#/b"],
        ["live", "mqtt://127.0.0.1/a+/b"],
        ["live", "mqtt://127.0.0.1/a/b#"],
        ["live", "ws://127.0.0.1:9/x", "--subscribe", ""],
        ["live", "x.csv", "--republish", "udp://127.0.0.1:9/ticks"],
        ["live", "x.csv", "--republish", "mqtt://127.0.0.1/site/#"],
        ["live", "x.csv", "--republish", "mqtt://127.0.0.1/site/+/ticks"],
        ["live", "x.csv", "--republish-batch", "10"],
        ["live", "x.csv", "--republish", "mqtt://127.0.0.1/site", "--republish-batch", "0"],
        ["live", "x.csv", "--republish", "mqtt://127.0.0.1/site", "--republish-queue", "many"],
        // A kiosk republishing into its own subscription would receive its own messages forever.
        ["live", "mqtt://127.0.0.1/site/#", "--republish", "mqtt://127.0.0.1/site/copy"],
        ["live", "mqtt://127.0.0.1/site/+", "--republish", "mqtt://127.0.0.1/site"],
        ["bench", "--section", "everything"],
        ["replay", "x.csv", "--utc-offset", "east"],
        ["replay", "x.csv", "--range", "yesterday"],
        ["replay", "x.csv", "--crosshair", "noon"],
    ])
    func usageErrors(_ arguments: [String]) {
        var status: Int32 = -1
        let text = capture(2) { status = LiveTickerCommandLine.run(arguments) }
        #expect(status == 2)
        // Other suites run in parallel and may write to the same descriptor: look for our line.
        #expect(text.split(separator: "\n").contains { $0.hasPrefix("liveticker") })
    }

    @Test("bench --json to a path that cannot be written fails at once, before measuring", arguments: [
        "/nonexistent-dir/bench.json", "/tmp",
    ])
    func benchJSONUnwritable(_ path: String) {
        var status: Int32 = -1
        let text = capture(2) {
            status = LiveTickerCommandLine.run(["bench", "--section", "history", "--json", path])
        }
        #expect(status == 1)
        #expect(text.contains("cannot write --json \(path)"))
        #expect(!text.contains("measuring"), "it measured before checking the path")
    }

    @Test("a missing tick file fails with status 1 and names the file")
    func missingFile() {
        var status: Int32 = -1
        let text = capture(2) { status = LiveTickerCommandLine.run(["replay", "/nonexistent/ticks.csv", "--output", "/tmp/x.ppm"]) }
        #expect(status == 1)
        #expect(text.contains("/nonexistent/ticks.csv"))
    }

    @Test("replay skips malformed lines, reports the first line number, and still draws")
    func replayBadLines() throws {
        let dir = temporaryDirectory()
        writeFile(dir + "/ticks.csv", "time,price\n1709280000,100\n1709280001,abc\n1709280002,101\nnot a line\n1709280003,102\n")
        var status: Int32 = -1
        let text = capture(2) {
            status = LiveTickerCommandLine.run(["replay", dir + "/ticks.csv", "--output", dir + "/out.ppm", "--size", "200x100"])
        }
        #expect(status == 0)
        #expect(text.contains("3 ticks"))
        #expect(text.contains("line 3"))
        let image = try PPMImage(contentsOf: dir + "/out.ppm")
        #expect(image.width == 200 && image.height == 100)

        var strict: Int32 = -1
        _ = capture(2) {
            strict = LiveTickerCommandLine.run(["replay", dir + "/ticks.csv", "--strict", "--output", dir + "/strict.ppm"])
        }
        #expect(strict == 1)
    }

    @Test("tcp://HOST:PORT of another machine without --listen or --connect: the bind failure says to add --connect")
    func tcpSourceOfAnotherMachine() {
        let dir = temporaryDirectory()
        var status: Int32 = -1
        // 192.0.2.1 (TEST-NET-1, RFC 5737) is never an address of this machine.
        let stderr = capture(2) {
            status = LiveTickerCommandLine.run(["live", "tcp://192.0.2.1:9100", "--output", dir + "/out.ppm"])
        }
        #expect(status == 1)
        #expect(stderr.contains("bind failed") && stderr.contains("add --connect"), "\(stderr)")
    }

    @Test("live - given a gzip file says it is compressed and to use zcat (it listed the gzip bytes as missing columns)")
    func liveStdinGzip() {
        let dir = temporaryDirectory()
        var status: Int32 = -1
        let stderr = capture(2) {
            withStandardInput(from: "Samples/dax-onvista-de.csv.gz") {
                status = LiveTickerCommandLine.run(["live", "-", "--output", dir + "/out.ppm"])
            }
        }
        #expect(status == 1)
        #expect(stderr.contains("gzip-compressed") && stderr.contains("zcat") && !stderr.contains("missing required column"), "\(stderr)")
    }

    @Test("control bytes from a file are escaped in messages, and the symbol list in the summary is bounded")
    func hostileFileText() throws {
        let dir = temporaryDirectory()
        var text = "time,price,symbol\n1709280000,1,\u{1B}]0;pwned\u{07}\n1709280000,1x\u{1B}[2J,A\n"
        for i in 0..<20_000 { text += "1709280001,2,SYMBOL-\(i)-" + String(repeating: "x", count: 200) + "\n" }
        writeFile(dir + "/ticks.csv", text)
        var status: Int32 = -1
        let stderr = capture(2) {
            status = LiveTickerCommandLine.run(["replay", dir + "/ticks.csv", "--output", dir + "/out.ppm", "--size", "200x100"])
        }
        #expect(status == 0)
        #expect(!stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(stderr.contains("\\x1b[2J"))
        #expect(stderr.contains("… and "))
        #expect(stderr.utf8.count < 4000, "summary of \(stderr.utf8.count) bytes")
    }

    @Test("--every N with a %d path writes one numbered picture per N ticks and one at the end")
    func frameSequence() {
        let dir = temporaryDirectory()
        var csv = "time,price\n"
        for i in 0..<100 { csv += "\(1_709_280_000 + i),\(100 + i % 5)\n" }
        writeFile(dir + "/ticks.csv", csv)
        var status: Int32 = -1
        _ = capture(2) {
            status = LiveTickerCommandLine.run([
                "replay", dir + "/ticks.csv", "--every", "25", "--output", dir + "/f%03d.ppm", "--size", "120x80",
            ])
        }
        #expect(status == 0)
        for frame in 1...5 {
            #expect(!readFile(dir + "/f00\(frame).ppm").isEmpty, "frame \(frame)")
        }
        #expect(readFile(dir + "/f006.ppm").isEmpty)
        // The frames differ: the data moved between them.
        #expect(readFile(dir + "/f001.ppm") != readFile(dir + "/f004.ppm"))
    }

    @Test("downsample prints index,x,y rows equal to the library's LTTB indices")
    func downsampleOutput() throws {
        let dir = temporaryDirectory()
        var csv = "t,v\n"
        var values: [Double] = []
        var level = 0.0
        for i in 0..<1000 {
            level += Double((i * 7919) % 13) - 6
            values.append(level)
            csv += "\(i),\(level)\n"
        }
        writeFile(dir + "/walk.csv", csv)
        var status: Int32 = -1
        let output = capture {
            status = LiveTickerCommandLine.run(["downsample", "--algorithm", "lttb", "--points", "50", "--x", "index", dir + "/walk.csv"])
        }
        #expect(status == 0)
        // Other suites run in parallel and may write to standard output too: keep our rows.
        let lines = output.split(separator: "\n")
        #expect(lines.contains("index,x,y"))
        let printed = lines.compactMap { line -> Int? in
            let fields = line.split(separator: ",")
            guard fields.count == 3, fields.allSatisfy({ Double($0) != nil }) else { return nil }
            return Int(fields[0])
        }
        var expected = [Int](repeating: 0, count: 100)
        let count = values.withUnsafeBufferPointer { y in
            expected.withUnsafeMutableBufferPointer { Downsampler.downsample(algorithm: .lttb, x: nil, y: y, points: 50, into: $0) }
        }
        #expect(printed == Array(expected[0..<count]))
        #expect(printed.first == 0 && printed.last == 999 && printed.count == 50)
    }

    @Test("--symbol A,B charts each named symbol as its own series; others are left out")
    func severalSymbols() throws {
        let dir = temporaryDirectory()
        var csv = "ts;sym;last\n"
        for i in 0..<300 {
            csv += "\(1_709_280_000 + i);AAA;\(100 + Double(i % 13) * 0.1)\n"
            csv += "\(1_709_280_000 + i);BBB;\(99 + Double(i % 7) * 0.2)\n"
            csv += "\(1_709_280_000 + i);CCC;\(98 + Double(i % 5) * 0.3)\n"
        }
        writeFile(dir + "/multi.csv", csv)
        func run(_ extra: [String], _ name: String) -> (Int32, String, PPMImage?) {
            var status: Int32 = -1
            let log = capture(2) {
                status = LiveTickerCommandLine.run(["replay", dir + "/multi.csv", "--output", dir + "/\(name).ppm", "--size", "320x200"] + extra)
            }
            return (status, log, try? PPMImage(contentsOf: dir + "/\(name).ppm"))
        }
        let (status, log, image) = run(["--symbol", "AAA,BBB"], "two")
        #expect(status == 0)
        #expect(log.contains("charted AAA, BBB (600 ticks)"))
        #expect(log.contains("300 ticks of other symbols"))
        let (_, oneLog, one) = run(["--symbol", "BBB"], "one")
        #expect(!oneLog.contains("other symbols"))
        let (_, _, first) = run([], "first")
        // Two series draw a different picture from either alone.
        #expect(image != nil && one != nil && first != nil)
        #expect(image?.rgb != one?.rgb && image?.rgb != first?.rgb && one?.rgb != first?.rgb)
    }

    @Test("--symbol takes Prometheus series names, whose commas lie inside {…}: one, two, or one among several")
    func prometheusSymbolNames() throws {
        #expect(FeedArguments.symbolNames("AAA, BBB ,,CCC") == ["AAA", "BBB", "CCC"])
        #expect(FeedArguments.symbolNames(#"up{instance="a:9100", job="node"}"#) == [#"up{instance="a:9100", job="node"}"#])
        #expect(
            FeedArguments.symbolNames(#"up{instance="a:9100", job="node"},up{instance="b:9100", job="x,\"y\"}"}"#)
                == [#"up{instance="a:9100", job="node"}"#, #"up{instance="b:9100", job="x,\"y\"}"}"#])
        #expect(FeedArguments.symbolNames("S&P 500,FTSE 100") == ["S&P 500", "FTSE 100"])

        let dir = temporaryDirectory()
        var series: [String] = []
        for (instance, base) in [("pi-kitchen:9100", 0.4), ("pi-garage:9100", 1.2), ("pi-attic:9100", 2.0)] {
            let values = (0..<120).map { "[\(1_709_285_400 + $0 * 15),\"\(base + Double($0 % 9) * 0.05)\"]" }
            series.append(#"{"metric":{"__name__":"node_load1","instance":""# + instance + #"","job":"node"},"values":["# + values.joined(separator: ",") + "]}")
        }
        writeFile(dir + "/load.json", #"{"status":"success","data":{"resultType":"matrix","result":["# + series.joined(separator: ",") + "]}}\n")
        func run(_ symbol: String, _ name: String) -> (Int32, String) {
            var status: Int32 = -1
            let log = capture(2) {
                status = LiveTickerCommandLine.run(
                    ["replay", dir + "/load.json", "--output", dir + "/\(name).ppm", "--size", "320x200", "--symbol", symbol])
            }
            return (status, log)
        }
        let kitchen = #"node_load1{instance="pi-kitchen:9100", job="node"}"#
        let garage = #"node_load1{instance="pi-garage:9100", job="node"}"#
        let (oneStatus, oneLog) = run(garage, "one")
        #expect(oneStatus == 0, "\(oneLog)")
        #expect(oneLog.contains("240 filtered by symbol"), "\(oneLog)")
        let (twoStatus, twoLog) = run(kitchen + "," + garage, "two")
        #expect(twoStatus == 0, "\(twoLog)")
        #expect(twoLog.contains("(240 ticks)") && twoLog.contains("120 ticks of other symbols"), "\(twoLog)")
    }

    @Test("--crosshair marks a moment given as ISO-8601 or epoch time: the same picture either way")
    func crosshair() throws {
        let dir = temporaryDirectory()
        var csv = "time,price\n"
        for i in 0..<600 { csv += "\(1_709_280_000 + i),\(100 + Double(i % 23) * 0.1)\n" }
        writeFile(dir + "/ticks.csv", csv)
        func run(_ extra: [String], _ name: String) -> (Int32, PPMImage?) {
            var status: Int32 = -1
            _ = capture(2) {
                status = LiveTickerCommandLine.run(["replay", dir + "/ticks.csv", "--output", dir + "/\(name).ppm", "--size", "320x200"] + extra)
            }
            return (status, try? PPMImage(contentsOf: dir + "/\(name).ppm"))
        }
        let (plainStatus, plain) = run([], "plain")
        let (isoStatus, iso) = run(["--crosshair", "2024-03-01T08:05:00Z"], "iso")
        let (epochStatus, epoch) = run(["--crosshair", "1709280300"], "epoch")
        #expect(plainStatus == 0 && isoStatus == 0 && epochStatus == 0)
        #expect(plain != nil && iso != nil && epoch != nil)
        #expect(iso?.rgb != plain?.rgb)
        #expect(iso?.rgb == epoch?.rgb)
    }
}

@Suite("--utc-offset")
struct UTCOffsetArgumentTests {
    @Test("offsets parse to seconds east of UTC", arguments: [
        ("Z", 0), ("+01:00", 3600), ("-05:00", -18000), ("+0530", 19800), ("+5", 18000), ("-03:30", -12600), ("+18:00", 64800),
    ])
    func parses(text: String, seconds: Int) {
        #expect(ChartArguments.utcOffsetSeconds(text) == seconds)
    }

    @Test("bad offsets are refused", arguments: ["1:00", "+25:00", "+01:75", "+", "+1:2:3", "east"])
    func refuses(text: String) {
        // (The exit status 2 for a bad --utc-offset is checked with the other usage errors, in
        // the serialized suite: capturing a descriptor must not race another capture.)
        #expect(ChartArguments.utcOffsetSeconds(text) == nil)
    }
}

