import LiveTickerImageIO
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

    @Test("convert says a bar file is stored as closes; downsample takes the closes over the dates")
    func barFileConvertAndDownsample() throws {
        let dir = temporaryDirectory()
        writeFile(dir + "/AAPL.csv", "Date,Open,High,Low,Close,Adj Close,Volume\n2024-03-01,179.55,180.53,177.38,179.66,179.17,73488000\n2024-03-04,176.15,176.90,173.79,175.10,174.62,81510100\n2024-03-05,170.76,172.04,169.62,170.12,169.66,95132400\n")
        var status: Int32 = -1
        let converted = capture(2) { status = LiveTickerCommandLine.run(["convert", dir + "/AAPL.csv", dir + "/AAPL.ltk"]) }
        #expect(status == 0, "\(converted)")
        #expect(converted.contains("holds OHLC bars; a .ltk record is a tick, so each bar was stored as its close and volume"), "\(converted)")
        var errors = ""
        let kept = capture(1) {
            errors = capture(2) {
                status = LiveTickerCommandLine.run(["downsample", "--algorithm", "lttb", "--points", "3", dir + "/AAPL.csv"])
            }
        }
        #expect(status == 0, "\(errors)")
        #expect(kept == "index,x,y\n0,1709251200,179.66\n1,1709510400,175.1\n2,1709596800,170.12\n", "\(kept)")
    }

    @Test("defect 6: a run that charts nothing exits 1 and lists what the file holds")
    func nothingChartedFails() {
        let text = "time,symbol,price\n1709280000,NVDA,100\n1709280001,AAPL,101\n"
        let absent = replayFormat("t.csv", text, ["--symbol", "nvda"])
        #expect(absent.status == 1)
        #expect(absent.stderr.contains("nothing charted"), "\(absent.stderr)")
        #expect(absent.stderr.contains("NVDA (not nvda: symbols are case-sensitive)"), "\(absent.stderr)")
        #expect(absent.stderr.contains("AAPL"))
        let headerOnly = replayFormat("h.csv", "time,price\n")
        #expect(headerOnly.status == 1)
        let late = replayFormat("t.csv", text, ["--from", "2030-01-01T00:00:00Z"])
        #expect(late.status == 1)
        #expect(late.stderr.contains("outside --from/--to"), "\(late.stderr)")
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
