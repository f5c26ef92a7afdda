/// Reader for PC Screen Font version 1, the older Linux console font format. Many of
/// console-setup's fonts are still PSF1 (e.g. `Uni2-Terminus16.psf.gz`, `Uni2-VGA16.psf.gz`),
/// so the loader reads both.
///
/// Layout: magic `36 04`, a mode byte (bit 0: 512 glyphs instead of 256; bit 1: a unicode
/// table follows; bit 2: the table has sequences), the glyph height (= bytes per glyph, glyphs
/// are 8 px wide), the glyph bitmaps, then optionally the unicode table: per glyph,
/// little-endian UCS-2 code points, optionally `0xFFFE` followed by sequences, ended by `0xFFFF`.
enum PSF1 {
    /// Size of the fixed header.
    static let headerSize = 4

    /// True when `bytes` starts with the PSF1 magic. O(1).
    static func hasMagic(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x36 && bytes[1] == 0x04
    }

    /// Parses and validates `bytes` into a `BitmapFont` (ASCII through the unicode table when
    /// present, else glyph index = code point; replacement U+FFFD, `?`, or a box).
    /// Cost: O(file size); allocates the 256-slot bitmap once.
    static func parse(_ bytes: UnsafeRawBufferPointer) throws(FontError) -> BitmapFont {
        guard bytes.count >= headerSize else { throw .truncatedHeader(byteCount: bytes.count) }
        guard hasMagic(bytes) else { throw .badMagic }
        let mode = bytes[2], height = Int(bytes[3])
        guard mode & ~0x07 == 0 else { throw .unsupportedVersion(UInt32(mode)) }
        guard height >= 1, height <= BitmapFont.maxGlyphHeight else {
            throw .unsupportedGlyphSize(width: 8, height: UInt32(height))
        }
        let glyphCount = mode & 0x01 != 0 ? 512 : 256
        let glyphBytes = glyphCount * height
        let available = bytes.count - headerSize
        guard glyphBytes <= available else { throw .truncatedGlyphs(needed: glyphBytes, available: available) }

        var asciiGlyph = [Int](repeating: -1, count: 128)
        var replacement = -1
        if mode & 0x06 != 0 {
            replacement = try readUnicodeTable(
                bytes, from: headerSize + glyphBytes, glyphCount: glyphCount, into: &asciiGlyph)
        } else {
            for code in 0..<128 { asciiGlyph[code] = code }
        }
        if replacement < 0 { replacement = asciiGlyph[Int(UInt8(ascii: "?"))] }
        return BitmapFont(
            glyphWidth: 8, glyphHeight: height,
            glyphs: UnsafeRawBufferPointer(rebasing: bytes[headerSize..<headerSize + glyphBytes]),
            asciiGlyph: asciiGlyph, replacement: replacement)
    }

    /// Walks the UCS-2 unicode table: the first glyph that claims an ASCII code point (before
    /// the entry's first `0xFFFE`) wins; returns the glyph for U+FFFD or -1. O(table size).
    private static func readUnicodeTable(
        _ bytes: UnsafeRawBufferPointer, from start: Int, glyphCount: Int, into asciiGlyph: inout [Int]
    ) throws(FontError) -> Int {
        var replacement = -1
        var offset = start
        var glyph = 0
        var inSequences = false
        while glyph < glyphCount {
            guard offset + 1 < bytes.count else {
                throw .truncatedUnicodeTable(describedGlyphs: glyph, glyphCount: glyphCount)
            }
            let unit = UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
            switch unit {
            case 0xFFFF:
                glyph += 1
                inSequences = false
            case 0xFFFE:
                inSequences = true
            case 0..<0x80 where !inSequences:
                if asciiGlyph[Int(unit)] < 0 { asciiGlyph[Int(unit)] = glyph }
            case 0xFFFD where !inSequences:
                if replacement < 0 { replacement = glyph }
            default:
                break
            }
            offset += 2
        }
        return replacement
    }
}

extension BitmapFont {
    /// Loads an uncompressed PSF1 console font (8 px wide, 256 or 512 glyphs), validating every
    /// length against `bytes`. Mapping as for `psf2(_:)`. Cost: O(file size), one allocation of
    /// 256 glyphs; the result does not reference `bytes`.
    public static func psf1(_ bytes: UnsafeRawBufferPointer) throws(FontError) -> BitmapFont {
        try PSF1.parse(bytes)
    }
}
