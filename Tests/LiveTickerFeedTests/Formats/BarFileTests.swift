import LiveTickerCore
import Testing

@testable import LiveTickerFeed

/// OHLC bar files, in the exact shapes their tools export, become bars as given: each row's own
/// open, high, low and close (the close is also the tick, so the line shows the closes).
@Suite struct BarFileTests {
    func bar(_ t: Int64, _ o: Double, _ h: Double, _ l: Double, _ c: Double, _ v: Double) -> Candle {
        .bar(time: t, open: o, high: h, low: l, close: c, volume: v)
    }

    @Test("Yahoo Finance daily: bars as given, Close (not Adj Close) is the close, null rows are gaps")
    func yahoo() throws {
        let text = "Date,Open,High,Low,Close,Adj Close,Volume\n2024-03-01,179.550003,180.529999,177.380005,179.660004,179.171127,73488000\n2024-03-04,null,null,null,null,null,null\n2024-03-05,170.759995,172.039993,169.619995,170.119995,169.657043,95132400\n"
        let p = try parse(text)
        #expect(p.bars.count == 3, "\(p.report.summary)")
        // The summary counts bars, as the chart's header does (it said "3 ticks").
        #expect(p.report.bars == 3 && p.report.summary.hasPrefix("4 lines, 3 bars, no bad lines"), "\(p.report.summary)")
        #expect(p.bars[0] == bar(ns(1_709_251_200), 179.550003, 180.529999, 177.380005, 179.660004, 73_488_000))
        #expect(!p.bars[1].hasFinitePrices)
        #expect(p.bars[2].high == 172.039993 && p.bars[2].close == 170.119995)
        #expect(p.values[0] == 179.660004 && p.values[1].isNaN)
        #expect(p.report.badLines == 0)
    }

