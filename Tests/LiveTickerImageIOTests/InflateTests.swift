import LiveTickerImageIO
import Testing

@Suite("gzip and zlib inflate")
struct InflateTests {
    /// `gzip.compress(b"LiveTicker " * 20, mtime=0)` from Python's gzip module.
    static let gzipped: [UInt8] = [
        0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xF3, 0xC9, 0x2C, 0x4B, 0x0D, 0xC9,
        0x4C, 0xCE, 0x4E, 0x2D, 0x52, 0xF0, 0x19, 0x6E, 0x4C, 0x00, 0x6E, 0x75, 0x78, 0xDC, 0xDC, 0x00,
        0x00, 0x00,
    ]
    static let expected = Array(String(repeating: "LiveTicker ", count: 20).utf8)

    @Test("gzip data decompresses to the original bytes")
    func gzip() throws {
        #expect(Inflate.isGzip(Self.gzipped))
        #expect(try Inflate.decompress(Self.gzipped) == Self.expected)
    }

    @Test(
        "corrupt and truncated streams throw instead of returning garbage",
        arguments: [
            Array(gzipped.prefix(20)), Array(gzipped.prefix(10)), [0x1F, 0x8B], [], [1, 2, 3, 4, 5, 6],
            gzipped.enumerated().map { $0.offset == 12 ? $0.element ^ 0x55 : $0.element },
        ])
    func corrupt(bytes: [UInt8]) {
        #expect(throws: ImageIOError.self) { try Inflate.decompress(bytes) }
    }

    @Test("GzipFile passes plain files through and gunzips .gz files")
    func files() throws {
        let plain = temporaryPath("plain.bin")
        let packed = temporaryPath("packed.gz")
        defer {
            removeFile(plain)
            removeFile(packed)
        }
        try FileIO.write([0x36, 0x04, 0x00, 0x08], to: plain)
        try FileIO.write(Self.gzipped, to: packed)
        #expect(try GzipFile.contents(ofPath: plain) == [0x36, 0x04, 0x00, 0x08])
        #expect(try GzipFile.contents(ofPath: packed) == Self.expected)
        #expect(throws: ImageIOError.self) { try GzipFile.contents(ofPath: temporaryPath("missing.gz")) }
    }

    // Skipped (and said so) where console-setup is not installed.
    @Test(
        "a real Debian console font, when installed, gunzips to a PSF header",
        .enabled(if: (try? FileIO.read("/usr/share/consolefonts/Uni2-Terminus16.psf.gz")) != nil))
    func realConsoleFont() throws {
        let bytes = try FileIO.read("/usr/share/consolefonts/Uni2-Terminus16.psf.gz")
        let font = try Inflate.decompress(bytes)
        let psf1 = font.count > 4 && font[0] == 0x36 && font[1] == 0x04
        let psf2 = font.count > 32 && font[0] == 0x72 && font[1] == 0xB5 && font[2] == 0x4A && font[3] == 0x86
        #expect(psf1 || psf2)
        #expect(font.count > 4096)
    }
}
