import LiveTickerImageIO
#if canImport(Glibc)
import Glibc
#endif
import Testing

@testable import LiveTickerCLI

/// `replay` on real export shapes with no flags: what the summary says, and runs that chart
/// nothing. In the command-line suite, which is serialized: these capture standard error.
extension CommandLineTests {
    func replayFormat(_ file: String, _ contents: String, _ extra: [String] = []) -> (status: Int32, stderr: String, dir: String) {
        let dir = temporaryDirectory()
        writeFile(dir + "/" + file, contents)
        var status: Int32 = -1
        let text = capture(2) {
            status = LiveTickerCommandLine.run(["replay", dir + "/" + file, "-o", dir + "/out.ppm", "--size", "160x90"] + extra)
        }
        return (status, text, dir)
    }

    @Test("the summary names the format, columns and time form it chose")
    func summarySaysWhatWasChosen() throws {
        let yahoo = replayFormat("AAPL.csv", "Date,Open,High,Low,Close,Adj Close,Volume\r\n2024-03-01,179.55,180.53,177.38,179.66,179.17,73488000\r\n2024-03-04,176.15,176.90,173.79,175.10,174.62,81510100\r\n")
        #expect(yahoo.status == 0, "\(yahoo.stderr)")
        #expect(yahoo.stderr.contains("read as CSV (',', header): time=Date, value=Close, size=Volume"), "\(yahoo.stderr)")
        #expect(yahoo.stderr.contains("OHLC bars (open=Open, high=High, low=Low, close=Close: one candle per bar, as given)"))
        #expect(yahoo.stderr.contains("other numeric columns: Adj Close"))
        #expect(try PPMImage(contentsOf: yahoo.dir + "/out.ppm").width == 160)
        let json = replayFormat("trades.ndjson", #"{"p":"61130.99","q":"0.004","T":1709251200123}"# + "\n" + #"{"p":"61131.5","q":"1","T":1709251200124}"# + "\n")
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stderr.contains("read as NDJSON: objects: time=T, value=p, size=q"), "\(json.stderr)")
        #expect(json.stderr.contains("2 ticks"))
        let influx = replayFormat("telegraf.out", "cpu,host=pi usage_idle=97.5 1709251200000000000\ncpu,host=pi usage_idle=96 1709251210000000000\n")
        #expect(influx.status == 0, "\(influx.stderr)")
        #expect(influx.stderr.contains("InfluxDB line protocol"))
        let german = replayFormat("kurse.csv", "Datum;Zeit;Kurs\n01.03.2024;09:30:07;16.750,00\n")
        #expect(german.stderr.contains("on date=Datum"), "\(german.stderr)")
        #expect(german.stderr.contains("decimal comma"))
    }

    @Test("convert keeps a bar file's bars (a replay of the .ltk draws what the CSV draws); downsample takes the closes over the dates")
    func barFileConvertAndDownsample() throws {
        let dir = temporaryDirectory()
        writeFile(dir + "/AAPL.csv", "Date,Open,High,Low,Close,Adj Close,Volume\n2024-03-01,179.55,180.53,177.38,179.66,179.17,73488000\n2024-03-04,176.15,186.90,173.79,175.10,174.62,81510100\n2024-03-05,170.76,172.04,159.62,170.12,169.66,95132400\n")
        var status: Int32 = -1
        var converted = ""
        let said = capture(1) { converted = capture(2) { status = LiveTickerCommandLine.run(["convert", dir + "/AAPL.csv", dir + "/AAPL.ltk"]) } }
        #expect(status == 0, "\(converted)")
        #expect(said.contains("wrote 3 OHLC bars to"), "\(said)")
        // The same candles from the CSV and from the .ltk (they were rebuilt from the closes).
        for (input, picture) in [("AAPL.csv", "csv.ppm"), ("AAPL.ltk", "ltk.ppm")] {
            let text = capture(2) {
                status = LiveTickerCommandLine.run(["replay", dir + "/" + input, "--chart", "candles", "--title", "AAPL", "-o", dir + "/" + picture, "--size", "320x200"])
            }
            #expect(status == 0, "\(text)")
        }
        #expect(readFile(dir + "/csv.ppm") == readFile(dir + "/ltk.ppm"))
        var errors = ""
        let kept = capture(1) {
            errors = capture(2) {
                status = LiveTickerCommandLine.run(["downsample", "--algorithm", "lttb", "--points", "3", dir + "/AAPL.csv"])
            }
        }
        #expect(status == 0, "\(errors)")
        #expect(kept == "index,x,y\n0,1709251200,179.66\n1,1709510400,175.1\n2,1709596800,170.12\n", "\(kept)")
    }

