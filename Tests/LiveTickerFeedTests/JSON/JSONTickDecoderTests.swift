import LiveTickerCore
import Testing

@testable import LiveTickerFeed

/// JSON messages shaped like the real ones: Binance trade streams, their combined-stream
/// wrapper, REST klines, arrays of objects, bare values.
@Suite struct JSONTickDecoderTests {
    func decode(_ messages: [String], receivedAt: Int64? = nil, _ configure: (inout FeedOptions) -> Void = { _ in })
        throws -> (ticks: [Tick], names: [String], bars: [Candle], decoder: JSONTickDecoder)
    {
        var options = FeedOptions()
        configure(&options)
        var decoder = JSONTickDecoder(options: options)
        var collector = TickCollector()
        for message in messages { try decoder.decode(bytes: Array(message.utf8), receivedAt: receivedAt, into: &collector) }
        return (collector.ticks, collector.symbols.map { decoder.symbols.name(of: $0) }, collector.bars, decoder)
    }

    @Test func binanceTradeFieldsByOption() throws {
        // The trade stream's own shape: `t` is the trade id, `T` the trade time.
        let message = #"{"e":"trade","E":1709251200125,"s":"BTCUSDT","t":3452341,"p":"61130.99","q":"0.004","T":1709251200123,"m":true,"M":true}"#
        let r = try decode([message]) {
            $0.timeColumn = .name("T")
            $0.valueColumn = .name("p")
        }
        #expect(r.ticks == [Tick(time: 1_709_251_200_123_000_000, value: 61130.99, size: 0.004)])
        #expect(r.names == ["BTCUSDT"])
        #expect(r.decoder.objectLayout?.description == "time=T, value=p, size=q, symbol=s")
    }

