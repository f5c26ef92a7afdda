import LiveTickerRender
import Testing

@testable import LiveTickerDisplay

/// A mock of display memory: `pitch × rows` bytes pre-filled with a sentinel, so tests can see
/// exactly which bytes a copy wrote.
private final class MockScanout {
    static let sentinel: UInt8 = 0xAB
    let pitch: Int
    let rows: Int
    let bytes: UnsafeMutableRawPointer

    init(pitch: Int, rows: Int) {
        self.pitch = pitch
        self.rows = rows
        bytes = .allocate(byteCount: pitch * rows, alignment: 64)
        bytes.initializeMemory(as: UInt8.self, repeating: Self.sentinel, count: pitch * rows)
    }

    deinit { bytes.deallocate() }

    func byte(_ offset: Int) -> UInt8 { bytes.load(fromByteOffset: offset, as: UInt8.self) }
    func pixel32(x: Int, y: Int) -> UInt32 { bytes.loadUnaligned(fromByteOffset: y * pitch + x * 4, as: UInt32.self) }
    func pixel16(x: Int, y: Int) -> UInt16 { bytes.loadUnaligned(fromByteOffset: y * pitch + x * 2, as: UInt16.self) }
}

private func frame(width: Int, height: Int, stride: Int? = nil) -> Framebuffer {
    let framebuffer = Framebuffer(width: width, height: height, stride: stride)
    for y in 0..<height {
        for x in 0..<width { framebuffer[x, y] = UInt32(0x10_0000 * (y + 1) + 0x100 * x + 0x11) }
    }
    return framebuffer
}

/// The pixels of an XRGB8888 copy of `rect` (already cut to the frame and the destination)
/// that are wrong in `scanout`: inside `rect` anything but the frame's pixel; outside it
/// anything but the sentinel, except the frame's own pixel beside `rect` on a 64-byte line
/// the rectangle's row stores to (the copy stores whole lines); any byte of a row's pitch
/// padding written. Also counts the pixels written beside `rect`.
private func wrongPixels(
    _ scanout: MockScanout, _ source: Framebuffer, _ rect: PixelRect, width: Int, height: Int
) -> (wrong: Int, beside: Int) {
    var wrong = 0
    var beside = 0
    for y in 0..<height {
        let rowInside = !rect.isEmpty && y >= rect.minY && y < rect.maxY
        let firstLine = (y * scanout.pitch + rect.minX * 4) / 64
        let lastLine = (y * scanout.pitch + rect.maxX * 4 - 1) / 64
        for x in 0..<width {
            let value = scanout.pixel32(x: x, y: y)
            if rect.contains(x: x, y: y) {
                if value != source[x, y] { wrong += 1 }
                continue
            }
            if value == 0xABAB_ABAB { continue }
            let line = (y * scanout.pitch + x * 4) / 64
            if rowInside, line >= firstLine, line <= lastLine, x < source.width, value == source[x, y] {
                beside += 1
            } else {
                wrong += 1
            }
        }
        for offset in (width * 4)..<scanout.pitch where scanout.byte(y * scanout.pitch + offset) != MockScanout.sentinel {
            wrong += 1
        }
    }
    return (wrong, beside)
}

@Suite("Pitch copy and pixel conversion")
struct PixelCopyTests {
    @Test("a damaged rectangle writes its pixels, and beside them only the frame's own on the lines it stores")
    func aDamagedRectangleWritesOnlyItsPixels() {
        let source = frame(width: 20, height: 5)
        let scanout = MockScanout(pitch: 96, rows: 5)
        let rect = PixelRect(x: 2, y: 1, width: 3, height: 2)
        PixelCopy.copy(source, rect: rect, layout: .xrgb8888, to: scanout.bytes, width: 20, height: 5, pitch: 96)
        let (wrong, beside) = wrongPixels(scanout, source, rect, width: 20, height: 5)
        #expect(wrong == 0)
        // On x86-64 the lines are stored whole where they hold only this row's pixels. Row 1
        // (bytes 96..<176) has the rectangle at 104..<116, in the line 64..<128, which starts
        // in row 0: stored from 104 on, to 128 (pixels 5…7 beside). Row 2 (192..<272) has it at
        // 200..<212, in the line 192..<256: stored whole (pixels 0, 1 and 5…15 beside).
        #if arch(x86_64)
        #expect(beside == 3 + 13)
        #endif
    }

