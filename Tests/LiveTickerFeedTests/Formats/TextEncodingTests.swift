import LiveTickerCore
import Testing

@testable import LiveTickerFeed

#if canImport(Glibc)
import Glibc
#endif

/// Text that is not UTF-8, as Windows tools write it: Excel's "Unicode Text" (UTF-16 with a
/// byte-order mark, tab-separated) and Windows-1252 header names (`Temperatur °C`). Before, a
/// UTF-16 file stopped with "missing required column" over a header of NUL bytes, and a
/// Windows-1252 name showed replacement characters.
@Suite struct TextEncodingTests {
    /// The UTF-16 bytes of `text` after a byte-order mark, little- or big-endian.
    func utf16(_ text: String, bigEndian: Bool = false) -> [UInt8] {
        var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in text.utf16 {
            let pair = [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            bytes += bigEndian ? pair.reversed() : pair
        }
        return bytes
    }

    /// A stream over `bytes` that yields at most `step` bytes a read.
    final class ChunkedStream: TickByteStream {
        let bytes: [UInt8]
        let step: Int
        var offset = 0
        init(_ bytes: [UInt8], step: Int) {
            self.bytes = bytes
            self.step = step
        }
        func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
            let n = min(count, step, bytes.count - offset)
            bytes.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress! + offset, byteCount: n) }
            offset += n
            return n
        }
        var failureDescription: String { "" }
    }

    func transcoded(_ bytes: [UInt8], step: Int) -> [UInt8] {
        let stream = UTF16ByteStream(ChunkedStream(bytes, step: step))
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 7)
        while true {
            let n = buffer.withUnsafeMutableBytes { stream.read(into: $0.baseAddress!, count: $0.count) }
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        return out
    }

    @Test("UTF-16 to UTF-8: both byte orders, surrogate pairs, reads cut anywhere; lone halves and odd bytes become U+FFFD")
    func transcoding() {
        let text = "Zeit\tKurs €\n09:30\t1,5 📈\n"
        for step in [1, 2, 3, 5, 4096] {
            #expect(transcoded(utf16(text), step: step) == Array(text.utf8), "step \(step)")
            #expect(transcoded(utf16(text, bigEndian: true), step: step) == Array(text.utf8), "step \(step)")
        }
        let replacement = Array("\u{FFFD}".utf8)
        // A high surrogate then a letter; a low surrogate alone; a last odd byte.
        #expect(transcoded([0xFF, 0xFE, 0x3D, 0xD8, 0x41, 0x00], step: 3) == replacement + [0x41])
        #expect(transcoded([0xFF, 0xFE, 0x00, 0xDC, 0x41, 0x00], step: 1) == replacement + [0x41])
        #expect(transcoded([0xFF, 0xFE, 0x41, 0x00, 0x42], step: 2) == [0x41] + replacement)
    }

    @Test("an Excel Unicode Text file (UTF-16, tabs, CRLF) reads as its UTF-8 twin, and the summary says UTF-16")
    func excelUnicodeText() throws {
        let text = "Date\tClose\tVolume\r\n2024-03-01\t179.66\t73488000\r\n2024-03-04\t175.10\t81510100\r\n"
        let path = temporaryPath("utf16") + ".txt"
        defer { unlink(path) }
        writeFile(path, utf16(text))
        let reader = try TickFileReader.open(path: path)
        var collector = TickCollector()
        try reader.read(into: &collector)
        #expect(collector.ticks == (try parse(text)).ticks && collector.ticks.count == 2, "\(reader.report.summary)")
        #expect(reader.formatDescription.hasPrefix("UTF-16 CSV (tab, header): time=Date, value=Close"), "\(reader.formatDescription)")
    }

    @Test("the 0x80…0x9F row is Python's cp1252 (U+FFFD where it leaves a byte undefined)")
    func windows1252Row() {
        // Python: [ord(bytes([b]).decode('cp1252', errors='replace')) for b in range(0x80, 0xA0)].
        let python: [UInt32] = [
            0x20AC, 0xFFFD, 0x201A, 0x192, 0x201E, 0x2026, 0x2020, 0x2021, 0x2C6, 0x2030, 0x160, 0x2039, 0x152, 0xFFFD, 0x17D, 0xFFFD,
            0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x2DC, 0x2122, 0x161, 0x203A, 0x153, 0xFFFD, 0x17E, 0x178,
        ]
        #expect(CSVRecordParser.windows1252 == python)
    }

    @Test("Windows-1252 header names read as written; valid UTF-8 ones are left alone")
    func windows1252Names() throws {
        let bytes: [UInt8] = Array("Zeit;Temperatur ".utf8) + [0xB0] + Array("C;Preis ".utf8) + [0x80] + Array("\n01.03.2024 09:30:00;21,5;3\n".utf8)
        let path = temporaryPath("cp1252") + ".csv"
        defer { unlink(path) }
        writeFile(path, bytes)
        var options = FeedOptions()
        options.valueColumn = .index(1)
        let reader = try TickFileReader.open(path: path, options: options)
        var collector = TickCollector()
        try reader.read(into: &collector)
        #expect(reader.report.badLines == 0 && collector.ticks.first?.value == 21.5)
        #expect(reader.formatDescription.contains("value=Temperatur °C"), "\(reader.formatDescription)")
        #expect(reader.formatDescription.contains("Preis €"), "\(reader.formatDescription)")
        #expect(CSVRecordParser.headerName(Array("Temperatur ".utf8) + [0xB0, 0x43]) == "Temperatur °C")
        #expect(CSVRecordParser.headerName([0x80, 0x20, 0x81]) == "€ \u{FFFD}")
        #expect(CSVRecordParser.headerName(Array("Temperatur °C".utf8)) == "Temperatur °C")
    }
}
