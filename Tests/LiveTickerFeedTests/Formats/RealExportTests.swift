import LiveTickerCore
import Testing

@testable import LiveTickerFeed

/// Files shaped exactly like common exports (their real column names, quoting, line endings,
/// byte-order marks), read with no options. Each defect test failed on the reader before this
/// change.
@Suite struct RealExportTests {
    /// 2024-03-01T09:30:07Z in nanoseconds.
    let at093007 = ns(march1At0930 + 7)

    @Test("defect 1: a comma after whole seconds in a comma-delimited file ends the time field")
    func commaAfterWholeSeconds() throws {
        // pandas to_csv / Grafana: whole seconds, then the value.
        let p = try parse("time,value\r\n2024-03-01 09:30:07,101\r\n2024-03-01 09:30:08,102.5\r\n")
        #expect(p.values == [101, 102.5])
        #expect(p.times == [at093007, at093007 + 1_000_000_000])
        #expect(p.report.badLines == 0)
        // In a ;-delimited file the comma is still a decimal comma of the seconds.
        let semicolon = try parse("time;value\n2024-03-01 09:30:07,250;101\n")
        #expect(semicolon.times == [at093007 + 250_000_000])
        // Quoted, it belongs to the time.
        let quoted = try parse("time,value\n\"2024-03-01 09:30:07,250\",101\n")
        #expect(quoted.times == [at093007 + 250_000_000])
    }

    @Test("Dukascopy / German exports: dd.mm.yyyy HH:MM:SS.fff, ; delimiter, decimal commas")
    func dottedDayFirstAndDecimalComma() throws {
        let dukascopy = try parse("Gmt time,Open,High,Low,Close,Volume\n01.03.2024 09:30:07.000,1.08120,1.08130,1.08110,1.08125,12.5\n")
        #expect(dukascopy.times == [at093007])
        #expect(dukascopy.values == [1.08125])
        let german = try parse("\u{FEFF}Datum;Zeit;Kurs;Umsatz\r\n01.03.2024;09:30:07;16.750,00;1.200\r\n01.03.2024;09:30:08;16.751,5;300\r\n")
        #expect(german.times == [at093007, at093007 + 1_000_000_000], "\(german.report.summary)")
        #expect(german.values == [16750, 16751.5])
        #expect(german.ticks.map(\.size) == [1200, 300])
    }