    @Test("XRGB8888 rectangles over several cache lines a row, odd offsets, a strided frame, clipped, never into the padding")
    func wideDamagedRectanglesWriteTheirPixels() {
        // Rows of 1 to 70 pixels (4 to 280 bytes: one to five lines, starting anywhere in a
        // line), from a frame whose stride exceeds its width, into a pitch wider than the frame.
        let source = frame(width: 70, height: 9, stride: 75)
        for rect in [
            PixelRect(x: 0, y: 0, width: 70, height: 9), PixelRect(x: 1, y: 2, width: 16, height: 3),
            PixelRect(x: 13, y: 0, width: 1, height: 9), PixelRect(x: 5, y: 4, width: 61, height: 1),
            PixelRect(x: 50, y: 6, width: 40, height: 10), PixelRect(x: -3, y: -2, width: 20, height: 4),
        ] {
            let scanout = MockScanout(pitch: 300, rows: 9)
            PixelCopy.copy(source, rect: rect, layout: .xrgb8888, to: scanout.bytes, width: 70, height: 9, pitch: 300)
            let (wrong, _) = wrongPixels(scanout, source, rect.intersection(source.bounds), width: 70, height: 9)
            #expect(wrong == 0, "\(rect): \(wrong) wrong")
        }
    }

    @Test func aDamagedRectangleIsClippedToFrameAndDestination() {
        let source = frame(width: 4, height: 4)
        let scanout = MockScanout(pitch: 8, rows: 3)  // 2×3 pixels of RGB565, smaller than the frame
        for rect in [
            PixelRect(x: -5, y: -5, width: 100, height: 100), PixelRect(minX: .min, minY: .min, maxX: .max, maxY: .max),
            PixelRect(x: 3, y: 3, width: -2, height: 4), .empty,
        ] {
            PixelCopy.copy(source, rect: rect, layout: .rgb565, to: scanout.bytes, width: 2, height: 3, pitch: 8)
        }
        for y in 0..<3 {
            for x in 0..<2 { #expect(scanout.pixel16(x: x, y: y) == PixelCopy.rgb565(source[x, y])) }
            for offset in 4..<8 { #expect(scanout.byte(y * 8 + offset) == MockScanout.sentinel) }  // past the width
        }
    }

    @Test func copiesRowsIntoALargerPitchWithoutTouchingThePadding() {
        let source = frame(width: 3, height: 2)
        let scanout = MockScanout(pitch: 20, rows: 2)  // 12 bytes of pixels + 8 of padding
        PixelCopy.copy(source, layout: .xrgb8888, to: scanout.bytes, width: 3, height: 2, pitch: 20)
        for y in 0..<2 {
            for x in 0..<3 { #expect(scanout.pixel32(x: x, y: y) == source[x, y]) }
            for offset in 12..<20 { #expect(scanout.byte(y * 20 + offset) == MockScanout.sentinel) }
        }
    }

    @Test func sourceStrideIsHonouredToo() {
        let source = frame(width: 2, height: 3, stride: 5)
        source.pixels[2] = 0xDEAD  // stride padding of row 0 must never be copied
        let scanout = MockScanout(pitch: 8, rows: 3)
        PixelCopy.copy(source, layout: .xrgb8888, to: scanout.bytes, width: 2, height: 3, pitch: 8)
        for y in 0..<3 { for x in 0..<2 { #expect(scanout.pixel32(x: x, y: y) == source[x, y]) } }
    }

    @Test func smallerFrameIsPaddedWithBlack() {
        let source = frame(width: 2, height: 1)
        let scanout = MockScanout(pitch: 16, rows: 2)
        PixelCopy.copy(source, layout: .xrgb8888, to: scanout.bytes, width: 4, height: 2, pitch: 16)
        #expect(scanout.pixel32(x: 0, y: 0) == source[0, 0])
        #expect(scanout.pixel32(x: 1, y: 0) == source[1, 0])
        #expect(scanout.pixel32(x: 2, y: 0) == 0)
        #expect(scanout.pixel32(x: 3, y: 0) == 0)
        for x in 0..<4 { #expect(scanout.pixel32(x: x, y: 1) == 0) }
    }

    @Test func largerFrameIsCropped() {
        let source = frame(width: 5, height: 4)
        let scanout = MockScanout(pitch: 12, rows: 3)  // 2 pixels wide + 4 bytes padding
        PixelCopy.copy(source, layout: .xrgb8888, to: scanout.bytes, width: 2, height: 2, pitch: 12)
        for y in 0..<2 { for x in 0..<2 { #expect(scanout.pixel32(x: x, y: y) == source[x, y]) } }
        for offset in 24..<36 { #expect(scanout.byte(offset) == MockScanout.sentinel) }  // row 2 untouched
    }

    @Test func zeroSizedDestinationWritesNothing() {
        let scanout = MockScanout(pitch: 8, rows: 1)
        PixelCopy.copy(frame(width: 1, height: 1), layout: .xrgb8888, to: scanout.bytes, width: 0, height: 0, pitch: 8)
        for offset in 0..<8 { #expect(scanout.byte(offset) == MockScanout.sentinel) }
    }

    @Test(arguments: [
        (UInt32(0xFF_FFFF), UInt16(0xFFFF)), (0x00_0000, 0x0000), (0xFF_0000, 0xF800), (0x00_FF00, 0x07E0),
        (0x00_00FF, 0x001F), (0x08_0408, 0x0821), (0x07_0307, 0x0000), (0xFFFF_FFFF, 0xFFFF),
        (0xAB_12_34_56, 0x11AA), (0x80_8080, 0x8410),
    ])
    func convertsToRGB565ByTruncation(pixel: UInt32, expected: UInt16) {
        #expect(PixelCopy.rgb565(pixel) == expected)
    }

    @Test func copiesRGB565RowsAtTheDevicePitch() {
        let source = Framebuffer(width: 3, height: 2)
        source[0, 0] = 0xFF_0000
        source[1, 0] = 0x00_FF00
        source[2, 0] = 0x00_00FF
        source[0, 1] = 0xFF_FFFF
        let scanout = MockScanout(pitch: 10, rows: 2)  // 6 bytes of pixels + 4 of padding
        PixelCopy.copy(source, layout: .rgb565, to: scanout.bytes, width: 3, height: 2, pitch: 10)
        #expect(scanout.pixel16(x: 0, y: 0) == 0xF800)
        #expect(scanout.pixel16(x: 1, y: 0) == 0x07E0)
        #expect(scanout.pixel16(x: 2, y: 0) == 0x001F)
        #expect(scanout.pixel16(x: 0, y: 1) == 0xFFFF)
        #expect(scanout.pixel16(x: 1, y: 1) == 0)
        for y in 0..<2 { for offset in 6..<10 { #expect(scanout.byte(y * 10 + offset) == MockScanout.sentinel) } }
    }

    @Test func reordersChannelsForOther32BitLayouts() {
        #expect(PixelCopy.reorder(0x12_3456, redShift: 0, greenShift: 8, blueShift: 16) == 0x56_3412)
        #expect(PixelCopy.reorder(0xFF_123456, redShift: 16, greenShift: 8, blueShift: 0) == 0x12_3456)
        let source = Framebuffer(width: 1, height: 1)
        source[0, 0] = 0xAA_BBCC
        let scanout = MockScanout(pitch: 4, rows: 1)
        PixelCopy.copy(source, layout: .other32(redShift: 0, greenShift: 8, blueShift: 16), to: scanout.bytes,
            width: 1, height: 1, pitch: 4)
        #expect(scanout.pixel32(x: 0, y: 0) == 0xCC_BBAA)
    }

    @Test func choosesLayoutsFromFBDevFields() {
        func layout(_ bpp: Int, _ r: (Int, Int), _ g: (Int, Int), _ b: (Int, Int), gray: Bool = false) -> PixelLayout? {
            PixelLayout.fromFBDev(bitsPerPixel: bpp, red: r, green: g, blue: b, grayscale: gray)
        }
        #expect(layout(32, (16, 8), (8, 8), (0, 8)) == .xrgb8888)
        #expect(layout(32, (0, 8), (8, 8), (16, 8)) == .other32(redShift: 0, greenShift: 8, blueShift: 16))
        #expect(layout(16, (11, 5), (5, 6), (0, 5)) == .rgb565)
        #expect(layout(16, (10, 5), (5, 5), (0, 5)) == nil)  // RGB555
        #expect(layout(16, (0, 5), (5, 6), (11, 5)) == nil)  // BGR565
        #expect(layout(24, (16, 8), (8, 8), (0, 8)) == nil)
        #expect(layout(8, (0, 8), (0, 8), (0, 8)) == nil)
        #expect(layout(32, (16, 8), (16, 8), (0, 8)) == nil)  // overlapping channels
        #expect(layout(32, (16, 10), (8, 10), (0, 10)) == nil)  // 10-bit channels
        #expect(layout(32, (16, 8), (8, 8), (0, 8), gray: true) == nil)
        #expect(PixelLayout.rgb565.bytesPerPixel == 2)
        #expect(PixelLayout.xrgb8888.bytesPerPixel == 4)
    }
}
