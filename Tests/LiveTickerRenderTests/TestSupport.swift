import LiveTickerRender
import LiveTickerTestSupport

/// A framebuffer with stride padding and a one-pixel-thick "guard" ring just inside the
/// drawable area, so tests can check that primitives never write outside their clip.
struct GuardedCanvas {
    static let background: UInt32 = 0x0010_2030
    static let padding: UInt32 = 0x00AB_CDEF

    let fb: Framebuffer
    /// The region primitives may draw into (1 px inside the buffer on every side).
    let clip: PixelRect

    init(width: Int, height: Int, padding pad: Int = 7) {
        fb = Framebuffer(width: width, height: height, stride: width + pad)
        fb.clear(to: Self.padding)
        for y in 0..<height {
            for x in 0..<width { fb[x, y] = Self.background }
        }
        clip = PixelRect(minX: 1, minY: 1, maxX: width - 1, maxY: height - 1)
    }

    /// Pixels outside `clip` that changed, including stride padding.
    func outsideWrites() -> Int {
        var n = 0
        for y in 0..<fb.height {
            let row = fb.row(y)
            for x in 0..<fb.stride {
                let inside = x < fb.width && clip.contains(x: x, y: y)
                if inside { continue }
                let expected = x < fb.width ? Self.background : Self.padding
                if row[x] != expected { n += 1 }
            }
        }
        return n
    }

    /// Number of pixels in the buffer that differ from the background.
    func changedPixels() -> Int {
        var n = 0
        for y in 0..<fb.height {
            for x in 0..<fb.width where fb[x, y] != Self.background { n += 1 }
        }
        return n
    }

    /// A copy of every byte including padding, for determinism checks.
    func snapshot() -> [UInt32] {
        Array(UnsafeBufferPointer(start: fb.pixels, count: fb.stride * fb.height))
    }
}

/// Channel of a pixel: 0 = blue, 1 = green, 2 = red.
func channel(_ p: UInt32, _ c: Int) -> Int { Int((p >> (8 * c)) & 0xFF) }

/// How far a pixel has moved from `bg` towards anything: the largest channel difference.
func distance(_ p: UInt32, _ bg: UInt32) -> Int {
    (0..<3).map { abs(channel(p, $0) - channel(bg, $0)) }.max()!
}

/// A `width × height` framebuffer (row pitch `stride`, the width by default) filled with
/// pseudo-random colours from `seed`, padding included: every blend reads a different
/// destination, and a pixel stored where it should have been kept shows.
func texturedFramebuffer(width: Int, height: Int, stride: Int? = nil, seed: UInt64) -> Framebuffer {
    let fb = Framebuffer(width: width, height: height, stride: stride ?? width)
    var texture = SplitMix64(seed: seed)
    for i in 0..<(fb.stride * fb.height) { fb.pixels[i] = UInt32(truncatingIfNeeded: texture.next()) & 0x00FF_FFFF }
    return fb
}