    @Test func compactTradeObjectWithNoOptions() throws {
        // `{"p":…,"q":…,"T":…}`: p and q are Binance's price and quantity; T is a time alias.
        let r = try decode([#"{"p":"61130.99","q":"0.004","T":1709251200123}"#, #"{"p":"61131.5","q":"1","T":1709251200124}"#])
        #expect(r.ticks.map(\.value) == [61130.99, 61131.5])
        #expect(r.ticks.map(\.time) == [1_709_251_200_123_000_000, 1_709_251_200_124_000_000])
        #expect(r.ticks.map(\.size) == [0.004, 1])
    }

    @Test func nestedPathsAndCombinedStreams() throws {
        let message = #"{"stream":"btcusdt@aggTrade","data":{"e":"aggTrade","s":"BTCUSDT","p":"61130.99","q":"0.5","T":1709251200123}}"#
        let explicit = try decode([message]) {
            $0.timeColumn = .name("data.T")
            $0.valueColumn = .name("data.p")
        }
        #expect(explicit.ticks == [Tick(time: 1_709_251_200_123_000_000, value: 61130.99, size: 0.5)])
        // Found without options too: keys one level down are searched after the top level.
        let found = try decode([message])
        #expect(found.ticks == explicit.ticks)
        #expect(found.names == ["BTCUSDT"])
    }

    @Test func arrayOfObjectsIsoTimesNullGapsAndEscapes() throws {
        let message = """
            [
              {"timestamp": "2024-03-01T09:30:00Z", "price": 101.25, "symbol": "AC\\u004dE"},
              {"timestamp": "2024-03-01T09:30:01.5Z", "price": null, "symbol": "ACME"},
              {"timestamp": "2024-03-01T09:30:02Z", "price": "1.5e2", "symbol": "ACME"}
            ]
            """
        let r = try decode([message])
        #expect(r.ticks.count == 3)
        #expect(r.ticks[0].time == 1_709_285_400_000_000_000)
        #expect(r.ticks[1].time == 1_709_285_401_500_000_000)
        #expect(r.ticks[0].value == 101.25 && r.ticks[1].value.isNaN && r.ticks[2].value == 150)
        #expect(r.names == ["ACME", "ACME", "ACME"])
        #expect(r.decoder.report.nonFiniteValues == 1)
    }

    @Test func klineRowsTakeTheClose() throws {
        // GET /api/v3/klines: open time, open, high, low, close, volume, close time, …
        let message = #"[[1709251200000,"61130.99","61200.00","61100.00","61150.50","12.5",1709251259999,"764000.1",1200,"6.1","373000.2","0"],[1709251260000,"61150.50","61180.00","61120.00","61160.00","8.25",1709251319999,"504000.0",900,"4.0","244000.0","0"]]"#
        let r = try decode([message])
        #expect(r.ticks.map(\.value) == [61150.50, 61160.00])
        #expect(r.ticks.map(\.size) == [12.5, 8.25])
        #expect(r.ticks.map(\.time) == [1_709_251_200_000_000_000, 1_709_251_260_000_000_000])
    }

    /// One message of Binance's kline stream (`<symbol>@kline_1m`), as it sends it.
    /// `closedField` replaces its `"x":…` member (for broken messages).
    func klineMessage(
        minute: Int, close: String, high: String, low: String, volume: String, closed: Bool, closedField: String? = nil
    ) -> String {
        let t = 1_709_251_200_000 + minute * 60_000
        let x = closedField ?? #""x":\#(closed),"#
        return #"{"e":"kline","E":\#(t + 30_000),"s":"BTCUSDT","k":{"t":\#(t),"T":\#(t + 59_999),"s":"BTCUSDT","i":"1m","f":100,"L":\#(9_000 + minute),"o":"61000.00","c":"\#(close)","h":"\#(high)","l":"\#(low)","v":"\#(volume)","n":17,\#(x)"q":"99999.9","V":"1.0","Q":"61000.0","B":"0"}}"#
    }

    @Test func klineStreamTakesClosedKlinesAsBars() throws {
        // Two updates of a forming kline, then its closed one; then the next minute's. Before,
        // every update read as a tick at the kline's open time with the quote volume `q` as its
        // size, and the bar's high and low were lost.
        let messages = [
            klineMessage(minute: 0, close: "61010.00", high: "61020.00", low: "60990.00", volume: "1.5", closed: false),
            klineMessage(minute: 0, close: "61030.00", high: "61040.00", low: "60980.00", volume: "2.5", closed: false),
            klineMessage(minute: 0, close: "61025.00", high: "61050.00", low: "60970.00", volume: "3.25", closed: true),
            klineMessage(minute: 1, close: "61100.00", high: "61120.00", low: "61000.00", volume: "4", closed: true),
        ]
        let r = try decode(messages)
        #expect(r.decoder.objectLayout?.closed != nil)
        #expect(r.decoder.report.unfinishedBars == 2)
        #expect(r.decoder.report.ticks == 2 && r.decoder.report.badLines == 0)
        let t0: Int64 = 1_709_251_200_000_000_000
        #expect(r.bars == [
            .bar(time: t0, open: 61000, high: 61050, low: 60970, close: 61025, volume: 3.25),
            .bar(time: t0 + 60_000_000_000, open: 61000, high: 61120, low: 61000, close: 61100, volume: 4),
        ])
        #expect(r.names == ["BTCUSDT", "BTCUSDT"])
        #expect(r.decoder.report.summary.contains("2 updates of klines still forming skipped"))
    }

