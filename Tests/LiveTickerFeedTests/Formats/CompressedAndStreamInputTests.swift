import LiveTickerCore
import LiveTickerTestSupport
import Testing

@testable import LiveTickerFeed

#if canImport(Glibc)
import Glibc
#endif

/// gzip files by their magic bytes, and what `convert` and standard input must not get wrong.
@Suite struct CompressedAndStreamInputTests {
    // Made with Python's gzip.compress(…, mtime=0): a CSV in two members (as `cat a.gz b.gz`).
    static let first: [UInt8] = [0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0x2b, 0xc9, 0xcc, 0x4d, 0xd5, 0x29, 0x28, 0xca, 0x4c, 0x4e, 0xd5, 0x29, 0xce, 0xac, 0x4a, 0xe5, 0xe5, 0x32, 0x32, 0x30, 0x32, 0xd1, 0x35, 0x30, 0xd6, 0x35, 0x30, 0x0c, 0x31, 0xb0, 0xb4, 0x32, 0x36, 0xb0, 0x32, 0x30, 0x88, 0xd2, 0x31, 0x34, 0x30, 0xd4, 0x33, 0x32, 0x05, 0x52, 0x06, 0xd8, 0x14, 0x18, 0x42, 0x14, 0x98, 0xea, 0x98, 0x02, 0xa5, 0x01, 0xa2, 0xfa, 0x93, 0xb9, 0x51, 0x00, 0x00, 0x00]
    static let second: [UInt8] = [0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0x33, 0x32, 0x30, 0x32, 0xd1, 0x35, 0x30, 0xd6, 0x35, 0x30, 0x0c, 0x31, 0xb0, 0xb4, 0x32, 0x36, 0xb0, 0x32, 0x30, 0x8a, 0xd2, 0x31, 0x34, 0x30, 0xd4, 0x33, 0x37, 0x05, 0x52, 0xbc, 0x5c, 0x00, 0x7a, 0xc2, 0xde, 0x27, 0x20, 0x00, 0x00, 0x00]

    func readAll(_ reader: any TickBatchReader) throws -> [Tick] {
        var collector = TickCollector()
        try reader.read(into: &collector)
        return collector.ticks
    }

    @Test("a .csv.gz (any name) is read by its magic bytes, members one after another")
    func gzipFile() throws {
        let path = temporaryPath("gz") + ".csv.gz"
        defer { unlink(path) }
        writeFile(path, Self.first + Self.second)
        let reader = try TickFileReader.open(path: path)
        let ticks = try readAll(reader)
        #expect(ticks.map(\.value) == [101.25, 101.5, 101.75])
        #expect(reader.report.badLines == 0)
        // The summary says it was compressed (it said only `CSV (…)`).
        #expect(reader.formatDescription.hasPrefix("gzip-compressed CSV (',', header)"), "\(reader.formatDescription)")
        // The same bytes under a name without .gz.
        let plain = temporaryPath("gzip-named-csv") + ".csv"
        defer { unlink(plain) }
        writeFile(plain, Self.first)
        #expect(try readAll(try TickFileReader.open(path: plain)).count == 2)
    }

