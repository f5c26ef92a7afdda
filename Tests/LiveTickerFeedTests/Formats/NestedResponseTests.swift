import LiveTickerCore
import Testing

#if canImport(Glibc)
import Glibc
#endif

@testable import LiveTickerFeed

/// REST responses whose records lie deeper than one key, saved as files in the exact shapes the
/// services send (`curl -o`), and the same pretty-printed (`| jq .`, `json.tool`). Before, each
/// was one record with no time (one line) or a malformed-JSON line per line (pretty-printed).
@Suite struct NestedResponseTests {
    func bar(_ t: Int64, _ o: Double, _ h: Double, _ l: Double, _ c: Double, _ v: Double) -> Candle {
        .bar(time: t, open: o, high: h, low: l, close: c, volume: v)
    }

    /// `json.dumps(json.loads(text), indent=4)`, as `python3 -m json.tool` writes it.
    func pretty(_ compact: String) -> String {
        var out = ""
        var depth = 0
        var inString = false
        var escaped = false
        func newline() { out += "\n" + String(repeating: "    ", count: depth) }
        for c in compact {
            if inString {
                out.append(c)
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                continue
            }
            switch c {
            case "\"": inString = true; out.append(c)
            case "{", "[":
                depth += 1
                out.append(c)
                newline()
            case "}", "]":
                depth -= 1
                newline()
                out.append(c)
            case ",":
                out.append(c)
                newline()
            case ":": out += ": "
            case "\n": continue
            default: out.append(c)
            }
        }
        return out + "\n"
    }

    // MARK: Prometheus

    /// `GET /api/v1/query_range?query=up&start=…&end=…&step=15s` (the Prometheus HTTP API
    /// documentation's example; labels sorted, as Prometheus writes them).
    let prometheusMatrix = """
        {"status":"success","data":{"resultType":"matrix","result":[{"metric":{"__name__":"up","instance":"localhost:9090","job":"prometheus"},"values":[[1435781430.781,"1"],[1435781445.781,"1"],[1435781460.781,"1"]]},{"metric":{"__name__":"up","instance":"localhost:9091","job":"node"},"values":[[1435781430.781,"0"],[1435781445.781,"0"],[1435781460.781,"1"]]}]}}

        """

    let prometheusNames = [
        "up{instance=\"localhost:9090\", job=\"prometheus\"}", "up{instance=\"localhost:9091\", job=\"node\"}",
    ]

    @Test("a Prometheus range query: one symbol per series, named by its labels, times in fractional seconds")
    func prometheusMatrixOneLine() throws {
        let p = try parse(prometheusMatrix)
        #expect(p.report.badLines == 0, "\(p.report.summary)")
        #expect(p.names == Array(repeating: prometheusNames[0], count: 3) + Array(repeating: prometheusNames[1], count: 3))
        #expect(p.values == [1, 1, 1, 0, 0, 1])
        let first: Int64 = 1_435_781_430_781_000_000
        #expect(p.times == [first, first + ns(15), first + ns(30), first, first + ns(15), first + ns(30)])
        #expect(try formatDescription(of: prometheusMatrix).contains("Prometheus matrix"))
    }

    @Test("the same response pretty-printed, and read through a buffer far smaller than it")
    func prometheusMatrixPretty() throws {
        let compact = try parse(prometheusMatrix)
        let text = pretty(prometheusMatrix)
        #expect(text.split(separator: "\n").count > 40)
        for bufferSize in [1 << 20, 256] {
            let p = try parse(text) { $0.bufferSize = bufferSize }
            #expect(p.report.badLines == 0, "\(p.report.summary)")
            #expect(p.ticks == compact.ticks && p.names == compact.names)
            #expect(p.report.lines == text.split(separator: "\n", omittingEmptySubsequences: false).count - 1)
        }
    }

