/// A software XRGB8888 framebuffer: `height` rows of `width` pixels, rows `stride` pixels apart.
///
/// The layout is the one DRM/KMS dumb buffers and 32-bpp fbdev use: each pixel is one
/// little-endian `UInt32` `0x00RRGGBB` (the top byte is ignored by displays and written as 0).
/// The memory is allocated once at init and reused for every frame; nothing here allocates
/// afterwards. The stride may exceed the width so that a frame can be laid out exactly like a
/// display's pitch and copied to it in one `memcpy`.
///
/// Not thread-safe: one frame is drawn by one thread at a time.
public final class Framebuffer: @unchecked Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Distance between the starts of two rows, in pixels (≥ `width`).
    public let stride: Int
    /// Start of the pixel memory: `stride * height` pixels, owned by this framebuffer.
    ///
    /// Invariant: valid for `stride * height` elements for the lifetime of `self`.
    public let pixels: UnsafeMutablePointer<UInt32>

    /// The only pixels any primitive stores to (the whole buffer by default): every primitive
    /// still computes its pixels from its own clip exactly as without it (a stroke's coordinates,
    /// an area's columns, a plot's outline), so drawing with the scissor set to a rectangle gives,
    /// inside it, the very bytes the unscissored drawing gives, and leaves every other pixel
    /// as it was. A chart redrawing only what changed since its last frame sets it per damage
    /// rectangle. Reset it with ``resetScissor()``. Kept inside the buffer (a rectangle set is
    /// cut to ``bounds``), so primitives intersect their clip with it alone. O(1) to set.
    public var scissor: PixelRect {
        didSet { scissor = scissor.intersection(bounds) }
    }

    /// Makes the scissor the whole buffer again. O(1).
    @inlinable
    public func resetScissor() { scissor = bounds }

    /// Allocates a framebuffer of `width × height` pixels (both ≥ 1), cleared to black.
    ///
    /// - Parameter stride: row pitch in pixels; defaults to `width`, must be ≥ `width`.
    /// - Cost: one allocation of `stride × height × 4` bytes (from 2 MB on rounded up to whole
    ///   2 MB huge pages, see `ltk_huge_allocate`) and one clear.
    public init(width: Int, height: Int, stride: Int? = nil) {
        precondition(width >= 1 && height >= 1, "a framebuffer needs at least one pixel")
        let rowPitch = stride ?? width
        precondition(rowPitch >= width, "stride must be at least the width")
        self.width = width
        self.height = height
        self.stride = rowPitch
        let count = rowPitch * height
        // Huge pages for a full-screen frame: every frame stores each of its pixels, and the
        // row sweep runs faster without a TLB miss and a prefetcher stop every 4 KB.
        self.pixels = HugePageMemory.zeroed(count, of: "a \(width)x\(height) framebuffer")
        self.scissor = PixelRect(minX: 0, minY: 0, maxX: width, maxY: height)
    }

    deinit {
        HugePageMemory.free(pixels)
    }

    /// Number of bytes between the starts of two rows (`stride × 4`), the DRM "pitch".
    @inlinable
    public var pitchInBytes: Int { stride &* 4 }

    /// Fills every pixel (including stride padding) with `color` (`0x00RRGGBB`). O(stride × height).
    @inlinable
    public func clear(to color: UInt32) {
        PixelFill.fill(pixels, with: color, count: stride &* height)
    }

    /// The pixel at column `x`, row `y`; both must be in bounds.
    @inlinable
    public subscript(x: Int, y: Int) -> UInt32 {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of bounds")
            return pixels[y &* stride &+ x]
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of bounds")
            pixels[y &* stride &+ x] = newValue
        }
    }

    /// Start of row `y` (0 ≤ y < height).
    @inlinable
    public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        pixels + y &* stride
    }
}