    @Test("slash dates: day or month first decided from the data, else a clear error")
    func slashDates() throws {
        let us = try parse("Date,Close/Last,Volume\n03/13/2024,101.5,100\n03/04/2024,100,200\n")
        #expect(us.times.first == ns(1_710_288_000))  // 2024-03-13
        let uk = try parse("Date,Price\n13/03/2024,1\n04/03/2024,2\n")
        #expect(uk.times == [ns(1_710_288_000), ns(1_709_510_400)])  // 13 March, 4 March
        #expect(throws: FeedError.ambiguousDates(example: "03/04/2024")) {
            _ = try parse("Date,Price\n03/04/2024,1\n05/06/2024,2\n")
        }
        let error = FeedError.ambiguousDates(example: "03/04/2024").description
        #expect(error.contains("--time-format"))
        var options = FeedOptions()
        options.timeFormat = TimePattern("%d/%m/%Y")
        let given = try parse("Date,Price\n03/04/2024,1\n") { $0 = options }
        #expect(given.times == [ns(1_712_102_400)])  // 3 April
    }

    @Test("compact 20240301[T]093000, time-only columns, and --time-format patterns")
    func compactTimeOfDayAndPatterns() throws {
        let compact = try parse("timestamp,price\n20240301T093007,1\n20240301 093008,2\n")
        #expect(compact.times == [at093007, at093007 + 1_000_000_000])
        let dateOnly = try parse("date,close\n20240301,5\n")
        #expect(dateOnly.times == [ns(1_709_251_200)])
        let split = try parse("Date,Time,Open,High,Low,Close,Volume\n2024.03.01,09:30:07,1,2,0.5,1.5,10\n")
        #expect(split.times == [at093007], "\(split.report.summary)")
        #expect(split.values == [1.5])
        let timeOnly = try parse("time,mV\n09:30:07.5,1\n")
        #expect(timeOnly.times == [(9 * 3600 + 30 * 60 + 7) * 1_000_000_000 + 500_000_000])
        let pattern = try #require(TimePattern("%b %d, %Y %I:%M %p"))
        let custom = try parse("when;price\nMar 01, 2024 09:30 PM;1\n") { $0.timeFormat = pattern }
        #expect(custom.times == [ns(march1At0930 + 12 * 3600)])
        #expect(TimePattern("%Q") == nil)
    }

    @Test("Yahoo Finance daily: null rows are gaps, Close is the value, Volume the size")
    func yahooNullRows() throws {
        let text = "Date,Open,High,Low,Close,Adj Close,Volume\n2024-03-01,179.55,180.53,177.38,179.66,179.17,73488000\n2024-03-04,null,null,null,null,null,null\n2024-03-05,170.76,172.04,169.62,170.12,169.66,95132400\n"
        let p = try parse(text)
        #expect(p.ticks.count == 3)
        #expect(p.values[0] == 179.66 && p.values[1].isNaN && p.values[2] == 170.12)
        #expect(p.report.badLines == 0)
        #expect(p.report.nonFiniteValues == 1)
    }

    @Test("thousands separators in quoted fields and the | delimiter")
    func thousandsAndPipes() throws {
        let investing = try parse("\"Date\",\"Price\",\"Vol.\"\n\"2024-03-01\",\"1,234.50\",\"2,000\"\n")
        #expect(investing.values == [1234.5])
        let pipes = try parse("time|price|size\n1709285400|101.25|3\n")
        #expect(pipes.values == [101.25])
        #expect(pipes.ticks.map(\.size) == [3])
    }

    @Test("defect 3: headerless Binance aggTrades: no numeric symbol column, the time found")
    func binanceAggTradesHeaderless() throws {
        // agg_trade_id,price,quantity,first_trade_id,last_trade_id,transact_time,is_buyer_maker
        var text = ""
        for i in 0..<50 {
            text += "\(26129 + i),0.0163\(3100 + i),4.7044\(i),\(27781 + i),\(27781 + i),\(1_498_793_709_153 + i),True\n"
        }
        let p = try parse(text)
        #expect(p.ticks.count == 50, "\(p.report.summary)")
        #expect(p.report.badLines == 0)
        #expect(p.table.count == 0)
        #expect(p.times.first == 1_498_793_709_153_000_000)
        #expect(p.values.first == 0.01633100)
        // With the columns given, column 3 is still no symbol.
        let given = try parse(text) {
            $0.timeColumn = .index(5)
            $0.valueColumn = .index(1)
            $0.sizeColumn = .index(2)
        }
        #expect(given.ticks.count == 50 && given.report.badLines == 0 && given.table.count == 0)
        // --symbol-column none drops a text column too.
        let none = try parse("1709285400,1,2,ACME\n") { $0.noSymbolColumn = true }
        #expect(none.table.count == 0)
    }

    @Test("headerless Binance klines chart the close with its volume")
    func binanceKlinesHeaderless() throws {
        let text = "1709251200000,61130.99,61200.00,61100.00,61150.50,12.5,1709251259999,764000.1,1200,6.1,373000.2,0\n1709251260000,61150.50,61180.00,61120.00,61160.00,8.25,1709251319999,504000.0,900,4.0,244000.0,0\n"
        let p = try parse(text)
        #expect(p.values == [61150.50, 61160.00])
        #expect(p.ticks.map(\.size) == [12.5, 8.25])
    }

    @Test("defect 5: a text column is not the default value column")
    func firstNumericColumnIsTheValue() throws {
        let p = try parse("timestamp,device_id,temp_c,humidity,pressure\n2024-03-01T09:30:07Z,sensor-7,21.5,40,1013\n")
        #expect(p.values == [21.5])
    }

    @Test("defect 7: garbage bytes are escaped in messages; --volume is named as --volume")
    func garbageEscapedAndOptionNames() throws {
        let p = try parse(bytes: Array("time,price\n".utf8) + [0x1F, 0x8B, 0x08, 0x00, 0x2C, 0x31, 0x0A])
        let line = try #require(p.report.firstBadLines.first?.description)
        #expect(line.contains(#"\x1f\u{fffd}\x08\x00,1"#) || line.contains(#"\x1f"#), "\(line)")
        #expect(!p.report.summary.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(throws: FeedError.unknownColumn(option: "--volume", selector: "abc", header: [])) {
            _ = try parse("1709285400,1,2\n") { $0.sizeColumn = .name("abc") }
        }
    }

    @Test("MetaTrader 5 ticks: <LAST> empty for a currency, so the mid of <BID> and <ASK>, each side held while a line leaves it empty")
    func metaTrader5Ticks() throws {
        let text = "<DATE>\t<TIME>\t<BID>\t<ASK>\t<LAST>\t<VOLUME>\t<FLAGS>\n2024.03.01\t09:30:00.123\t1.08012\t1.08016\t\t\t6\n2024.03.01\t09:30:00.456\t\t1.08018\t\t\t4\n2024.03.01\t09:30:01.001\t1.08010\t\t\t\t2\n"
        let p = try parse(text)
        #expect(p.report.badLines == 0 && p.report.nonFiniteValues == 0, "\(p.report.summary)")
        #expect(p.times == [ns(march1At0930) + 123_000_000, ns(march1At0930) + 456_000_000, ns(march1At0930 + 1) + 1_000_000])
        let mids = [(1.08012 + 1.08016) / 2, (1.08012 + 1.08018) / 2, (1.08010 + 1.08018) / 2]
        #expect(zip(p.values, mids).allSatisfy { abs($0 - $1) < 1e-12 }, "\(p.values)")
        #expect(try formatDescription(of: text).contains("value=mid(<BID>, <ASK>)"))
        // A stock's ticks have their <LAST>: it stays the value.
        let stock = try parse("<DATE>\t<TIME>\t<BID>\t<ASK>\t<LAST>\t<VOLUME>\n2024.03.01\t09:30:00\t179.5\t179.6\t179.55\t100\n")
        #expect(stock.values == [179.55])
        // With a symbol column, a missing side is a gap: another instrument's quote is not held.
        let symbols = try parse("time,symbol,bid,ask\n1709285400,A,1.0,1.2\n1709285401,B,,2.2\n")
        #expect(symbols.values[0] == 1.1 && symbols.values[1].isNaN)
    }

    @Test("US spreadsheets: two-digit years (3/15/24) and 12-hour clocks (9:30:00 AM, 1:31 PM, 12 AM is midnight)")
    func spreadsheetDates() throws {
        // 2024-03-15T00:00:00Z.
        let march15: Int64 = 1_710_460_800
        let short = try parse("Date,Price\n3/15/24,1.5\n3/18/24,1.6\n")
        #expect(short.times == [ns(march15), ns(march15 + 3 * 86_400)], "\(short.report.summary)")
        let finam = try parse("<DATE>;<TIME>;<CLOSE>\n15/03/24;10:00:00;79.5\n")
        #expect(finam.times == [ns(march15 + 10 * 3600)], "\(finam.report.summary)")
        // 69 and later are the 1900s, as POSIX's %y reads them.
        #expect(try parse("Date,Price\n12/31/69,1\n").times == [ns(-86_400)])
        let clock = try parse("Date,Price\n2024-03-15 9:30:00 AM,1\n2024-03-15 1:31 PM,2\n3/15/2024 12:05:00 AM,3\n3/15/2024 12:05:00 pm,4\n")
        #expect(clock.times == [ns(march15 + 34_200), ns(march15 + 13 * 3600 + 31 * 60), ns(march15 + 300), ns(march15 + 12 * 3600 + 300)], "\(clock.report.summary)")
        // No thirteenth hour on a 12-hour clock; three-digit years are no years.
        #expect(try parse("Date,Price\n2024-03-15 13:30:00 PM,1\n2024-03-15 9:30:00,2\n").report.badLines == 1)
        #expect(try parse("Date,Price\n3/15/024,1\n3/16/2024,1\n").report.badLines == 1)
    }

    @Test("dates with month names: 01-Mar-2024 (NSE, Excel UK), 1-Mar-24, 01 Mar 2024, Mar 01, 2024 (Investing, Google), March 1, 2024 9:30 AM, 2024-Mar-01")
    func monthNames() throws {
        let march1: Int64 = 1_709_251_200
        for text in ["01-Mar-2024", "1-Mar-24", "01 Mar 2024", "\"Mar 01, 2024\"", "\"March 1, 2024\"", "2024-Mar-01", "01/mar/2024", "1.MAR.2024"] {
            let p = try parse("Date,Close\n\(text),1.5\n")
            #expect(p.times == [ns(march1)] && p.report.badLines == 0, "\(text): \(p.report.summary)")
        }
        let clock = try parse("Date,Close\n\"March 1, 2024 9:30 AM\",1\n\"Sept 3, 2024 16:00\",2\n")
        #expect(clock.times == [ns(march1At0930), ns(1_725_321_600 + 16 * 3600)], "\(clock.report.summary)")
        #expect(try formatDescription(of: "Date,Close\n01-Mar-2024,1\n").contains("times: dates with month names"))
        // Not a month in any language read, not a day, a day past the month's end: bad lines,
        // the rest goes on. (`Mrz` was here until German names were read: it is März.)
        let bad = try parse("Date,Close\n01-Mar-2024,1\n01-Mrx-2024,2\n32-Mar-2024,3\n31-Apr-2024,4\n02-Mar-2024,5\n03-Mar-2024,6\n04-Mar-2024,7\n05-Mar-2024,8\n")
        #expect(bad.values == [1, 5, 6, 7, 8] && bad.report.badLines == 3, "\(bad.report.summary)")
    }

    @Test("month names in German, French, Spanish, Italian, Dutch and Portuguese: full, abbreviated with a dot or not, accents in UTF-8 or Latin-1 or left out")
    func foreignMonthNames() throws {
        let day: Int64 = 86_400
        let jan1: Int64 = 1_704_067_200  // 2024-01-01
        let cases: [(String, Int64)] = [
            ("1. März 2024", jan1 + 60 * day), ("1. Maerz 2024", jan1 + 60 * day), ("01-Mrz-2024", jan1 + 60 * day),
            ("15. Okt. 2024", jan1 + 288 * day), ("3. Dez 2024", jan1 + 337 * day), ("2. Jänner 2024", jan1 + day),
            ("15 janv. 2024", jan1 + 14 * day), ("1 févr. 2024", jan1 + 31 * day), ("14 juil. 2024", jan1 + 195 * day),
            ("15 août 2024", jan1 + 227 * day), ("15 aout 2024", jan1 + 227 * day), ("1 déc. 2024", jan1 + 335 * day),
            ("1 ene 2024", jan1), ("12 dic 2024", jan1 + 346 * day), ("3 septiembre 2024", jan1 + 246 * day),
            ("1 gen 2024", jan1), ("5 mag 2024", jan1 + 125 * day), ("31 ott 2024", jan1 + 304 * day),
            ("3-mrt-2024", jan1 + 62 * day), ("1 mei 2024", jan1 + 121 * day), ("1 okt 2024", jan1 + 274 * day),
            ("1 fev 2024", jan1 + 31 * day), ("1 out 2024", jan1 + 274 * day), ("1 março 2024", jan1 + 60 * day),
            ("JANV. 15 2024", jan1 + 14 * day), ("2024-Mai-01", jan1 + 121 * day),
        ]
        for (text, seconds) in cases {
            let p = try parse("Datum;Schluss\n\(text);102,5\n")
            #expect(p.times == [ns(seconds)] && p.values == [102.5] && p.report.badLines == 0, "\(text): \(p.report.summary)")
        }
        // A Windows export in Latin-1: `ä` is the one byte 0xE4.
        let latin1 = try parse(bytes: Array("Datum;Schluss\n1. M".utf8) + [0xE4] + Array("rz 2024;102,5\n".utf8))
        #expect(latin1.times == [ns(jan1 + 60 * day)] && latin1.report.badLines == 0, "\(latin1.report.summary)")
        #expect(try formatDescription(of: "Datum;Schluss\n1. März 2024;102,5\n").contains("times: dates with month names"))
        // --time-format's %b reads the same words.
        let pattern = try #require(TimePattern("%d. %b %Y"))
        let custom = try parse("Datum;Schluss\n15. Okt 2024;1\n") { $0.timeFormat = pattern }
        #expect(custom.times == [ns(jan1 + 288 * day)], "\(custom.report.summary)")
    }

    @Test("pandas to_csv with its index: the unnamed first column is named by its place in the summary")
    func pandasIndexColumn() throws {
        let text = ",time,price\n0,2024-03-01 09:30:00,1.0\n1,2024-03-01 09:30:01,1.5\n"
        #expect(try parse(text).values == [1.0, 1.5])
        let description = try formatDescription(of: text)
        #expect(description.contains("other numeric columns: 0"), "\(description)")
    }

    @Test("Bloomberg's field names: PX_LAST is the value, PX_VOLUME the volume")
    func bloombergFields() throws {
        let p = try parse("Date,PX_VOLUME,PX_LAST\n2024-03-01,73488000,179.66\n")
        #expect(p.values == [179.66] && p.ticks.map(\.size) == [73_488_000], "\(p.report.summary)")
    }
}
