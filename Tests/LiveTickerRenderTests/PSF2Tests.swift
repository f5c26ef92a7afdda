#if canImport(Glibc)
import Glibc
#endif
import LiveTickerRender
import Testing

/// Builds a PSF2 file in memory. `glyphs[i]` is glyph i's bitmap (`charSize` bytes);
/// `unicode[i]` its raw unicode-table entry without the 0xFF terminator.
private func makePSF2(
    width: Int, height: Int, glyphs: [[UInt8]], unicode: [[UInt8]]? = nil, version: UInt32 = 0,
    headerSize: UInt32 = 32, charSize: UInt32? = nil, length: UInt32? = nil
) -> [UInt8] {
    var out: [UInt8] = [0x72, 0xB5, 0x4A, 0x86]
    func u32(_ v: UInt32) { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
    let perGlyph = (width + 7) / 8 * height
    u32(version)
    u32(headerSize)
    u32(unicode == nil ? 0 : 1)
    u32(length ?? UInt32(glyphs.count))
    u32(charSize ?? UInt32(perGlyph))
    u32(UInt32(height))
    u32(UInt32(width))
    out += [UInt8](repeating: 0xAA, count: Int(headerSize) - 32)  // header padding
    for g in glyphs { out += g }
    if let unicode {
        for entry in unicode { out += entry + [0xFF] }
    }
    return out
}

private func load(_ bytes: [UInt8]) throws(FontError) -> BitmapFont {
    let result: Result<BitmapFont, FontError> = bytes.withUnsafeBytes { raw in
        Result { () throws(FontError) in try BitmapFont.psf2(raw) }
    }
    return try result.get()
}

/// Loads either format through the magic-sniffing entry point.
private func loadAny(_ bytes: [UInt8]) throws(FontError) -> BitmapFont {
    let result: Result<BitmapFont, FontError> = bytes.withUnsafeBytes { raw in
        Result { () throws(FontError) in try BitmapFont.psf(raw) }
    }
    return try result.get()
}

/// Builds a PSF1 file: 8-px glyphs of `height` bytes; `unicode[i]` is glyph i's UCS-2 entry
/// without the 0xFFFF terminator.
private func makePSF1(height: Int, glyphs: [[UInt8]], unicode: [[UInt16]]? = nil, mode: UInt8? = nil) -> [UInt8] {
    var out: [UInt8] = [0x36, 0x04, mode ?? ((glyphs.count > 256 ? 1 : 0) | (unicode == nil ? 0 : 2)), UInt8(height)]
    for g in glyphs { out += g }
    for entry in unicode ?? [] {
        for unit in entry + [0xFFFF] { out += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    }
    return out
}

private func loadError(_ bytes: [UInt8], any: Bool = false) -> FontError? {
    do {
        _ = try any ? loadAny(bytes) : load(bytes)
        return nil
    } catch {
        return error
    }
}

/// An 8×6 glyph whose first row holds `id` and whose other rows are a fixed pattern, so
/// every glyph is distinguishable.
private func glyph8x6(_ id: UInt8) -> [UInt8] { [id, 0x81, 0x42, 0x24, 0x18, 0xFF] }

/// The glyph drawn for `byte`, as rows of bits read back through `isInked`.
private func rows(_ font: BitmapFont, _ byte: UInt8) -> [[Bool]] {
    (0..<font.glyphHeight).map { r in (0..<font.glyphWidth).map { font.isInked(byte, column: $0, row: r) } }
}

private func bitRows(_ g: [UInt8], width: Int) -> [[Bool]] {
    let perRow = (width + 7) / 8
    return (0..<(g.count / perRow)).map { r in
        (0..<width).map { c in g[r * perRow + c / 8] & (0x80 >> UInt8(c % 8)) != 0 }
    }
}

@Suite struct PSF2Tests {
    @Test func withoutUnicodeTableGlyphIndexIsCodePoint() throws {
        let glyphs = (0..<256).map { glyph8x6(UInt8($0)) }
        let font = try load(makePSF2(width: 8, height: 6, glyphs: glyphs))
        #expect(font.glyphWidth == 8 && font.glyphHeight == 6 && font.advance == 8)
        for byte in [0x00, 0x20, 0x30, 0x41, 0x7E, 0x7F] as [UInt8] {
            #expect(rows(font, byte) == bitRows(glyph8x6(byte), width: 8))
        }
        // Non-ASCII bytes draw the '?' glyph, not glyph 0x80.
        #expect(rows(font, 0x80) == bitRows(glyph8x6(0x3F), width: 8))
        #expect(rows(font, 0xFF) == bitRows(glyph8x6(0x3F), width: 8))
    }

    @Test func unicodeTableMapsAsciiAndReplacement() throws {
        let glyphs = (0..<5).map { glyph8x6(UInt8(0xF0 + $0)) }
        let table: [[UInt8]] = [
            [0x41, 0xC3, 0x82],  // glyph 0: 'A' and 'Â'
            [0x42, 0xFE, 0x43, 0xCC, 0x81],  // glyph 1: 'B'; the sequence "C + combining acute" must not map 'C'
            [0xEF, 0xBF, 0xBD],  // glyph 2: U+FFFD
            [0x3F, 0x41],  // glyph 3: '?', and a second claim on 'A' (first claim wins)
            [],  // glyph 4: nothing
        ]
        let font = try load(makePSF2(width: 8, height: 6, glyphs: glyphs, unicode: table))
        #expect(rows(font, 0x41) == bitRows(glyphs[0], width: 8))
        #expect(rows(font, 0x42) == bitRows(glyphs[1], width: 8))
        #expect(rows(font, 0x3F) == bitRows(glyphs[3], width: 8))
        for unmapped in [0x43, 0x00, 0x80, 0xC3, 0xFF] as [UInt8] {
            #expect(rows(font, unmapped) == bitRows(glyphs[2], width: 8), "byte \(unmapped) should draw U+FFFD")
        }
    }

    @Test func withoutReplacementOrQuestionMarkDrawsABox() throws {
        let font = try load(makePSF2(width: 8, height: 6, glyphs: [glyph8x6(1)], unicode: [[0x41]]))
        let box = rows(font, 0x42)
        #expect(box[0].allSatisfy { !$0 })
        #expect(box[1] == [false, true, true, true, true, true, true, false])
        #expect(box[2] == [false, true, false, false, false, false, true, false])
        #expect(rows(font, 0x41) == bitRows(glyph8x6(1), width: 8))
    }

    @Test func wideGlyphsKeepRowsAndDropPaddingBits() throws {
        // 10 px wide: 2 bytes per row; the 6 padding bits of each row are set in the file.
        let g: [UInt8] = [0xC0, 0x7F, 0xFF, 0xFF, 0x80, 0x40, 0x00, 0x3F]  // 4 rows
        let font = try load(makePSF2(width: 10, height: 4, glyphs: [g], unicode: [[0x7C]]))
        #expect(font.glyphWidth == 10 && font.advance == 10)
        #expect(rows(font, 0x7C) == bitRows(g, width: 10))
        #expect(!font.isInked(0x7C, column: 10, row: 0))
        // Drawn pixels agree with the bitmap and stay inside the 10-px cell.
        let fb = Framebuffer(width: 30, height: 10, stride: 33)
        [UInt8(0x7C), 0x7C].withUnsafeBufferPointer {
            #expect(fb.drawText($0, x: 2, y: 1, font: font, scale: 1, color: RGBColor(0xFFFFFF), clip: fb.bounds) == 22)
        }
        for y in 0..<10 {
            for x in 0..<30 {
                let cell = (x - 2) / 10, cx = (x - 2) % 10, cy = y - 1
                let expected = x >= 2 && x < 22 && cell < 2 && cy >= 0 && cy < 4 && bitRows(g, width: 10)[cy][cx]
                #expect((fb[x, y] != 0) == expected, "(\(x), \(y))")
            }
        }
    }

    @Test func headerSizeBeyond32IsHonoured() throws {
        let font = try load(makePSF2(width: 8, height: 6, glyphs: [glyph8x6(7)], unicode: [[0x61]], headerSize: 40))
        #expect(rows(font, 0x61) == bitRows(glyph8x6(7), width: 8))
    }

    @Test func malformedHeadersAreRejected() {
        let good = makePSF2(width: 8, height: 6, glyphs: [glyph8x6(1)])
        #expect(loadError([]) == .truncatedHeader(byteCount: 0))
        #expect(loadError(Array(good.prefix(31))) == .truncatedHeader(byteCount: 31))
        var bad = good
        bad[1] = 0xB6
        #expect(loadError(bad) == .badMagic)
        #expect(loadError([0x36, 0x04, 0x00, 0x10] + [UInt8](repeating: 0, count: 40)) == .unexpectedPSF1)
        #expect(loadError(makePSF2(width: 8, height: 6, glyphs: [glyph8x6(1)], version: 1)) == .unsupportedVersion(1))
        #expect(loadError(makePSF2(width: 8, height: 6, glyphs: [glyph8x6(1)], headerSize: 32, length: 0)) == .badGlyphCount(0))
        #expect(loadError(makePSF2(width: 8, height: 6, glyphs: [], length: 0xFFFF_FFFF)) == .badGlyphCount(0xFFFF_FFFF))
        #expect(loadError(makePSF2(width: 0, height: 6, glyphs: [])) == .unsupportedGlyphSize(width: 0, height: 6))
        #expect(loadError(makePSF2(width: 65, height: 6, glyphs: [])) == .unsupportedGlyphSize(width: 65, height: 6))
        #expect(loadError(makePSF2(width: 8, height: 129, glyphs: [])) == .unsupportedGlyphSize(width: 8, height: 129))
        #expect(loadError(makePSF2(width: 8, height: 6, glyphs: [glyph8x6(1)], charSize: 7)) == .charSizeMismatch(declared: 7, expected: 6))
        // Header size smaller than the header, or past the end of the file.
        var small = good
        small[8] = 16
        #expect(loadError(small) == .badHeaderSize(16))
        var large = good
        large[8] = 0xFF
        large[9] = 0x7F
        #expect(loadError(large) == .badHeaderSize(0x7FFF))
    }

    @Test func truncatedBodiesAreRejected() {
        let glyphs = (0..<3).map { glyph8x6(UInt8($0)) }
        let plain = makePSF2(width: 8, height: 6, glyphs: glyphs)
        #expect(loadError(Array(plain.dropLast())) == .truncatedGlyphs(needed: 18, available: 17))
        let table = makePSF2(width: 8, height: 6, glyphs: glyphs, unicode: [[0x41], [0x42, 0xFE, 0x43], [0x44]])
        #expect(loadError(Array(table.dropLast())) == .truncatedUnicodeTable(describedGlyphs: 2, glyphCount: 3))
        // Every prefix of a valid file fails cleanly.
        for n in 0..<table.count {
            #expect(loadError(Array(table.prefix(n))) != nil, "prefix \(n)")
        }
        #expect(loadError(table) == nil)
    }

    @Test func corruptedBytesNeverCrash() {
        let glyphs = (0..<4).map { glyph8x6(UInt8($0)) }
        let good = makePSF2(width: 8, height: 6, glyphs: glyphs, unicode: [[0x41], [0x42], [0xEF, 0xBF], [0xFE]])
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 {
            var bytes = good
            for _ in 0..<3 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let index = Int(state >> 33) % bytes.count
                bytes[index] = UInt8(truncatingIfNeeded: state >> 17)
            }
            if let font = try? load(bytes) {
                // Whatever loaded must draw safely.
                let canvas = GuardedCanvas(width: 30, height: 20)
                Array("AB?\u{80}".utf8).withUnsafeBufferPointer {
                    _ = canvas.fb.drawText($0, x: -3, y: 2, font: font, scale: 2, color: RGBColor(0xFFFFFF), clip: canvas.clip)
                }
                #expect(canvas.outsideWrites() == 0)
            }
        }
    }

    @Test func errorsDescribeThemselves() {
        let errors: [FontError] = [
            .truncatedHeader(byteCount: 3), .unexpectedPSF1, .badMagic, .unsupportedVersion(2), .badHeaderSize(4),
            .unsupportedGlyphSize(width: 0, height: 0), .charSizeMismatch(declared: 1, expected: 2), .badGlyphCount(0),
            .truncatedGlyphs(needed: 5, available: 4), .truncatedUnicodeTable(describedGlyphs: 1, glyphCount: 2),
        ]
        let texts = Set(errors.map(\.description))
        #expect(texts.count == errors.count)
        #expect(texts.allSatisfy { !$0.isEmpty && !$0.contains("\n") })
    }

    @Test func psf1WithAndWithoutUnicodeTable() throws {
        let glyphs = (0..<256).map { glyph8x6(UInt8($0)) }
        let plain = try loadAny(makePSF1(height: 6, glyphs: glyphs))
        #expect(plain.glyphWidth == 8 && plain.glyphHeight == 6)
        #expect(rows(plain, 0x41) == bitRows(glyph8x6(0x41), width: 8))
        #expect(rows(plain, 0xC0) == bitRows(glyph8x6(0x3F), width: 8))
        // 512 glyphs with a table: 'A' lives at glyph 300, U+FFFD at 301; 'C' only in a sequence.
        var big = (0..<512).map { glyph8x6(UInt8($0 & 0xFF)) }
        big[300] = [0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
        big[301] = [0xFF, 0x81, 0x81, 0x81, 0x81, 0xFF]
        var table = [[UInt16]](repeating: [], count: 512)
        table[300] = [0x0041, 0x00C1]
        table[301] = [0xFFFD]
        table[5] = [0x0042, 0xFFFE, 0x0043, 0x0301]
        let font = try loadAny(makePSF1(height: 6, glyphs: big, unicode: table))
        #expect(rows(font, 0x41) == bitRows(big[300], width: 8))
        #expect(rows(font, 0x42) == bitRows(big[5], width: 8))
        #expect(rows(font, 0x43) == bitRows(big[301], width: 8))
        #expect(rows(font, 0x90) == bitRows(big[301], width: 8))
        // The strict PSF2 reader names the format instead of calling it garbage.
        #expect(loadError(makePSF1(height: 6, glyphs: glyphs)) == .unexpectedPSF1)
    }

    @Test func malformedPSF1IsRejected() {
        let glyphs = (0..<256).map { glyph8x6(UInt8($0)) }
        let good = makePSF1(height: 6, glyphs: glyphs, unicode: [[UInt16]](repeating: [0x20], count: 256))
        #expect(loadError(good, any: true) == nil)
        #expect(loadError([0x36, 0x04, 0x00], any: true) == .truncatedHeader(byteCount: 3))
        #expect(loadError([0x36, 0x04, 0x08, 0x06] + Array(good.dropFirst(4)), any: true) == .unsupportedVersion(8))
        #expect(loadError([0x36, 0x04, 0x00, 0x00], any: true) == .unsupportedGlyphSize(width: 8, height: 0))
        #expect(loadError(makePSF1(height: 6, glyphs: Array(glyphs.prefix(255))), any: true) == .truncatedGlyphs(needed: 1536, available: 1530))
        #expect(loadError(Array(good.dropLast()), any: true) == .truncatedUnicodeTable(describedGlyphs: 255, glyphCount: 256))
        #expect(loadError([0x00, 0x01, 0x02, 0x03, 0x04], any: true) == .badMagic)
        for n in stride(from: 0, to: good.count, by: 97) {
            #expect(loadError(Array(good.prefix(n)), any: true) != nil, "prefix \(n)")
        }
    }

    /// The real Terminus console font when console-setup is installed; skipped otherwise.
    @Test(.enabled(if: access("/usr/share/consolefonts/Uni2-Terminus16.psf.gz", R_OK) == 0 && access("/bin/gzip", X_OK) == 0))
    func loadsTerminusFromConsoleSetup() throws {
        let bytes = try #require(gunzip("/usr/share/consolefonts/Uni2-Terminus16.psf.gz"))
        let font = try loadAny(bytes)  // this one is PSF1
        #expect(font.glyphWidth == 8 && font.glyphHeight == 16)
        let digits = (UInt8(ascii: "0")...UInt8(ascii: "9")).map { rows(font, $0) }
        #expect(Set(digits.map { $0.description }).count == 10)
        #expect(rows(font, UInt8(ascii: "A")).joined().contains(true))
        #expect(!rows(font, UInt8(ascii: " ")).joined().contains(true))
        #expect(rows(font, UInt8(ascii: "A")) != rows(font, UInt8(ascii: "B")))
    }
}

extension PSF2Tests {
    /// A real PSF2 file: Terminus at 16×32, when console-setup is installed.
    @Test(.enabled(if: access("/usr/share/consolefonts/Uni2-Terminus32x16.psf.gz", R_OK) == 0 && access("/bin/gzip", X_OK) == 0))
    func loadsWideTerminusPSF2() throws {
        let bytes = try #require(gunzip("/usr/share/consolefonts/Uni2-Terminus32x16.psf.gz"))
        let font = try load(bytes)
        #expect(font.glyphWidth == 16 && font.glyphHeight == 32)
        let glyphs = (UInt8(0x21)...UInt8(0x7E)).map { rows(font, $0) }
        #expect(glyphs.allSatisfy { $0.joined().contains(true) })
        #expect(Set(glyphs.map { $0.description }).count == 94)
        let canvas = GuardedCanvas(width: 200, height: 40)
        let end = Array("12:34:56".utf8).withUnsafeBufferPointer {
            canvas.fb.drawText($0, x: 4, y: 3, font: font, scale: 1, color: RGBColor(0xFFFFFF), clip: canvas.clip)
        }
        #expect(end == 4 + 8 * 16)
        #expect(canvas.changedPixels() > 0 && canvas.outsideWrites() == 0)
    }
}

/// Runs `/bin/gzip -dc path` through posix_spawn and returns its output, or nil on failure.
private func gunzip(_ path: String) -> [UInt8]? {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    var pid: pid_t = 0
    let args = ["/bin/gzip", "-dc", path]
    var argv: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    let spawned = posix_spawn(&pid, "/bin/gzip", &actions, nil, &argv, nil)
    close(fds[1])
    guard spawned == 0 else {
        close(fds[0])
        return nil
    }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
        if n <= 0 { break }
        out += chunk[0..<n]
    }
    close(fds[0])
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return status == 0 ? out : nil
}
