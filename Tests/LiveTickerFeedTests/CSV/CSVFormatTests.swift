import LiveTickerCore
import Testing

@testable import LiveTickerFeed

@Suite("CSV formats, aliases and delimiters")
struct CSVFormatTests {
    @Test("time,price,size with epoch milliseconds")
    func basic() throws {
        let p = try parse("time,price,size\n1709285400000,101.25,3\n1709285400500,101.5,0.5\n")
        #expect(p.ticks == [
            Tick(time: ns(march1At0930), value: 101.25, size: 3),
            Tick(time: ns(march1At0930) + 500_000_000, value: 101.5, size: 0.5),
        ])
        #expect(p.report.lines == 3)
        #expect(p.report.ticks == 2)
        #expect(p.report.badLines == 0)
    }

    @Test(
        "time column aliases",
        arguments: ["time", "Timestamp", "TS", "date", "datetime", "Date_Time", "epoch", "t", " time "])
    func timeAliases(name: String) throws {
        let p = try parse("\(name),price\n1709285400,1\n")
        #expect(p.times == [ns(march1At0930)])
    }

    @Test("value column aliases", arguments: ["price", "LAST", "value", "Close", "mid", "px"])
    func valueAliases(name: String) throws {
        let p = try parse("time,\(name)\n1709285400,42.5\n")
        #expect(p.values == [42.5])
    }

    @Test("size column aliases", arguments: ["size", "qty", "Quantity", "volume", "vol"])
    func sizeAliases(name: String) throws {
        let p = try parse("time,price,\(name)\n1709285400,1,7\n")
        #expect(p.ticks.map(\.size) == [7])
    }

    @Test("a second column with an unknown name is the value (ECG time_s,millivolts)")
    func fallbackValueColumn() throws {
        let p = try parse("time_s,millivolts\n0,0.12\n0.002778,-0.035\n")
        #expect(p.times == [0, 2_778_000])
        #expect(p.values == [0.12, -0.035])
    }

    @Test("time unit suffixes in the header force the unit")
    func unitSuffixes() throws {
        #expect(try parse("time_ms,v\n5,1\n").times == [5_000_000])
        #expect(try parse("Time (us),v\n5,1\n").times == [5_000])
        #expect(try parse("ts[ns],v\n5,1\n").times == [5])
        #expect(try parse("time_s,v\n1709285400000,1\n").report.count(of: .timeOutOfRange) == 1)
    }

    @Test("bid/ask give the mid when there is no price")
    func bidAskMid() throws {
        let p = try parse("time,bid,ask\n1,100,101\n2,1.7e308,1.7e308\n")
        #expect(p.values == [100.5, 1.7e308])
    }

    @Test("a price column wins over bid/ask")
    func priceOverMid() throws {
        #expect(try parse("time,bid,ask,price\n1,100,101,99\n").values == [99])
    }

    @Test("explicit --time and --value by name and by index")
    func explicitColumns() throws {
        let text = "a,b,c\n1709285400,5,6\n"
        let byName = try parse(text) {
            $0.timeColumn = .name("A")
            $0.valueColumn = .name("c")
        }
        #expect(byName.times == [ns(march1At0930)])
        #expect(byName.values == [6])
        let byIndex = try parse(text) {
            $0.timeColumn = ColumnSelector(argument: "0")
            $0.valueColumn = ColumnSelector(argument: "1")
        }
        #expect(byIndex.values == [5])
        #expect(throws: FeedError.unknownColumn(option: "--value", selector: "zz", header: ["a", "b", "c"])) {
            try parse(text) { $0.valueColumn = .name("zz") }
        }
        #expect(throws: FeedError.unknownColumn(option: "--time", selector: "9", header: ["a", "b", "c"])) {
            try parse(text) { $0.timeColumn = .index(9) }
        }
    }

    @Test("delimiters are detected", arguments: [",", ";", "\t"])
    func delimiters(delimiter: String) throws {
        let text = ["time", "price", "size"].joined(separator: delimiter) + "\n"
            + ["1709285400", "2.5", "4"].joined(separator: delimiter) + "\n"
        let p = try parse(text)
        #expect(p.ticks == [Tick(time: ns(march1At0930), value: 2.5, size: 4)])
    }

    @Test("semicolon files may use a decimal comma")
    func decimalComma() throws {
        #expect(try parse("time;price\n1;101,25\n").values == [101.25])
        // With comma as delimiter a decimal comma would split the field: it is a new column.
        #expect(try parse("time,price\n1,101,25\n").values == [101])
    }

    @Test("RFC 4180 quoted fields: delimiters inside, doubled quotes, quoted numbers and header")
    func quotedFields() throws {
        let text = """
            "time","note","price","symbol"
            "1709285400","a, ""quoted"" note",  "101.25" ,"AB""C"
            1709285401,"x",102,"D;E"

            """
        let p = try parse(text)
        #expect(p.values == [101.25, 102])
        #expect(p.names == ["AB\"C", "D;E"])
        #expect(p.report.badLines == 0)
    }

    @Test("CRLF line endings and a missing final newline")
    func crlfAndNoFinalNewline() throws {
        let p = try parse("time,price\r\n1,1.5\r\n2,2.5")
        #expect(p.values == [1.5, 2.5])
        #expect(p.report.lines == 3)
        let q = try parse("time,price\r\n1,1.5\r\n2,2.5\r\n")
        #expect(q.values == [1.5, 2.5])
    }

    @Test("a byte-order mark before the header is ignored")
    func byteOrderMark() throws {
        let p = try parse(bytes: [0xEF, 0xBB, 0xBF] + Array("time,price\n1,2\n".utf8))
        #expect(p.values == [2])
    }

    @Test("headerless line protocol time,price[,size[,symbol]]")
    func headerless() throws {
        let p = try parse("1709285400000,101.25\n1709285400001,101.5,2\n1709285400002,101.75,3,XYZ\n")
        #expect(p.values == [101.25, 101.5, 101.75])
        #expect(p.ticks.map(\.size) == [0, 2, 3])
        #expect(p.names == ["", "", "XYZ"])
        #expect(p.report.lines == 3)
        let forced = try parse("time,price\n") { $0.header = .absent }
        #expect(forced.report.count(of: .malformedTime) == 1)
    }

    @Test("several symbols are routed by dense ids; a filter keeps one")
    func multiSymbol() throws {
        let text = "time,sym,price\n1,AAPL,10\n2,MSFT,20\n3,AAPL,11\n4,\"GOOG\",30\n5,MSFT,21\n"
        let p = try parse(text)
        #expect(p.symbols.map(\.rawValue) == [0, 1, 0, 2, 1])
        #expect(p.table.names == ["AAPL", "MSFT", "GOOG"])
        #expect(p.table.id(of: "MSFT") == SymbolID(1))
        let only = try parse(text) { $0.symbol = "MSFT" }
        #expect(only.values == [20, 21])
        #expect(only.symbols == [.first, .first])
        #expect(only.report.filteredBySymbol == 3)
    }

    @Test("extra columns and spaces around fields are ignored")
    func extraColumns() throws {
        let p = try parse("id, time , price ,venue\n7, 1 , 2.5 ,X\n")
        #expect(p.ticks == [Tick(time: ns(1), value: 2.5, size: 0)])
    }

    @Test("numbers: exponents, signs, subnormals, huge values, many digits are exact")
    func numbers() throws {
        let values = ["1e3", "-0.5", "+2", ".25", "4.9e-324", "1.7976931348623157e308",
                      "0.1000000000000000055511151231257827", "123456789012345678901234", "0x10", "-0"]
        let text = "time,price\n" + values.map { "1,\($0)" }.joined(separator: "\n") + "\n"
        let p = try parse(text)
        #expect(p.values.count == values.count)
        #expect(p.values[0] == 1000)
        #expect(p.values[1] == -0.5)
        #expect(p.values[2] == 2)
        #expect(p.values[3] == 0.25)
        #expect(p.values[4] == Double.leastNonzeroMagnitude)
        #expect(p.values[5] == Double.greatestFiniteMagnitude)
        #expect(p.values[6] == 0.1)
        #expect(p.values[7] == 123456789012345678901234.0)
        #expect(p.values[8] == 16)
        #expect(p.values[9] == 0 && p.values[9].sign == .minus)
    }

    @Test("fast-path decimals equal the standard library's correctly rounded parse")
    func fastPathExact() throws {
        var generator = SystemRandomNumberGenerator()
        var lines = ["time,price"]
        var expected: [Double] = []
        for _ in 0..<2000 {
            let digits = Int.random(in: 1...17, using: &generator)
            let mantissa = UInt64.random(in: 0...(UInt64(10).power(digits) - 1), using: &generator)
            let scale = Int.random(in: 0...digits, using: &generator)
            var text = String(mantissa)
            while text.count <= scale { text = "0" + text }
            if scale > 0 { text.insert(".", at: text.index(text.endIndex, offsetBy: -scale)) }
            lines.append("1,\(text)")
            expected.append(Double(text)!)
        }
        // Ends with a newline: a random last line shorter than the one before it would otherwise
        // (rightly) count as a truncated last line.
        let p = try parse(lines.joined(separator: "\n") + "\n")
        #expect(p.values == expected)
    }
}

extension UInt64 {
    func power(_ n: Int) -> UInt64 { (0..<n).reduce(1) { r, _ in r * self } }
}
