import LiveTickerRender
import Testing

@Suite("Pixel blending")
struct BlendTests {
    @Test("blend rounds exactly for every alpha and channel value")
    func exactRounding() {
        for a in stride(from: 0, through: 255, by: 1) {
            for s in stride(from: 0, through: 255, by: 5) {
                for d in stride(from: 0, through: 255, by: 3) {
                    let num = Double(s * a + d * (255 - a)) / 255
                    let expected = UInt32((num + 0.5).rounded(.down))
                    let src = UInt32(s) << 16 | UInt32(255 - s) << 8 | UInt32(s)
                    let dst = UInt32(d) << 16 | UInt32(255 - d) << 8 | UInt32(d)
                    let out = PixelBlend.blend(dst, src, alpha: UInt32(a))
                    #expect(out >> 16 == expected)
                    #expect(out & 0xFF == expected)
                    let g = Double((255 - s) * a + (255 - d) * (255 - a)) / 255
                    #expect((out >> 8) & 0xFF == UInt32((g + 0.5).rounded(.down)))
                }
            }
        }
    }

    @Test("alpha 0 keeps the destination, 255 gives the source, top byte is cleared")
    func extremes() {
        #expect(PixelBlend.blend(0xFF12_3456, 0x00AB_CDEF, alpha: 0) == 0x0012_3456)
        #expect(PixelBlend.blend(0x0012_3456, 0xFFAB_CDEF, alpha: 255) == 0x00AB_CDEF)
    }

    @Test("blendSpan equals per-pixel blend")
    func spanMatchesPixel() {
        var row: [UInt32] = (0..<37).map { UInt32($0 &* 0x0103_0507) & 0x00FF_FFFF }
        let expected = row.map { PixelBlend.blend($0, 0x0080_40C0, alpha: 77) }
        row.withUnsafeMutableBufferPointer {
            PixelBlend.blendSpan($0.baseAddress!, count: $0.count, color: 0x0080_40C0, alpha: 77)
        }
        #expect(row == expected)
    }

    @Test("blendSpan over uniform runs broken by other pixels (the remembered result) equals per-pixel blend")
    func spanMemoMatchesPixel() {
        let background: UInt32 = 0x0010_1418
        for count in [1, 3, 4, 5, 8, 9, 64, 67] {
            for breakAt in [-1, 0, 2, 3, 4, 7, 30, 63] {
                var row = [UInt32](repeating: background, count: count)
                if breakAt >= 0 && breakAt < count {
                    row[breakAt] = 0x0030_3030
                    // A pixel with the unused top byte set: the result must clear it.
                    if breakAt + 1 < count { row[breakAt + 1] = 0xFF10_1418 }
                }
                for alpha: UInt32 in [1, 77, 128, 254] {
                    var out = row
                    let expected = row.map { PixelBlend.blend($0, 0x0033_99FF, alpha: alpha) }
                    out.withUnsafeMutableBufferPointer {
                        PixelBlend.blendSpan($0.baseAddress!, count: $0.count, color: 0x0033_99FF, alpha: alpha)
                    }
                    #expect(out == expected, "count \(count) break \(breakAt) alpha \(alpha)")
                }
            }
        }
    }
}