    @Test("Binance klines: headerless 12 columns and with their own header")
    func binanceKlines() throws {
        let rows = "1709251200000,61130.99,61200.00,61100.00,61150.50,12.5,1709251259999,764000.1,1200,6.1,373000.2,0\n1709251260000,61150.50,61180.00,61120.00,61160.00,8.25,1709251319999,504000.0,900,4.0,244000.0,0\n"
        let headerless = try parse(rows)
        #expect(headerless.bars == [
            bar(1_709_251_200_000_000_000, 61130.99, 61200, 61100, 61150.5, 12.5),
            bar(1_709_251_260_000_000_000, 61150.5, 61180, 61120, 61160, 8.25),
        ], "\(headerless.report.summary)")
        let header = "open_time,open,high,low,close,volume,close_time,quote_volume,count,taker_buy_volume,taker_buy_quote_volume,ignore\n"
        let withHeader = try parse(header + rows)
        #expect(withHeader.bars == headerless.bars)
        // 2025 spot dumps: microsecond times (by magnitude).
        let micro = try parse("1735689600000000,93576.00,93610.93,93537.50,93610.93,8.21827,1735689659999999,768978.3,1963,4.5,421000.1,0\n")
        #expect(micro.bars.first?.startTime == 1_735_689_600_000_000_000 && micro.bars.first?.high == 93610.93)
    }

    @Test("generic time,open,high,low,close[,volume] in any case, and Investing's Price as the close")
    func generic() throws {
        let lower = try parse("time,open,high,low,close\n1709285400,10,12,9,11\n")
        #expect(lower.bars == [bar(ns(1_709_285_400), 10, 12, 9, 11, 0)])
        let upper = try parse("TIME;OPEN;HIGH;LOW;CLOSE;VOLUME\r\n1709285400;10;12;9;11;5\r\n")
        #expect(upper.bars == [bar(ns(1_709_285_400), 10, 12, 9, 11, 5)])
        // Investing.com: newest first, "Price" is the close, quoted thousands.
        let investing = try parse("\"Date\",\"Price\",\"Open\",\"High\",\"Low\",\"Vol.\",\"Change %\"\n\"03/15/2024\",\"1,170.12\",\"1,170.76\",\"1,172.04\",\"1,169.62\",\"95.13M\",\"-2.84%\"\n\"03/14/2024\",\"1,171.00\",\"1,169.00\",\"1,172.50\",\"1,168.00\",\"90.00M\",\"0.10%\"\n")
        #expect(investing.bars.first?.open == 1170.76 && investing.bars.first?.close == 1170.12, "\(investing.report.summary)")
        // Its volumes carry K/M/B suffixes; `-` is no volume.
        #expect(abs((investing.bars.first?.volume ?? 0) - 95_130_000) < 1e-3)
        let suffixes = try parse("time,price,vol\n1,1,1.5K\n2,1,\"2b\"\n3,1,-\n4,1,12\n")
        #expect(suffixes.ticks.map(\.size) == [1500, 2e9, 0, 12], "\(suffixes.report.summary)")
        #expect(try parse("time,price,vol\n1,1,1.5X\n").report.badLines == 1)
    }

    @Test("a German Investing.com export: comma-delimited, numbers quoted with a decimal comma, Zuletzt the close, Eröffn. the open")
    func germanInvesting() throws {
        // Every line of it was a bad line ("malformed number").
        let header = "\u{FEFF}\"Datum\",\"Zuletzt\",\"Eröffn.\",\"Hoch\",\"Tief\",\"Vol.\",\"+/- %\"\n"
        let rows = "\"28.03.2024\",\"17.570,51\",\"17.500,00\",\"17.590,51\",\"17.480,00\",\"75,74M\",\"0,40%\"\n"
            + "\"27.03.2024\",\"17.508,74\",\"17.570,51\",\"17.590,51\",\"17.488,74\",\"93.66M\",\"-0,35%\"\n"
        // In file order (a replay turns a newest-first file around).
        let german = try parse(header + rows)
        #expect(german.report.badLines == 0, "\(german.report.summary)")
        #expect(german.bars.map(\.close) == [17_570.51, 17_508.74], "\(german.report.summary)")
        #expect(german.bars.map(\.open) == [17_500, 17_570.51], "\(german.report.summary)")
        // Suffixed volumes either way: a lone dot before two digits is no thousands separator.
        #expect(german.bars.map(\.volume) == [75_740_000, 93_660_000], "\(german.report.summary)")
        // A value with one decimal comma and nothing else to tell (`"1,51"`: not three digits
        // after the comma); `Preis` is a price.
        let plain = try parse("Datum,Preis\n28.03.2024,\"1,51\"\n27.03.2024,\"1,74\"\n")
        #expect(plain.ticks.map(\.value) == [1.51, 1.74], "\(plain.report.summary)")
        // Commas between thousands keep their meaning: US exports are unchanged.
        let us = try parse("Date,Price\n03/14/2024,\"1,171.00\"\n03/15/2024,\"1,234\"\n")
        #expect(us.ticks.map(\.value) == [1171, 1234], "\(us.report.summary)")
    }

    @Test("German bar headers with umlauts (Eröffnung), in UTF-8, in Latin-1 and spelled out (Eroeffnung), are bars")
    func germanUmlautHeaders() throws {
        let expected = [bar(ns(1_704_153_600), 16_769.36, 16_820.5, 16_700.25, 16_790.1, 1200)]
        let rows = "2. Jan. 2024;16.769,36;16.820,50;16.700,25;16.790,10;1.200\n"
        let utf8 = try parse("Datum;Eröffnung;Hoch;Tief;Schluss;Volumen\n" + rows)
        #expect(utf8.bars == expected, "\(utf8.report.summary)")
        let spelled = try parse("Datum;Eroeffnung;Hoch;Tief;Schluss;Volumen\n" + rows)
        #expect(spelled.bars == expected, "\(spelled.report.summary)")
        // A Windows export: `ö` is the one byte 0xF6.
        let latin1 = try parse(bytes: Array("Datum;Er".utf8) + [0xF6] + Array("ffnung;Hoch;Tief;Schluss;Volumen\n".utf8) + Array(rows.utf8))
        #expect(latin1.bars == expected, "\(latin1.report.summary)")
        #expect(CSVColumnAliases.normalize("Größe (Stück)") == "groesse_stueck")
        #expect(CSVColumnAliases.normalize("Précio Último") == "precio_ultimo")
        #expect(CSVColumnAliases.normalize("time (µs)") == "time_us")
    }

    @Test("Nasdaq.com historical data: prices with a dollar sign, Close/Last the close, newest first")
    func nasdaqDollars() throws {
        let text = "Date,Close/Last,Volume,Open,High,Low\n03/04/2024,$175.10,81510100,$176.15,$176.90,$173.79\n03/01/2024,$179.66,73488000,$179.55,$180.53,$177.38\n02/29/2024,$180.75,136682600,$181.27,$182.57,$179.53\n"
        let p = try parse(text)
        #expect(p.report.badLines == 0, "\(p.report.summary)")
        #expect(p.bars.first == bar(ns(1_709_510_400), 176.15, 176.9, 173.79, 175.1, 81_510_100))
        // Other currency signs, a sign before them, and a decimal comma after them.
        let signs = try parse("time,price\n1709285400,-$1.50\n1709285401,£3\n1709285402,¥1200\n1709285403,$\n")
        #expect(signs.values == [-1.5, 3, 1200] && signs.report.badLines == 1, "\(signs.report.summary)")
        let euros = try parse("time;price\n1709285400;€12,50\n1709285401;€1.234,50\n")
        #expect(euros.values == [12.5, 1234.5], "\(euros.report.summary)")
    }

    @Test("no bars where the file has no open/high/low, or --value picks one of them")
    func notBars() throws {
        #expect(try parse("time,price,size\n1709285400,10,1\n").bars.isEmpty)
        #expect(try parse("time,open,high,close\n1709285400,10,12,11\n").bars.isEmpty)
        let open = try parse("time,open,high,low,close\n1709285400,10,12,9,11\n") { $0.valueColumn = .name("open") }
        #expect(open.bars.isEmpty && open.values == [10])
        // Every other reader of ticks still sees the closes.
        var counter = CountingTickSink()
        _ = try CSVTickReader.parse(Array("time,open,high,low,close\n1,10,12,9,11\n2,11,13,10,12\n".utf8), into: &counter)
        #expect(counter.count == 2 && counter.valueSum == 23)
    }

    @Test("the summary says the file is read as bars")
    func summary() throws {
        let text = "Date,Open,High,Low,Close,Adj Close,Volume\n2024-03-01,1,2,0.5,1.5,1.4,10\n"
        let description = try formatDescription(of: text)
        #expect(description.contains("value=Close, size=Volume, OHLC bars (open=Open, high=High, low=Low, close=Close"), "\(description)")
        #expect(description.contains("other numeric columns: Adj Close"))
    }

    @Test("a newest-first bar file is replayed oldest first with its bars")
    func newestFirstBars() throws {
        var text = "Date,Open,High,Low,Close,Volume\n"
        for day in (1...70).reversed() {
            text += "\(1_700_000_000 + day * 86_400),\(day),\(day + 100),\(day - 1),\(Double(day) + 0.5),\(day)\n"
        }
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBytes { raw throws in
            let ordered = TimeOrderedReader(CSVTickReader(memory: raw, options: FeedOptions()))
            var collector = TickCollector()
            try ordered.read(into: &collector)
            #expect(ordered.reversed)
            #expect(collector.bars.count == 70)
            #expect(collector.bars.first?.open == 1 && collector.bars.first?.high == 101)
            #expect(collector.bars.last?.open == 70 && collector.bars.last?.close == 70.5)
            #expect(collector.ticks.map(\.value) == collector.bars.map(\.close))
        }
    }
}

/// What a reader over `text` says it read the input as, once it has read all of it.
func formatDescription(of text: String) throws -> String {
    try Array(text.utf8).withUnsafeBytes { raw throws in
        let reader = CSVTickReader(memory: raw, options: FeedOptions())
        var counter = CountingTickSink()
        try reader.read(into: &counter)
        return reader.formatDescription
    }
}
