import LiveTickerCore
import Testing

@testable import LiveTickerFeed

@Suite("Bad input loses nothing good")
struct BadInputTests {
    @Test("empty input is an error; a header alone gives no ticks")
    func emptyAndHeaderOnly() throws {
        #expect(throws: FeedError.emptyInput(path: "<memory>")) { try parse("") }
        #expect(throws: FeedError.emptyInput(path: "<memory>")) { try parse("\n\r\n\n") }
        let p = try parse("time,price\n")
        #expect(p.ticks.isEmpty)
        #expect(p.report.lines == 1)
        #expect(p.report.badLines == 0)
        #expect(try parse("time,price").ticks.isEmpty)
    }

    @Test("missing required columns name what is missing and the header found")
    func missingColumns() {
        do {
            _ = try parse("moment,size,qty\n1,2,3\n")
            Issue.record("expected an error")
        } catch let error as FeedError {
            guard case let .missingColumns(missing, header) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            // "moment" is not a time name (and 1 is no plausible time); it becomes the value.
            #expect(header == ["moment", "size", "qty"])
            #expect(missing.count == 1)
            #expect(missing.first?.hasPrefix("time") == true)
            #expect(error.description.contains("header has: moment, size, qty"))
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(throws: FeedError.self) { try parse("time,size\n1,2\n") }
        do {
            _ = try parse("size\n1\n")
            Issue.record("expected an error")
        } catch let FeedError.missingColumns(missing, header) {
            #expect(header == ["size"])
            #expect(missing.count == 2)
            #expect(missing.last?.hasPrefix("value") == true)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("each bad line is skipped and counted by kind; good lines around it all arrive")
    func mixedBadLines() throws {
        let text = """
            time,price,size
            1,10,1
            2,abc,1
            3,11,1
            x,12,1
            4
            5,13,zz
            6,"14,1
            7,15,1
            8,nan,1
            9,inf,1
            10,-inf,1
            11,,1
            12,16,

            """
        let p = try parse(text)
        #expect(p.times == [1, 3, 7, 8, 9, 10, 11, 12].map(ns))
        #expect(p.values[0] == 10 && p.values[1] == 11 && p.values[2] == 15)
        #expect(p.values[3].isNaN && p.values[4] == .infinity && p.values[5] == -.infinity && p.values[6].isNaN)
        #expect(p.values[7] == 16 && p.ticks[7].size == 0)
        #expect(p.report.count(of: .malformedNumber) == 2)
        #expect(p.report.count(of: .malformedTime) == 1)
        #expect(p.report.count(of: .missingField) == 1)
        #expect(p.report.count(of: .unterminatedQuote) == 1)
        #expect(p.report.badLines == 5)
        #expect(p.report.nonFiniteValues == 4)
        #expect(p.report.firstBadLines.map(\.line) == [3, 5, 6, 7, 8])
        #expect(p.report.firstBadLines.map(\.kind) == [.malformedNumber, .malformedTime, .missingField, .malformedNumber, .unterminatedQuote])
        #expect(p.report.firstBadLines[0].column == "price")
        #expect(p.report.firstBadLines[0].excerpt == "2,abc,1")
        #expect(p.report.firstBadLines[3].column == "size")
        #expect(p.report.summary.contains("5 bad lines (1 malformed time, 2 malformed number, 1 missing field, 1 unterminated quote)"))
        #expect(p.report.summary.contains("line 3: malformed number in column \"price\": 2,abc,1"))
    }

    @Test("only the first few bad lines are remembered, all are counted")
    func rememberedLimit() throws {
        let text = "time,price\n" + (1...20).map { "\($0),bad" }.joined(separator: "\n") + "\n21,1\n"
        let p = try parse(text)
        #expect(p.report.count(of: .malformedNumber) == 20)
        #expect(p.report.firstBadLines.map(\.line) == [2, 3, 4, 5, 6])
        #expect(p.values == [1])
        #expect(p.report.summary.contains("… and 15 more"))
    }

    @Test("strict mode throws the first bad line")
    func strict() {
        #expect(throws: FeedError.badLine(BadLine(line: 3, kind: .malformedNumber, column: "price", excerpt: "2,oops"))) {
            try parse("time,price\n1,1\n2,oops\n3,3\n") { $0.strict = true }
        }
        #expect(throws: Never.self) { try parse("time,price\n1,1\n2,nan\n") { $0.strict = true } }
    }

    @Test("duplicate and backwards timestamps are kept in arrival order")
    func backwards() throws {
        let p = try parse("time,price\n5,1\n5,2\n3,3\n9,4\n")
        #expect(p.times == [5, 5, 3, 9].map(ns))
        #expect(p.report.badLines == 0)
    }

    @Test("a line of several megabytes is skipped and counted with bounded memory")
    func hugeLine() throws {
        var bytes = Array("time,price\n1,1\n2,".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "7"), count: 3_000_000)
        bytes += Array("\n3,3\n".utf8)
        let p = try parse(bytes: bytes) { $0.bufferSize = 64 * 1024 }
        #expect(p.values == [1, 3])
        #expect(p.report.count(of: .lineTooLong) == 1)
        #expect(p.report.firstBadLines.map(\.line) == [3])
        #expect(p.report.lines == 4)
        // At the very end, without a newline, too.
        var tail = Array("time,price\n1,1\n".utf8)
        tail += [UInt8](repeating: UInt8(ascii: "x"), count: 300_000)
        let q = try parse(bytes: tail) { $0.bufferSize = 4096 }
        #expect(q.values == [1])
        #expect(q.report.count(of: .lineTooLong) == 1)
    }

    @Test("a long line that fits the buffer parses (the value column is early)")
    func longLineFits() throws {
        let p = try parse("time,price,note\n1,2," + String(repeating: "n", count: 100_000) + "\n2,3,x\n")
        #expect(p.values == [2, 3])
    }

    @Test("invalid UTF-8 is just bytes")
    func invalidUTF8() throws {
        var bytes = Array("time,sym,price\n1,".utf8)
        bytes += [0xFF, 0xFE, 0xC3]
        bytes += Array(",5\n2,\u{e9},6\n3,abc\u{0}def,7\n".utf8)
        let p = try parse(bytes: bytes)
        #expect(p.values == [5, 6, 7])
        #expect(p.table.nameBytes[0] == [0xFF, 0xFE, 0xC3])
        #expect(p.table.count == 3)
    }

    @Test("garbage bytes and NULs in a number field are malformed, not crashes")
    func garbage() throws {
        let bytes = Array("time,price\n1,1\u{0}\n2,\u{1}\u{2}\n3,\"\"\n4,3\n".utf8)
        let p = try parse(bytes: bytes)
        #expect(p.times == [ns(3), ns(4)])
        #expect(p.values[0].isNaN)
        #expect(p.report.count(of: .malformedNumber) == 2)
    }

    @Test("blank lines are skipped silently but counted for line numbers")
    func blankLines() throws {
        let p = try parse("\n\ntime,price\n\n1,1\r\n\n2,x\n")
        #expect(p.values == [1])
        #expect(p.report.blankLines == 4)
        #expect(p.report.firstBadLines.map(\.line) == [7])
    }

    @Test("time range filter keeps from ≤ t < to")
    func timeRange() throws {
        let p = try parse("time,price\n1,1\n2,2\n3,3\n4,4\n") {
            $0.from = ns(2)
            $0.to = ns(4)
        }
        #expect(p.values == [2, 3])
        #expect(p.report.filteredByTime == 2)
    }

    @Test("a last line cut short without its newline is counted, not charted (also strict)")
    func truncatedLastLine() throws {
        // A writer killed mid-line: "2,ACME,101.50" became "2,ACME,1" (a -99 % "crash").
        let p = try parse("time,sym,price\n1,ACME,101.25\n2,ACME,1")
        #expect(p.values == [101.25])
        #expect(p.report.count(of: .truncatedLastLine) == 1)
        #expect(p.report.firstBadLines.map(\.line) == [3])
        #expect(p.report.firstBadLines.first?.excerpt == "2,ACME,1")
        #expect(p.report.lines == 3)
        #expect(p.report.summary.contains("1 truncated last line"))
        #expect(throws: FeedError.badLine(BadLine(line: 3, kind: .truncatedLastLine, column: "", excerpt: "2,ACME,1"))) {
            try parse("time,sym,price\n1,ACME,101.25\n2,ACME,1") { $0.strict = true }
        }
        // Cut at a delimiter: fewer fields than the line before (or the header).
        #expect(try parse("time,sym,price\n1,ACME,101.25\n2,ACME").report.count(of: .truncatedLastLine) == 1)
        #expect(try parse("time,price\n1").report.count(of: .truncatedLastLine) == 1)
        // Cut just after a separator, or losing a time's fraction or its `Z`.
        #expect(try parse("time,sym,price\n1,ACME,101.25\n2,ACME,101.").values == [101.25])
        #expect(try parse("time,price\n1,1.5e3\n2,1e").report.count(of: .truncatedLastLine) == 1)
        let times = "price,time\n1,2024-03-01T09:30:07.123Z\n"
        for cut in ["2,2024-03-01T09:30:0", "2,2024-03-01T09:30:", "2,2024-03-01T", "2,2024-03-01T09:30:07", "2,2024-03-01T09:30:07.12"] {
            let p = try parse(times + cut)
            #expect(p.values == [1], "\(cut)")
            #expect(p.report.count(of: .truncatedLastLine) == 1, "\(cut)")
            #expect(p.report.badLines == 1, "\(cut)")
        }
        // A last line that passes the marks but does not parse is cut too (not a malformed number).
        let unparsable = try parse("time,price\n1,1.5\n2,1.x")
        #expect(unparsable.report.count(of: .truncatedLastLine) == 1)
        #expect(unparsable.report.badLines == 1)
        // Across many reads (a small buffer), after blank lines, with CRLF.
        let long = "time,price\r\n" + (1...500).map { "\($0),100.25\r\n" }.joined() + "\r\n501,100"
        let q = try parse(long) { $0.bufferSize = 256 }
        #expect(q.values.count == 500)
        #expect(q.report.count(of: .truncatedLastLine) == 1)
        #expect(q.report.firstBadLines.map(\.line) == [503])
    }