    @Test("an instant query (vector): each series' one value; a scalar: one value, no name")
    func prometheusVectorAndScalar() throws {
        let vector = """
            {"status":"success","data":{"resultType":"vector","result":[{"metric":{"__name__":"node_load1","instance":"pi:9100","job":"node"},"value":[1709285400,"0.42"]},{"metric":{"__name__":"node_load1","instance":"pi2:9100","job":"node"},"value":[1709285400,"1.5"]}]}}

            """
        let v = try parse(vector)
        #expect(v.report.badLines == 0, "\(v.report.summary)")
        #expect(v.values == [0.42, 1.5])
        #expect(v.names == ["node_load1{instance=\"pi:9100\", job=\"node\"}", "node_load1{instance=\"pi2:9100\", job=\"node\"}"])
        #expect(v.times == [ns(1_709_285_400), ns(1_709_285_400)])

        let scalar = """
            {"status":"success","data":{"resultType":"scalar","result":[1709285400.5,"3.25"]}}

            """
        let s = try parse(scalar)
        #expect(s.report.badLines == 0, "\(s.report.summary)")
        #expect(s.values == [3.25] && s.times == [ns(1_709_285_400) + 500_000_000])
    }

    @Test("series named as Prometheus prints them: no name gives {}, a quote in a label is escaped, a NaN sample is a gap")
    func prometheusNaming() throws {
        let text = """
            {"status":"success","data":{"resultType":"matrix","result":[{"metric":{},"values":[[1709285400,"2"],[1709285415,"NaN"]]},{"metric":{"__name__":"temp","room":"the \\"den\\""},"values":[[1709285400,"21.5"]]},{"metric":{"__name__":"uptime"},"values":[[1709285400,"+Inf"]]}]}}

            """
        let p = try parse(text)
        #expect(p.report.badLines == 0, "\(p.report.summary)")
        #expect(p.names == ["{}", "{}", "temp{room=\"the \\\"den\\\"\"}", "uptime"])
        #expect(p.values[0] == 2 && p.values[1].isNaN && p.values[2] == 21.5 && p.values[3] == .infinity)
        #expect(p.report.nonFiniteValues == 2)
    }

    @Test("--symbol picks one series by its Prometheus name; the others are counted as filtered")
    func prometheusSymbolFilter() throws {
        let p = try parse(prometheusMatrix) { $0.symbol = prometheusNames[1] }
        #expect(p.values == [0, 0, 1])
        #expect(p.report.filteredBySymbol == 3)
    }

    @Test("Prometheus series are measurements: the reader says so, and a price response does not")
    func prometheusMeasurements() throws {
        let path = temporaryPath("prometheus.json")
        defer { unlink(path) }
        writeFile(path, Array(prometheusMatrix.utf8))
        let reader = try CSVTickReader(path: path)
        var sink = TickCollector()
        _ = try reader.read(into: &sink)
        #expect(reader.valuesAreMeasurements)

        let krakenPath = temporaryPath("kraken.json")
        defer { unlink(krakenPath) }
        writeFile(krakenPath, Array(krakenOHLC.utf8))
        let kraken = try CSVTickReader(path: krakenPath)
        var krakenSink = TickCollector()
        _ = try kraken.read(into: &krakenSink)
        #expect(!kraken.valuesAreMeasurements)
    }

    // MARK: Graphite and VictoriaMetrics

    /// Graphite's `/render?target=servers.*.loadavg.01&format=json`: rows `[value, time]`, the
    /// newest bucket still `null`.
    let graphite = """
        [{"target": "servers.pi-kitchen.loadavg.01", "tags": {"name": "servers.pi-kitchen.loadavg.01"}, "datapoints": [[0.42, 1709285400], [0.5, 1709285460], [null, 1709285520], [0.61, 1709285580]]}, {"target": "servers.pi-garage.loadavg.01", "tags": {"name": "servers.pi-garage.loadavg.01"}, "datapoints": [[1.2, 1709285400], [1.1, 1709285460], [1.3, 1709285520], [null, 1709285580]]}]

        """

