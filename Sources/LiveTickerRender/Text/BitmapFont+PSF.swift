/// Why a console font could not be parsed.
public enum FontError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes start with neither the PSF1 (0x36 0x04) nor the PSF2 (0x72 0xb5 0x4a 0x86) magic.
    case notPSF
    /// The header or the glyph table is inconsistent or truncated; the reason says which.
    case malformed(String)

    /// One line for a log.
    public var description: String {
        switch self {
        case .notPSF: return "not a PC Screen Font (PSF1/PSF2)"
        case .malformed(let reason): return "malformed PSF font: \(reason)"
        }
    }
}

extension BitmapFont {
    /// Parses an uncompressed Linux console font: PSF2 (header magic 0x864ab572: version,
    /// header size, flags, glyph count, bytes per glyph, height, width, all little-endian
    /// 32-bit) or PSF1 (magic 0x36 0x04, 8 px wide, 256 or 512 glyphs). When the font has a
    /// Unicode table, characters map through it (PSF2: UTF-8 sequences ending in 0xFF, 0xFE
    /// starting combining sequences that are skipped; PSF1: 16-bit values ending in 0xFFFF);
    /// otherwise byte values index glyphs directly. `.psf.gz` files must be gunzipped first
    /// (LiveTickerImageIO's `ConsoleFontFile` does that).
    ///
    /// Cost: O(file size); allocates the glyph table once.
    public init(psf bytes: some Collection<UInt8>) throws(FontError) {
        let data = Array(bytes)
        func u32(_ at: Int) -> Int {
            Int(data[at]) | Int(data[at + 1]) << 8 | Int(data[at + 2]) << 16 | Int(data[at + 3]) << 24
        }
        if data.count >= 32, data[0] == 0x72, data[1] == 0xB5, data[2] == 0x4A, data[3] == 0x86 {
            let headerSize = u32(8), flags = u32(12), count = u32(16), charSize = u32(20)
            let height = u32(24), width = u32(28)
            guard width >= 1, width <= 64, height >= 1, height <= 256 else {
                throw .malformed("glyph size \(width)x\(height) outside 1...64 x 1...256")
            }
            let rowBytes = (width + 7) / 8
            guard charSize == rowBytes * height else {
                throw .malformed("bytes per glyph \(charSize) does not match \(width)x\(height)")
            }
            guard count >= 1, count <= 65536 else { throw .malformed("glyph count \(count)") }
            guard headerSize >= 32, headerSize <= data.count, data.count - headerSize >= count * charSize else {
                throw .malformed("truncated: \(data.count) bytes for \(count) glyphs of \(charSize) bytes")
            }
            let glyphs = Array(data[headerSize..<(headerSize + count * charSize)])
            var table: [UInt32: Int] = [:]
            if flags & 1 != 0 {
                table = Self.psf2UnicodeTable(data, from: headerSize + count * charSize, glyphs: count)
            }
            self.init(width: width, height: height, glyphCount: count, bitmaps: glyphs) { code in
                flags & 1 != 0 ? table[code] : Int(code)
            }
            return
        }
        if data.count >= 4, data[0] == 0x36, data[1] == 0x04 {
            let mode = Int(data[2]), height = Int(data[3])
            let count = mode & 1 != 0 ? 512 : 256
            guard height >= 1 else { throw .malformed("glyph height 0") }
            guard data.count - 4 >= count * height else {
                throw .malformed("truncated: \(data.count) bytes for \(count) glyphs of \(height) bytes")
            }
            let glyphs = Array(data[4..<(4 + count * height)])
            var table: [UInt32: Int] = [:]
            let hasTable = mode & 0x06 != 0
            if hasTable {
                var i = 4 + count * height
                var glyph = 0
                var inSequence = false
                while i + 1 < data.count, glyph < count {
                    let v = UInt32(data[i]) | UInt32(data[i + 1]) << 8
                    i += 2
                    if v == 0xFFFF {
                        glyph += 1
                        inSequence = false
                    } else if v == 0xFFFE {
                        inSequence = true
                    } else if !inSequence, table[v] == nil {
                        table[v] = glyph
                    }
                }
            }
            self.init(width: 8, height: height, glyphCount: count, bitmaps: glyphs) { code in
                hasTable ? table[code] : Int(code)
            }
            return
        }
        throw .notPSF
    }

    /// Reads the PSF2 Unicode table: per glyph, UTF-8 code points, then optional 0xFE-led
    /// combining sequences (ignored), then 0xFF. The first glyph listing a code point wins.
    /// Malformed UTF-8 is skipped byte by byte.
    static func psf2UnicodeTable(_ data: [UInt8], from start: Int, glyphs: Int) -> [UInt32: Int] {
        var table: [UInt32: Int] = [:]
        var i = start
        var glyph = 0
        var inSequence = false
        while i < data.count, glyph < glyphs {
            let b = data[i]
            if b == 0xFF {
                glyph += 1
                inSequence = false
                i += 1
                continue
            }
            if b == 0xFE {
                inSequence = true
                i += 1
                continue
            }
            // Decode one UTF-8 code point.
            var length = 1
            var cp = UInt32(b)
            if b >= 0xF0 { length = 4; cp = UInt32(b & 0x07) }
            else if b >= 0xE0 { length = 3; cp = UInt32(b & 0x0F) }
            else if b >= 0xC0 { length = 2; cp = UInt32(b & 0x1F) }
            else if b >= 0x80 { i += 1; continue }
            guard i + length <= data.count else { break }
            var ok = true
            for k in 1..<length {
                let c = data[i + k]
                if c & 0xC0 != 0x80 { ok = false; break }
                cp = cp << 6 | UInt32(c & 0x3F)
            }
            i += ok ? length : 1
            if ok, !inSequence, table[cp] == nil { table[cp] = glyph }
        }
        return table
    }
}
