// Crisp (not anti-aliased) primitives on whole pixels: grid lines, candle wicks and bodies,
// panel backgrounds. Every one clips to `clip ∩ bounds` first and then touches only pixels in
// that rectangle, so any Int coordinates are safe.

extension Framebuffer {
    /// Fills `rect ∩ clip` with `color` at opacity `alpha` (255 = opaque store, 0 = nothing).
    /// O(pixels filled), no allocation.
    public func fill(_ rect: PixelRect, color: RGBColor, alpha: UInt8 = 255, clip: PixelRect) {
        let r = rect.intersection(drawable(clip))
        guard !r.isEmpty, alpha != 0 else { return }
        let count = r.maxX &- r.minX
        var y = r.minY
        while y < r.maxY {
            PixelBlend.blendSpan(row(y) + r.minX, count: count, color: color.pixel, alpha: UInt32(alpha))
            y &+= 1
        }
    }

    /// A crisp horizontal line on row `y` over columns `minX..<maxX` (half-open), clipped.
    /// O(length), no allocation.
    public func horizontalLine(y: Int, minX: Int, maxX: Int, color: RGBColor, alpha: UInt8 = 255, clip: PixelRect) {
        fill(
            PixelRect(minX: minX, minY: y, maxX: maxX, maxY: y < Int.max ? y &+ 1 : y), color: color, alpha: alpha,
            clip: clip)
    }

    /// A crisp vertical line in column `x` over rows `minY..<maxY` (half-open), clipped.
    /// O(length), no allocation.
    public func verticalLine(x: Int, minY: Int, maxY: Int, color: RGBColor, alpha: UInt8 = 255, clip: PixelRect) {
        fill(
            PixelRect(minX: x, minY: minY, maxX: x < Int.max ? x &+ 1 : x, maxY: maxY), color: color, alpha: alpha,
            clip: clip)
    }

    /// The 1-px outline just inside `rect` (its first and last rows and columns), clipped;
    /// corners are drawn once, so a translucent outline has no darker corners.
    /// O(perimeter), no allocation.
    public func strokeRect(_ rect: PixelRect, color: RGBColor, alpha: UInt8 = 255, clip: PixelRect) {
        guard !rect.isEmpty else { return }
        // maxX > minX and maxY > minY here, so `max - 1` cannot overflow.
        let lastX = rect.maxX - 1
        let lastY = rect.maxY - 1
        horizontalLine(y: rect.minY, minX: rect.minX, maxX: rect.maxX, color: color, alpha: alpha, clip: clip)
        guard lastY > rect.minY else { return }
        horizontalLine(y: lastY, minX: rect.minX, maxX: rect.maxX, color: color, alpha: alpha, clip: clip)
        guard lastY > rect.minY + 1 else { return }
        verticalLine(x: rect.minX, minY: rect.minY + 1, maxY: lastY, color: color, alpha: alpha, clip: clip)
        if lastX > rect.minX {
            verticalLine(x: lastX, minY: rect.minY + 1, maxY: lastY, color: color, alpha: alpha, clip: clip)
        }
    }

    /// Fills `clip ∩ bounds` with an opaque colour (a region background). O(pixels), no allocation.
    public func clear(_ clip: PixelRect, to color: RGBColor) {
        fill(clip, color: color, clip: clip)
    }
}
