/// An immutable bitmap font: one glyph per byte value, 1 bit per pixel.
///
/// Storage is a single flat `[UInt8]` holding 256 glyph slots, one per byte value, so drawing a
/// byte is one multiply to find its glyph and no lookup table: slot `b` starts at
/// `b × bytesPerGlyph`. Each glyph is `glyphHeight` rows of `bytesPerRow = ⌈glyphWidth / 8⌉`
/// bytes, most significant bit = leftmost pixel (the PSF2 row layout, so console fonts load by
/// copying rows). Byte values the font has no glyph for hold a copy of its replacement glyph.
///
/// Copying a font copies a reference to the shared storage (no allocation); the storage is
/// never mutated after init, so fonts are freely shared between threads.
public struct BitmapFont: Sendable {
    /// The font compiled into the engine (8×16, printable ASCII, replacement box for the
    /// rest); needs no files. Built once on first use from the string art in
    /// `BuiltinFont+Glyphs.swift`.
    public static let builtin: BitmapFont = BuiltinFont.make()

    /// Cell width in pixels at scale 1.
    public let glyphWidth: Int
    /// Cell height in pixels at scale 1.
    public let glyphHeight: Int
    /// Bytes per glyph row: `⌈glyphWidth / 8⌉`.
    let bytesPerRow: Int
    /// Bytes per glyph: `bytesPerRow × glyphHeight`.
    let bytesPerGlyph: Int
    /// 256 glyph slots of `bytesPerGlyph` bytes each, indexed by byte value.
    ///
    /// Invariant: `bitmaps.count == 256 × bytesPerGlyph`, and bits past `glyphWidth` in a row
    /// are zero.
    let bitmaps: [UInt8]

    /// Largest accepted cell, so a font can never make drawing or its storage absurd
    /// (256 × 8 × 128 bytes = 256 KiB at most).
    static let maxGlyphWidth = 64
    /// See `maxGlyphWidth`.
    static let maxGlyphHeight = 128

    /// Wraps already laid-out glyph slots. O(1).
    init(glyphWidth: Int, glyphHeight: Int, bitmaps: [UInt8]) {
        precondition(glyphWidth >= 1 && glyphWidth <= Self.maxGlyphWidth, "glyph width out of range")
        precondition(glyphHeight >= 1 && glyphHeight <= Self.maxGlyphHeight, "glyph height out of range")
        let perRow = (glyphWidth + 7) / 8
        precondition(bitmaps.count == 256 * perRow * glyphHeight, "a font stores exactly 256 glyph slots")
        self.glyphWidth = glyphWidth
        self.glyphHeight = glyphHeight
        self.bytesPerRow = perRow
        self.bytesPerGlyph = perRow * glyphHeight
        self.bitmaps = bitmaps
    }

    /// Lays out a loaded font: slot `b` (b < 128) gets glyph `asciiGlyph[b]` from `glyphs`
    /// (`glyphs.count / bytesPerGlyph` glyphs of `⌈width / 8⌉ × height` bytes, MSB leftmost);
    /// every other slot, and ASCII the font lacks (-1), gets glyph `replacement`, or a box
    /// outline when that is -1 too. Bits past the width are cleared, so stored glyphs hold only
    /// pixels that exist. The caller has validated sizes and indices. O(256 × bytesPerGlyph).
    init(glyphWidth: Int, glyphHeight: Int, glyphs: UnsafeRawBufferPointer, asciiGlyph: [Int], replacement: Int) {
        let perRow = (glyphWidth + 7) / 8
        let perGlyph = perRow * glyphHeight
        let glyphCount = glyphs.count / perGlyph
        precondition(asciiGlyph.count == 128 && replacement < glyphCount && asciiGlyph.allSatisfy { $0 < glyphCount })
        let lastByteMask: UInt8 = glyphWidth % 8 == 0 ? 0xFF : ~(0xFF >> UInt8(glyphWidth % 8))
        var bitmaps = [UInt8](repeating: 0, count: 256 * perGlyph)
        for slot in 0..<256 {
            let mapped = slot < 128 ? asciiGlyph[slot] : -1
            let glyph = mapped >= 0 ? mapped : replacement
            if glyph >= 0 {
                for i in 0..<perGlyph {
                    let mask = i % perRow == perRow - 1 ? lastByteMask : 0xFF
                    bitmaps[slot * perGlyph + i] = glyphs[glyph * perGlyph + i] & mask
                }
            } else {
                Self.drawBox(into: &bitmaps, at: slot * perGlyph, width: glyphWidth, height: glyphHeight, perRow: perRow)
            }
        }
        self.init(glyphWidth: glyphWidth, glyphHeight: glyphHeight, bitmaps: bitmaps)
    }

    /// Writes a rectangle outline inset one pixel from the cell (the whole cell when it is too
    /// small to inset) at `offset`: the replacement for fonts with neither U+FFFD nor `?`.
    private static func drawBox(into bitmaps: inout [UInt8], at offset: Int, width: Int, height: Int, perRow: Int) {
        let inset = width >= 4 && height >= 4 ? 1 : 0
        let left = inset, right = width - 1 - inset, top = inset, bottom = height - 1 - inset
        for row in top...bottom {
            for column in left...right where row == top || row == bottom || column == left || column == right {
                bitmaps[offset + row * perRow + column / 8] |= 0x80 >> UInt8(column % 8)
            }
        }
    }

    /// Horizontal distance from one character's origin to the next, in pixels at scale 1.
    /// Fonts here are monospaced with the inter-character gap inside the cell, so this is
    /// `glyphWidth`. O(1).
    @inlinable
    public var advance: Int { glyphWidth }

    /// Width in pixels of `count` characters drawn at integer `scale`: `count × advance × scale`,
    /// exactly the distance `drawText` moves its pen. 0 when `count` or `scale` is ≤ 0;
    /// saturates at `Int.max` instead of trapping. O(1).
    @inlinable
    public func width(ofCount count: Int, scale: Int) -> Int {
        guard count > 0, scale > 0 else { return 0 }
        let (cell, o1) = advance.multipliedReportingOverflow(by: scale)
        if o1 { return Int.max }
        let (total, o2) = cell.multipliedReportingOverflow(by: count)
        return o2 ? Int.max : total
    }

    /// True when pixel `(column, row)` of the glyph drawn for `byte` is inked. For tests and
    /// tools, not for drawing loops. O(1).
    public func isInked(_ byte: UInt8, column: Int, row: Int) -> Bool {
        guard column >= 0, column < glyphWidth, row >= 0, row < glyphHeight else { return false }
        let index = Int(byte) * bytesPerGlyph + row * bytesPerRow + (column >> 3)
        return bitmaps[index] & (0x80 >> UInt8(column & 7)) != 0
    }
}