    @Test("a complete last line without a newline is kept (many exports omit it)")
    func unterminatedCompleteLastLine() throws {
        let p = try parse("time,sym,price\n1,ACME,101.25\n2,ACME,101.50") { $0.strict = true }
        #expect(p.values == [101.25, 101.5])
        #expect(try parse("time,price\n1,9.5\n2,10.25").values == [9.5, 10.25])
        // A shorter number of the same form is whole (it was dropped as cut before).
        #expect(try parse("time,price\n1,10.25\n2,9.5") { $0.strict = true }.values == [10.25, 9.5])
        #expect(try parse("time,sym,price\n1,ACME,101.25\n2,ACME,101.5").values == [101.25, 101.5])
        #expect(try parse("time,price,size\n1,1.5,100\n2,1.25,7").values == [1.5, 1.25])
        #expect(try parse("price,time\n1,2024-03-01T09:30:07.123Z\n2,2024-03-01T09:30:08.5Z").values == [1, 2])
        #expect(try parse("time,price,sym\n1,1.5,ACME\n2,2.5,X").values == [1.5, 2.5])
        #expect(try parse("time,price\r\n1,1.5\r\n2,2.5").values == [1.5, 2.5])
        // Only the header before it: its names do not say how long a value is.
        #expect(try parse("time,price\n1,2") { $0.strict = true }.values == [2])
        #expect(try parse("1,2\n2,3").values == [2, 3])
        // A newline-terminated short last line is an ordinary line.
        #expect(try parse("time,price\n1,101.25\n2,1\n").values == [101.25, 1])
    }

