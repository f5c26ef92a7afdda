#if canImport(Glibc)
    import Glibc
#endif

extension Rasterizer {
    /// Strokes a polyline through the points `(xs[i], ys[i])` (pixel space, y down, pixel
    /// centres at `+0.5`) with an anti-aliased round-joined pen of `width` pixels (values below
    /// 1 draw 1 px; NaN draws 1 px), blended with opacity `alpha`, clipped to `clip`.
    ///
    /// A point with a non-finite coordinate lifts the pen: the pieces on either side are drawn
    /// separately and never joined; a lone finite point between gaps is drawn as a round dot.
    /// Extra entries of the longer buffer are ignored. With a `dash` pattern only its dashes
    /// are drawn (each with round caps, a zero-length dash as a dot), the pattern running on
    /// across vertices and gaps from the first point.
    ///
    /// Cost: O(points + pixels near the line) (plus O(dashes) when dashed); allocates nothing
    /// once the scratch has grown to the clip's size.
    public func strokePolyline(
        xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>, width: Double,
        color: RGBColor, alpha: UInt8 = 255, dash: DashPattern? = nil, clip: PixelRect, into framebuffer: Framebuffer
    ) {
        stroke(xs, ys, width: width, color: color, alpha: alpha, dash: dash, clip: clip, into: framebuffer)
    }

    /// `Float` coordinates; otherwise the same as the `Double` overload.
    public func strokePolyline(
        xs: UnsafeBufferPointer<Float>, ys: UnsafeBufferPointer<Float>, width: Double,
        color: RGBColor, alpha: UInt8 = 255, dash: DashPattern? = nil, clip: PixelRect, into framebuffer: Framebuffer
    ) {
        stroke(xs, ys, width: width, color: color, alpha: alpha, dash: dash, clip: clip, into: framebuffer)
    }

    /// Array convenience for the `Double` overload (no copy, no allocation).
    public func strokePolyline(
        xs: [Double], ys: [Double], width: Double, color: RGBColor, alpha: UInt8 = 255,
        dash: DashPattern? = nil, clip: PixelRect, into framebuffer: Framebuffer
    ) {
        xs.withUnsafeBufferPointer { x in
            ys.withUnsafeBufferPointer { y in
                stroke(x, y, width: width, color: color, alpha: alpha, dash: dash, clip: clip, into: framebuffer)
            }
        }
    }

