import LiveTickerRender

/// A decoded binary PPM (P6) picture: 8-bit RGB triples, top row first.
///
/// Used by tests and by the display end-to-end test that compares a QEMU `screendump` with the
/// frame the program wrote.
public struct PPMImage: Sendable, Equatable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `width × height × 3` bytes, RGB, row-major.
    public var rgb: [UInt8]

    /// Parses a P6 file: the header's fields may be separated by any whitespace and `#`
    /// comments (to end of line); a single whitespace byte follows the maxval. Maxval 1…255 gives
    /// one byte per sample, 256…65535 two (big-endian); samples are rescaled to 0…255.
    /// Trailing bytes after the pixels are ignored. O(n); allocates `rgb`.
    public init(decoding bytes: some Collection<UInt8>) throws(ImageIOError) {
        let data = Array(bytes)
        var i = 0
        func fail(_ reason: String) -> ImageIOError { .malformed(what: "PPM", reason: reason) }
        guard data.count >= 2, data[0] == UInt8(ascii: "P"), data[1] == UInt8(ascii: "6") else {
            throw fail("missing P6 magic")
        }
        i = 2
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0B || b == 0x0C }
        func field(_ name: String) throws(ImageIOError) -> Int {
            // Skip whitespace and comments before the number.
            while i < data.count {
                if isSpace(data[i]) {
                    i += 1
                } else if data[i] == UInt8(ascii: "#") {
                    while i < data.count, data[i] != 0x0A, data[i] != 0x0D { i += 1 }
                } else {
                    break
                }
            }
            var value = 0
            var digits = 0
            while i < data.count, data[i] >= 0x30, data[i] <= 0x39 {
                value = value * 10 + Int(data[i] - 0x30)
                digits += 1
                i += 1
                if value > 1 << 24 { throw fail("\(name) too large") }
            }
            guard digits > 0 else { throw fail("\(name) is not a number") }
            return value
        }
        let w = try field("width")
        let h = try field("height")
        let maxval = try field("maxval")
        guard w >= 1, h >= 1 else { throw fail("empty image \(w)x\(h)") }
        guard maxval >= 1, maxval <= 65535 else { throw fail("maxval \(maxval) outside 1...65535") }
        guard i < data.count, isSpace(data[i]) else { throw fail("no whitespace after maxval") }
        i += 1
        let sampleBytes = maxval < 256 ? 1 : 2
        let need = w * h * 3 * sampleBytes
        guard data.count - i >= need else { throw fail("\(data.count - i) pixel bytes, need \(need)") }
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        if sampleBytes == 1 && maxval == 255 {
            rgb.replaceSubrange(0..<rgb.count, with: data[i..<(i + rgb.count)])
        } else {
            for k in 0..<rgb.count {
                let v = sampleBytes == 1 ? Int(data[i + k]) : Int(data[i + 2 * k]) << 8 | Int(data[i + 2 * k + 1])
                rgb[k] = UInt8(min(255, (v * 255 + maxval / 2) / maxval))
            }
        }
        self.width = w
        self.height = h
        self.rgb = rgb
    }

    /// Copies the pixels of `framebuffer` (ignoring padding). O(width × height); allocates.
    public init(_ framebuffer: Framebuffer) {
        width = framebuffer.width
        height = framebuffer.height
        rgb = []
        rgb.reserveCapacity(width * height * 3)
        for y in 0..<height {
            let r = framebuffer.row(y)
            for x in 0..<width {
                let p = r[x]
                rgb.append(UInt8(truncatingIfNeeded: p >> 16))
                rgb.append(UInt8(truncatingIfNeeded: p >> 8))
                rgb.append(UInt8(truncatingIfNeeded: p))
            }
        }
    }

    /// Reads and decodes the PPM file at `path`. O(n).
    public init(contentsOf path: String) throws(ImageIOError) {
        try self.init(decoding: try FileIO.read(path))
    }

    /// The pixel at `(x, y)` as `0x00RRGGBB`; both must be in bounds.
    public subscript(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of bounds")
        let o = (y * width + x) * 3
        return UInt32(rgb[o]) << 16 | UInt32(rgb[o + 1]) << 8 | UInt32(rgb[o + 2])
    }
}
