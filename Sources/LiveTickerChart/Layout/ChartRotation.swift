import LiveTickerRender

/// Quarter turns clockwise applied when a drawn frame goes to a portrait-mounted panel.
public enum ChartRotation: Int, Sendable, CaseIterable {
    /// Upright.
    case none = 0
    /// 90° clockwise.
    case clockwise90 = 90
    /// Upside down.
    case upsideDown = 180
    /// 270° clockwise (90° counter-clockwise).
    case clockwise270 = 270

    /// Whether the logical (drawn) frame has width and height swapped relative to the panel.
    public var swapsAxes: Bool { self == .clockwise90 || self == .clockwise270 }

    /// The size to draw at for a panel of `width × height`.
    public func logicalSize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// Copies `source` (drawn upright) into `destination` turned by this rotation. The
    /// destination must have the panel's size (`source` with axes swapped for 90/270).
    /// O(pixels), one read and one write per pixel, no allocation.
    public func apply(from source: Framebuffer, to destination: Framebuffer) {
        let w = source.width
        let h = source.height
        let expected = logicalSize(width: destination.width, height: destination.height)
        precondition(expected.width == w && expected.height == h, "rotation target has the wrong size")
        let src = source.pixels
        let dst = destination.pixels
        let srcStride = source.stride
        let dstStride = destination.stride
        switch self {
        case .none:
            for y in 0..<h {
                (dst + y &* dstStride).update(from: src + y &* srcStride, count: w)
            }
        case .upsideDown:
            for y in 0..<h {
                let from = src + y &* srcStride
                let to = dst + (h &- 1 &- y) &* dstStride
                for x in 0..<w { to[w &- 1 &- x] = from[x] }
            }
        case .clockwise90:
            // Source pixel (x, y) lands at destination (h-1-y, x).
            for y in 0..<h {
                let from = src + y &* srcStride
                let column = h &- 1 &- y
                for x in 0..<w { dst[x &* dstStride &+ column] = from[x] }
            }
        case .clockwise270:
            // Source pixel (x, y) lands at destination (y, w-1-x).
            for y in 0..<h {
                let from = src + y &* srcStride
                for x in 0..<w { dst[(w &- 1 &- x) &* dstStride &+ y] = from[x] }
            }
        }
    }
}
