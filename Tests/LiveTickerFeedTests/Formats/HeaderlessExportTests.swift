import LiveTickerCore
import Testing

@testable import LiveTickerFeed

/// Bar and quote files with no header, in the exact shapes their tools write them (HistData's
/// ASCII, MetaTrader and tick files, NinjaTrader's minute bars, QCollector's ASCII), and Finam's
/// `<DATE>,<TIME>` with the time as digits. Before, these read a bar's open as the value and its
/// high as the volume, or failed every line.
@Suite struct HeaderlessExportTests {
    func bar(_ t: Int64, _ o: Double, _ h: Double, _ l: Double, _ c: Double, _ v: Double) -> Candle {
        .bar(time: t, open: o, high: h, low: l, close: c, volume: v)
    }

    /// 2012-02-01T00:00:00Z in seconds since the epoch (HistData's own example day).
    let february1: Int64 = 1_328_054_400

    @Test("HistData ASCII M1 and NinjaTrader: YYYYMMDD HHMMSS;open;high;low;close;volume are bars")
    func histDataMinuteBars() throws {
        let text = "20120201 000000;1.306600;1.306600;1.306560;1.306560;0\n20120201 000100;1.306570;1.306570;1.306470;1.306560;0\n20120201 000200;1.306520;1.306560;1.306520;1.306560;0\n"
        let p = try parse(text)
        #expect(p.report.badLines == 0, "\(p.report.summary)")
        #expect(p.bars == [
            bar(ns(february1), 1.3066, 1.3066, 1.30656, 1.30656, 0),
            bar(ns(february1 + 60), 1.30657, 1.30657, 1.30647, 1.30656, 0),
            bar(ns(february1 + 120), 1.30652, 1.30656, 1.30652, 1.30656, 0),
        ])
        let ninja = try parse("20240301 093000;5100.25;5101.00;5099.50;5100.75;1520\n20240301 093100;5100.75;5102.25;5100.50;5102.00;1310\n20240301 093200;5102.00;5102.50;5101.25;5101.50;990\n")
        #expect(ninja.bars.map(\.close) == [5100.75, 5102, 5101.5] && ninja.bars.map(\.volume) == [1520, 1310, 990], "\(ninja.report.summary)")
        #expect(ninja.times == [ns(march1At0930), ns(march1At0930 + 60), ns(march1At0930 + 120)])
        // A live feed's first read of one line is too little to tell bars from four signals.
        let oneLine = try parse("20240301 093000;5100.25;5101.00;5099.50;5100.75;1520\n")
        #expect(oneLine.bars.isEmpty && oneLine.values == [5100.25])
        let description = try formatDescription(of: text)
        #expect(description.contains("time=0, value=4, size=5, OHLC bars (open=1, high=2, low=3, close=4"), "\(description)")
    }

    @Test("HistData MetaTrader and QCollector: a date column, a time column, then the bar")
    func dateAndTimeColumns() throws {
        let metaTrader = try parse("2012.02.01,00:00,1.306600,1.306600,1.306560,1.306560,0\n2012.02.01,00:01,1.306570,1.306570,1.306470,1.306560,0\n2012.02.01,00:02,1.306520,1.306560,1.306520,1.306560,0\n")
        #expect(metaTrader.report.badLines == 0, "\(metaTrader.report.summary)")
        #expect(metaTrader.bars == [
            bar(ns(february1), 1.3066, 1.3066, 1.30656, 1.30656, 0),
            bar(ns(february1 + 60), 1.30657, 1.30657, 1.30647, 1.30656, 0),
            bar(ns(february1 + 120), 1.30652, 1.30656, 1.30652, 1.30656, 0),
        ])
        let qCollector = try parse("08/27/2005,09:35,78.17,78.17,78.00,78.00,76400\n08/27/2005,09:36,78.00,78.20,77.95,78.10,50100\n08/29/2005,09:30,78.10,78.30,78.05,78.25,40000\n")
        #expect(qCollector.report.badLines == 0, "\(qCollector.report.summary)")
        // 2005-08-27T09:35:00Z; month first (29 is no month).
        #expect(qCollector.times == [ns(1_125_135_300), ns(1_125_135_360), ns(1_125_135_300 + 2 * 86_400 - 300)])
        #expect(qCollector.bars.map(\.volume) == [76400, 50100, 40000])
        // A date column followed by a value is not a time of day: the date stays the time.
        let daily = try parse("2012.02.01,1.5,10\n2012.02.02,1.6,11\n")
        #expect(daily.times == [ns(february1), ns(february1 + 86_400)] && daily.values == [1.5, 1.6])
    }

    @Test("HistData ticks: YYYYMMDD HHMMSSmmm, bid, ask, volume: the mid of bid and ask at the millisecond")
    func histDataTicks() throws {
        let text = "20120201 000003660,1.306600,1.306770,0\n20120201 000003973,1.306580,1.306750,0\n20120201 000005003,1.306590,1.306760,0\n"
        let p = try parse(text)
        #expect(p.report.badLines == 0, "\(p.report.summary)")
        #expect(p.times == [ns(february1 + 3) + 660_000_000, ns(february1 + 3) + 973_000_000, ns(february1 + 5) + 3_000_000])
        #expect(abs(p.values[0] - (1.3066 + 1.30677) / 2) < 1e-12)
        let description = try formatDescription(of: text)
        #expect(description.contains("value=mid(1, 2), size=3"), "\(description)")
        // Two columns that cross (or sit far apart) are a value and a size, as before.
        let crossing = try parse("20120201 000003660,1.30,1.31\n20120201 000004660,1.32,1.31\n")
        #expect(crossing.values == [1.30, 1.32] && crossing.ticks.map(\.size) == [1.31, 1.31])
        let apart = try parse("1709285400,100.0,250\n1709285401,100.5,300\n")
        #expect(apart.values == [100, 100.5] && apart.ticks.map(\.size) == [250, 300])
    }

    @Test("compact date-times written as one run of 12, 14, 17 or 20 digits, fractions run on")
    func compactDigitRuns() throws {
        let seconds = try parse("time,price\n20240301093000,1\n")
        #expect(seconds.times == [ns(march1At0930)], "\(seconds.report.summary)")
        let minutes = try parse("time,price\n202403010930,1\n")
        #expect(minutes.times == [ns(march1At0930)])
        let millis = try parse("time,price\n20240301093000250,1\n")
        #expect(millis.times == [ns(march1At0930) + 250_000_000])
        let micros = try parse("time,price\n20240301093000250001,1\n")
        #expect(micros.times == [ns(march1At0930) + 250_001_000])
        // Epoch numbers of those lengths are not dates: they stay epoch numbers.
        let epochMicros = try parse("time,price\n1709285400250001,1\n")
        #expect(epochMicros.times == [ns(march1At0930) + 250_001_000])
    }

    @Test("Finam: <DATE> 20140801 and <TIME> 000000 (digits) make one time; alone, such digits are numbers")
    func finamDigitTimes() throws {
        let text = "<TICKER>,<PER>,<DATE>,<TIME>,<OPEN>,<HIGH>,<LOW>,<CLOSE>,<VOL>\nNYMEX.PL,1,20140801,000000,1462.9,1463.4,1462.9,1462.9,16\nNYMEX.PL,1,20140801,093500,1463.6,1463.8,1462.9,1462.9,19\n"
        let p = try parse(text)
        #expect(p.report.badLines == 0, "\(p.report.summary)")
        // 2014-08-01T00:00:00Z, then 09:35.
        #expect(p.times == [ns(1_406_851_200), ns(1_406_851_200 + 9 * 3600 + 35 * 60)])
        #expect(p.bars.map(\.high) == [1463.4, 1463.8])
        let hhmm = try parse("Date;Time;Close\n20140801;0935;5\n")
        #expect(hhmm.times == [ns(1_406_851_200 + 9 * 3600 + 35 * 60)], "\(hhmm.report.summary)")
        // No date column: six digits are the epoch seconds they always were.
        let noDate = try parse("time,mV\n000100,1\n")
        #expect(noDate.times == [ns(100)])
    }

    @Test("AmiBroker / Finam headerless: TICKER,PER,YYYYMMDD,HHMMSS,O,H,L,C,V; the first row is data, not a header")
    func leadingTicker() throws {
        let text = "MOL,0,20050606,162959,16400.0000,16400.0000,16400.0000,16400.0000,2\nMOL,0,20050606,163000,16400.0000,16410.0000,16390.0000,16405.0000,11\nMOL,0,20050606,163100,16405.0000,16405.0000,16380.0000,16380.0000,40\n"
        let p = try parse(text)
        #expect(p.report.badLines == 0, "\(p.report.summary)")
        // 2005-06-06T16:29:59Z.
        #expect(p.times == [ns(1_118_075_399), ns(1_118_075_400), ns(1_118_075_460)])
        #expect(p.bars.map(\.close) == [16400, 16405, 16380] && p.bars.map(\.volume) == [2, 11, 40])
        #expect(p.table.count == 1)
        // A header naming channels by number is still a header: its first name is not repeated.
        let channels = try parse("time,1,2,3\n1709285400,0.5,0.25,0.125\n")
        #expect(channels.ticks.count == 1 && channels.values == [0.5] && channels.report.badLines == 0, "\(channels.report.summary)")
    }

    @Test("TrueFX: PAIR,YYYYMMDD hh:mm:ss.fff,bid,ask: the ticker is the symbol, the time found, the mid charted")
    func trueFX() throws {
        let text = "EUR/USD,20240301 00:00:00.123,1.08012,1.08015\nEUR/USD,20240301 00:00:00.456,1.08013,1.08016\nEUR/USD,20240301 00:00:01.001,1.08011,1.08015\n"
        let p = try parse(text)
        #expect(p.report.badLines == 0, "\(p.report.summary)")
        // 2024-03-01T00:00:00.123Z.
        #expect(p.times == [ns(1_709_251_200) + 123_000_000, ns(1_709_251_200) + 456_000_000, ns(1_709_251_201) + 1_000_000])
        #expect(abs(p.values[0] - 1.080135) < 1e-12)
        #expect(p.table.count == 1)
        let colons = try parse("timestamp,price\n20240301 09:30:00,1\n20240301 09:30:00.5,2\n")
        #expect(colons.times == [ns(march1At0930), ns(march1At0930) + 500_000_000], "\(colons.report.summary)")
    }

    @Test("CryptoDataDownload: the address line above the header is skipped and said; Volume BTC is the volume")
    func cryptoDataDownload() throws {
        let text = "https://www.CryptoDataDownload.com\nunix,date,symbol,open,high,low,close,Volume BTC,Volume USDT,tradecount\n1709251260000,2024-03-01 00:01:00,BTC/USDT,61200.01,61300.00,61100.00,61250.00,120.5,7380000.1,5000\n1709251200000,2024-03-01 00:00:00,BTC/USDT,61100.00,61250.00,61050.00,61200.01,130.1,7950000.2,5200\n"
        let p = try parse(text)
        #expect(p.report.badLines == 0 && p.report.preambleLines == 1, "\(p.report.summary)")
        #expect(p.report.summary.contains("1 line before the header skipped"))
        // Newest first in the file (the replay reorders it; the reader delivers file order).
        #expect(p.bars.sorted { $0.startTime < $1.startTime } == [
            bar(ns(1_709_251_200), 61100, 61250, 61050, 61200.01, 130.1),
            bar(ns(1_709_251_260), 61200.01, 61300, 61100, 61250, 120.5),
        ])
        // Only an address alone is skipped: another first line of text stays the header (here
        // one without a time column: the error names it).
        #expect(throws: FeedError.self) { try parse("Prices from the desk\ntime,price\n1709285400,1\n") }
        #expect(try parse("time,price\n1709285400,1\n").report.preambleLines == 0)
    }

    @Test("comment lines and Excel's sep= hint above the header or the data are skipped and said (the file failed: 'header has: # …')")
    func commentsAndDelimiterHint() throws {
        let commented = try parse("# exported by logger v2\n# site: boiler house\ntime,price\n1709285400,1\n1709285401,2\n")
        #expect(commented.values == [1, 2] && commented.report.preambleLines == 2, "\(commented.report.summary)")
        let headerless = try parse("# feed started\n1709285400,1.5\n1709285401,2.5\n")
        #expect(headerless.values == [1.5, 2.5] && headerless.report.preambleLines == 1, "\(headerless.report.summary)")
        let excel = try parse("sep=;\ntime;price\n1709285400;1,5\n1709285401;2\n")
        #expect(excel.values == [1.5, 2] && excel.report.preambleLines == 1, "\(excel.report.summary)")
        // Only at the top: a `#` line among the data is a bad line.
        #expect(try parse("time,price\n1709285400,1\n# note\n1709285401,2\n").report.badLines == 1)
    }

    @Test("four signals that do not stand as bars stay a value and a size; --value overrides a guess")
    func notBars() throws {
        // The second column is not always the highest.
        let sensors = try parse("1709285400,20.5,21.0,19.0,20.7\n1709285401,20.6,20.1,19.5,20.8\n")
        #expect(sensors.bars.isEmpty && sensors.values == [20.5, 20.6] && sensors.ticks.map(\.size) == [21.0, 20.1])
        let bars = "20120201 000000;1.3066;1.3067;1.3065;1.3066;0\n"
        let chosen = try parse(bars) { $0.valueColumn = .index(1) }
        #expect(chosen.bars.isEmpty && chosen.values == [1.3066])
        // Fewer than four numbers after the time: no bars.
        #expect(try parse("20120201 000000;1.3066;1.3067;1.3065\n").bars.isEmpty)
    }
}
