import CLiveTickerKernels
import Testing

@testable import LiveTickerRender

/// The framebuffer's memory (`ltk_huge_allocate`): cleared to black, every pixel writable, a
/// full-screen frame on a 2 MB boundary (where transparent huge pages can back it), a small one
/// on a cache line; memory freed with the framebuffer.
@Suite("Framebuffer memory")
struct FramebufferMemoryTests {
    @Test("small and full-screen frames, padded strides: cleared, aligned, pixels written and read back")
    func sizes() {
        for (width, height, stride) in [(1, 1, 1), (3, 2, 5), (800, 480, 800), (1920, 1080, 1920), (1081, 1921, 1088)] {
            let fb = Framebuffer(width: width, height: height, stride: stride)
            let count = stride * height
            let address = UInt(bitPattern: fb.pixels)
            #expect(address % 64 == 0, "\(width)x\(height): cache-line aligned")
            if count * 4 >= 1 << 21 { #expect(address % (1 << 21) == 0, "\(width)x\(height): on a 2 MB boundary") }
            // Every pixel of a small frame, a sample (and the last pixel) of a large one: a debug
            // build walks a few million pixels slowly.
            let probes = Array(Swift.stride(from: 0, to: count, by: count > 4096 ? 61 : 1)) + [count - 1]
            #expect(probes.allSatisfy { fb.pixels[$0] == 0 }, "\(width)x\(height): cleared to black")
            for i in probes { fb.pixels[i] = UInt32(truncatingIfNeeded: i &* 2_654_435_761) }
            #expect(probes.allSatisfy { fb.pixels[$0] == UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) })
        }
    }

    @Test("ltk_huge_allocate: sizes around 2 MB, zero bytes, and free of NULL")
    func allocator() {
        for bytes in [0, 1, 64, (1 << 21) - 1, 1 << 21, (1 << 21) + 1, 3 << 20] {
            let memory = ltk_huge_allocate(bytes)
            #expect(memory != nil, "\(bytes) bytes")
            let address = UInt(bitPattern: memory)
            #expect(address % (bytes >= 1 << 21 ? 1 << 21 : 64) == 0, "\(bytes) bytes aligned")
            if bytes > 0 { memory!.storeBytes(of: 0xAB, toByteOffset: bytes - 1, as: UInt8.self) }
            ltk_huge_free(memory)
        }
        ltk_huge_free(nil)
    }
}
