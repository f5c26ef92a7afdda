import LiveTickerRender

extension BitmapFont {
    /// Loads a Linux console font file (PSF1 or PSF2, gzip-compressed like Debian's
    /// `/usr/share/consolefonts/*.psf.gz` or plain). Errors name the path: open/read failures,
    /// corrupt gzip data, or the font parser's reason. O(file size); allocates the font.
    public static func load(consoleFontAt path: String) throws(ImageIOError) -> BitmapFont {
        let bytes = try GzipFile.contents(ofPath: path)
        let parsed: Result<BitmapFont, FontError> = bytes.withUnsafeBytes { raw in
            Result { () throws(FontError) in try BitmapFont.psf(raw) }
        }
        switch parsed {
        case .success(let font): return font
        case .failure(let error): throw .malformed(what: "console font \(path)", reason: error.description)
        }
    }
}
