#if canImport(Glibc)
import Glibc
#endif
import LiveTickerTestSupport
import Testing
@testable import LiveTickerFeed

/// `CSVNumericColumns` (the input of `liveticker downsample`) streams its file through a
/// fixed buffer: rows must come out the same wherever the buffer boundaries fall, and a line
/// longer than the buffer is counted and skipped, not held.
@Suite("CSV numeric columns, streamed")
struct NumericColumnsTests {
    /// `count` rows `t,value` (t = 1000 + i, value = i/4), with bad and blank lines mixed in;
    /// returns the file and the rows a correct reader keeps, as (data row, x, y).
    func makeFile(count: Int, longLineAt: Int? = nil, trailingNewline: Bool = true) -> ([UInt8], [(Int, Double, Double)]) {
        var text: [UInt8] = Array("\n\ntime,value,extra\r\n".utf8)
        var kept: [(Int, Double, Double)] = []
        var row = 0
        for i in 0..<count {
            if i == longLineAt {
                text += Array(repeating: UInt8(ascii: "9"), count: CSVNumericColumns.bufferSize + 100) + [10]
                row += 1
            }
            switch i % 997 {
            case 5: text += Array("oops,1\n".utf8); row += 1  // malformed number
            case 6: text += Array("\n".utf8)  // blank: not a data row
            case 7: text += Array("12\n".utf8); row += 1  // missing field
            default:
                let line = "\(1000 + i),\(Double(i) / 4),x" + (i % 3 == 0 ? "\r\n" : "\n")
                text += Array(line.utf8)
                kept.append((row, Double(1000 + i), Double(i) / 4))
                row += 1
            }
        }
        if !trailingNewline, text.last == 10 { text.removeLast() }
        return (text, kept)
    }

    func check(_ bytes: [UInt8], _ expected: [(Int, Double, Double)], tag: String) throws -> CSVNumericColumns {
        let path = temporaryPath(tag)
        writeFile(path, bytes)
        defer { unlink(path) }
        let table = try CSVNumericColumns.read(path: path, x: .column(.name("TIME")), y: .name("value"))
        #expect(table.header == ["time", "value", "extra"])
        #expect(table.y.count == expected.count)
        if table.y.count == expected.count {
            for (k, e) in expected.enumerated() where table.row(ofKept: k) != e.0 || table.x[k] != e.1 || table.y[k] != e.2 {
                Issue.record("kept row \(k): got (\(table.row(ofKept: k)), \(table.x[k]), \(table.y[k])), expected \(e)")
                break
            }
            #expect(table.rows == expected.map(\.0))
        }
        #expect(table.report.bytes == bytes.count)
        return table
    }

    @Test("several buffers' worth of rows: every row kept in order, bad rows counted with line numbers")
    func acrossBuffers() throws {
        let (bytes, expected) = makeFile(count: 700_000)
        #expect(bytes.count > 3 * CSVNumericColumns.bufferSize)
        let table = try check(bytes, expected, tag: "numeric-many")
        #expect(table.report.badCounts[BadLineKind.malformedNumber.rawValue] == (0..<700_000).count { $0 % 997 == 5 })
        #expect(table.report.badCounts[BadLineKind.missingField.rawValue] == (0..<700_000).count { $0 % 997 == 7 })
        // Lines: 2 blank, the header (line 3), then data; the first bad line is data row 5.
        #expect(table.report.firstBadLines.first?.line == 3 + 5 + 1)
    }

    /// Reads `bytes` on one thread and on `threads` threads cutting ranges of at least
    /// `chunk` bytes, and checks that both give the same table: values bit for bit, row
    /// numbers, the report (counts, bytes, first bad lines with their line numbers).
    func checkParallel(_ bytes: [UInt8], x: CSVNumericColumns.XSource = .column(.index(0)), y: ColumnSelector? = nil, threads: [Int], chunk: Int, tag: String) throws {
        let path = temporaryPath(tag)
        writeFile(path, bytes)
        defer { unlink(path) }
        let serial = try CSVNumericColumns.read(path: path, x: x, y: y, threads: 1, minimumChunkBytes: chunk)
        #expect(serial.report.bytes == bytes.count)
        for count in threads {
            let parallel = try CSVNumericColumns.read(path: path, x: x, y: y, threads: count, minimumChunkBytes: chunk)
            #expect(parallel.header == serial.header)
            #expect(parallel.y.count == serial.y.count, "\(tag), \(count) threads: rows kept")
            // The first difference only: a whole column in a message would bury it.
            let rows = parallel.rows, serialRows = serial.rows
            if let k = serial.y.indices.first(where: {
                $0 >= parallel.y.count || parallel.x[$0].bitPattern != serial.x[$0].bitPattern
                    || parallel.y[$0].bitPattern != serial.y[$0].bitPattern || rows[$0] != serialRows[$0]
            }) {
                Issue.record("\(tag), \(count) threads: kept row \(k) differs from one thread's (\(serialRows[k]), \(serial.x[k]), \(serial.y[k]))")
            }
            #expect(parallel.report == serial.report, "\(tag), \(count) threads: \(parallel.report.summary) against \(serial.report.summary)")
        }
    }

