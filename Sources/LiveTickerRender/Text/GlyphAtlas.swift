/// Label glyphs rasterised once, as 8-bit coverage, for drawing text every frame without
/// touching a font engine: one glyph per byte value (ASCII draws its glyph; every other byte
/// the font's replacement), each with its own advance, so proportional TrueType text and
/// scaled bitmap fonts draw through the same code.
///
/// Made when a chart is made: from a ``BitmapFont`` at an integer scale, or from glyph
/// images a font engine rendered (`LiveTickerFreeType`). Immutable afterwards; copying shares
/// the storage; `Sendable`.
public struct GlyphAtlas: Sendable {
    /// Height of a line of text in pixels (glyph cells are placed with their top here).
    public let lineHeight: Int
    /// Distance from a line's top to its baseline, in pixels.
    public let ascent: Int
    /// Per byte: pen advance in pixels.
    @usableFromInline let advances: [Int32]
    /// Per byte: where the glyph image sits relative to the pen and the line top, and its size.
    let left: [Int16]
    let top: [Int16]
    let widths: [Int16]
    let heights: [Int16]
    /// Per byte: the image's first byte in `coverage` (rows of `widths[b]` bytes).
    let offsets: [Int32]
    /// Every image's coverage, 0 (none) … 255 (full).
    let coverage: [UInt8]
    /// Whether every coverage is 0 or 255 (a bitmap font's glyphs): text then draws by
    /// selecting the colour where a glyph is inked, four pixels at a time, with no blend.
    public let isBinary: Bool

    /// One rendered glyph: coverage rows of `width` bytes, placed `left` px right of the pen and
    /// `top` px below the line's top, then the pen moves `advance` px.
    public struct Image: Sendable {
        public var width: Int
        public var height: Int
        public var left: Int
        public var top: Int
        public var advance: Int
        public var coverage: [UInt8]

        /// An image; `coverage.count` must be `width × height`.
        public init(width: Int, height: Int, left: Int, top: Int, advance: Int, coverage: [UInt8]) {
            precondition(width >= 0 && height >= 0 && coverage.count == width * height, "glyph image size mismatch")
            self.width = width
            self.height = height
            self.left = left
            self.top = top
            self.advance = advance
            self.coverage = coverage
        }
    }

    /// An atlas from 256 images, one per byte value. O(total image size).
    public init(images: [Image], lineHeight: Int, ascent: Int) {
        precondition(images.count == 256, "an atlas holds one glyph per byte value")
        self.lineHeight = max(1, lineHeight)
        self.ascent = ascent
        var offsets: [Int32] = []
        var coverage: [UInt8] = []
        for image in images {
            offsets.append(Int32(coverage.count))
            coverage += image.coverage
        }
        self.advances = images.map { Int32(clamping: max(0, $0.advance)) }
        self.left = images.map { Int16(clamping: $0.left) }
        self.top = images.map { Int16(clamping: $0.top) }
        self.widths = images.map { Int16(clamping: $0.width) }
        self.heights = images.map { Int16(clamping: $0.height) }
        self.offsets = offsets
        self.coverage = coverage
        self.isBinary = coverage.allSatisfy { $0 == 0 || $0 == 255 }
    }

    /// The bitmap font's glyphs at integer `scale` (each font pixel a `scale × scale` block of
    /// full coverage): the same pixels ``Framebuffer/drawText(_:x:y:font:scale:color:clip:)``
    /// draws. O(256 × cell size × scale²).
    public init(bitmap font: BitmapFont, scale: Int) {
        let scale = max(1, min(scale, 16))
        let h = font.glyphHeight * scale
        self.init(images: Self.images(bitmap: font, scale: scale), lineHeight: h, ascent: h * 3 / 4)
    }

    /// The images of ``init(bitmap:scale:)`` (`scale` already clamped to 1…16): one per byte,
    /// each font pixel a `scale × scale` block of coverage 255. O(256 × cell size × scale²).
    static func images(bitmap font: BitmapFont, scale: Int) -> [Image] {
        let w = font.glyphWidth * scale
        let h = font.glyphHeight * scale
        var images: [Image] = []
        images.reserveCapacity(256)
        for byte in 0..<256 {
            var pixels = [UInt8](repeating: 0, count: w * h)
            for row in 0..<font.glyphHeight {
                for column in 0..<font.glyphWidth where font.isInked(UInt8(byte), column: column, row: row) {
                    for dy in 0..<scale {
                        for dx in 0..<scale { pixels[(row * scale + dy) * w + column * scale + dx] = 255 }
                    }
                }
            }
            images.append(Image(width: w, height: h, left: 0, top: 0, advance: font.advance * scale, coverage: pixels))
        }
        return images
    }

    /// Pen advance of `byte` in pixels. O(1).
    @inlinable
    public func advance(of byte: UInt8) -> Int { Int(advances[Int(byte)]) }

    /// Width in pixels of `text`: the sum of its advances (saturating). O(count).
    public func width(of text: UnsafeBufferPointer<UInt8>) -> Int {
        var total = 0
        for byte in text { total = TextArithmetic.add(total, Int(advances[Int(byte)])) }
        return total
    }

    /// Width of `text` (bytes). O(count).
    public func width(of bytes: [UInt8]) -> Int { bytes.withUnsafeBufferPointer { width(of: $0) } }

    /// The longest start of `text` at most `width` pixels wide (one glyph a byte, so any cut
    /// is between characters): its byte count and its width, for a name shortened with `...`.
    /// O(count), no allocation.
    public func prefix(of text: UnsafeBufferPointer<UInt8>, fitting width: Int) -> (count: Int, width: Int) {
        var used = 0
        for (i, byte) in text.enumerated() {
            let grown = TextArithmetic.add(used, Int(advances[Int(byte)]))
            if grown > width { return (i, used) }
            used = grown
        }
        return (text.count, used)
    }

    /// The advance of a digit: labels of numbers are sized by it (digits share one advance in
    /// every common font). O(1).
    public var digitAdvance: Int { advance(of: UInt8(ascii: "0")) }
}