    /// One anti-aliased segment with round caps; the same pen as `strokePolyline`.
    /// O(pixels near the segment), no allocation.
    public func strokeLine(
        x0: Double, y0: Double, x1: Double, y1: Double, width: Double, color: RGBColor,
        alpha: UInt8 = 255, dash: DashPattern? = nil, clip: PixelRect, into framebuffer: Framebuffer
    ) {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 4) { p in
            p[0] = x0
            p[1] = x1
            p[2] = y0
            p[3] = y1
            stroke(
                UnsafeBufferPointer(rebasing: p[0..<2]), UnsafeBufferPointer(rebasing: p[2..<4]),
                width: width, color: color, alpha: alpha, dash: dash, clip: clip, into: framebuffer)
        }
    }

    /// The shared stroke. Polylines whose x never turns back (time series) take the column
    /// sweep (`RasterScratch+ColumnSweep`); any other goes segment by segment, each pixel
    /// blended up to the highest coverage any segment gives it. Both give the same coverage.
    @usableFromInline
    func stroke<T: BinaryFloatingPoint>(
        _ xs: UnsafeBufferPointer<T>, _ ys: UnsafeBufferPointer<T>, width: Double,
        color: RGBColor, alpha: UInt8, dash: DashPattern? = nil, clip: PixelRect, into fb: Framebuffer
    ) {
        // The geometry comes from the clip alone; the scissor only narrows what is stored.
        let c = fb.layoutClip(clip)
        let write = fb.drawable(clip)
        guard !write.isEmpty, alpha != 0 else { return }
        let cw = c.maxX &- c.minX
        let ch = c.maxY &- c.minY
        var scratch = self.scratch
        defer { self.scratch = scratch }
        // Pens wider than the clip cover it anyway; the cap keeps the arithmetic small.
        let w = width.isNaN ? 1 : Swift.min(Swift.max(width, 1), Double(2 &* (cw &+ ch)))
        let r = w * 0.5 + 0.5
        let geometry = StrokeGeometry(
            clip: c, write: write, radius: r, framebuffer: fb, color: color.pixel, alpha: UInt32(alpha))
        let dash = dash.flatMap { $0.isSolid ? nil : $0 }
        if usesColumnSweep, let count = scratch.collectMonotoneCapsules(xs, ys, dash: dash, geometry, level: kernelLevel) {
            // Under a scissor, only the capsules that can reach it are swept: a one-row strip
            // across the plot then visits the few columns where the line crosses that row.
            let reaching = write == c ? count : scratch.keepCapsules(count, reaching: geometry)
            scratch.sweepColumns(reaching, geometry, level: kernelLevel)
            return
        }
        scratch.beginStroke(width: cw, height: ch)

        let n = Swift.min(xs.count, ys.count)
        var penDown = false
        var drewSegment = false
        var px = 0.0
        var py = 0.0
        var phase = 0.0  // how far into the dash pattern the pen is
        var i = 0
        while i < n {
            let x = Double(xs[i])
            let y = Double(ys[i])
            i &+= 1
            guard x.isFinite && y.isFinite else {
                if penDown && !drewSegment { scratch.capsule(px, py, px, py, geometry) }
                penDown = false
                continue
            }
            if penDown {
                if let dash {
                    var pieces = DashedSegment(dash, px, py, x, y, phase: phase, geometry)
                    while let (ax, ay, bx, by) = pieces.next() { scratch.capsule(ax, ay, bx, by, geometry) }
                    phase = pieces.phaseAfter
                } else {
                    scratch.capsule(px, py, x, y, geometry)
                }
                drewSegment = true
            } else {
                penDown = true
                drewSegment = false
            }
            px = x
            py = y
        }
        if penDown && !drewSegment { scratch.capsule(px, py, px, py, geometry) }
    }
}

