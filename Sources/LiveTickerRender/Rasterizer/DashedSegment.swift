/// The dashes of one polyline segment, one at a time, as both stroke paths cut them: the
/// pattern is walked on the part of the segment inside the (widened) clip only, so a segment
/// to ±1e308 costs no more than one across the plot, while the phase still advances by the
/// whole segment (measured halved: no overflow to ∞) so the pattern runs on across vertices.
/// The general path (`Rasterizer.stroke`) and the column sweep
/// (`RasterScratch.collectMonotoneCapsules`) both take their dashes from here, so they cut
/// the same ones. An iterator rather than a closure: a closure over the sweep's counters
/// costs a dynamic exclusivity check per dash. O(1) per dash, no allocation.
@usableFromInline
struct DashedSegment {
    @usableFromInline var dashes: DashPattern.Dashes
    @usableFromInline let ax: Double
    @usableFromInline let ay: Double
    @usableFromInline let ux: Double
    @usableFromInline let uy: Double
    /// The pattern's phase at the segment's end: what the next segment starts with.
    @usableFromInline let phaseAfter: Double

    /// The dashes of `dash` on the segment from (`px`, `py`) to (`x`, `y`) (finite), starting
    /// `phase` pixels into the pattern, clipped by `g`.
    @usableFromInline
    init(_ dash: DashPattern, _ px: Double, _ py: Double, _ x: Double, _ y: Double, phase: Double, _ g: StrokeGeometry) {
        let half = (x * 0.5 - px * 0.5) * (x * 0.5 - px * 0.5) + (y * 0.5 - py * 0.5) * (y * 0.5 - py * 0.5)
        let whole = 2 * half.squareRoot()
        phaseAfter = whole.isFinite ? (phase + whole).truncatingRemainder(dividingBy: dash.period) : 0
        var ax = 0.0
        var ay = 0.0
        var ux = 0.0
        var uy = 0.0
        var length = 0.0  // no dash unless the clipped part has a length
        var skipped = 0.0
        if let (cax, cay, bx, by) = g.clipSegment(px, py, x, y) {
            let dx = bx - cax
            let dy = by - cay
            let clippedLength = (dx * dx + dy * dy).squareRoot()
            if clippedLength > 0, clippedLength.isFinite {
                (ax, ay, length) = (cax, cay, clippedLength)
                ux = dx / clippedLength
                uy = dy / clippedLength
                let lead = (cax * 0.5 - px * 0.5) * (cax * 0.5 - px * 0.5) + (cay * 0.5 - py * 0.5) * (cay * 0.5 - py * 0.5)
                skipped = 2 * lead.squareRoot()
            }
        }
        (self.ax, self.ay, self.ux, self.uy) = (ax, ay, ux, uy)
        dashes = DashPattern.Dashes(dash, length: length, phase: phase + skipped)
    }

    /// The next dash as its two ends, or nil after the last.
    @usableFromInline
    mutating func next() -> (Double, Double, Double, Double)? {
        guard let (from, to) = dashes.next() else { return nil }
        return (ax + ux * from, ay + uy * from, ax + ux * to, ay + uy * to)
    }
}
