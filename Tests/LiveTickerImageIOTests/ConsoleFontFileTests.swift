import LiveTickerImageIO
import LiveTickerRender
import Testing

@Suite("Console font files")
struct ConsoleFontFileTests {
    /// A minimal PSF2 font: 2 glyphs of 8×2, no Unicode table; glyph 1 is a full first row.
    static let psf2: [UInt8] =
        [0x72, 0xB5, 0x4A, 0x86] + [0, 0, 0, 0] + [32, 0, 0, 0] + [0, 0, 0, 0]
        + [2, 0, 0, 0] + [2, 0, 0, 0] + [2, 0, 0, 0] + [8, 0, 0, 0] + [0, 0, 0xFF, 0]

    @Test("a plain PSF2 file loads")
    func plainFile() throws {
        let path = temporaryPath("tiny.psf")
        defer { removeFile(path) }
        try FileIO.write(Self.psf2, to: path)
        let font = try BitmapFont.load(consoleFontAt: path)
        #expect(font.glyphWidth == 8 && font.glyphHeight == 2)
    }

    @Test("garbage and missing files give errors naming the path")
    func errors() throws {
        let path = temporaryPath("garbage.psf")
        defer { removeFile(path) }
        try FileIO.write([1, 2, 3, 4, 5, 6, 7, 8], to: path)
        #expect(throws: ImageIOError.self) { try BitmapFont.load(consoleFontAt: path) }
        do {
            _ = try BitmapFont.load(consoleFontAt: temporaryPath("absent.psf.gz"))
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("absent.psf.gz"))
        }
    }

    // Skipped (and said so) where console-setup-linux is not installed.
    @Test(
        "Debian's Terminus console font, when installed, loads and draws digits",
        .enabled(if: (try? FileIO.read("/usr/share/consolefonts/Uni2-Terminus16.psf.gz")) != nil))
    func terminus() throws {
        let path = "/usr/share/consolefonts/Uni2-Terminus16.psf.gz"
        let font = try BitmapFont.load(consoleFontAt: path)
        #expect(font.glyphWidth == 8 && font.glyphHeight == 16)
        let a = Framebuffer(width: 8, height: 16)
        let b = Framebuffer(width: 8, height: 16)
        "8".utf8.withContiguousStorageIfAvailable {
            a.drawText($0, x: 0, y: 0, font: font, scale: 1, color: RGBColor(0xFFFFFF), clip: a.bounds)
        }
        "0".utf8.withContiguousStorageIfAvailable {
            b.drawText($0, x: 0, y: 0, font: font, scale: 1, color: RGBColor(0xFFFFFF), clip: b.bounds)
        }
        #expect(PPMImage(a) != PPMImage(b))
        #expect(PPMImage(a).rgb.contains(255))
    }
}