    @Test("gzip data cut off is read up to the cut: the ticks before it, the line it cut counted, the summary says so; corrupt data is an error")
    func truncatedGzip() throws {
        // The bundled onvista export, compressed, cut at two points.
        let fd = open("Samples/dax-onvista-de.csv.gz", O_RDONLY)
        try #require(fd >= 0, "tests run from the package root")
        var whole = [UInt8](repeating: 0, count: 1 << 20)
        let size = whole.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        close(fd)
        whole.removeSubrange(size...)
        let path = temporaryPath("gz-cut") + ".csv.gz"
        defer { unlink(path) }
        writeFile(path, whole)
        let all = try readAll(try TickFileReader.open(path: path))
        for cut in [size / 2, size - 9] {
            writeFile(path, Array(whole[..<cut]))
            let reader = try TickFileReader.open(path: path)
            let ticks = try readAll(reader)
            // Cut in the trailer (its checksum), every line decoded whole.
            #expect(ticks.count > 100 && (ticks.count < all.count || cut > size - 10), "cut at \(cut)")
            #expect(ticks == Array(all.prefix(ticks.count)), "every tick before the cut, as the whole file has it")
            #expect(reader.report.endedEarly)
            #expect(reader.report.badLines <= 1 && reader.report.count(of: .truncatedLastLine) == reader.report.badLines)
            #expect(reader.report.summary.contains("the compressed data ends early (the file was cut off)"))
        }
        // Cut before the first line ended: an error that says so, not "empty".
        writeFile(path, Array(Self.first.prefix(12)))
        #expect {
            _ = try readAll(try TickFileReader.open(path: path))
        } throws: { error in
            guard let error = error as? FeedError, case let .corruptInput(_, reason) = error else { return false }
            return reason.contains("ends early") && reason.contains("before its first line")
        }
        // Bytes changed in the middle: corrupt, an error (never garbage lines).
        var damaged = whole
        for i in (size / 3)..<(size / 3 + 64) { damaged[i] ^= 0x5A }
        writeFile(path, damaged)
        #expect {
            _ = try readAll(try TickFileReader.open(path: path))
        } throws: { error in
            guard let error = error as? FeedError, case let .corruptInput(_, reason) = error else { return false }
            return reason.contains("corrupt gzip data")
        }
    }

    @Test("defect 7: convert refuses to write over its input")
    func convertInPlaceRefused() throws {
        let path = temporaryPath("inplace") + ".csv"
        defer { unlink(path) }
        let text = Array("time,price\n1709285400,1\n".utf8)
        writeFile(path, text)
        #expect(throws: FeedError.outputIsInput(path: path)) {
            _ = try TickFileConverter.convert(input: path, output: path)
        }
        let fd = open(path, O_RDONLY)
        var back = [UInt8](repeating: 0, count: 64)
        let n = back.withUnsafeMutableBytes { read(fd, $0.baseAddress!, 64) }
        close(fd)
        #expect(Array(back[0..<max(0, n)]) == text)
    }

    @Test("a prefix already read from a descriptor is read first (standard input after the magic peek)")
    func descriptorPrefix() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let rest = Array("00,1\n1709285401,2\n".utf8)
        _ = rest.withUnsafeBytes { write(fds[1], $0.baseAddress!, $0.count) }
        close(fds[1])
        let reader = CSVTickReader(
            fileDescriptor: fds[0], name: "-", closeOnDeinit: true, prefix: Array("17092854".utf8))
        let ticks = try readAll(reader)
        #expect(ticks.map(\.value) == [1, 2])
        #expect(ticks.map(\.time) == [ns(1_709_285_400), ns(1_709_285_401)])
    }

    @Test("a FIFO path (`<(zcat day.csv.gz)`) is told by its first bytes as standard input is: gzip, binary and text")
    func fifoByMagic() throws {
        // It read gzip and binary bytes through a FIFO as CSV text: every line a bad line.
        let csv = Array("time,price\n1709285400,101.25\n1709285401,101.5\n".utf8)
        let binaryPath = temporaryPath("fifo-source") + ".ltk"
        let csvPath = temporaryPath("fifo-source") + ".csv"
        defer { unlink(binaryPath); unlink(csvPath) }
        writeFile(csvPath, csv)
        _ = try TickFileConverter.convert(input: csvPath, output: binaryPath)
        let binary = readBytes(binaryPath)
        for (name, bytes, values) in [
            ("gzip", Self.first + Self.second, [101.25, 101.5, 101.75]), ("binary", binary, [101.25, 101.5]),
            ("text", csv, [101.25, 101.5]),
        ] {
            let path = temporaryPath("fifo-\(name)")
            unlink(path)
            #expect(mkfifo(path, 0o600) == 0)
            defer { unlink(path) }
            let writer = feedFIFO(path, bytes)
            defer { writer.join() }
            let reader = try TickFileReader.open(path: path)
            #expect(try readAll(reader).map(\.value) == values, "\(name): \(reader.report.summary)")
            #expect(reader.report.badLines == 0, "\(name)")
        }
    }

    func readBytes(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        return bytes
    }
}
