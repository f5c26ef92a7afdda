import LiveTickerImageIO
import LiveTickerRender
import Testing

/// CRC-32 (IEEE, reflected, bitwise) written out here so chunk CRCs are checked independently
/// of zlib.
func referenceCRC32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for b in bytes {
        crc ^= UInt32(b)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

func be32(_ b: [UInt8], _ at: Int) -> UInt32 {
    UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
}

/// A frame with gradients, hard edges, stride padding and junk in the top byte.
func testPattern(width: Int, height: Int) -> Framebuffer {
    let fb = Framebuffer(width: width, height: height, stride: width + 5)
    fb.clear(to: 0xFF12_3456)
    for y in 0..<height {
        for x in 0..<width {
            let r = UInt32((x * 255) / max(1, width - 1))
            let g = UInt32((y * 255) / max(1, height - 1))
            let b: UInt32 = (x / 7 + y / 5) % 2 == 0 ? 0x20 : 0xE0
            fb[x, y] = 0xAB00_0000 | r << 16 | g << 8 | b
        }
    }
    return fb
}

@Suite("PNG")
struct PNGTests {
    @Test("signature, IHDR fields and every chunk CRC are correct")
    func structure() throws {
        let png = try PNGEncoder().encode(testPattern(width: 37, height: 11))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var at = 8
        var types: [String] = []
        while at < png.count {
            let length = Int(be32(png, at))
            let type = String(decoding: png[(at + 4)..<(at + 8)], as: UTF8.self)
            types.append(type)
            #expect(be32(png, at + 8 + length) == referenceCRC32(png[(at + 4)..<(at + 8 + length)]), "CRC of \(type)")
            if type == "IHDR" {
                #expect(length == 13)
                #expect(be32(png, at + 8) == 37 && be32(png, at + 12) == 11)
                #expect(Array(png[(at + 16)..<(at + 21)]) == [8, 2, 0, 0, 0])
            }
            at += 12 + length
        }
        #expect(at == png.count)
        #expect(types == ["IHDR", "IDAT", "IEND"])
    }

    @Test(
        "the IDAT stream inflates to filtered rows that reconstruct the frame, with either deflate strategy",
        arguments: [PNGEncoder.DeflateStrategy.runLength, .full])
    func idatRoundTrip(strategy: PNGEncoder.DeflateStrategy) throws {
        let fb = testPattern(width: 23, height: 9)
        let png = try PNGEncoder(compressionLevel: 9, strategy: strategy).encode(fb)
        let idatLength = Int(be32(png, 33))
        let raw = try Inflate.decompress(png[41..<(41 + idatLength)])
        #expect(raw.count == 9 * (23 * 3 + 1))
        let rows = Self.unfiltered(raw, width: 23, height: 9)
        for y in 0..<9 {
            #expect(raw[y * 70] <= 2)
            let row = rows[y]
            for x in 0..<23 {
                let p = fb[x, y]
                #expect(
                    row[3 * x] == UInt8(p >> 16 & 0xFF) && row[3 * x + 1] == UInt8(p >> 8 & 0xFF)
                        && row[3 * x + 2] == UInt8(p & 0xFF))
            }
        }
    }

    @Test(
        "an independent decoder (Python Pillow) reads the same pixels as the PPM, with either deflate strategy",
        arguments: [PNGEncoder.DeflateStrategy.runLength, .full])
    func pillowDecodes(strategy: PNGEncoder.DeflateStrategy) throws {
        let fb = testPattern(width: 64, height: 40)
        let png = temporaryPath("pillow-\(strategy).png")
        let ppm = temporaryPath("pillow-\(strategy).ppm")
        defer {
            removeFile(png)
            removeFile(ppm)
        }
        let encoder = PNGEncoder(compressionLevel: 1, strategy: strategy)
        try encoder.write(fb, to: png)
        let script =
            "import sys; from PIL import Image; im = Image.open(sys.argv[1]); im.load(); im.convert('RGB').save(sys.argv[2], 'PPM')"
        let status = runProcess(["python3", "-c", script, png, ppm])
        try #require(status == 0, "python3 with Pillow must be installed (pip install pillow)")
        #expect(try PPMImage(contentsOf: ppm) == PPMImage(fb))
    }

    @Test("the encoder is reusable across frames of different sizes and is deterministic")
    func reuse() throws {
        let encoder = PNGEncoder()
        let a = try encoder.encode(testPattern(width: 50, height: 20))
        let b = try encoder.encode(testPattern(width: 3, height: 2))
        let c = try encoder.encode(testPattern(width: 50, height: 20))
        #expect(a == c)
        #expect(a != b)
        #expect(try PNGEncoder().encode(testPattern(width: 3, height: 2)) == b)
        let one = try encoder.encode(Framebuffer(width: 1, height: 1))
        #expect(one.count > 50)
    }

    @Test("a full-HD frame (buffers past 2 MB, in huge pages) round-trips after a smaller one, and again after a larger one")
    func fullHDReuse() throws {
        // A chart-like frame: flat background, a grid, one diagonal line.
        let fb = Framebuffer(width: 1920, height: 1080)
        fb.clear(to: 0x0010_1418)
        for y in stride(from: 0, to: 1080, by: 90) { for x in 0..<1920 { fb[x, y] = 0x0030_3840 } }
        for x in 0..<1920 { fb[x, x * 1079 / 1919] = 0x00F0_C020 }
        let encoder = PNGEncoder()
        let small = try encoder.encode(testPattern(width: 40, height: 30))
        let first = try encoder.encode(fb)
        _ = try encoder.encode(testPattern(width: 2100, height: 1200))
        #expect(try encoder.encode(fb) == first)
        #expect(try encoder.encode(testPattern(width: 40, height: 30)) == small)
        // Decoded as a reader would: each row's filter undone, every pixel compared.
        let raw = try Inflate.decompress(Self.idat(first))
        let rowBytes = 1920 * 3
        #expect(raw.count == 1080 * (rowBytes + 1))
        let rows = Self.unfiltered(raw, width: 1920, height: 1080)
        var mismatches = 0
        for y in 0..<1080 {
            let row = rows[y]
            for x in 0..<1920 {
                let p = fb[x, y]
                if row[3 * x] != UInt8(p >> 16 & 0xFF) || row[3 * x + 1] != UInt8(p >> 8 & 0xFF)
                    || row[3 * x + 2] != UInt8(p & 0xFF)
                {
                    mismatches += 1
                }
            }
        }
        #expect(mismatches == 0)
    }

    /// The RGB rows of inflated PNG data (a filter byte, then the row), each row's None, Sub or
    /// Up filter undone as a reader does.
    static func unfiltered(_ raw: [UInt8], width: Int, height: Int) -> [[UInt8]] {
        let rowBytes = width * 3
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var rows: [[UInt8]] = []
        for y in 0..<height {
            let filter = raw[y * (rowBytes + 1)]
            var row = [UInt8](repeating: 0, count: rowBytes)
            for i in 0..<rowBytes {
                let v = raw[y * (rowBytes + 1) + 1 + i]
                switch filter {
                case 1: row[i] = v &+ (i >= 3 ? row[i - 3] : 0)
                case 2: row[i] = v &+ previous[i]
                default: row[i] = v
                }
            }
            rows.append(row)
            previous = row
        }
        return rows
    }

    /// The concatenated IDAT data of a PNG file.
    static func idat(_ png: [UInt8]) -> [UInt8] {
        var at = 8
        var data: [UInt8] = []
        while at + 12 <= png.count {
            let length = Int(be32(png, at))
            if Array(png[(at + 4)..<(at + 8)]) == Array("IDAT".utf8) { data += png[(at + 8)..<(at + 8 + length)] }
            at += 12 + length
        }
        return data
    }

    @Test("a write to an unwritable path names the path")
    func writeError() {
        do {
            try PNGEncoder().write(Framebuffer(width: 2, height: 2), to: "/proc/liveticker-test.png")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("/proc/liveticker-test.png"))
        }
    }
}