    @Test("read on several threads: the same rows, row numbers, counts and bad-line numbers as one thread, wherever the ranges are cut")
    func parallelEqualsSerial() throws {
        let (bytes, expected) = makeFile(count: 20_000)
        // Many small ranges, so cuts land beside bad, blank and CRLF lines.
        try checkParallel(bytes, x: .column(.name("time")), y: .name("value"), threads: [2, 3, 7, 64], chunk: 1_000, tag: "parallel-small")
        try checkParallel(bytes, x: .rowIndex, y: .name("value"), threads: [2, 5], chunk: 3_000, tag: "parallel-index")
        let (open, _) = makeFile(count: 20_000, trailingNewline: false)
        try checkParallel(open, threads: [2, 4], chunk: 2_000, tag: "parallel-no-newline")
        // The bad lines of later ranges are reported with their own line numbers.
        let path = temporaryPath("parallel-lines")
        writeFile(path, bytes)
        defer { unlink(path) }
        let table = try CSVNumericColumns.read(path: path, x: .column(.name("TIME")), y: .name("value"), threads: 8, minimumChunkBytes: 1_000)
        #expect(table.rows == expected.map(\.0))
        #expect(table.report.firstBadLines.map(\.line) == [9, 11, 1006, 1008, 2003])
    }

    @Test("read on several threads: a line longer than the buffer across a cut, and a short file, read as on one thread")
    func parallelLongLineAndShortFile() throws {
        let (bytes, _) = makeFile(count: 40_000, longLineAt: 20_000)
        try checkParallel(bytes, threads: [2, 3], chunk: 1 << 20, tag: "parallel-long")
        // Shorter than two ranges: one thread reads it.
        let (short, _) = makeFile(count: 10)
        try checkParallel(short, threads: [2], chunk: 1 << 20, tag: "parallel-short")
        // A header only.
        try checkParallel(Array("\n\na,b\n".utf8) + Array(repeating: 10, count: 5_000), threads: [4], chunk: 100, tag: "parallel-blank")
        // The header past the first 64 KB read: after 70 000 blank lines, and one 100 000 bytes long.
        let (data, _) = makeFile(count: 2_000)
        try checkParallel(Array(repeating: 10, count: 70_000) + data, threads: [3], chunk: 5_000, tag: "parallel-late-header")
        let wide = Array("time,value,".utf8) + Array(repeating: UInt8(ascii: "w"), count: 100_000) + [10]
        try checkParallel(wide + Array("1,2,3\n4,5,6\n".utf8) + data.dropFirst(20), threads: [2], chunk: 4_000, tag: "parallel-wide-header")
    }

    @Test("a FIFO asked for several threads is read on one, from where it stands (it has no offsets to read at)")
    func fifoWithThreads() throws {
        let path = temporaryPath("numeric-fifo")
        unlink(path)
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let (bytes, expected) = makeFile(count: 3_000)
        let writer = feedFIFO(path, bytes)
        defer { writer.join() }
        let table = try CSVNumericColumns.read(path: path, x: .column(.name("time")), y: .name("value"), threads: 4, minimumChunkBytes: 100)
        #expect(table.rows == expected.map(\.0))
        #expect(table.report.bytes == bytes.count)
    }

    @Test("no newline at the end: the last row is still read")
    func noTrailingNewline() throws {
        let (bytes, expected) = makeFile(count: 1000, trailingNewline: false)
        _ = try check(bytes, expected, tag: "numeric-no-newline")
    }

    @Test("a line longer than the buffer is counted as too long and skipped; rows after it keep their numbers")
    func longLine() throws {
        let (bytes, expected) = makeFile(count: 50_000, longLineAt: 30_000)
        let table = try check(bytes, expected, tag: "numeric-long")
        #expect(table.report.badCounts[BadLineKind.lineTooLong.rawValue] == 1)
    }

    @Test("empty and header-only files")
    func emptyAndHeaderOnly() throws {
        let path = temporaryPath("numeric-empty")
        defer { unlink(path) }
        writeFile(path, Array("\n\n".utf8))
        #expect(throws: FeedError.self) { try CSVNumericColumns.read(path: path) }
        writeFile(path, Array("a,b".utf8))
        let table = try CSVNumericColumns.read(path: path)
        #expect(table.header == ["a", "b"] && table.y.isEmpty)
    }

