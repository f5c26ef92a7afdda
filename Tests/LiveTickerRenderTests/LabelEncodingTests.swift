import LiveTickerRender
import Testing

@Suite("Label text in Windows-1252")
struct LabelEncodingTests {
    /// 0x80…0xFF as Python's `bytes([b]).decode('cp1252')` reads them (0: undefined there),
    /// taken from that independent implementation.
    static let python: [UInt32] = [
        0x20AC, 0x0, 0x201A, 0x192, 0x201E, 0x2026, 0x2020, 0x2021, 0x2C6, 0x2030, 0x160, 0x2039, 0x152, 0x0, 0x17D, 0x0, 0x0,
        0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x2DC, 0x2122, 0x161, 0x203A, 0x153, 0x0, 0x17E, 0x178,
    ] + (0xA0...0xFF).map { UInt32($0) }

    @Test("the code page past ASCII is Python's cp1252; ASCII is itself, control bytes have no glyph")
    func table() {
        #expect(Array(LabelEncoding.scalars[0x80...]) == Self.python)
        #expect((0x20..<0x7F).allSatisfy { LabelEncoding.scalars[$0] == UInt32($0) })
        #expect((0..<0x20).allSatisfy { LabelEncoding.scalars[$0] == 0 } && LabelEncoding.scalars[0x7F] == 0)
    }

    @Test("titles encode one byte per character, as Python's cp1252 does; a character past the code page is one '?'")
    func encode() {
        // Python: list('Zürich – Börse °C € “x” …'.encode('cp1252')).
        #expect(
            LabelEncoding.encode("Zürich – Börse °C € “x” …")
                == [90, 252, 114, 105, 99, 104, 32, 150, 32, 66, 246, 114, 115, 101, 32, 176, 67, 32, 128, 32, 147, 120, 148, 32, 133])
        #expect(LabelEncoding.encode("Δp 日本 🙂") == Array("?p ?? ?".utf8))
        #expect(LabelEncoding.encode("a\tb\u{7F}") == Array("a?b?".utf8))
        #expect(LabelEncoding.encode("").isEmpty)
    }
}
