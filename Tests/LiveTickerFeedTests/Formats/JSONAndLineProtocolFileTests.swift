import LiveTickerCore
import Testing

@testable import LiveTickerFeed

/// JSON and line-protocol files through the file reader, detected with no flags.
@Suite struct JSONAndLineProtocolFileTests {
    func read(_ text: String, bufferSize: Int = 1 << 20, _ configure: (inout FeedOptions) -> Void = { _ in }) throws
        -> (parsed: Parsed, format: TickTextFormat?)
    {
        var options = FeedOptions()
        options.bufferSize = bufferSize
        configure(&options)
        let bytes = Array(text.utf8)
        var collector = TickCollector()
        var format: TickTextFormat?
        var report = FeedReport()
        var table = SymbolTable()
        try bytes.withUnsafeBytes { raw throws in
            let reader = CSVTickReader(memory: raw, options: options)
            try reader.read(into: &collector)
            format = reader.textFormat
            report = reader.report
            table = reader.symbols
        }
        return (Parsed(ticks: collector.ticks, symbols: collector.symbols, report: report, table: table), format)
    }

    @Test func ndjsonTradesWithBOMAndCRLF() throws {
        let text = "\u{FEFF}" + #"{"time":"2024-03-01T09:30:00Z","price":101.25,"size":100,"symbol":"ACME"}"# + "\r\n"
            + #"{"time":"2024-03-01T09:30:01Z","price":101.5,"size":50,"symbol":"ACME"}"# + "\r\n\r\n"
            + #"{"time":"2024-03-01T09:30:02Z","price":"oops","size":50,"symbol":"ACME"}"# + "\r\n"
            + #"{"time":"2024-03-01T09:30:03Z","price":101.0,"size":10,"symbol":"ACME"}"#
        let (p, format) = try read(text)
        #expect(format == .ndjson)
        #expect(p.values == [101.25, 101.5, 101.0])
        #expect(p.times == [ns(march1At0930), ns(march1At0930 + 1), ns(march1At0930 + 3)])
        #expect(p.names == ["ACME", "ACME", "ACME"])
        #expect(p.report.ticks == 3)
        #expect(p.report.lines == 5)
        #expect(p.report.blankLines == 1)
        #expect(p.report.count(of: .malformedNumber) == 1)
        #expect(p.report.firstBadLines.first?.line == 4)
    }

    @Test func prettyPrintedArraySpanningReads() throws {
        // json.dump(rows, indent=2): elements over several lines, and a buffer so small that
        // elements straddle reads.
        var text = "[\n"
        for i in 0..<50 {
            text += "  {\n    \"timestamp\": \(1_709_285_400 + i),\n    \"close\": \(100 + i).5\n  }" + (i < 49 ? ",\n" : "\n")
        }
        text += "]\n"
        for size in [256, 300, 1 << 20] {
            let (p, format) = try read(text, bufferSize: size)
            #expect(format == .jsonArray)
            #expect(p.values == (0..<50).map { Double(100 + $0) + 0.5 }, "buffer \(size)")
            #expect(p.report.badLines == 0, "buffer \(size): \(p.report.summary)")
        }
    }

    @Test func arrayOfKlineRowsOnOneLine() throws {
        let text = #"[[1709251200000,"61130.99","61200.00","61100.00","61150.50","12.5",1709251259999,"764000.1",1200,"6.1","373000.2","0"],[1709251260000,"61150.50","61180.00","61120.00","61160.00","8.25",1709251319999,"504000.0",900,"4.0","244000.0","0"]]"#
        let (p, format) = try read(text)
        #expect(format == .jsonArray)
        #expect(p.values == [61150.50, 61160.00])
    }

    @Test func unclosedArrayAndBadElementsAreCounted() throws {
        let text = "[\n{\"t\": 1709285400, \"price\": 1},\n{\"t\": 1709285401, \"price\": },\n{\"t\": 1709285402, \"price\": 3}\n"
        let (p, _) = try read(text)
        #expect(p.values == [1, 3])
        #expect(p.report.count(of: .malformedJSON) == 2, "\(p.report.summary)")
        #expect(p.report.firstBadLines.map(\.line) == [3, 4])
    }

    @Test func ndjsonRowsOfScalars() throws {
        let (p, format) = try read("[1709285400, 1.5]\n[1709285401, 2.5]\n")
        #expect(format == .ndjson)
        #expect(p.values == [1.5, 2.5])
    }

    @Test func telegrafFileManySeries() throws {
        var text = ""
        for i in 0..<100 {
            text += "cpu,cpu=cpu-total,host=pi usage_idle=\(90 + i % 7),usage_user=\(i % 5) \(1_709_251_200 + i)000000000\n"
        }
        // A batch smaller than one line's fields makes the reader carry ticks over.
        let (p, format) = try read(text) { $0.batchCapacity = 3 }
        #expect(format == .lineProtocol)
        #expect(p.ticks.count == 200)
        #expect(p.table.names == ["cpu.usage_idle{cpu=cpu-total,host=pi}", "cpu.usage_user{cpu=cpu-total,host=pi}"])
        #expect(p.values.prefix(4) == [90, 0, 91, 1])
        #expect(p.report.ticks == 200)
        #expect(p.report.lines == 100)
    }

    @Test func csvIsStillCSV() throws {
        let (p, format) = try read("time,price\n2024-03-01T09:30:00Z,1\n")
        #expect(format == .csv)
        #expect(p.values == [1])
    }
}