extension RasterScratch {
    /// Raises the coverage of every pixel near the capsule from `(ax, ay)` to `(bx, by)` to the
    /// capsule's coverage, blending the increase into the framebuffer at once. Inputs are finite
    /// but may be huge.
    ///
    /// A pixel first covered `c₁` and now `c₂ > c₁` is blended again with
    /// `a' = (A₂ − A₁) / (1 − A₁)` (A = coverage × alpha): over a colour already blended at A₁
    /// that gives exactly the colour blended once at A₂, so overlaps at joints never darken.
    @usableFromInline
    mutating func capsule(_ ax0: Double, _ ay0: Double, _ bx0: Double, _ by0: Double, _ g: StrokeGeometry) {
        guard var (ax, ay, bx, by) = g.clipSegment(ax0, ay0, bx0, by0) else { return }
        // Clip-relative coordinates: everything is now within the widened clip, so Float
        // (24-bit mantissa) has sub-1/100 px precision for any realistic screen.
        ax -= g.originX
        bx -= g.originX
        ay -= g.originY
        by -= g.originY
        let radius = g.radius
        let dx = bx - ax
        let dy = by - ay
        let lenD = (dx * dx + dy * dy).squareRoot()
        let degenerate = lenD < 1e-9
        let ux: Float = degenerate ? 1 : Float(dx / lenD)
        let uy: Float = degenerate ? 0 : Float(dy / lenD)
        let len = Float(lenD)
        let r = Float(radius)
        let r2 = r * r
        let fax = Float(ax)
        let fay = Float(ay)

        let rowFirst = Swift.max(g.firstRow, ceilToInt(Swift.min(ay, by) - radius - 0.5))
        let rowLast = Swift.min(g.rows &- 1, floorToInt(Swift.max(ay, by) + radius - 0.5))
        guard rowFirst <= rowLast else { return }
        // Columns of row y: the bounding box ∩ the band within `radius` of the infinite line
        // (half as wide horizontally as radius / |sin θ|), which contains the capsule.
        let boxMin = Swift.min(ax, bx) - radius - 0.5
        let boxMax = Swift.max(ax, bx) + radius - 0.5
        let steep = Swift.abs(dy) >= 1e-6
        let slope = steep ? dx / dy : 0
        let halfBand = steep ? radius * lenD / Swift.abs(dy) : Double.infinity

        let mask = self.mask
        let maskWidth = self.maskWidth
        let columns = g.columns
        let firstColumn = g.firstColumn
        let generation = self.generation
        let tag = generation << 8
        let color = g.color
        let alpha = g.alpha
        let stride = g.stride
        let pixels = g.pixels
        var y = rowFirst
        while y <= rowLast {
            let yc = Double(y) + 0.5
            let line = ax + (yc - ay) * slope
            let colFirst = Swift.max(0, ceilToInt(Swift.max(boxMin, line - halfBand - 0.5)))
            let colLast = Swift.min(columns &- 1, floorToInt(Swift.min(boxMax, line + halfBand - 0.5)))
            let m = mask + y &* maskWidth
            let dst = pixels + y &* stride
            let py = Float(yc) - fay
            let alongY = py * uy
            let perpY = py * ux
            var px = Float(colFirst) + 0.5 - fax
            var x = colFirst
            while x <= colLast {
                let along = px * ux + alongY
                let perp = perpY - px * uy
                let beyond = Swift.max(Swift.max(-along, along - len), 0)
                let d2 = perp * perp + beyond * beyond
                px += 1
                // Left of the scissor: stepped over, not started later, so that `px` (summed
                // column by column) takes the same values as in an unscissored stroke.
                if d2 < r2 && x >= firstColumn {
                    let cov = Swift.min(r - d2.squareRoot(), 1)
                    // Round to 0…255 without a checked conversion: adding 1.5·2²³ leaves the
                    // integer in the low mantissa bits.
                    let c = (cov * 255 + 12_582_912).bitPattern & 0xFF
                    let old = m[x]
                    let before = old & 0xFF00 == tag ? UInt32(old & 0xFF) : 0
                    if c > before {
                        m[x] = tag | UInt16(truncatingIfNeeded: c)
                        let a2 = PixelBlend.multiply(c, alpha)
                        let a1 = PixelBlend.multiply(before, alpha)
                        if a2 > a1 {
                            let a = a1 == 0 ? a2 : ((a2 &- a1) &* 255 &+ ((255 &- a1) >> 1)) / (255 &- a1)
                            dst[x] = PixelBlend.blend(dst[x], color, alpha: a)
                        }
                    }
                }
                x &+= 1
            }
            y &+= 1
        }
    }
}

/// `⌈v⌉` for |v| < 2⁵³ without a libm call (the baseline x86-64 target has no `roundsd`).
@inline(__always) @usableFromInline
func ceilToInt(_ v: Double) -> Int {
    let i = Int(v)
    return Double(i) < v ? i &+ 1 : i
}

/// `⌊v⌋` for |v| < 2⁵³ without a libm call.
@inline(__always) @usableFromInline
func floorToInt(_ v: Double) -> Int {
    let i = Int(v)
    return Double(i) > v ? i &- 1 : i
}

/// The clip, pen radius and widened clip of one stroke, in framebuffer pixels.
@usableFromInline
struct StrokeGeometry {
    /// Clip origin (segments are made clip-relative).
    @usableFromInline let originX: Double
    @usableFromInline let originY: Double
    /// The clip-relative columns `firstColumn..<columns` and rows `firstRow..<rows` that may be
    /// stored to: the whole clip (from 0 to its size) unless the framebuffer's scissor narrows it.
    @usableFromInline let columns: Int
    @usableFromInline let rows: Int
    @usableFromInline let firstColumn: Int
    @usableFromInline let firstRow: Int
    /// Coverage radius: half the pen width plus half a pixel.
    @usableFromInline let radius: Double
    /// The clip widened by `radius + 1`: a segment outside it cannot touch the clip.
    @usableFromInline let minX, minY, maxX, maxY: Double

