/// Why a font could not be loaded. Every malformed or unsupported input maps to one of these;
/// the loaders never trap and never read past the bytes they are given.
public enum FontError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Fewer bytes than the font's header (32 for PSF2, 4 for PSF1).
    case truncatedHeader(byteCount: Int)
    /// A PSF1 font (magic 0x36 0x04) was given to the PSF2-only reader; `BitmapFont.psf(_:)`
    /// reads both.
    case unexpectedPSF1
    /// The data starts with neither the PSF2 magic (0x72 0xB5 0x4A 0x86) nor, where PSF1 is
    /// accepted, the PSF1 magic (0x36 0x04).
    case badMagic
    /// A PSF2 version other than 0, or PSF1 mode bits beyond the three defined ones.
    case unsupportedVersion(UInt32)
    /// The header size is below 32 or beyond the end of the data.
    case badHeaderSize(UInt32)
    /// A glyph width or height of 0 or beyond what the renderer accepts (64 × 128).
    case unsupportedGlyphSize(width: UInt32, height: UInt32)
    /// The declared bytes per glyph differ from `height × ⌈width / 8⌉`.
    case charSizeMismatch(declared: UInt32, expected: Int)
    /// A PSF2 glyph count of 0 or above 65 536.
    case badGlyphCount(UInt32)
    /// The glyph bitmaps run past the end of the data.
    case truncatedGlyphs(needed: Int, available: Int)
    /// The unicode table ends before describing every glyph.
    case truncatedUnicodeTable(describedGlyphs: Int, glyphCount: Int)

    /// A one-line, human-readable reason.
    public var description: String {
        switch self {
        case .truncatedHeader(let n): "font truncated: \(n) bytes is shorter than its header"
        case .unexpectedPSF1: "a PSF1 font where PSF2 was expected (BitmapFont.psf reads both)"
        case .badMagic: "not a PSF font (bad magic)"
        case .unsupportedVersion(let v): "unsupported PSF version or mode \(v)"
        case .badHeaderSize(let s): "bad PSF2 header size \(s)"
        case .unsupportedGlyphSize(let w, let h): "unsupported glyph size \(w)×\(h) (1…64 × 1…128)"
        case .charSizeMismatch(let d, let e): "PSF2 glyph size \(d) bytes, expected \(e)"
        case .badGlyphCount(let n): "bad PSF2 glyph count \(n)"
        case .truncatedGlyphs(let need, let have): "font truncated: glyphs need \(need) bytes, \(have) present"
        case .truncatedUnicodeTable(let done, let count):
            "font truncated: unicode table describes \(done) of \(count) glyphs"
        }
    }
}