    @Test("downsample reads what replay reads: a headerless file keeps its first row, UTF-16 is decoded, one symbol of several is taken and named; nothing to keep exits 1")
    func downsampleReadsWhatReplayReads() throws {
        func run(_ name: String, _ bytes: [UInt8], _ flags: [String] = []) -> (status: Int32, out: String, err: String) {
            let dir = temporaryDirectory()
            let file = fopen(dir + "/" + name, "wb")!
            _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            fclose(file)
            var status: Int32 = -1
            var err = ""
            let out = capture(1) {
                err = capture(2) {
                    status = LiveTickerCommandLine.run(["downsample", "--algorithm", "lttb", "--points", "3"] + flags + [dir + "/" + name])
                }
            }
            return (status, out, err)
        }
        // Binance aggTrades: no header, the time in column 5. Its first row was taken for a
        // header (lost, unsaid) and x was the trade id.
        let trades = "3001,60998.50,0.01,1,1,1709251200000,true,true\n3002,61010.00,0.02,2,2,1709251200500,false,true\n3003,60990.25,0.03,3,3,1709251201000,true,true\n"
        let binance = run("aggTrades.csv", Array(trades.utf8))
        #expect(binance.status == 0, "\(binance.err)")
        #expect(binance.out == "index,x,y\n0,1709251200,60998.5\n1,1709251200.5,61010\n2,1709251201,60990.25\n", "\(binance.out)")
        #expect(binance.err.contains("read as CSV (',', no header)"), "\(binance.err)")
        // UTF-16 (Excel's "Unicode Text"): every line was a malformed number, exit 0.
        let text = "Time\tPrice\n2024-03-01T09:30:00Z\t99.5\n2024-03-01T09:30:01Z\t101.25\n"
        let utf16 = run("unicode.txt", [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        #expect(utf16.status == 0 && utf16.out == "index,x,y\n0,1709285400,99.5\n1,1709285401,101.25\n", "\(utf16.out) \(utf16.err)")
        // Several symbols: the first is taken and the others said (they were mixed into one line).
        let market = "time,symbol,price\n1709285400,AAA,10\n1709285400,BBB,500\n1709285401,AAA,11\n1709285401,BBB,501\n"
        let first = run("m.csv", Array(market.utf8))
        #expect(first.out == "index,x,y\n0,1709285400,10\n1,1709285401,11\n", "\(first.out)")
        #expect(first.err.contains("downsampled AAA (2 ticks); 2 ticks of other symbols left out"), "\(first.err)")
        let chosen = run("m.csv", Array(market.utf8), ["--symbol", "BBB"])
        #expect(chosen.out == "index,x,y\n0,1709285400,500\n1,1709285401,501\n", "\(chosen.out)")
        let missing = run("m.csv", Array(market.utf8), ["--symbol", "CCC"])
        #expect(missing.status == 1 && missing.err.contains("nothing to downsample: no symbol CCC (the input holds AAA, BBB)"), "\(missing.err)")
        // A plain CSV with a header still goes by its columns, with replay's time and value.
        let plain = run("p.csv", Array("sensor,ts,reading\nA,1,5\nA,2,7\nA,3,6\n".utf8))
        #expect(plain.status == 0 && plain.out == "index,x,y\n0,1,5\n1,2,7\n2,3,6\n", "\(plain.out) \(plain.err)")
        // Nothing to keep fails loudly (it printed the header alone and exited 0).
        for (name, contents, says) in [
            ("h.csv", "time,price\n", "the input holds no data rows"),
            ("bad.csv", "time,price\n1,x\n2,y\n", "every line is bad (2;"),
            ("gaps.csv", "time,price\n1,nan\n2,inf\n", "every value is a gap (NaN or ±inf: 2 rows)"),
        ] {
            let result = run(name, Array(contents.utf8))
            #expect(result.status == 1 && result.err.contains("nothing to downsample: " + says), "\(name): \(result.err)")
            #expect(!result.out.contains("index,x,y"), "\(name): \(result.out)")
        }
        // Times are printed exactly, from their nanoseconds (a double printed 1709281802.0979998).
        #expect(DownsampleCommand.decimalSeconds(1_709_281_802_098_000_000) == "1709281802.098")
        #expect(DownsampleCommand.decimalSeconds(1_709_281_802_000_000_000) == "1709281802")
        #expect(DownsampleCommand.decimalSeconds(-500_000_000) == "-0.5")
        #expect(DownsampleCommand.decimalSeconds(1) == "0.000000001")
        let millis = run("ms.csv", Array("1709281802097,1.5\n1709281802098,2.5\n1709281802099,1\n".utf8))
        #expect(millis.out == "index,x,y\n0,1709281802.097,1.5\n1,1709281802.098,2.5\n2,1709281802.099,1\n", "\(millis.out)")
        // --x names a CSV column: not for an input read as replay reads it.
        let json = run("t.ndjson", Array("{\"t\":1709285400000,\"p\":1}\n{\"t\":1709285401000,\"p\":2}\n".utf8), ["--x", "t"])
        #expect(json.status == 2 && json.err.contains("--x names a CSV column"), "\(json.err)")
    }

    @Test("--value by 0-based index works as by name, in a file with a header and without; out of range is a clear error")
    func valueByIndex() throws {
        let wide = "time,device,temp_c,humidity\n" + (0..<30).map { "\(1_709_280_000 + $0 * 60),sensor-a,\(20 + $0 % 5).5,\(40 + $0 % 3)" }.joined(separator: "\n") + "\n"
        let headerless = (0..<30).map { "\(1_709_280_000 + $0 * 60),\(20 + $0 % 5).5,\(40 + $0 % 3)" }.joined(separator: "\n") + "\n"
        func picture(_ contents: String, _ flags: [String]) -> (status: Int32, stderr: String, bytes: [UInt8]) {
            let run = replayFormat("wide.csv", contents, flags + ["--title", "T", "--size", "320x200"])
            return (run.status, run.stderr, readFile(run.dir + "/out.ppm"))
        }
        let byName = picture(wide, ["--value", "humidity"])
        let byIndex = picture(wide, ["--value", "3"])
        #expect(byName.status == 0 && byIndex.status == 0, "\(byIndex.stderr)")
        #expect(byIndex.stderr.contains("value=humidity"), "\(byIndex.stderr)")
        #expect(byName.bytes == byIndex.bytes)
        // Several columns by index chart the same series as by name, named by the header
        // (`--value 2,3` matched no series: the reader names them temp_c, humidity).
        let runs = [["--value", "temp_c,humidity"], ["--value", "2,3"], ["--value", "temp_c,3"]].map { flags in
            replayFormat("wide.csv", wide, flags + ["--size", "320x200"])
        }
        for run in runs {
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("values=temp_c, humidity"), "\(run.stderr)")
        }
        #expect(readFile(runs[0].dir + "/out.ppm") == readFile(runs[1].dir + "/out.ppm"))
        #expect(readFile(runs[0].dir + "/out.ppm") == readFile(runs[2].dir + "/out.ppm"))
        let headerlessPicture = picture(headerless, ["--value", "2"])
        #expect(headerlessPicture.status == 0 && headerlessPicture.stderr.contains("value=2"), "\(headerlessPicture.stderr)")
        // Out of range: exit 1, the index and the columns there are.
        let past = replayFormat("wide.csv", wide, ["--value", "9"])
        #expect(past.status == 1)
        #expect(past.stderr.contains("--value 9: no column 9 (0-based); the header has 4 columns, 0 to 3: time, device, temp_c, humidity"), "\(past.stderr)")
        let pastMore = replayFormat("wide.csv", wide, ["--value", "2,7"])
        #expect(pastMore.status == 1 && pastMore.stderr.contains("--value 7: no column 7"), "\(pastMore.stderr)")
        let pastHeaderless = replayFormat("plain.csv", headerless, ["--value", "5"])
        #expect(pastHeaderless.status == 1)
        #expect(pastHeaderless.stderr.contains("--value 5: no column 5 (0-based); the lines have 3 fields, 0 to 2"), "\(pastHeaderless.stderr)")
        // convert takes the index too.
        let dir = temporaryDirectory()
        writeFile(dir + "/wide.csv", wide)
        var status: Int32 = -1
        let said = capture(1) { _ = capture(2) { status = LiveTickerCommandLine.run(["convert", dir + "/wide.csv", dir + "/w.ltk", "--value", "3"]) } }
        #expect(status == 0 && said.contains("wrote 30 ticks"), "\(said)")
    }

    @Test("defect 6: a run that charts nothing exits 1, lists the file's symbols and time range, and leaves an existing picture alone")
    func nothingChartedFails() throws {
        let text = "time,symbol,price\n2024-03-01T09:30:00Z,NVDA,100\n2024-03-01T16:00:00Z,AAPL,101\n"
        let range = "times from 2024-03-01 09:30:00 to 2024-03-01 16:00:00 ("
        let cases: [(file: String, contents: String, flags: [String], says: [String])] = [
            ("t.csv", text, ["--symbol", "nvda"], ["no symbol nvda: did you mean NVDA?", "symbols NVDA, AAPL", range, "2 ticks"]),
            ("t.csv", text, ["--symbol", "MSFT", "--tz", "UTC"], ["no symbol MSFT", "symbols NVDA, AAPL", range + "UTC)"]),
            ("t.csv", text, ["--symbol", "MSFT,IBM"], ["no symbol MSFT; no symbol IBM", "symbols NVDA, AAPL", range]),
            ("t.csv", text, ["--from", "2030-01-01T00:00:00Z"], ["all 2 ticks are outside --from/--to", range]),
            ("t.csv", text, ["--from", "2030-01-01T00:00:00Z", "--utc-offset", "+01:00"], ["from 2024-03-01 10:30:00 to 2024-03-01 17:00:00"]),
            ("h.csv", "time,price\n", [], ["the input holds a header and no data lines"]),
            ("bad.csv", "time,price\nx,1\n2024-03-01T09:30:00Z,y\n", [], ["every line is bad (2;"]),
            ("bad.json", "[{\"t\": \"x\", \"p\": 1}, {\"t\": \"y\", \"p\": 2}]\n", [], ["every record is bad"]),
            // Only gaps: no line, no value, no tag (it wrote an empty chart headed "-inf").
            ("gaps.csv", "time,price\n2024-03-01T09:30:00Z,NaN\n2024-03-01T09:30:01Z,inf\n2024-03-01T09:30:02Z,-inf\n", [],
             ["every value charted is a gap (NaN or ±inf: 3 ticks)"]),
        ]
        for c in cases {
            let dir = temporaryDirectory()
            writeFile(dir + "/" + c.file, c.contents)
            // An existing picture (from an earlier good run) must keep its bytes.
            writeFile(dir + "/out.ppm", "an earlier picture")
            var status: Int32 = -1
            let stderr = capture(2) {
                status = LiveTickerCommandLine.run(["replay", dir + "/" + c.file, "-o", dir + "/out.ppm", "--size", "160x90"] + c.flags)
            }
            #expect(status == 1, "\(c.flags): \(stderr)")
            #expect(stderr.contains("nothing charted"), "\(stderr)")
            for phrase in c.says { #expect(stderr.contains(phrase), "\(c.file) \(c.flags): '\(phrase)' not in \(stderr)") }
            #expect(stderr.contains("no picture written"), "\(stderr)")
            #expect(readFile(dir + "/out.ppm") == Array("an earlier picture".utf8), "\(c.file) \(c.flags) overwrote the picture")
        }
        // A run that charts something still replaces the picture.
        let dir = temporaryDirectory()
        writeFile(dir + "/t.csv", text)
        writeFile(dir + "/out.ppm", "an earlier picture")
        var status: Int32 = -1
        _ = capture(2) { status = LiveTickerCommandLine.run(["replay", dir + "/t.csv", "-o", dir + "/out.ppm", "--size", "160x90", "--symbol", "NVDA"]) }
        #expect(status == 0)
        #expect(try PPMImage(contentsOf: dir + "/out.ppm").width == 160)
    }

    @Test("a JSON array counts bad records, not lines: one line of two bad records is '2 bad records'")
    func jsonArrayCountsRecords() {
        let run = replayFormat("a.json", "[{\"t\": 1709280000, \"p\": 1}, {\"t\": \"x\", \"p\": 2}, {\"t\": \"y\", \"p\": 3}]\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("1 line, 1 tick, 2 bad records ("), "\(run.stderr)")
        #expect(!run.stderr.contains("bad lines"), "\(run.stderr)")
    }

    @Test("defect 7: -o is --output; an unknown short option is named as typed")
    func shortOptions() {
        let ok = replayFormat("t.csv", "time,price\n1709280000,100\n1709280001,101\n")
        #expect(ok.status == 0)
        var status: Int32 = -1
        let text = capture(2) { status = LiveTickerCommandLine.run(["replay", "x.csv", "-q", "1"]) }
        #expect(status == 2)
        #expect(text.contains("unknown option '-q'"), "\(text)")
    }

    @Test("a misspelt option is named as unknown, wherever it stands; a known one without its value says so")
    func unknownOptionsNamed() {
        let cases: [(arguments: [String], says: String)] = [
            // At the end it read "--bogus needs a value"; before `-o out.png` it took `-o` as its
            // value ("takes one file, got 2"); before the operands of convert, one of them.
            (["replay", "x.csv", "-o", "x.png", "--bogus"], "unknown option '--bogus'"),
            (["replay", "x.csv", "--no-areas", "-o", "x.png"], "unknown option '--no-areas'"),
            (["displays", "--bogus"], "unknown option '--bogus'"),
            (["convert", "--bogus", "a.csv", "b.ltk"], "unknown option '--bogus'"),
            (["check", "--bogus", "wall.toml"], "unknown option '--bogus'"),
            (["replay", "x.csv", "--size"], "--size needs a value"),
            (["replay", "x.csv", "--size", "-o", "x.png"], "--size needs a value"),
        ]
        for c in cases {
            var status: Int32 = -1
            let text = capture(2) { status = LiveTickerCommandLine.run(c.arguments) }
            #expect(status == 2, "\(c.arguments)")
            #expect(text.contains(c.says), "\(c.arguments): \(text)")
        }
        // A negative number is still a value.
        let arguments = try? ParsedArguments(["--threshold", "-5", "--utc-offset", "-05:00", "x.csv"])
        var parsed = arguments
        #expect(parsed?.value("threshold") == "-5" && parsed?.value("utc-offset") == "-05:00")
        #expect(parsed?.operands == ["x.csv"])
    }
}

extension CommandLineTests {
    @Test("the bundled Yahoo sample: Close (not Adj Close) is charted, with the file's 2 decimals")
    func yahooSampleDecimals() throws {
        var status: Int32 = -1
        let dir = temporaryDirectory()
        let text = capture {
            status = LiveTickerCommandLine.run(
                ["replay", "Samples/acme-daily-yahoo.csv", "--describe", "-o", dir + "/out.ppm", "--size", "320x200"])
        }
        #expect(status == 0)
        // The last row: Close 198.669998 (a float32 of 198.67), Adj Close 198.133591.
        #expect(text.contains("last 198.67 at 2024-03-25"), "\(text)")
        #expect(!text.contains("198.13") && !text.contains("198.6699"), "\(text)")
    }
}

extension CommandLineTests {
    @Test("--value a,b,c charts several columns of a wide telemetry export together")
    func wideTelemetryColumns() throws {
        var text = "time,host,cpu_user,cpu_system,mem_used\n"
        for i in 0..<60 { text += "\(1_709_285_400 + 10 * i),pi-kiosk,\(10 + i % 7).5,\(3 + i % 3).1,\(512_000_000 + 1000 * i)\n" }
        let run = replayFormat("telegraf.csv", text, ["--value", "cpu_user,cpu_system", "--describe"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("values=cpu_user, cpu_system (a series each, named by column)"), "\(run.stderr)")
        #expect(run.stderr.contains("120 ticks"), "\(run.stderr)")
        // Each column's series holds its own history: 60 per series fit in 100.
        let held = replayFormat("telegraf.csv", text, ["--value", "cpu_user,cpu_system", "--history", "100"])
        #expect(held.status == 0 && !held.stderr.contains("scrolled out"), "\(held.stderr)")
        let scrolled = replayFormat("telegraf.csv", text, ["--value", "cpu_user,cpu_system", "--history", "50"])
        #expect(scrolled.stderr.contains("20 of 120 ticks scrolled out of the history, which holds the newest 50 per series"), "\(scrolled.stderr)")
        let both = replayFormat("telegraf.csv", text, ["--value", "cpu_user,cpu_system", "--symbol", "a,b"])
        #expect(both.status == 2 && both.stderr.contains("cannot both name several"), "\(both.stderr)")
        let unknown = replayFormat("telegraf.csv", text, ["--value", "cpu_user,disk"])
        #expect(unknown.status == 1 && unknown.stderr.contains("disk"), "\(unknown.stderr)")
    }
}
