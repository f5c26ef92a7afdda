/// A fixed-width bitmap font: every glyph is a `glyphWidth × glyphHeight` 1-bit image, rows
/// stored most-significant bit first, `bytesPerRow` bytes each (the PSF layout).
///
/// Two sources: `BitmapFont.builtin`, an 8×16 font compiled into the binary (so the engine
/// needs no files), and Linux console fonts (PSF1/PSF2, e.g. Terminus from Debian's
/// `console-setup`) parsed from their uncompressed bytes with `init(psf:)`.
///
/// Characters are bytes: 0x00–0x7F are ASCII, 0x80–0xFF are taken as Latin-1 code points.
/// A byte the font has no glyph for draws the font's `?` (or nothing if it has none).
public struct BitmapFont: Sendable {
    /// Glyph cell width in pixels: the advance from one character to the next at scale 1.
    public let glyphWidth: Int
    /// Glyph cell height in pixels: the line height at scale 1.
    public let glyphHeight: Int
    /// Bytes per glyph row (`⌈glyphWidth / 8⌉`).
    public let bytesPerRow: Int
    /// Number of glyphs in `bitmaps`.
    public let glyphCount: Int
    /// `glyphCount × glyphHeight × bytesPerRow` bytes of glyph rows.
    @usableFromInline let bitmaps: [UInt8]
    /// Glyph index for each byte value; `UInt16.max` where the font has none (already
    /// replaced by the fallback glyph when there is one).
    @usableFromInline let byteToGlyph: [UInt16]

    /// Builds a font from raw glyph rows and a code-point → glyph function (for Latin-1 code
    /// points 0…255). O(glyph data); allocates the font's storage.
    init(width: Int, height: Int, glyphCount: Int, bitmaps: [UInt8], glyphFor: (UInt32) -> Int?) {
        glyphWidth = width
        glyphHeight = height
        bytesPerRow = (width + 7) / 8
        self.glyphCount = glyphCount
        self.bitmaps = bitmaps
        var map = [UInt16](repeating: .max, count: 256)
        for code in 0..<256 {
            if let g = glyphFor(UInt32(code)), g >= 0, g < glyphCount { map[code] = UInt16(g) }
        }
        let fallback = map[Int(UInt8(ascii: "?"))]
        for code in 0..<256 where map[code] == .max && code >= 0x20 && code != 0x7F { map[code] = fallback }
        byteToGlyph = map
    }

    /// Width in pixels of `count` characters drawn at `scale`: `count × glyphWidth × scale`.
    /// O(1).
    @inlinable
    public func width(ofCharacters count: Int, scale: Int = 1) -> Int {
        count * glyphWidth * Swift.max(1, scale)
    }

    /// Width in pixels of `text` (one character per byte) at `scale`. O(1) for random-access
    /// collections, O(n) otherwise; no allocation.
    @inlinable
    public func width(of text: some Collection<UInt8>, scale: Int = 1) -> Int {
        width(ofCharacters: text.count, scale: scale)
    }

    /// Width in pixels of `text`'s UTF-8 bytes at `scale` (ASCII labels: one byte, one
    /// character). No allocation.
    @inlinable
    public func width(of text: String, scale: Int = 1) -> Int {
        width(ofCharacters: text.utf8.count, scale: scale)
    }

    /// Line height in pixels at `scale`. O(1).
    @inlinable
    public func lineHeight(scale: Int = 1) -> Int { glyphHeight * Swift.max(1, scale) }

    /// True when the glyph for `byte` has at least one pixel set (false for space and for
    /// bytes without a glyph). O(glyph size).
    public func hasInk(_ byte: UInt8) -> Bool {
        let g = byteToGlyph[Int(byte)]
        guard g != .max else { return false }
        let size = glyphHeight * bytesPerRow
        let start = Int(g) * size
        return bitmaps[start..<(start + size)].contains { $0 != 0 }
    }
}
