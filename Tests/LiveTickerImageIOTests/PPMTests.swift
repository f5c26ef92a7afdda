import LiveTickerImageIO
import LiveTickerRender
import Testing

@Suite("PPM")
struct PPMTests {
    @Test("2x2 image encodes to the exact P6 bytes, ignoring stride padding and the top byte")
    func exactBytes() {
        let fb = Framebuffer(width: 2, height: 2, stride: 3)
        fb.clear(to: 0xFF77_7777)
        fb[0, 0] = 0x00FF_0000
        fb[1, 0] = 0xFF00_FF00
        fb[0, 1] = 0x0000_00FF
        fb[1, 1] = 0x0012_3456
        let bytes = PPMEncoder().encode(fb)
        let expected: [UInt8] = Array("P6\n2 2\n255\n".utf8) + [255, 0, 0, 0, 255, 0, 0, 0, 255, 0x12, 0x34, 0x56]
        #expect(bytes == expected)
    }

    @Test("one encoder over frames of changing sizes gives each frame's bytes as a new encoder does")
    func reusedEncoder() throws {
        // Sizes whose pixel bytes match but whose headers differ (9×1, 1×9), larger and smaller
        // frames after each other, and a one-pixel one: the kept buffer is only resized.
        let sizes = [(9, 1), (1, 9), (12, 10), (3, 2), (1, 1), (100, 10), (10, 100), (12, 10)]
        let encoder = PPMEncoder()
        for (index, (width, height)) in sizes.enumerated() {
            let fb = Framebuffer(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width { fb[x, y] = UInt32(truncatingIfNeeded: (x &* 7919 &+ y &* 104_729 &+ index) &* 2_654_435_761) }
            }
            let fresh = PPMEncoder().encode(fb)
            #expect(Array(fresh.prefix(3 + "\(width) \(height)".utf8.count + 5)) == Array("P6\n\(width) \(height)\n255\n".utf8))
            #expect(fresh.count == 3 + "\(width) \(height)".utf8.count + 5 + width * height * 3)
            #expect(encoder.encode(fb) == fresh, "frame \(index), \(width)×\(height)")
            #expect(try PPMImage(decoding: encoder.bytes) == PPMImage(fb))
        }
    }

    @Test("decoder handles comments and odd whitespace and round-trips")
    func decodeWithComments() throws {
        let header = Array("P6 # made by hand\n# another comment\n 2\t1\r\n# maxval next\n255\n".utf8)
        let image = try PPMImage(decoding: header + [1, 2, 3, 4, 5, 6])
        #expect(image.width == 2 && image.height == 1)
        #expect(image[0, 0] == 0x010203)
        #expect(image[1, 0] == 0x040506)
    }

    @Test("16-bit samples are rescaled")
    func sixteenBit() throws {
        let image = try PPMImage(decoding: Array("P6\n1 1\n65535\n".utf8) + [0xFF, 0xFF, 0x80, 0x00, 0, 0])
        #expect(image[0, 0] == 0xFF8000)
    }

    @Test(
        "malformed inputs are rejected, not crashed on",
        arguments: [
            "", "P5\n1 1\n255\n...", "P6\n", "P6\n-1 1\n255\n", "P6\n1 1\n0\n...", "P6\n2 2\n255\nabc",
            "P6\n1 1\n255", "P6\n99999999999 1\n255\n", "P6\nx 1\n255\n",
        ])
    func malformed(text: String) {
        #expect(throws: ImageIOError.self) { try PPMImage(decoding: Array(text.utf8)) }
    }

    @Test("writing to a file and reading back gives the framebuffer's pixels")
    func fileRoundTrip() throws {
        let fb = Framebuffer(width: 5, height: 3, stride: 8)
        for y in 0..<3 { for x in 0..<5 { fb[x, y] = UInt32(x * 40) << 16 | UInt32(y * 70) << 8 | 9 } }
        let path = temporaryPath("roundtrip.ppm")
        try PPMEncoder().write(fb, to: path)
        #expect(try PPMImage(contentsOf: path) == PPMImage(fb))
        removeFile(path)
    }

    @Test("a write to a missing directory names the path and the reason")
    func writeError() {
        let fb = Framebuffer(width: 1, height: 1)
        do {
            try PPMEncoder().write(fb, to: "/nonexistent-dir/x.ppm")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("/nonexistent-dir/x.ppm"))
            #expect(error.description.contains("No such file"))
        }
    }
}
