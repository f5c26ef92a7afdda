import LiveTickerCore
import LiveTickerTestSupport
import Testing

@testable import LiveTickerFeed

#if canImport(Glibc)
import Glibc
#endif

@Suite("Binary tick format")
struct BinaryFormatTests {
    static let nanPayload = Double(bitPattern: 0x7FF8_0000_DEAD_BEEF)
    static let signalingNaN = Double(bitPattern: 0x7FF0_0000_0000_0001)
    static let awkward: [Tick] = [
        Tick(time: .min, value: 1.7e308, size: -1.7e308),
        Tick(time: .max, value: -1.7e308, size: 0),
        Tick(time: 0, value: .leastNonzeroMagnitude, size: -.leastNonzeroMagnitude),
        Tick(time: -1, value: nanPayload, size: signalingNaN),
        Tick(time: 5, value: .infinity, size: -.infinity),
        Tick(time: 5, value: -0.0, size: 2.2250738585072014e-308 / 3),
        Tick(time: 3, value: 42, size: 1),
    ]

    func bits(_ ticks: [Tick]) -> [[UInt64]] {
        ticks.map { [UInt64(bitPattern: $0.time), $0.value.bitPattern, $0.size.bitPattern] }
    }

    func readAll(_ path: String, _ configure: (inout FeedOptions) -> Void = { _ in }) throws -> (TickCollector, FeedReport, SymbolTable) {
        var options = FeedOptions()
        configure(&options)
        let reader = try TickFileReader.open(path: path, options: options)
        var collector = TickCollector()
        let report = try reader.read(into: &collector)
        return (collector, report, reader.symbols)
    }

    @Test("round trip keeps every bit: NaN payloads, ±1.7e308, subnormals, Int64 extremes, order")
    func roundTrip() throws {
        let path = temporaryPath("roundtrip")
        defer { unlink(path) }
        let writer = try BinaryTickWriter(path: path, hasSymbols: false)
        for tick in Self.awkward { try writer.write(tick) }
        try writer.finish()
        #expect(TickFileReader.isBinary(path: path))
        let (collector, report, _) = try readAll(path)
        #expect(bits(collector.ticks) == bits(Self.awkward))
        #expect(report.ticks == Self.awkward.count)
        #expect(report.truncatedRecords == 0)
        #expect(report.nonFiniteValues == 2)
        let reader = try BinaryTickReader(path: path)
        #expect(reader.header.isComplete)
        #expect(reader.header.recordCount == UInt64(Self.awkward.count))
        #expect(reader.header.minTime == .min && reader.header.maxTime == .max)
        var info = stat()
        stat(path, &info)
        #expect(Int(info.st_size) == 64 + 24 * Self.awkward.count)
    }

    @Test("header layout is the documented one")
    func headerBytes() {
        var header = BinaryTickFormat.Header(hasSymbols: true)
        header.recordCount = 0x0102
        header.flags |= BinaryTickFormat.flagComplete
        let bytes = header.encoded()
        #expect(bytes.count == 64)
        #expect(Array(bytes[0..<8]) == [0x89, 0x4C, 0x54, 0x4B, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(bytes[8..<16]) == [1, 0, 64, 0, 32, 0, 3, 0])
        #expect(Array(bytes[16..<18]) == [0x02, 0x01])
    }

    @Test("symbols round trip through the table; a filter keeps one symbol as id 0")
    func symbols() throws {
        let path = temporaryPath("symbols")
        defer { unlink(path) }
        let writer = try BinaryTickWriter(path: path, hasSymbols: true)
        try writer.write(Tick(time: 1, value: 1), symbol: SymbolID(0))
        try writer.write(Tick(time: 2, value: 2), symbol: SymbolID(1))
        try writer.write(Tick(time: 3, value: 3), symbol: SymbolID(0))
        try writer.finish(symbols: SymbolTable(names: ["EUR/USD", "ÄÖ"]))
        let (all, _, table) = try readAll(path)
        #expect(all.symbols == [SymbolID(0), SymbolID(1), SymbolID(0)])
        #expect(table.names == ["EUR/USD", "ÄÖ"])
        let (one, report, oneTable) = try readAll(path) { $0.symbol = "ÄÖ" }
        #expect(one.ticks.map(\.value) == [2])
        #expect(one.symbols == [.first])
        #expect(oneTable.names == ["ÄÖ"])
        #expect(report.filteredBySymbol == 2)
        let (range, _, _) = try readAll(path) { $0.from = 2; $0.to = 3 }
        #expect(range.ticks.map(\.value) == [2])
    }

    @Test("a truncated final record is counted, the whole ones are read")
    func truncated() throws {
        let path = temporaryPath("truncated")
        defer { unlink(path) }
        let writer = try BinaryTickWriter(path: path, hasSymbols: false)
        for i in 0..<10 { try writer.write(Tick(time: Int64(i), value: Double(i))) }
        try writer.finish()
        truncate(path, off_t(64 + 24 * 7 + 13))
        let (collector, report, _) = try readAll(path)
        #expect(collector.ticks.map(\.time) == Array(0..<7))
        #expect(report.truncatedRecords == 1)
        #expect(report.summary.contains("1 truncated record"))
    }