    /// Pixel (0, 0) of the clip, the framebuffer's row pitch, and the pen.
    @usableFromInline let pixels: UnsafeMutablePointer<UInt32>
    @usableFromInline let stride: Int
    @usableFromInline let color: UInt32
    @usableFromInline let alpha: UInt32

    /// The geometry of a stroke that may store anywhere in `clip`.
    @usableFromInline
    init(clip: PixelRect, radius: Double, framebuffer: Framebuffer, color: UInt32, alpha: UInt32) {
        self.init(clip: clip, write: clip, radius: radius, framebuffer: framebuffer, color: color, alpha: alpha)
    }

    @usableFromInline
    init(clip: PixelRect, write: PixelRect, radius: Double, framebuffer: Framebuffer, color: UInt32, alpha: UInt32) {
        pixels = framebuffer.pixels + (clip.minY &* framebuffer.stride &+ clip.minX)
        stride = framebuffer.stride
        self.color = color
        self.alpha = alpha
        originX = Double(clip.minX)
        originY = Double(clip.minY)
        // write ⊆ clip (both already inside the buffer).
        columns = write.maxX &- clip.minX
        rows = write.maxY &- clip.minY
        firstColumn = write.minX &- clip.minX
        firstRow = write.minY &- clip.minY
        self.radius = radius
        minX = Double(clip.minX) - radius - 1
        minY = Double(clip.minY) - radius - 1
        maxX = Double(clip.maxX) + radius + 1
        maxY = Double(clip.maxY) + radius + 1
    }

    /// Liang–Barsky clipping of a finite segment to the widened clip. Differences are taken
    /// in halved coordinates so that endpoints near ±1.7e308 cannot overflow to ∞; the result
    /// is clamped into the widened clip so later integer conversions cannot trap.
    @usableFromInline
    func clipSegment(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> (Double, Double, Double, Double)? {
        // Trivial reject: both ends beyond the same side.
        if (ax < minX && bx < minX) || (ax > maxX && bx > maxX) || (ay < minY && by < minY) || (ay > maxY && by > maxY)
        {
            return nil
        }
        let inside =
            ax >= minX && ax <= maxX && bx >= minX && bx <= maxX && ay >= minY && ay <= maxY && by >= minY && by <= maxY
        if inside { return (ax, ay, bx, by) }
        let hdx = bx * 0.5 - ax * 0.5
        let hdy = by * 0.5 - ay * 0.5
        var t0 = 0.0
        var t1 = 1.0
        // For each edge: p·t ≤ q keeps the part inside (p, q in halved units).
        func edge(_ p: Double, _ q: Double) -> Bool {
            if p == 0 { return q >= 0 }
            let t = q / p
            if p < 0 {
                if t > t1 { return false }
                if t > t0 { t0 = t }
            } else {
                if t < t0 { return false }
                if t < t1 { t1 = t }
            }
            return true
        }
        guard edge(-hdx, ax * 0.5 - minX * 0.5), edge(hdx, maxX * 0.5 - ax * 0.5),
            edge(-hdy, ay * 0.5 - minY * 0.5), edge(hdy, maxY * 0.5 - ay * 0.5), t0 <= t1
        else { return nil }
        // Interpolate as a convex combination (no overflow), then clamp against rounding.
        func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a * (1 - t) + b * t }
        func cx(_ v: Double) -> Double { Swift.min(Swift.max(v, minX), maxX) }
        func cy(_ v: Double) -> Double { Swift.min(Swift.max(v, minY), maxY) }
        let r = (cx(lerp(ax, bx, t0)), cy(lerp(ay, by, t0)), cx(lerp(ax, bx, t1)), cy(lerp(ay, by, t1)))
        guard r.0.isFinite, r.1.isFinite, r.2.isFinite, r.3.isFinite else { return nil }
        return r
    }
}
