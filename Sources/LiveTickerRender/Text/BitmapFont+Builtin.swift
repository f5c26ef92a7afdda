extension BitmapFont {
    /// The built-in 8×16 font covering printable ASCII (0x20–0x7E), parsed once from
    /// `builtinArt` on first use (thread-safe lazy global). Other bytes draw `?`.
    public static let builtin: BitmapFont = parseBuiltinArt()

    /// Turns the string art into glyph rows; traps on malformed art (a programming error,
    /// caught by the tests).
    static func parseBuiltinArt() -> BitmapFont {
        let height = 16, first = 0x20, count = 0x7F - 0x20
        var rows = [UInt8](repeating: 0, count: count * height)
        var glyph = -1
        var row = 0
        var seen = 0
        for line in builtinArt.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            if line.count >= 4, line[line.index(line.startIndex, offsetBy: 2)] == UInt8(ascii: " ") {
                let text = String(decoding: line, as: UTF8.self)
                let parts = text.split(separator: " ")
                guard let code = Int(parts[0], radix: 16), let start = Int(parts[1]) else {
                    preconditionFailure("bad glyph header \(text)")
                }
                precondition(code == first + seen, "glyph \(text) out of order")
                glyph = code - first
                seen += 1
                row = start + 2
                continue
            }
            precondition(glyph >= 0 && row < height, "glyph art overflows its cell")
            let offset: Int
            switch line.count {
            case 6: offset = 1
            case 7, 8: offset = 0
            default: preconditionFailure("glyph row must be 6 to 8 wide")
            }
            var bits: UInt8 = 0
            for (i, ch) in line.enumerated() where ch == UInt8(ascii: "#") {
                bits |= 0x80 >> UInt8(i + offset)
            }
            rows[glyph * height + row] = bits
            row += 1
        }
        precondition(seen == count, "built-in font must define 0x20...0x7E")
        return BitmapFont(width: 8, height: height, glyphCount: count, bitmaps: rows) { code in
            code >= 0x20 && code < 0x7F ? Int(code) - first : nil
        }
    }
}
