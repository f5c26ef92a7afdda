/// Builds `BitmapFont.builtin` from the string art in `BuiltinFont+Glyphs.swift`.
///
/// Keeping the glyphs as art (rows like `"..XXXX.."`) makes them reviewable and editable in
/// the source; converting them costs one pass over ~1.5 KB of literals, once per process.
enum BuiltinFont {
    /// Cell width of the built-in font.
    static let width = 8
    /// Cell height of the built-in font.
    static let height = 16
    /// First and last byte with a designed glyph (printable ASCII).
    static let first: UInt8 = 0x20
    /// See `first`.
    static let last: UInt8 = 0x7E

    /// Parses `art` into the flat 256-slot bitmap; bytes outside `first...last` get the
    /// replacement box (the last art entry). Traps on malformed art, which is a source bug
    /// caught by the first test that touches the font. O(art size), allocates the bitmap once.
    static func make() -> BitmapFont {
        let glyphCount = Int(last - first) + 1
        precondition(art.count == glyphCount + 1, "built-in font art needs one entry per printable ASCII character plus the box")
        let perGlyph = height  // one byte per row: width 8
        var designed = [UInt8](repeating: 0, count: (glyphCount + 1) * perGlyph)
        for (index, glyph) in art.enumerated() {
            parse(glyph, into: &designed, at: index * perGlyph)
        }
        let boxStart = glyphCount * perGlyph
        var bitmaps = [UInt8](repeating: 0, count: 256 * perGlyph)
        for byte in 0..<256 {
            let source = byte >= Int(first) && byte <= Int(last) ? (byte - Int(first)) * perGlyph : boxStart
            for row in 0..<perGlyph {
                bitmaps[byte * perGlyph + row] = designed[source + row]
            }
        }
        return BitmapFont(glyphWidth: width, glyphHeight: height, bitmaps: bitmaps)
    }

    /// Converts one glyph's art (16 lines of 8 `X`/`.` characters) into 16 row bytes.
    private static func parse(_ glyph: StaticString, into bitmaps: inout [UInt8], at offset: Int) {
        glyph.withUTF8Buffer { text in
            var row = 0, column = 0, bits: UInt8 = 0
            for char in text {
                switch char {
                case UInt8(ascii: "X"), UInt8(ascii: "."):
                    precondition(column < width, "built-in glyph row wider than 8")
                    if char == UInt8(ascii: "X") { bits |= 0x80 >> UInt8(column) }
                    column += 1
                case UInt8(ascii: "\n"):
                    precondition(column == width, "built-in glyph row narrower than 8")
                    bitmaps[offset + row] = bits
                    row += 1
                    column = 0
                    bits = 0
                default:
                    preconditionFailure("unexpected character in built-in glyph art")
                }
            }
            precondition(column == width, "built-in glyph row narrower than 8")
            bitmaps[offset + row] = bits
            row += 1
            precondition(row == height, "built-in glyph must have 16 rows")
        }
    }
}
