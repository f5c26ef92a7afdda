import CFreeType
import LiveTickerRender

/// TrueType and OpenType label fonts through FreeType (Debian's `libfreetype-dev`): the glyphs
/// of the label code page (``LabelEncoding``: printable ASCII, then Windows-1252's `€`, `°`,
/// `ü` …) are rendered once, anti-aliased, into a ``GlyphAtlas`` that the chart draws from
/// every frame (FreeType is never called per frame).
///
/// Outlines are rendered with light hinting and embedded bitmap strikes are ignored
/// (`FT_LOAD_NO_BITMAP`: a font such as Terminus TTF would otherwise give 1-bit glyphs).
public enum FreeTypeFont {
    /// Where Debian's `fonts-dejavu-core` puts its sans-serif face: the default label font
    /// when present.
    public static let defaultPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// Why a font could not be used.
    public struct LoadError: Error, CustomStringConvertible, Sendable {
        /// What went wrong, naming the file.
        public let description: String
    }

    /// Renders the label code page's glyphs of the font at `path` at `pixelSize` px per em
    /// (6…400) into an atlas; bytes without a glyph get the font's `?`. O(218 glyphs × their
    /// pixels); allocates the atlas once.
    public static func atlas(path: String, pixelSize: Int) throws(LoadError) -> GlyphAtlas {
        let size = max(6, min(400, pixelSize))
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw LoadError(description: "FreeType could not start") }
        defer { FT_Done_FreeType(library) }
        var faceHandle: FT_Face?
        let opened = FT_New_Face(library, path, 0, &faceHandle)
        guard opened == 0, let face = faceHandle else {
            throw LoadError(description: "\(path): not a font FreeType can read (error \(opened))")
        }
        defer { FT_Done_Face(face) }
        guard FT_Set_Pixel_Sizes(face, 0, FT_UInt(size)) == 0 else {
            throw LoadError(description: "\(path): cannot be drawn at \(size) px")
        }
        let metrics = face.pointee.size.pointee.metrics
        let ascent = Int((metrics.ascender + 63) >> 6)
        let descent = Int((-metrics.descender + 63) >> 6)
        let lineHeight = ascent + descent
        // FT_LOAD_RENDER | FT_LOAD_NO_BITMAP | FT_LOAD_TARGET_LIGHT (macros Swift does not import).
        let flags = FT_Int32(1 << 2 | 1 << 3 | 1 << 16)
        var glyphs: [GlyphAtlas.Image?] = Array(repeating: nil, count: 256)
        for byte in 0..<256 {
            let code = LabelEncoding.scalars[byte]
            guard code != 0 else { continue }
            let index = FT_Get_Char_Index(face, FT_ULong(code))
            guard index != 0 || code == 32, FT_Load_Glyph(face, index, flags) == 0 else { continue }
            let slot = face.pointee.glyph.pointee
            let bitmap = slot.bitmap
            let width = Int(bitmap.width)
            let height = Int(bitmap.rows)
            var pixels = [UInt8](repeating: 0, count: width * height)
            if width > 0, height > 0, let buffer = bitmap.buffer {
                let pitch = Int(bitmap.pitch)
                for row in 0..<height {
                    let source = pitch >= 0 ? buffer + row * pitch : buffer + (height - 1 - row) * -pitch
                    for column in 0..<width { pixels[row * width + column] = source[column] }
                }
            }
            glyphs[byte] = GlyphAtlas.Image(
                width: width, height: height, left: Int(slot.bitmap_left), top: ascent - Int(slot.bitmap_top),
                advance: Int((slot.advance.x + 32) >> 6), coverage: pixels)
        }
        guard let replacement = glyphs[Int(UInt8(ascii: "?"))], glyphs[Int(UInt8(ascii: "0"))] != nil else {
            throw LoadError(description: "\(path): has no glyphs for digits and '?'")
        }
        let images = glyphs.map { $0 ?? replacement }
        return GlyphAtlas(images: images, lineHeight: lineHeight, ascent: ascent)
    }
}
