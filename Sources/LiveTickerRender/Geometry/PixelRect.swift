#if canImport(Glibc)
    import Glibc  // libm: rounding and sqrt
#endif

/// An integer rectangle of pixels, half-open: columns `minX..<maxX`, rows `minY..<maxY`.
///
/// Every primitive takes one as its clip rectangle (and the rectangle primitives as their
/// shape). Any `Int` values are allowed, including `Int.min`/`Int.max` and inverted edges (an
/// inverted rectangle is empty): the primitives only compare and clamp them, never do arithmetic
/// that could overflow, and always intersect the clip with the framebuffer's bounds, so nothing
/// is ever written outside the buffer.
public struct PixelRect: Sendable, Hashable, BitwiseCopyable, CustomStringConvertible {
    /// First column inside the rectangle.
    public var minX: Int
    /// First row inside the rectangle.
    public var minY: Int
    /// First column past the rectangle (exclusive).
    public var maxX: Int
    /// First row past the rectangle (exclusive).
    public var maxY: Int

    /// Creates a rectangle from its half-open edges. O(1).
    @inlinable
    public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// Creates a rectangle from an origin and a size; the far edges saturate instead of
    /// overflowing. O(1).
    @inlinable
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.minX = x
        self.minY = y
        let (mx, ox) = x.addingReportingOverflow(width)
        let (my, oy) = y.addingReportingOverflow(height)
        self.maxX = ox ? (width > 0 ? Int.max : Int.min) : mx
        self.maxY = oy ? (height > 0 ? Int.max : Int.min) : my
    }

    /// Creates the rectangle whose edges are the pixel boundaries nearest to the given
    /// floating-point edges (each rounded with `PixelRect.snap`), ordered so that swapped
    /// edges still describe the same rectangle. A NaN edge gives an empty rectangle.
    /// Use it for candle bodies and other shapes computed in data space. O(1).
    @inlinable
    public init(snapping x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        if x0.isNaN || y0.isNaN || x1.isNaN || y1.isNaN {
            self = .empty
            return
        }
        let ax = PixelRect.snap(x0)
        let bx = PixelRect.snap(x1)
        let ay = PixelRect.snap(y0)
        let by = PixelRect.snap(y1)
        self.init(minX: Swift.min(ax, bx), minY: Swift.min(ay, by), maxX: Swift.max(ax, bx), maxY: Swift.max(ay, by))
    }

    /// An empty rectangle.
    public static let empty = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)

    /// The coordinate returned by `snap` for NaN: far outside any framebuffer, so whatever is
    /// drawn there is clipped away.
    public static let farAway: Int = -(1 << 40)

    /// Rounds a pixel coordinate to the nearest integer without ever trapping: values beyond
    /// ±2⁴⁰ (and ±∞) clamp to ±2⁴⁰, NaN maps to `farAway`. Use it to turn data-space positions
    /// into arguments for the crisp primitives. O(1).
    @inlinable
    public static func snap(_ v: Double) -> Int {
        let limit = Double(1 << 40)
        guard v == v else { return farAway }
        if v >= limit { return 1 << 40 }
        if v <= -limit { return -(1 << 40) }
        return Int((v + 0.5).rounded(.down))
    }

    /// Number of columns (0 when empty); saturates rather than overflowing.
    @inlinable
    public var width: Int {
        guard maxX > minX else { return 0 }
        let (w, o) = maxX.subtractingReportingOverflow(minX)
        return o ? Int.max : w
    }

    /// Number of rows (0 when empty); saturates rather than overflowing.
    @inlinable
    public var height: Int {
        guard maxY > minY else { return 0 }
        let (h, o) = maxY.subtractingReportingOverflow(minY)
        return o ? Int.max : h
    }

    /// True when the rectangle holds no pixel.
    @inlinable
    public var isEmpty: Bool { maxX <= minX || maxY <= minY }

    /// The pixels in both rectangles (possibly empty). O(1).
    @inlinable
    public func intersection(_ other: PixelRect) -> PixelRect {
        PixelRect(
            minX: Swift.max(minX, other.minX), minY: Swift.max(minY, other.minY),
            maxX: Swift.min(maxX, other.maxX), maxY: Swift.min(maxY, other.maxY))
    }

    /// True when pixel `(x, y)` lies inside. O(1).
    @inlinable
    public func contains(x: Int, y: Int) -> Bool {
        x >= minX && x < maxX && y >= minY && y < maxY
    }

    /// The rectangle moved inwards by `d` pixels on every side (outwards when negative);
    /// saturating. O(1).
    @inlinable
    public func insetBy(_ d: Int) -> PixelRect {
        PixelRect(
            minX: minX.addingReportingOverflow(d).overflow ? minX : minX + d,
            minY: minY.addingReportingOverflow(d).overflow ? minY : minY + d,
            maxX: maxX.subtractingReportingOverflow(d).overflow ? maxX : maxX - d,
            maxY: maxY.subtractingReportingOverflow(d).overflow ? maxY : maxY - d)
    }

    /// `[minX, minY, maxX, maxY)` for debugging.
    public var description: String { "[\(minX), \(minY), \(maxX), \(maxY))" }
}

extension Framebuffer {
    /// The whole buffer as a rectangle `[0, 0, width, height)`.
    @inlinable
    public var bounds: PixelRect { PixelRect(minX: 0, minY: 0, maxX: width, maxY: height) }

    /// `clip` intersected with the buffer's bounds and the ``scissor``: the only pixels a
    /// primitive may touch.
    @usableFromInline
    internal func drawable(_ clip: PixelRect) -> PixelRect { clip.intersection(scissor) }  // scissor ⊆ bounds

    /// `clip` intersected with the buffer's bounds, the scissor left out: the rectangle a
    /// primitive whose pixels depend on its clip (a stroke's clip-relative coordinates, a plot's
    /// outline along its edges) computes with, so that the scissor changes no value it stores.
    @usableFromInline
    internal func layoutClip(_ clip: PixelRect) -> PixelRect { clip.intersection(bounds) }
}