    @Test("Graphite's render JSON: one symbol per target, rows [value, time], a null a gap as Graphite draws it")
    func graphiteRender() throws {
        for text in [graphite, pretty(graphite)] {
            let p = try parse(text)
            #expect(p.report.badLines == 0, "\(p.report.summary)")
            #expect(
                p.names == Array(repeating: "servers.pi-kitchen.loadavg.01", count: 4)
                    + Array(repeating: "servers.pi-garage.loadavg.01", count: 4))
            #expect(p.times == [0, 60, 120, 180, 0, 60, 120, 180].map { ns(1_709_285_400 + $0) })
            #expect(p.values[0] == 0.42 && p.values[2].isNaN && p.values[6] == 1.3 && p.values[7].isNaN)
            #expect(p.report.nonFiniteValues == 2)
        }
        #expect(try formatDescription(of: graphite).contains("Graphite render"))
    }

    @Test("VictoriaMetrics' /api/v1/export: a series per line, its values zipped with its timestamps, named as Prometheus'")
    func victoriaMetricsExport() throws {
        let text = """
            {"metric":{"__name__":"up","instance":"localhost:9100","job":"node_exporter"},"values":[0,0,1],"timestamps":[1549891472010,1549891487724,1549891503438]}
            {"metric":{"__name__":"up","instance":"localhost:9090","job":"prometheus"},"values":[1,1,1],"timestamps":[1549891461511,1549891476511,1549891491511]}

            """
        let p = try parse(text)
        #expect(p.report.badLines == 0, "\(p.report.summary)")
        #expect(p.values == [0, 0, 1, 1, 1, 1])
        #expect(p.times[0] == 1_549_891_472_010_000_000 && p.times[3] == 1_549_891_461_511_000_000)
        #expect(
            Set(p.names) == ["up{instance=\"localhost:9100\", job=\"node_exporter\"}", "up{instance=\"localhost:9090\", job=\"prometheus\"}"])
    }

    // MARK: OpenTSDB

    /// OpenTSDB's `GET /api/query?start=…&m=sum:sys.cpu.nice{host=*}` (the HTTP API
    /// documentation's shape): a series per tag set, `dps` keyed by time in seconds.
    let openTSDB = """
        [{"metric":"sys.cpu.nice","tags":{"host":"web01","dc":"lga"},"aggregateTags":[],"dps":{"1346846400":18,"1346846460":9.2,"1346846520":10.5}},{"metric":"sys.cpu.nice","tags":{"host":"web02","dc":"lga"},"aggregateTags":[],"dps":{"1346846400":7,"1346846460":null}}]

        """

    @Test("OpenTSDB's /api/query: a symbol per series named metric{tag=value,…}, each dps key a time, a null a gap")
    func openTSDBQuery() throws {
        for text in [openTSDB, pretty(openTSDB)] {
            let p = try parse(text)
            #expect(p.report.badLines == 0, "\(p.report.summary)")
            #expect(
                p.names == Array(repeating: "sys.cpu.nice{host=web01,dc=lga}", count: 3)
                    + Array(repeating: "sys.cpu.nice{host=web02,dc=lga}", count: 2))
            #expect(p.times == [0, 60, 120, 0, 60].map { ns(1_346_846_400 + $0) })
            #expect(p.values[0] == 18 && p.values[1] == 9.2 && p.values[2] == 10.5 && p.values[3] == 7 && p.values[4].isNaN)
        }
        #expect(try formatDescription(of: openTSDB).contains("OpenTSDB"))
    }

    @Test("OpenTSDB with arrays=true ([time, value] rows) and msResolution (millisecond keys); no tags: the metric alone")
    func openTSDBArraysAndMilliseconds() throws {
        let arrays = try parse(
            "[{\"metric\":\"temp\",\"tags\":{},\"aggregateTags\":[\"host\"],\"dps\":[[1346846400,21.5],[1346846460,21.75]]}]\n")
        #expect(arrays.report.badLines == 0, "\(arrays.report.summary)")
        #expect(arrays.names == ["temp", "temp"])
        #expect(arrays.times == [ns(1_346_846_400), ns(1_346_846_460)])
        #expect(arrays.values == [21.5, 21.75])
        let millis = try parse("[{\"metric\":\"temp\",\"tags\":{\"room\":\"lab\"},\"dps\":{\"1346846400250\":1,\"1346846400750\":2}}]\n")
        #expect(millis.report.badLines == 0, "\(millis.report.summary)")
        #expect(millis.names == ["temp{room=lab}", "temp{room=lab}"])
        #expect(millis.times == [1_346_846_400_250_000_000, 1_346_846_400_750_000_000])
        // A point whose value is no number is one bad record; the others are read.
        let bad = try parse("[{\"metric\":\"temp\",\"dps\":{\"1346846400\":1,\"1346846460\":\"off\",\"1346846520\":3}}]\n")
        #expect(bad.values == [1, 3])
        #expect(bad.report.badLines == 1, "\(bad.report.summary)")
    }

    // MARK: Zabbix

    /// Zabbix's JSON-RPC `history.get` (float items): values and clocks as strings, `ns` the
    /// nanoseconds within the second; `trend.get`'s hourly min/avg/max.
    let zabbixHistory = """
        {"jsonrpc":"2.0","result":[{"itemid":"23296","clock":"1351090996","value":"0.085","ns":"563157632"},{"itemid":"23296","clock":"1351091026","value":"0.16","ns":"549216402"},{"itemid":"23296","clock":"1351091056","value":"0.1","ns":"562033584"}],"id":1}

        """

    @Test("Zabbix history.get and trend.get: records under result, the time from clock, a trend's value its average")
    func zabbix() throws {
        for text in [zabbixHistory, pretty(zabbixHistory)] {
            let p = try parse(text)
            #expect(p.report.badLines == 0, "\(p.report.summary)")
            #expect(p.times == [ns(1_351_090_996) + 563_157_632, ns(1_351_091_026) + 549_216_402, ns(1_351_091_056) + 562_033_584])
            #expect(p.values == [0.085, 0.16, 0.1])
        }
        #expect(try formatDescription(of: zabbixHistory).contains("time=clock+ns"))
        // An `ns` that is no nanosecond count of a second is a bad time; the others are read.
        let badNanos = try parse(
            "{\"jsonrpc\":\"2.0\",\"result\":[{\"clock\":\"1351090996\",\"value\":\"1\",\"ns\":\"5\"},{\"clock\":\"1351091026\",\"value\":\"2\",\"ns\":\"1500000000\"},{\"clock\":\"1351091056\",\"value\":\"3\",\"ns\":\"0\"}],\"id\":1}\n")
        #expect(badNanos.times == [ns(1_351_090_996) + 5, ns(1_351_091_056)])
        #expect(badNanos.report.count(of: .malformedTime) == 1, "\(badNanos.report.summary)")
        let trend = try parse(
            "{\"jsonrpc\":\"2.0\",\"result\":[{\"itemid\":\"23715\",\"clock\":\"1446199200\",\"num\":\"60\",\"value_min\":\"0.165\",\"value_avg\":\"0.2168\",\"value_max\":\"0.35\"}],\"id\":1}\n")
        #expect(trend.report.badLines == 0, "\(trend.report.summary)")
        #expect(trend.times == [ns(1_446_199_200)])
        #expect(trend.values == [0.2168])
        // Its error answer says what Zabbix said.
        let error = try parse(
            "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32602,\"message\":\"Invalid params.\",\"data\":\"Not authorised.\"},\"id\":1}\n")
        #expect(error.report.count(of: .errorResponse) == 1)
        #expect(error.report.firstBadLines.first?.excerpt == "Invalid params. Not authorised.")
    }

    // MARK: InfluxDB 1.x

    /// InfluxDB 1.x `GET /query?db=telegraf&q=SELECT usage_idle, usage_user FROM cpu WHERE … GROUP BY *`:
    /// RFC 3339 times, a field not written at one time `null`.
    let influx = """
        {"results":[{"statement_id":0,"series":[{"name":"cpu","tags":{"cpu":"cpu-total","host":"pi"},"columns":["time","usage_idle","usage_user"],"values":[["2024-03-01T09:30:00Z",97.5,1.5],["2024-03-01T09:30:10Z",96.25,null],["2024-03-01T09:30:20Z",98,1]]},{"name":"cpu","tags":{"cpu":"cpu0","host":"pi"},"columns":["time","usage_idle","usage_user"],"values":[["2024-03-01T09:30:00Z",95,3]]}]}]}

        """

    @Test("InfluxDB 1.x query JSON: a series per measurement, field and tag set, named as line protocol names them; a null field is no tick")
    func influxQuery() throws {
        let total = "{cpu=cpu-total,host=pi}"
        let zero = "{cpu=cpu0,host=pi}"
        for (text, bufferSize) in [(influx, 1 << 20), (pretty(influx), 1 << 20), (pretty(influx), 256)] {
            let p = try parse(text) { $0.bufferSize = bufferSize }
            #expect(p.report.badLines == 0, "\(p.report.summary)")
            #expect(
                p.names == [
                    "cpu.usage_idle" + total, "cpu.usage_user" + total, "cpu.usage_idle" + total, "cpu.usage_idle" + total,
                    "cpu.usage_user" + total, "cpu.usage_idle" + zero, "cpu.usage_user" + zero,
                ])
            #expect(p.values == [97.5, 1.5, 96.25, 98, 1, 95, 3])
            #expect(p.times[0] == ns(march1At0930) && p.times[2] == ns(march1At0930 + 10))
            #expect(p.report.emptyIntervals == 1)
        }
        // Line protocol names the same points alike.
        let lp = try parse("cpu,cpu=cpu-total,host=pi usage_idle=97.5,usage_user=1.5 1709285400000000000\n")
        #expect(Set(lp.names) == ["cpu.usage_idle" + total, "cpu.usage_user" + total])
        // --value keeps one field.
        let idle = try parse(influx) { $0.valueColumn = .name("usage_idle") }
        #expect(idle.values == [97.5, 96.25, 98, 95])
        #expect(try formatDescription(of: influx).contains("InfluxDB query"))
    }

    @Test("an InfluxDB statement's error is an error response; a statement without points is no error")
    func influxError() throws {
        let p = try parse(#"{"results":[{"statement_id":0,"error":"database not found: telegraf"}]}"# + "\n")
        #expect(p.report.count(of: .errorResponse) == 1)
        #expect(p.report.firstBadLines.first?.excerpt == "database not found: telegraf")
        let empty = try parse(#"{"results":[{"statement_id":0}]}"# + "\n")
        #expect(empty.ticks.isEmpty && empty.report.badLines == 0, "\(empty.report.summary)")
    }

    // MARK: Kraken

    /// `GET /0/public/OHLC?pair=XBTUSD&interval=1`: `[time, open, high, low, close, vwap, volume, count]`.
    let krakenOHLC = """
        {"error":[],"result":{"XXBTZUSD":[[1688671200,"30306.1","30306.2","30305.7","30305.7","30306.1","3.39243896",23],[1688671260,"30304.5","30304.5","30300.0","30300.0","30300.1","4.42996871",18],[1688671320,"30300.3","30300.4","30291.4","30291.4","30294.7","2.13024789",25]],"last":1688672160}}

        """

    var krakenBars: [Candle] {
        [
            bar(ns(1_688_671_200), 30306.1, 30306.2, 30305.7, 30305.7, 3.39243896),
            bar(ns(1_688_671_260), 30304.5, 30304.5, 30300.0, 30300.0, 4.42996871),
            bar(ns(1_688_671_320), 30300.3, 30300.4, 30291.4, 30291.4, 2.13024789),
        ]
    }

    @Test("Kraken OHLC: bars under the pair's key, the volume from its seventh column (not the vwap)")
    func krakenOHLCOneLine() throws {
        let p = try parse(krakenOHLC)
        #expect(p.report.badLines == 0, "\(p.report.summary)")
        #expect(p.bars == krakenBars)
        #expect(Set(p.names) == ["XXBTZUSD"])
        #expect(try formatDescription(of: krakenOHLC).contains("size=[6]"))
    }

    @Test("Kraken OHLC pretty-printed, one number per line, through a small buffer")
    func krakenOHLCPretty() throws {
        for bufferSize in [1 << 20, 256] {
            let p = try parse(pretty(krakenOHLC)) { $0.bufferSize = bufferSize }
            #expect(p.report.badLines == 0, "\(p.report.summary)")
            #expect(p.bars == krakenBars)
        }
    }

    @Test("Kraken trades: [price, volume, time, side, type, misc, id], times in fractional seconds")
    func krakenTrades() throws {
        let text = """
            {"error":[],"result":{"XXBTZUSD":[["30243.40000","0.34507674",1688669597.8277369,"b","m","",61044952],["30243.30000","0.00376960",1688669598.2804349,"s","l","",61044953]],"last":"1688671969993150842"}}

            """
        let p = try parse(text)
        #expect(p.report.badLines == 0, "\(p.report.summary)")
        #expect(p.values == [30243.4, 30243.3])
        #expect(p.ticks.map(\.size) == [0.34507674, 0.0037696])
        #expect(p.times[0] / 1_000_000 == 1_688_669_597_827)
        #expect(p.names == ["XXBTZUSD", "XXBTZUSD"])
    }

    @Test("a Kraken error answer is one bad line whose excerpt is the error, not a missing time")
    func krakenError() throws {
        let p = try parse("{\"error\":[\"EQuery:Unknown asset pair\"]}\n")
        #expect(p.ticks.isEmpty)
        #expect(p.report.count(of: .errorResponse) == 1)
        #expect(p.report.firstBadLines.first?.excerpt == "EQuery:Unknown asset pair")
    }

    // MARK: Yahoo Finance

    /// `GET /v8/finance/chart/AAPL?interval=1m&range=1d`, trimmed to three minutes, the last
    /// still open (nulls), and with the columns in Yahoo's order (volume first).
    let yahooChart = """
        {"chart":{"result":[{"meta":{"currency":"USD","symbol":"AAPL","exchangeName":"NMS","instrumentType":"EQUITY","firstTradeDate":345479400,"regularMarketTime":1709326801,"gmtoffset":-18000,"timezone":"EST","exchangeTimezoneName":"America/New_York","regularMarketPrice":179.66,"chartPreviousClose":180.75,"priceHint":2,"dataGranularity":"1m","range":"1d"},"timestamp":[1709303400,1709303460,1709303520],"indicators":{"quote":[{"volume":[1364581,283190,null],"low":[179.5500030517578,179.89999389648438,null],"close":[180.0399932861328,180.27999877929688,null],"high":[180.52999877929688,180.3000030517578,null],"open":[179.5500030517578,180.04800415039062,null]}]}}],"error":null}}

        """

    var yahooBars: [Candle] {
        [
            bar(ns(1_709_303_400), 179.5500030517578, 180.52999877929688, 179.5500030517578, 180.0399932861328, 1_364_581),
            bar(ns(1_709_303_460), 180.04800415039062, 180.3000030517578, 179.89999389648438, 180.27999877929688, 283_190),
        ]
    }

    @Test("a Yahoo chart: one bar per timestamp from the quote columns, the symbol from meta; a minute of nulls is skipped and counted")
    func yahooOneLine() throws {
        let p = try parse(yahooChart)
        #expect(p.report.badLines == 0, "\(p.report.summary)")
        #expect(p.bars == yahooBars)
        #expect(p.names == ["AAPL", "AAPL"])
        #expect(p.report.emptyIntervals == 1)
        #expect(p.report.nonFiniteValues == 0)
        #expect(p.report.summary.contains("1 null value skipped"))
    }

    @Test("a Yahoo chart's meta.priceHint is the decimals its prices are shown with (they are float32 values); none without it")
    func yahooPriceHint() throws {
        func decimals(_ text: String) throws -> (all: Int?, aapl: Int?) {
            try Array(text.utf8).withUnsafeBytes { raw throws in
                let reader = CSVTickReader(memory: raw, options: FeedOptions())
                var counter = CountingTickSink()
                try reader.read(into: &counter)
                return (reader.valueDecimals, reader.valueDecimals(ofSymbol: "AAPL"))
            }
        }
        #expect(try decimals(yahooChart) == (2, 2))
        #expect(try decimals(pretty(yahooChart)) == (2, 2))
        let fourDecimals = yahooChart.replacing("\"priceHint\":2", with: "\"priceHint\":4")
        #expect(try decimals(fourDecimals) == (4, 4))
        let none = yahooChart.replacing("\"priceHint\":2,", with: "")
        #expect(try decimals(none) == (nil, nil))
        let notACount = yahooChart.replacing("\"priceHint\":2", with: "\"priceHint\":2.5")
        #expect(try decimals(notACount) == (nil, nil))
    }

    @Test("the Yahoo chart pretty-printed, through a small buffer")
    func yahooPretty() throws {
        for bufferSize in [1 << 20, 256] {
            let p = try parse(pretty(yahooChart)) { $0.bufferSize = bufferSize }
            #expect(p.report.badLines == 0, "\(p.report.summary)")
            #expect(p.bars == yahooBars)
        }
    }

    @Test("a Yahoo chart of a day without trades (no timestamps) charts nothing and is no error; an unknown symbol is an error response")
    func yahooEmptyAndError() throws {
        let empty = """
            {"chart":{"result":[{"meta":{"currency":"USD","symbol":"AAPL","dataGranularity":"1m","range":"1d"},"indicators":{"quote":[{}]}}],"error":null}}

            """
        let e = try parse(empty)
        #expect(e.ticks.isEmpty && e.report.badLines == 0, "\(e.report.summary)")

        let missing = """
            {"chart":{"result":null,"error":{"code":"Not Found","description":"No data found, symbol may be delisted"}}}

            """
        let m = try parse(missing)
        #expect(m.report.count(of: .errorResponse) == 1)
        #expect(m.report.firstBadLines.first?.excerpt == "No data found, symbol may be delisted")
    }

    // MARK: Records filed by symbol

    /// Alpaca `GET /v2/stocks/bars?symbols=AAPL,MSFT&timeframe=1Day`.
    let alpacaMulti = """
        {"bars":{"AAPL":[{"c":179.66,"h":180.53,"l":177.38,"n":789181,"o":179.55,"t":"2024-03-01T05:00:00Z","v":73563082,"vw":179.039},{"c":175.1,"h":176.9,"l":173.79,"n":884218,"o":176.15,"t":"2024-03-04T05:00:00Z","v":81510101,"vw":175.028}],"MSFT":[{"c":415.5,"h":415.87,"l":410.88,"n":317154,"o":411.27,"t":"2024-03-01T05:00:00Z","v":17823443,"vw":413.59}]},"next_page_token":null}

        """

    @Test("Alpaca's multi-symbol bars: each symbol's key names its bars")
    func alpacaMultiSymbol() throws {
        for text in [alpacaMulti, pretty(alpacaMulti)] {
            let p = try parse(text)
            #expect(p.report.badLines == 0, "\(p.report.summary)")
            #expect(p.names == ["AAPL", "AAPL", "MSFT"])
            #expect(p.bars.map(\.close) == [179.66, 175.1, 415.5])
            #expect(p.bars.map(\.open) == [179.55, 176.15, 411.27])
        }
        let msft = try parse(alpacaMulti) { $0.symbol = "MSFT" }
        #expect(msft.bars.map(\.close) == [415.5])
        #expect(msft.report.filteredBySymbol == 2)
    }

    @Test("a response on one line longer than the read buffer (curl's output of a big request) reads whole, not as a line too long")
    func oneLineLongerThanTheBuffer() throws {
        let whole = try parse(alpacaMulti)
        let p = try parse(alpacaMulti) { $0.bufferSize = 256 }
        #expect(alpacaMulti.utf8.count > 256)
        #expect(p.report.badLines == 0, "\(p.report.summary)")
        #expect(p.bars == whole.bars && p.names == whole.names)
        #expect(p.report.lines == 1)
        // With a byte-order mark, and once more as the start of a broken one: one bad record.
        let marked = try parse(bytes: [0xEF, 0xBB, 0xBF] + Array(alpacaMulti.utf8)) { $0.bufferSize = 256 }
        #expect(marked.bars == whole.bars)
        let broken = try parse(String(alpacaMulti.dropLast(3)) + ",}\n") { $0.bufferSize = 256 }
        #expect(broken.ticks.isEmpty && broken.report.count(of: .malformedJSON) == 1, "\(broken.report.summary)")
    }

    @Test("Bybit's klines: a list under result, named by its symbol field, newest first as Bybit sends them")
    func bybitKlines() throws {
        let text = """
            {"retCode":0,"retMsg":"OK","result":{"symbol":"BTCUSDT","category":"spot","list":[["1670608800000","17071","17073","17027","17055.5","268611","4582373.43"],["1670605200000","17071.5","17071.5","17061","17071","4177","71263.42"]]},"retExtInfo":{},"time":1672025956592}

            """
        let p = try parse(text)
        #expect(p.report.badLines == 0, "\(p.report.summary)")
        #expect(p.names == ["BTCUSDT", "BTCUSDT"])
        #expect(
            p.bars == [
                bar(1_670_608_800_000_000_000, 17071, 17073, 17027, 17055.5, 268_611),
                bar(1_670_605_200_000_000_000, 17071.5, 17071.5, 17061, 17071, 4177),
            ])
    }

    @Test("Binance's error answer {code, msg} is an error response")
    func binanceError() throws {
        let p = try parse("{\"code\":-1121,\"msg\":\"Invalid symbol.\"}\n")
        #expect(p.report.count(of: .errorResponse) == 1)
        #expect(p.report.firstBadLines.first?.excerpt == "Invalid symbol.")
    }

    @Test("a pretty-printed response whose keys before its records outgrow the first read is read whole")
    func wrapperBeyondTheFirstRead() throws {
        let records = #"[{"t":1709285400000,"o":1,"h":2,"l":0.5,"c":1.5,"v":10},{"t":1709285460000,"o":1.5,"h":3,"l":1,"c":2.5,"v":20}]"#
        let text = pretty(#"{"ticker":"AAPL","note":""# + String(repeating: "n", count: 600) + #"","results":"# + records + "}")
        let p = try parse(text) { $0.bufferSize = 256 }
        #expect(p.report.badLines == 0, "\(p.report.summary)")
        #expect(p.bars.map(\.close) == [1.5, 2.5] && p.bars.map(\.volume) == [10, 20])
    }

    // MARK: What stays as it was

    @Test("records that only look like responses stay records: a status field, a stream's data object with arrays")
    func recordsStayRecords() throws {
        let status = try parse("{\"time\":1709285400,\"value\":3,\"status\":\"ok\"}\n{\"time\":1709285401,\"value\":4,\"status\":\"error\"}\n")
        #expect(status.values == [3, 4] && status.report.badLines == 0, "\(status.report.summary)")

        let stream = """
            {"stream":"btcusdt@aggTrade","data":{"e":"aggTrade","E":1709251200125,"s":"BTCUSDT","a":1,"p":"61130.99","q":"0.004","f":1,"l":1,"T":1709251200123,"m":true}}

            """
        let s = try parse(stream)
        #expect(s.values == [61130.99] && s.report.badLines == 0, "\(s.report.summary)")
    }

    // MARK: JSON documents one after another

    @Test("jq's output of NDJSON (each record pretty-printed) reads as the NDJSON did")
    func jqOutput() throws {
        let ndjson = """
            {"time":"2024-03-01T09:30:00Z","price":101.25,"size":3}
            {"time":"2024-03-01T09:30:01Z","price":101.5,"size":1}

            """
        let jq = """
            {
              "time": "2024-03-01T09:30:00Z",
              "price": 101.25,
              "size": 3
            }
            {
              "time": "2024-03-01T09:30:01Z",
              "price": 101.5,
              "size": 1
            }

            """
        let a = try parse(ndjson)
        let b = try parse(jq)
        #expect(b.report.badLines == 0, "\(b.report.summary)")
        #expect(b.ticks == a.ticks)
        #expect(try formatDescription(of: jq).hasPrefix("JSON document"))
    }

    @Test("bad documents lose nothing else: one not JSON, one too long, one never closed, each one bad line with its line number")
    func badDocuments() throws {
        let good = "{\n  \"time\": 1709285400,\n  \"value\": 1\n}\n"
        let malformed = "{\n  \"time\": 1709285401,\n  \"value\": 2,\n}\n"
        let long = "{\n  \"time\": 1709285402,\n  \"note\": \"" + String(repeating: "x", count: 5000) + "\",\n  \"value\": 3\n}\n"
        let last = "{\n  \"time\": 1709285403,\n  \"value\": 4\n}\n"
        let p = try parse(good + malformed + "not json\n" + long + last + "{\n  \"time\": 1709285404,\n") {
            $0.bufferSize = 256
            $0.maximumDocumentBytes = 1024
        }
        #expect(p.values == [1, 4])
        #expect(p.report.count(of: .malformedJSON) == 3, "\(p.report.summary)")
        #expect(p.report.count(of: .lineTooLong) == 1, "\(p.report.summary)")
        #expect(p.report.firstBadLines.map(\.line).sorted() == [5, 9, 10, 19])
    }
}
