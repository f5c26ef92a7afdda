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
        let rows = r.maxY &- r.minY
        // Invariant: r ⊆ bounds, so every pixel below is inside the buffer.
        var p = pixels + (r.minY &* stride &+ r.minX)
        if count == 1 && alpha == 255 {
            // A 1-px column (vertical grid lines, candle wicks): no per-row span call.
            let c = color.pixel
            var y = 0
            while y < rows {
                p.pointee = c
                p += stride
                y &+= 1
            }
            return
        }
        if alpha != 255 && count < 16 {
            // Narrow and translucent (volume bars, 1-px columns): `blendSpan`'s set-up per row
            // costs more than its few pixels (a 2×2 wall's volume bars, 4 px wide, spent a third
            // of its frame there). One destination and its blend are remembered across the
            // rectangle instead, which mostly covers one background colour: a compare and a
            // store per pixel, or per four (SIMD) where all four are the remembered one. Exact:
            // the blend depends on the destination alone.
            var blend = RememberedBlend(color: color.pixel, alpha: UInt32(alpha), first: p.pointee)
            var y = 0
            while y < rows {
                var x = 0
                let raw = UnsafeMutableRawPointer(p)
                while x &+ 4 <= count {
                    let d4 = raw.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt32>.self)
                    if all(d4 .== SIMD4(repeating: blend.seen)) {
                        raw.storeBytes(of: SIMD4(repeating: blend.result), toByteOffset: x &* 4, as: SIMD4<UInt32>.self)
                        x &+= 4
                        continue
                    }
                    for k in 0..<4 { p[x &+ k] = blend.over(d4[k]) }
                    x &+= 4
                }
                while x < count {
                    p[x] = blend.over(p[x])
                    x &+= 1
                }
                p += stride
                y &+= 1
            }
            return
        }
        var y = 0
        while y < rows {
            PixelBlend.blendSpan(p, count: count, color: color.pixel, alpha: UInt32(alpha))
            p += stride
            y &+= 1
        }
    }

    /// Fills `rect ∩ clip` except the pixels of `hole` with an opaque `color`: a frame around
    /// a panel that is filled with its own colour next, so that no pixel is written twice
    /// (at 1920×1080 one needless full-frame pass costs about as much as a `memset`).
    /// O(pixels filled), no allocation.
    public func fill(_ rect: PixelRect, color: RGBColor, around hole: PixelRect, clip: PixelRect) {
        let r = rect.intersection(drawable(clip))
        let h = hole.intersection(r)
        guard !h.isEmpty else {
            fill(r, color: color, clip: r)
            return
        }
        // Above and below the hole across the full width; left and right of it in its rows.
        fill(PixelRect(minX: r.minX, minY: r.minY, maxX: r.maxX, maxY: h.minY), color: color, clip: r)
        fill(PixelRect(minX: r.minX, minY: h.maxY, maxX: r.maxX, maxY: r.maxY), color: color, clip: r)
        fill(PixelRect(minX: r.minX, minY: h.minY, maxX: h.minX, maxY: h.maxY), color: color, clip: r)
        fill(PixelRect(minX: h.maxX, minY: h.minY, maxX: r.maxX, maxY: h.maxY), color: color, clip: r)
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
