/// The one-byte text of labels: a ``GlyphAtlas`` holds one glyph per byte value, and label
/// text is written in Windows-1252, so the names people give their panels and columns
/// (`Temperatur °C`, `Preis €`, `Zürich`, `Δ`-less Western text) draw as written: ASCII is
/// itself, 0x80–0x9F are Windows-1252's (`€`, `–`, `—`, quotes), 0xA0–0xFF Latin-1's.
///
/// Before, text went in as UTF-8 bytes and every byte past ASCII drew as the replacement
/// glyph: `Setpoint, °C` read `Setpoint, ??C`. A character outside the code page is one `?`.
public enum LabelEncoding {
    /// The Unicode scalar each byte value stands for (0 for the five bytes Windows-1252 leaves
    /// undefined and for control bytes, which have no glyph). The feed reader keeps its own
    /// 0x80…0x9F row (`CSVRecordParser.windows1252`, for header names): neither module sees
    /// the other; both are checked against Python's cp1252.
    public static let scalars: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 256)
        for byte in 0x20..<0x7F { table[byte] = UInt32(byte) }
        let windows: [UInt32] = [
            0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
            0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
        ]
        for (offset, scalar) in windows.enumerated() { table[0x80 + offset] = scalar }
        for byte in 0xA0...0xFF { table[byte] = UInt32(byte) }
        return table
    }()

    /// The byte for each scalar the code page holds past ASCII, for encoding.
    private static let bytes: [UInt32: UInt8] = {
        var map: [UInt32: UInt8] = [:]
        for byte in 0x80...0xFF where scalars[byte] != 0 { map[scalars[byte]] = UInt8(byte) }
        return map
    }()

    /// `text` as label bytes: one byte per character, `?` for one the code page lacks (and for
    /// control characters). O(text); allocates the result. Called when a title is set, never
    /// per frame.
    public static func encode(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value >= 0x20 && value < 0x7F {
                out.append(UInt8(value))
            } else if let byte = bytes[value] {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "?"))
            }
        }
        return out
    }
}