    @Test func klineStreamInsideTheCombinedStreamWrapper() throws {
        let inner = klineMessage(minute: 2, close: "61200.5", high: "61300", low: "61100", volume: "7.5", closed: true)
        let r = try decode([#"{"stream":"btcusdt@kline_1m","data":\#(inner)}"#])
        #expect(r.bars == [.bar(time: 1_709_251_320_000_000_000, open: 61000, high: 61300, low: 61100, close: 61200.5, volume: 7.5)])
        #expect(r.decoder.objectLayout?.description.contains("data.k.x") == true)
    }

    @Test func klineWithoutItsClosedFlagIsABadLine() throws {
        let closed = klineMessage(minute: 0, close: "1", high: "2", low: "0.5", volume: "1", closed: true)
        let broken = klineMessage(minute: 0, close: "1", high: "2", low: "0.5", volume: "1", closed: true, closedField: "")
        let odd = klineMessage(minute: 0, close: "1", high: "2", low: "0.5", volume: "1", closed: true, closedField: #""x":"yes","#)
        let r = try decode([closed, broken, odd, closed])
        #expect(r.bars.count == 2)
        #expect(r.decoder.report.badLines == 2)
        #expect(r.decoder.report.firstBadLines.map(\.line) == [2, 3])
    }

    @Test func bareValuesTakeTheArrivalTime() throws {
        let r = try decode(["21.5", " \"22.25\"\n", "[1709251200,3]"], receivedAt: 42)
        #expect(r.ticks.map(\.time) == [42, 42, 1_709_251_200_000_000_000])
        #expect(r.ticks.map(\.value) == [21.5, 22.25, 3])
        // Without an arrival time a bare value has no time: a bad message, counted.
        let none = try decode(["21.5"])
        #expect(none.ticks.isEmpty && none.decoder.report.count(of: .missingField) == 1)
    }

    @Test func badMessagesAreCountedAndEscaped() throws {
        let r = try decode([
            #"{"T":1709251200123,"p":"1"}"#, "{\"T\":1,\"p\":\"1\",}", "NaN", "\u{1F}\u{0}garbage",
            #"{"T":"yesterday","p":"1"}"#, #"{"T":1709251200123,"p":"abc"}"#, #"{"T":1709251200124}"#,
        ])
        #expect(r.ticks.count == 1)
        let report = r.decoder.report
        #expect(report.lines == 7)
        #expect(report.count(of: .malformedJSON) == 3)
        #expect(report.count(of: .malformedTime) == 1)
        #expect(report.count(of: .malformedNumber) == 1)
        #expect(report.count(of: .missingField) == 1)
        #expect(report.firstBadLines[2].description == #"line 4: malformed JSON: \x1f\x00garbage"#)
        #expect(report.firstBadLines[3].description.contains(#"in column "T""#))
    }

    @Test("a first object with no value to chart is one bad record; the layout is decided again from the next (every later tick was a bad line)")
    func firstObjectWithoutAValue() throws {
        let r = try decode([
            #"{"t":1709251200,"price":"closed"}"#, #"{"t":1709251201,"status":"open"}"#, #"{"t":1709251202,"price":12.5}"#,
            #"{"t":1709251203,"price":"13.5"}"#, #"{"t":1709251204,"price":"x"}"#, #"{"t":1709251205,"price":14}"#,
        ])
        #expect(r.ticks.map(\.value) == [12.5, 13.5, 14])
        #expect(r.decoder.report.badLines == 3)
        #expect(r.decoder.objectLayout?.description == "time=t, value=price")
        // Each unreadable price is said as one, wherever it comes; the status message has none.
        let said = r.decoder.report.firstBadLines.map(\.description)
        #expect(said.count == 3)
        #expect(said[0] == #"line 1: malformed number in column "price": {"t":1709251200,"price":"closed"}"#)
        #expect(said[1] == #"line 2: missing field in column "value": {"t":1709251201,"status":"open"}"#)
        #expect(said[2] == #"line 5: malformed number in column "price": {"t":1709251204,"price":"x"}"#)
    }

    @Test func strictModeThrowsTheFirstBadMessage() throws {
        #expect(throws: FeedError.self) {
            _ = try decode(["{"]) { $0.strict = true }
        }
    }

    @Test func filtersApply() throws {
        let messages = [
            #"{"s":"A","p":1,"T":1709251200000}"#, #"{"s":"B","p":2,"T":1709251201000}"#,
            #"{"s":"A","p":3,"T":1709251202000}"#,
        ]
        let bySymbol = try decode(messages) { $0.symbol = "A" }
        #expect(bySymbol.ticks.map(\.value) == [1, 3])
        #expect(bySymbol.decoder.report.filteredBySymbol == 1)
        let byTime = try decode(messages) { $0.from = 1_709_251_201_000_000_000 }
        #expect(byTime.ticks.map(\.value) == [2, 3])
    }
}
