/// Reader for PC Screen Font version 2, the Linux console font format (`setfont`, kbd,
/// console-setup's `/usr/share/consolefonts`; those ship gzip-compressed, and decompressing
/// is the caller's job).
///
/// Layout: a little-endian header of eight `UInt32`s (magic `72 B5 4A 86`, version 0, header
/// size, flags, glyph count, bytes per glyph, height, width), the glyph bitmaps (rows of
/// `⌈width / 8⌉` bytes, most significant bit leftmost — the same row layout `BitmapFont`
/// stores, so glyphs are copied, not converted), then, when flag bit 0 is set, a unicode table:
/// per glyph, UTF-8 code points, optionally `0xFE` followed by combining sequences, ended by
/// `0xFF`.
enum PSF2 {
    /// The four magic bytes at offset 0.
    static let magic: [UInt8] = [0x72, 0xB5, 0x4A, 0x86]
    /// Size of the fixed header.
    static let headerSize = 32
    /// Flag bit: the file carries a unicode table.
    static let hasUnicodeTable: UInt32 = 1
    /// Largest glyph count accepted (PSF2 fonts in the wild have 256 or 512).
    static let maxGlyphs: UInt32 = 1 << 16

    /// Parses and validates `bytes`, keeping the glyphs for the 128 ASCII code points plus a
    /// replacement (U+FFFD if the font maps it, else `?`, else a drawn box).
    /// A PSF1 file is reported as `.unexpectedPSF1` (`BitmapFont.psf(_:)` reads both).
    /// Cost: O(file size); allocates the 256-slot bitmap once.
    static func parse(_ bytes: UnsafeRawBufferPointer) throws(FontError) -> BitmapFont {
        if PSF1.hasMagic(bytes) { throw .unexpectedPSF1 }
        // Wrong magic wins over a short file: it says what the data is not.
        for i in 0..<min(4, bytes.count) where bytes[i] != magic[i] { throw .badMagic }
        guard bytes.count >= headerSize else { throw .truncatedHeader(byteCount: bytes.count) }
        func field(_ index: Int) -> UInt32 {
            UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
        }
        let version = field(1), header = field(2), flags = field(3)
        let length = field(4), charSize = field(5), height = field(6), width = field(7)
        guard version == 0 else { throw .unsupportedVersion(version) }
        guard header >= UInt32(headerSize), UInt64(header) <= UInt64(bytes.count) else { throw .badHeaderSize(header) }
        guard width >= 1, width <= UInt32(BitmapFont.maxGlyphWidth), height >= 1,
            height <= UInt32(BitmapFont.maxGlyphHeight)
        else { throw .unsupportedGlyphSize(width: width, height: height) }
        let glyphWidth = Int(width), glyphHeight = Int(height)
        let perRow = (glyphWidth + 7) / 8
        let perGlyph = perRow * glyphHeight
        guard Int(charSize) == perGlyph else { throw .charSizeMismatch(declared: charSize, expected: perGlyph) }
        guard length >= 1, length <= maxGlyphs else { throw .badGlyphCount(length) }
        let glyphCount = Int(length)
        // Both factors are bounded above (65 536 × 1 024), so this cannot overflow.
        let glyphStart = Int(header)
        let glyphBytes = glyphCount * perGlyph
        let available = bytes.count - glyphStart
        guard glyphBytes <= available else { throw .truncatedGlyphs(needed: glyphBytes, available: available) }

        // Which glyph each ASCII code point draws, and the replacement; -1 = none.
        var asciiGlyph = [Int](repeating: -1, count: 128)
        var replacement = -1
        if flags & hasUnicodeTable != 0 {
            replacement = try readUnicodeTable(
                bytes, from: glyphStart + glyphBytes, glyphCount: glyphCount, into: &asciiGlyph)
        } else {
            for code in 0..<min(128, glyphCount) { asciiGlyph[code] = code }
        }
        if replacement < 0 { replacement = asciiGlyph[Int(UInt8(ascii: "?"))] }

        return BitmapFont(
            glyphWidth: glyphWidth, glyphHeight: glyphHeight,
            glyphs: UnsafeRawBufferPointer(rebasing: bytes[glyphStart..<glyphStart + glyphBytes]),
            asciiGlyph: asciiGlyph, replacement: replacement)
    }

    /// Walks the unicode table, recording the first glyph that claims each ASCII code point in
    /// `asciiGlyph`, and returns the glyph for U+FFFD (or -1). Only the code points before an
    /// entry's first `0xFE` are single characters; the sequences after it are skipped. A byte
    /// below 0x80 is always a whole code point in UTF-8, so ASCII needs no decoding; U+FFFD is
    /// matched as its encoding `EF BF BD`. O(table size).
    private static func readUnicodeTable(
        _ bytes: UnsafeRawBufferPointer, from start: Int, glyphCount: Int, into asciiGlyph: inout [Int]
    ) throws(FontError) -> Int {
        var replacement = -1
        var offset = start
        var glyph = 0
        var inSequences = false
        while glyph < glyphCount {
            guard offset < bytes.count else {
                throw .truncatedUnicodeTable(describedGlyphs: glyph, glyphCount: glyphCount)
            }
            let byte = bytes[offset]
            switch byte {
            case 0xFF:
                glyph += 1
                inSequences = false
            case 0xFE:
                inSequences = true
            case 0..<0x80 where !inSequences:
                if asciiGlyph[Int(byte)] < 0 { asciiGlyph[Int(byte)] = glyph }
            case 0xEF where !inSequences && replacement < 0:
                if offset + 2 < bytes.count && bytes[offset + 1] == 0xBF && bytes[offset + 2] == 0xBD {
                    replacement = glyph
                    offset += 2
                }
            default:
                break
            }
            offset += 1
        }
        return replacement
    }
}

extension BitmapFont {
    /// Loads an uncompressed PSF2 console font (e.g. a gunzipped
    /// `/usr/share/consolefonts/Uni2-Terminus16.psf.gz`), validating every header field and
    /// length against `bytes`. ASCII characters map through the font's unicode table when it has
    /// one (else glyph index = code point); every other byte draws the font's U+FFFD or `?`
    /// glyph, or a box. Cost: O(file size), one allocation of 256 glyphs; the result does not
    /// reference `bytes`.
    public static func psf2(_ bytes: UnsafeRawBufferPointer) throws(FontError) -> BitmapFont {
        try PSF2.parse(bytes)
    }

    /// Loads an uncompressed Linux console font of either format, chosen by its magic: PSF2
    /// (`psf2(_:)`) or PSF1 (`psf1(_:)`) — console-setup ships both (`Uni2-Terminus16` is PSF1,
    /// `Uni2-Terminus32x16` is PSF2). Cost: O(file size), one allocation of 256 glyphs.
    public static func psf(_ bytes: UnsafeRawBufferPointer) throws(FontError) -> BitmapFont {
        PSF1.hasMagic(bytes) ? try PSF1.parse(bytes) : try PSF2.parse(bytes)
    }
}
