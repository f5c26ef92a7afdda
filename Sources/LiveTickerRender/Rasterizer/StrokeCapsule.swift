/// One round-capped segment of a stroke, already clipped to the widened clip and made
/// clip-relative, with its endpoints ordered so that `ax ≤ bx`. A capsule's coverage does not
/// depend on the direction of its segment, so the order is free.
///
/// Float is exact enough here: every coordinate lies within the clip widened by the pen
/// radius, so a 24-bit mantissa leaves well under 1/100 px of error on any realistic screen.
@usableFromInline
struct StrokeCapsule {
    /// Left endpoint.
    @usableFromInline var ax: Float
    @usableFromInline var ay: Float
    /// Right endpoint (`bx ≥ ax`).
    @usableFromInline var bx: Float
    @usableFromInline var by: Float
    /// Unit direction from a to b (`(1, 0)` for a dot) and the length.
    @usableFromInline var ux: Float
    @usableFromInline var uy: Float
    @usableFromInline var length: Float
    /// `dy / dx` when the segment is wide enough for it to be well conditioned, else 0 with
    /// `spansColumns == false` (the whole y extent is then used for every column it reaches).
    @usableFromInline var slope: Float
    @usableFromInline var spansColumns: Bool

    /// The capsule of the clip-relative segment `(x0, y0)–(x1, y1)` (finite, inside the
    /// widened clip). Float arithmetic: one square root and two divisions.
    @usableFromInline @inline(__always)
    init(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        let (lx, ly, rx, ry) = x0 <= x1 ? (x0, y0, x1, y1) : (x1, y1, x0, y0)
        ax = Float(lx)
        ay = Float(ly)
        bx = Float(rx)
        by = Float(ry)
        // Differences in Double first: the endpoints may be far apart only within the
        // widened clip, and this keeps a short segment's direction exact.
        let dx = Float(rx - lx)
        let dy = Float(ry - ly)
        let len = (dx * dx + dy * dy).squareRoot()
        length = len
        if len < 1e-9 {
            ux = 1
            uy = 0
        } else {
            let inverse = 1 / len
            ux = dx * inverse
            uy = dy * inverse
        }
        // Below 1/1024 px of width the slope is ill-conditioned; such a segment is as good
        // as vertical for choosing rows.
        spansColumns = dx >= 1.0 / 1024
        slope = spansColumns ? dy / dx : 0
    }
}
