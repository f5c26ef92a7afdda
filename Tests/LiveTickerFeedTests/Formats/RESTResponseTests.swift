import LiveTickerCore
import Testing

@testable import LiveTickerFeed

/// REST responses saved as files, in the exact shapes the services send them: the records in an
/// array under one key of an object (Polygon's `results`, Alpaca's `bars`), on one line or
/// pretty-printed (`| jq .`, `json.dump(indent=2)`). Before, the one-line file was one record
/// with no time and the pretty-printed one a bad line per line.
@Suite struct RESTResponseTests {
    func bar(_ t: Int64, _ o: Double, _ h: Double, _ l: Double, _ c: Double, _ v: Double) -> Candle {
        .bar(time: t, open: o, high: h, low: l, close: c, volume: v)
    }

    let polygon = """
        {"ticker":"AAPL","queryCount":2,"resultsCount":2,"adjusted":true,"results":[{"v":70790813,"vw":131.6292,"o":130.465,"c":130.15,"h":133.41,"l":129.89,"t":1673240400000,"n":645365},{"v":63896155,"vw":132.8,"o":131.25,"c":133.49,"h":133.51,"l":130.46,"t":1673326800000,"n":536902}],"status":"OK","request_id":"6a7e4","count":2}

        """

    var polygonBars: [Candle] {
        [
            bar(1_673_240_400_000_000_000, 130.465, 133.41, 129.89, 130.15, 70_790_813),
            bar(1_673_326_800_000_000_000, 131.25, 133.51, 130.46, 133.49, 63_896_155),
        ]
    }

    @Test("Polygon aggregates on one line: the results are bars from their one-letter keys")
    func polygonOneLine() throws {
        let p = try parse(polygon)
        #expect(p.report.badLines == 0, "\(p.report.summary)")
        #expect(p.bars == polygonBars)
        #expect(try formatDescription(of: polygon).contains("time=t, value=c, size=v, OHLC bars (open=o, high=h, low=l, close=c"))
    }

    @Test("the same response pretty-printed: the records read as a JSON array, the keys after it passed over")
    func polygonPretty() throws {
        let pretty = """
            {
              "ticker": "AAPL",
              "queryCount": 2,
              "results": [
                {
                  "v": 70790813, "vw": 131.6292, "o": 130.465, "c": 130.15,
                  "h": 133.41, "l": 129.89, "t": 1673240400000, "n": 645365
                },
                {
                  "v": 63896155, "vw": 132.8, "o": 131.25, "c": 133.49,
                  "h": 133.51, "l": 130.46, "t": 1673326800000, "n": 536902
                }
              ],
              "status": "OK",
              "count": 2
            }

            """
        let p = try parse(pretty)
        #expect(p.report.badLines == 0, "\(p.report.summary)")
        #expect(p.bars == polygonBars)
    }

    @Test("Alpaca bars with RFC 3339 times, pretty-printed, and its next_page_token after them")
    func alpacaPretty() throws {
        let text = """
            {
                "bars": [
                    {"t": "2024-03-01T14:30:00Z", "o": 179.55, "h": 180.53, "l": 177.38, "c": 179.66, "v": 7348800, "n": 51000, "vw": 179.1},
                    {"t": "2024-03-01T14:31:00Z", "o": 179.66, "h": 179.9, "l": 179.4, "c": 179.8, "v": 1200000, "n": 9000, "vw": 179.7}
                ],
                "symbol": "AAPL",
                "next_page_token": null
            }

            """
        let p = try parse(text)
        #expect(p.report.badLines == 0, "\(p.report.summary)")
        #expect(p.bars.map(\.close) == [179.66, 179.8] && p.bars.map(\.low) == [177.38, 179.4])
        #expect(p.times.first == ns(1_709_303_400))
    }

    @Test("one-letter keys are bars only inside a response: a stream message with o, h, l is still a tick")
    func shortKeysOnlyInResponses() throws {
        // A 24-hour ticker message (a rolling window, not a bar): its last price `c` is the value.
        // A recording of it replays at its event times `E` (it had no time: every line bad).
        let ticker = try parse("{\"e\":\"24hrTicker\",\"E\":1709251200000,\"s\":\"BTCUSDT\",\"c\":\"61150.50\",\"o\":\"60000.00\",\"h\":\"61500.00\",\"l\":\"59800.00\",\"v\":\"1000.5\"}\n")
        #expect(ticker.bars.isEmpty && ticker.values == [61150.5], "\(ticker.report.summary)")
        #expect(ticker.times == [1_709_251_200_000_000_000])
        // A `data` key holding one object (Binance's combined stream) is no wrapper.
        let combined = try parse("{\"stream\":\"btcusdt@trade\",\"data\":{\"e\":\"trade\",\"E\":1709251200001,\"s\":\"BTCUSDT\",\"p\":\"61130.99\",\"q\":\"0.004\",\"T\":1709251200000}}\n")
        #expect(combined.values == [61130.99] && combined.times == [1_709_251_200_000_000_000], "\(combined.report.summary)")
    }
}
