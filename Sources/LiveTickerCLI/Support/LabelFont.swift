#if canImport(Glibc)
import Glibc
#endif
import LiveTickerChart
import LiveTickerCore
import LiveTickerFreeType
import LiveTickerRender

/// Which font the chart's labels use, and at what size: a TrueType/OpenType file through
/// FreeType (the default when Debian's `fonts-dejavu-core` is installed), a PSF console font,
/// or the built-in bitmap font. The glyphs are rasterised once per chart, for its panel size.
struct LabelFont {
    /// The bitmap font (built-in or PSF), used when there is no TrueType font.
    var bitmap = BitmapFont.builtin
    /// The TrueType/OpenType file, if labels use one.
    var trueTypePath: String?
    /// Pixels per em for TrueType text; nil follows the panel (``defaultTextSize(width:height:)``).
    var textSize: Int?

    /// The built-in bitmap font, no TrueType.
    static var builtin: LabelFont { LabelFont() }

    /// The default: DejaVu Sans when installed, else the built-in font.
    static var automatic: LabelFont {
        var font = LabelFont()
        if access(FreeTypeFont.defaultPath, R_OK) == 0 { font.trueTypePath = FreeTypeFont.defaultPath }
        return font
    }

    /// Selects the font `text` names: `builtin`, a TrueType/OpenType file (`.ttf`, `.otf`,
    /// `.ttc`, checked now rather than on the panel) or a PSF console font. `naming` is how
    /// errors name the setting (`--font`, `'font' in the file`).
    mutating func select(_ text: String, naming: String) throws(CommandFailure) {
        let lower = text.lowercased()
        if text == "builtin" {
            trueTypePath = nil
        } else if lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") {
            do {
                _ = try FreeTypeFont.atlas(path: text, pixelSize: 16)  // fail now, not on the panel
            } catch {
                throw CommandFailure("\(naming): \(error)")
            }
            trueTypePath = text
        } else {
            do {
                bitmap = try BitmapFont.load(consoleFontAt: text)
                trueTypePath = nil
            } catch {
                throw CommandFailure("\(naming): \(error)")
            }
        }
    }

    /// Text size for a panel: 1/40 of its shorter side (27 px on a 1080p panel, read from a few
    /// metres; 18 px at 720p), at least 12 px.
    static func defaultTextSize(width: Int, height: Int) -> Int {
        max(12, min(width, height) / 40)
    }

    /// The glyphs for a `width × height` panel drawn with `options` (nil: the chart scales the
    /// bitmap font itself). A TrueType font that fails here was already checked when the
    /// option was read, so failing now falls back to the bitmap font.
    func glyphs(width: Int, height: Int, options: ChartOptions) -> GlyphAtlas? {
        let logical = options.rotation.logicalSize(width: width, height: height)
        guard let path = trueTypePath else {
            // A PSF or built-in font at --text-size: the nearest integer scale of its cell.
            guard options.textScale == nil else { return nil }
            if let size = textSize { return GlyphAtlas(bitmap: bitmap, scale: Self.scale(of: bitmap, forSize: size)) }
            // A console font taller than the built-in 16-px cell (fonts-spleen's 32x64 for 4K)
            // is made for big panels: the scale nearest the panel's text size, so a 32x64 font
            // on a 2160-line panel is drawn at its own 64 px, not tripled like the built-in's.
            guard bitmap.glyphHeight > BitmapFont.builtin.glyphHeight else { return nil }
            let size = Self.defaultTextSize(width: logical.width, height: logical.height)
            return GlyphAtlas(bitmap: bitmap, scale: Self.scale(of: bitmap, forSize: size))
        }
        let size = textSize ?? options.textScale.map { $0 * 13 } ?? Self.defaultTextSize(width: logical.width, height: logical.height)
        return try? FreeTypeFont.atlas(path: path, pixelSize: size)
    }

    /// The integer scale of `bitmap`'s cell nearest to a `size`-px line, at least 1.
    static func scale(of bitmap: BitmapFont, forSize size: Int) -> Int {
        max(1, (size + bitmap.glyphHeight / 2) / bitmap.glyphHeight)
    }

    /// The chart for a panel of `width × height`.
    func makeChart(series: [LiveSeries], width: Int, height: Int, options: ChartOptions) -> LiveTickerChart {
        LiveTickerChart(
            series: series, width: width, height: height, options: options, font: bitmap,
            glyphs: glyphs(width: width, height: height, options: options))
    }
}