    @Test("an unfinished file (writer crashed) is read up to its end")
    func unfinished() throws {
        let path = temporaryPath("unfinished")
        defer { unlink(path) }
        do {
            let writer = try BinaryTickWriter(path: path, hasSymbols: true)
            for i in 0..<5 { try writer.write(Tick(time: Int64(i), value: 1), symbol: SymbolID(UInt32(i % 2))) }
            // No finish: deinit flushes, the header stays incomplete.
        }
        let reader = try BinaryTickReader(path: path)
        #expect(!reader.header.isComplete)
        var collector = TickCollector()
        try reader.read(into: &collector)
        #expect(collector.ticks.count == 5)
        #expect(collector.symbols.map(\.rawValue) == [0, 1, 0, 1, 0])
    }

    @Test("wrong magic, unknown version, short files and bad record sizes are clear errors")
    func badHeaders() throws {
        let path = temporaryPath("bad")
        defer { unlink(path) }
        writeFile(path, Array("time,price\n1,2\n".utf8))
        #expect(throws: FeedError.wrongMagic(path: path)) { try BinaryTickReader(path: path) }
        var header = BinaryTickFormat.Header(hasSymbols: false).encoded()
        header[8] = 9
        writeFile(path, header)
        #expect(throws: FeedError.unsupportedVersion(path: path, version: 9)) { try BinaryTickReader(path: path) }
        writeFile(path, Array(BinaryTickFormat.magic) + [1, 0, 64])
        #expect(throws: FeedError.badBinaryHeader(path: path, reason: "file ends inside the header")) {
            try BinaryTickReader(path: path)
        }
        header = BinaryTickFormat.Header(hasSymbols: true).encoded()
        header[12] = 24
        writeFile(path, header)
        #expect(throws: FeedError.self) { try BinaryTickReader(path: path) }
        writeFile(path, [])
        #expect(throws: FeedError.wrongMagic(path: path)) { try BinaryTickReader(path: path) }
        #expect(FeedError.wrongMagic(path: "x").description.contains("wrong magic"))
    }

    @Test("an empty finished file reads as no ticks")
    func emptyFile() throws {
        let path = temporaryPath("empty")
        defer { unlink(path) }
        try BinaryTickWriter(path: path, hasSymbols: false).finish()
        let (collector, report, _) = try readAll(path)
        #expect(collector.ticks.isEmpty)
        #expect(report.truncatedRecords == 0)
    }

    @Test("convert CSV to binary keeps ticks, symbols and the bad-line report")
    func convert() throws {
        let csv = temporaryPath("in") + ".csv"
        let out = temporaryPath("out") + ".ltk"
        defer {
            unlink(csv)
            unlink(out)
        }
        writeFile(csv, Array("time,symbol,price,size\n1,A,1.5,1\n2,B,nan,2\nbad,A,1,1\n3,A,2.5,3\n".utf8))
        let result = try TickFileConverter.convert(input: csv, output: out)
        #expect(result.records == 3)
        #expect(result.hasSymbols)
        #expect(result.report.count(of: .malformedTime) == 1)
        let (collector, _, table) = try readAll(out)
        #expect(collector.ticks.map(\.time) == [1, 2, 3].map(ns))
        #expect(collector.ticks[1].value.isNaN)
        #expect(table.names == ["A", "B"])
        #expect(collector.symbols.map { table.name(of: $0) } == ["A", "B", "A"])
        // Binary to binary works too, and strict failures leave no output behind.
        let again = temporaryPath("again")
        defer { unlink(again) }
        #expect(try TickFileConverter.convert(input: out, output: again).records == 3)
        let failed = temporaryPath("failed")
        var strict = FeedOptions()
        strict.strict = true
        #expect(throws: FeedError.self) { try TickFileConverter.convert(input: csv, output: failed, options: strict) }
        #expect(access(failed, F_OK) != 0)
    }

    @Test("many records cross chunk boundaries intact")
    func manyRecords() throws {
        let path = temporaryPath("many")
        defer { unlink(path) }
        let writer = try BinaryTickWriter(path: path, hasSymbols: false)
        for i in 0..<100_000 { writer.consume(Tick(time: Int64(i), value: Double(i) * 0.5, size: 1), symbol: .first) }
        try writer.finish()
        var sink = CountingTickSink()
        let reader = try BinaryTickReader(path: path)
        try reader.read(into: &sink)
        #expect(sink.count == 100_000)
        #expect(sink.lastTime == 99_999)
        #expect(sink.valueSum == Double(99_999 * 100_000 / 2) * 0.5)
    }

    /// A finished 3-symbol file of 40 records (32 bytes each, id at byte 24 of each record).
    func symbolFile(_ path: String) throws -> [UInt8] {
        let writer = try BinaryTickWriter(path: path, hasSymbols: true)
        for i in 0..<40 { try writer.write(Tick(time: Int64(i), value: Double(i)), symbol: SymbolID(UInt32(i % 3))) }
        try writer.finish(symbols: SymbolTable(names: ["A", "B", "C"]))
        return try #require(readBytes(path))
    }

    func readBytes(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 1 << 16)
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        return n < 0 ? nil : Array(bytes.prefix(n))
    }

    @Test("a symbol id outside the table is a counted bad record, never a huge table (strict: an error)")
    func corruptSymbolID() throws {
        let path = temporaryPath("badid")
        defer { unlink(path) }
        var bytes = try symbolFile(path)
        // Record 5 (0-based 4) gets id 0x7FFF_FFF0, record 9 gets id 3 (one past the table).
        bytes[64 + 4 * 32 + 24 ..< 64 + 4 * 32 + 28] = [0xF0, 0xFF, 0xFF, 0x7F]
        bytes[64 + 8 * 32 + 24] = 3
        writeFile(path, bytes)
        let (collector, report, table) = try readAll(path)
        let expected: [Int64] = (0..<40).filter { $0 != 4 && $0 != 8 }.map { Int64($0) }
        #expect(collector.ticks.map(\.time) == expected)
        #expect(collector.symbols.allSatisfy { Int($0.rawValue) < table.count })
        #expect(report.badRecords == 2)
        #expect(report.ticks == 38)
        #expect(report.summary.contains("2 bad records (symbol id not in the table)"))
        #expect(throws: FeedError.badRecord(path: path, record: 5, reason: "symbol id 2147483632 is not in the file's table of 3")) {
            try readAll(path) { $0.strict = true }
        }
        // An unfinished file has no table yet: ids are bounded by the most symbols a feed may have.
        var unfinished = bytes
        unfinished[14] &= ~UInt8(truncatingIfNeeded: BinaryTickFormat.flagComplete)
        unfinished[64 + 8 * 32 + 24] = 3
        writeFile(path, Array(unfinished.prefix(64 + 40 * 32)))
        let (rest, restReport, _) = try readAll(path)
        #expect(rest.ticks.count == 39)
        #expect(restReport.badRecords == 1)
        #expect(rest.symbols.allSatisfy { Int($0.rawValue) < SymbolTable.maximumCount })
    }

    @Test("200 random byte flips: every read ends, ids stay in the table, memory stays bounded")
    func randomFlips() throws {
        let path = temporaryPath("flips")
        defer { unlink(path) }
        let original = try symbolFile(path)
        var random = SplitMix64(seed: 10_7)
        for _ in 0..<200 {
            var bytes = original
            for _ in 0..<3 {
                let at = Int(random.next() % UInt64(bytes.count))
                bytes[at] ^= UInt8(truncatingIfNeeded: random.next() | 1)
            }
            writeFile(path, bytes)
            guard let reader = try? TickFileReader.open(path: path, options: FeedOptions()) else { continue }
            var collector = TickCollector()
            guard let report = try? reader.read(into: &collector) else { continue }
            // The header's count may itself be flipped, but never past the bound.
            #expect(collector.symbols.allSatisfy { Int($0.rawValue) < SymbolTable.maximumCount })
            #expect(collector.ticks.count <= 40)
            #expect(report.ticks == collector.ticks.count)
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #expect(usage.ru_maxrss < 2 << 20, "max RSS \(usage.ru_maxrss) KiB")
    }

    @Test("convert writes through a symbolic link and into a device, never replacing either; a failure keeps the old file")
    func convertOutputs() throws {
        var template = Array("/tmp/liveticker-convert-XXXXXX".utf8CString)
        let dir = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        let csv = dir + "/in.csv"
        let real = dir + "/real.ltk"
        let link = dir + "/link.ltk"
        let device = dir + "/null"
        defer {
            for path in [csv, real, link, device] { unlink(path) }
            rmdir(dir)
        }
        writeFile(csv, Array("time,price\n1,1.5\n2,2.5\n".utf8))
        #expect(symlink("real.ltk", link) == 0)
        #expect(try TickFileConverter.convert(input: csv, output: link).records == 2)
        var info = stat()
        #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        #expect(lstat(real, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
        #expect(try readAll(real).0.ticks.count == 2)
        // A private /dev/null when root may make one; else the real one (never replaced either way).
        let null = mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 ? device : "/dev/null"
        #expect(try TickFileConverter.convert(input: csv, output: null).records == 2)
        #expect(lstat(null, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
        // Strict failure: the previous output stays whole, and no temporary file is left.
        writeFile(csv, Array("time,price\n1,1.5\n2,oops\n".utf8))
        var strict = FeedOptions()
        strict.strict = true
        #expect(throws: FeedError.self) { try TickFileConverter.convert(input: csv, output: link, options: strict) }
        #expect(try readAll(real).0.ticks.map(\.value) == [1.5, 2.5])
        var names: [String] = []
        if let handle = opendir(dir) {
            while let entry = readdir(handle) {
                names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.baseAddress!.assumingMemoryBound(to: CChar.self)) })
            }
            closedir(handle)
        }
        #expect(names.filter { $0.hasPrefix(".real") }.isEmpty, "left behind: \(names)")
    }
}
