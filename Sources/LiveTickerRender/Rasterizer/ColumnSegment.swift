/// A capsule seen from one pixel column, ready for four rows at a time: with `L` the pixel
/// centres' y, the position along the segment is `L·uy + along0` and across it
/// `L·ux + across0` (the column's x folded into the constants), each splatted into lanes.
@usableFromInline
struct ColumnSegment {
    @usableFromInline var ux: SIMD4<Float>
    @usableFromInline var uy: SIMD4<Float>
    @usableFromInline var length: SIMD4<Float>
    @usableFromInline var along0: SIMD4<Float>
    @usableFromInline var across0: SIMD4<Float>
    /// Rows (as reals) whose centres may lie within the radius: the capsule's y over the
    /// column's reach, ± r, with a margin for the rounding of the interpolation.
    @usableFromInline var firstRow: Float
    @usableFromInline var lastRow: Float

    @inline(__always) @usableFromInline
    init(_ c: StrokeCapsule, xc: Float, left: Float, right: Float, r: Float) {
        var y0 = c.ay
        var y1 = c.by
        if c.spansColumns {
            y0 = c.ay + (greatest(c.ax, left) - c.ax) * c.slope
            y1 = c.ay + (least(c.bx, right) - c.ax) * c.slope
        }
        // Extra rows only cost a distance test; a missed row would lose coverage.
        firstRow = least(y0, y1) - (r + 0.5 + 1.0 / 64)
        lastRow = greatest(y0, y1) + (r - 0.5 + 1.0 / 64)
        let px = xc - c.ax
        ux = SIMD4(repeating: c.ux)
        uy = SIMD4(repeating: c.uy)
        length = SIMD4(repeating: c.length)
        along0 = SIMD4(repeating: px * c.ux - c.ay * c.uy)
        across0 = SIMD4(repeating: -(c.ay * c.ux + px * c.uy))
    }
}