    @Test("an OHLC bar file downsamples its closes over its dates, with no flags")
    func barFileClosesOverDates() throws {
        let path = temporaryPath("numeric-yahoo")
        defer { unlink(path) }
        writeFile(path, Array("Date,Open,High,Low,Close,Adj Close,Volume\n2024-03-01,179.55,180.53,177.38,179.66,179.17,73488000\n2024-03-04,null,null,null,null,null,null\n2024-03-05,170.76,172.04,169.62,170.12,169.66,95132400\n".utf8))
        let table = try CSVNumericColumns.read(path: path)
        #expect(table.report.badLines == 0, "\(table.report.summary)")
        #expect(table.x == [1_709_251_200, 1_709_510_400, 1_709_596_800])
        #expect(table.y[0] == 179.66 && table.y[1].isNaN && table.y[2] == 170.12)
        // A header naming no value keeps the second column.
        writeFile(path, Array("time_s,millivolts\n0,1.5\n".utf8))
        #expect(try CSVNumericColumns.read(path: path).y == [1.5])
    }

    @Test("plain x,y lines (the fast path) and every other form mixed: each value is Swift's own parse of its text, bad lines counted with their numbers")
    func plainAndGeneralFormsAgree() throws {
        var generator = SystemRandomNumberGenerator()
        func digits(_ n: Int) -> String { String((0..<n).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) }) }
        // (x text, y text, line ending or rest): forms the fast path takes and forms it leaves.
        func field() -> String {
            switch Int.random(in: 0..<14, using: &generator) {
            case 0: return digits(Int.random(in: 1...15, using: &generator))  // epoch-like integer
            case 1: return digits(Int.random(in: 1...7, using: &generator)) + "." + digits(Int.random(in: 0...7, using: &generator))
            case 2: return "-" + digits(Int.random(in: 1...6, using: &generator)) + "." + digits(Int.random(in: 1...4, using: &generator))
            case 3: return digits(Int.random(in: 16...19, using: &generator))  // past 15 digits: general
            case 4: return "0." + digits(Int.random(in: 8...12, using: &generator))  // long fraction
            case 5: return digits(3) + "e" + String(Int.random(in: -5...5, using: &generator))
            case 6: return "+" + digits(2)
            case 7: return "-0"
            case 8: return "." + digits(3)
            case 9: return digits(2) + "."
            case 10: return "1.7976931348623157e308"
            case 11: return "4.9e-324"
            case 12: return digits(8) + "." + digits(2)  // 8 integer digits: general
            default: return digits(Int.random(in: 1...4, using: &generator)) + "." + digits(2)
            }
        }
        var text = "x,y,extra\n"
        var expected: [(row: Int, x: Double, y: Double)] = []
        var badLines: [Int] = []
        var row = 0
        for line in 2...20_000 {
            switch Int.random(in: 0..<40, using: &generator) {
            case 0:
                text += "abc,1\n"
                badLines.append(line)
            case 1:
                text += digits(4) + "\n"  // missing field
                badLines.append(line)
            case 2:
                let x = field(), y = field()
                text += "\"\(x)\",\(y)\n"  // quoted x: general
                expected.append((row, Double(x)!, Double(y)!))
            default:
                let x = field(), y = field()
                let ending = ["\n", "\r\n", ",7\n", ",\"q,r\"\n"][Int.random(in: 0..<4, using: &generator)]
                text += "\(x),\(y)\(ending)"
                expected.append((row, Double(x)!, Double(y)!))
            }
            row += 1
        }
        let path = temporaryPath("plain-mixed")
        writeFile(path, Array(text.utf8))
        defer { unlink(path) }
        let table = try CSVNumericColumns.read(path: path)
        try #require(table.y.count == expected.count)
        for (k, e) in expected.enumerated() {
            #expect(table.x[k].bitPattern == e.x.bitPattern && table.y[k].bitPattern == e.y.bitPattern && table.row(ofKept: k) == e.row,
                    "kept row \(k): \(table.x[k]), \(table.y[k]) at \(table.row(ofKept: k)); expected \(e)")
        }
        #expect(table.report.lines == row)
        #expect(table.report.ticks == expected.count)
        #expect(table.report.badLines == badLines.count)
        #expect(table.report.firstBadLines.map(\.line) == Array(badLines.prefix(table.report.firstBadLines.count)))
        try checkParallel(Array(text.utf8), threads: [2, 6], chunk: 4_096, tag: "plain-mixed-parallel")
    }
}
