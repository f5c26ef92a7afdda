extension Framebuffer {
    /// Blends `color` at `alpha` over the dashes of `pattern` along row `y`, the run starting
    /// at column `minX` and `length` pixels long (the dash `from..<to` of
    /// ``DashPattern/forEachDash(length:phase:_:)`` covers columns `minX + Int(from) ..< minX +
    /// Int(to)`), clipped to `clip` and the scissor: the pixels one ``horizontalLine(y:minX:maxX:color:alpha:clip:)``
    /// per dash stores, in one pass. Why: a last-value line across a 1 800-px plot is 180
    /// dashes of 6 px, and each dash as a rectangle paid its own clipping and set-up (four
    /// such lines were 2.5 % of the 800×480 reference frame). Translucent dashes share one
    /// ``RememberedBlend`` along the row; opaque ones are filled as rectangles. O(length), no allocation.
    public func blendDashedRow(
        y: Int, minX: Int, length: Double, pattern: DashPattern, color: RGBColor, alpha: UInt8, clip: PixelRect
    ) {
        guard alpha != 0 else { return }
        var dashes = DashPattern.Dashes(pattern, length: length)
        guard alpha != 255 else {
            while let (from, to) = dashes.next() {
                horizontalLine(y: y, minX: minX &+ Int(from), maxX: minX &+ Int(to), color: color, clip: clip)
            }
            return
        }
        let r = PixelRect(minX: .min, minY: y, maxX: .max, maxY: y < Int.max ? y &+ 1 : y).intersection(drawable(clip))
        guard !r.isEmpty else { return }
        // Invariant: r ⊆ bounds, so every pixel stored below is inside the buffer.
        let row = pixels + r.minY &* stride
        var blend = RememberedBlend(color: color.pixel, alpha: UInt32(alpha), first: row[r.minX])
        while let (from, to) = dashes.next() {
            var x = Swift.max(minX &+ Int(from), r.minX)
            let end = Swift.min(minX &+ Int(to), r.maxX)
            while x < end {
                row[x] = blend.over(row[x])
                x &+= 1
            }
        }
    }
}