    @Test("input without line breaks (/dev/zero) ends the read with a clear error after a bound")
    func noLineBreaks() throws {
        let zeros = [UInt8](repeating: 0, count: 200_000)
        #expect(throws: FeedError.noLineBreak(path: "<memory>", bytes: 65_536)) {
            try parse(bytes: Array("time,price\n1,1\n".utf8) + zeros) {
                $0.bufferSize = 4096
                $0.maximumLineRun = 65_536
            }
        }
        // Under the bound, one long line is still skipped and counted, and reading goes on.
        let p = try parse(bytes: Array("time,price\n1,1\n".utf8) + zeros.prefix(60_000) + Array("\n2,2\n".utf8)) {
            $0.bufferSize = 4096
            $0.maximumLineRun = 65_536
        }
        #expect(p.values == [1, 2])
        #expect(p.report.count(of: .lineTooLong) == 1)
        // The real device, with the default bounds (1 MiB buffer, 64 MiB run).
        let reader = try CSVTickReader(path: "/dev/zero")
        var failure: FeedError?
        do throws(FeedError) {
            while try reader.nextBatch() != nil {}
        } catch {
            failure = error
        }
        guard case let .noLineBreak(path, bytes)? = failure else {
            Issue.record("expected noLineBreak, got \(String(describing: failure))")
            return
        }
        #expect(path == "/dev/zero")
        #expect(bytes >= 64 << 20 && bytes < 66 << 20)
        #expect(failure!.description.contains("/dev/zero: no line break in"))
    }
}
