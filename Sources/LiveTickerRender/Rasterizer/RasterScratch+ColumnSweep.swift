// The fast path of `strokePolyline` for polylines whose x never turns back (time series: one
// point per pixel column after LTTB, NaN gaps allowed). The coverage is the same as the
// general path's (the union of round-capped segments, `clamp(r − d, 0, 1)` with d the distance
// to the nearest segment), but it is computed column by column: the segments near a column
// are a sliding window of the x-sorted capsule list, the smallest squared distance of each
// row is kept in SIMD lanes, and every pixel is blended exactly once. There is no mask to
// keep, no per-pixel division for overlaps, and only the rows near the line are visited.

extension RasterScratch {
    /// Collects the capsules of the polyline (clipped, clip-relative, in input order) and
    /// reports whether they are sorted by x in either direction; if sorted backwards they are
    /// reversed. On `false` the caller must use the general path. O(points), no allocation
    /// once the capsule array has grown to the point count.
    @usableFromInline
    mutating func collectMonotoneCapsules<T: BinaryFloatingPoint>(
        _ xs: UnsafeBufferPointer<T>, _ ys: UnsafeBufferPointer<T>, _ g: StrokeGeometry
    ) -> Bool {
        let n = Swift.min(xs.count, ys.count)
        reserveCapsules(n)
        let list = capsules
        var count = 0
        // Sortedness of both ends: the sweep needs ax and bx each non-decreasing.
        var forwards = true
        var backwards = true
        @inline(__always)
        func add(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Bool {
            var x0 = ax
            var y0 = ay
            var x1 = bx
            var y1 = by
            // Nearly every segment of a chart lies inside the widened clip: test that inline
            // and clip only the others.
            let inside =
                ax >= g.minX && ax <= g.maxX && bx >= g.minX && bx <= g.maxX && ay >= g.minY && ay <= g.maxY
                && by >= g.minY && by <= g.maxY
            if !inside {
                guard let clipped = g.clipSegment(ax, ay, bx, by) else { return true }
                (x0, y0, x1, y1) = clipped
            }
            let capsule = StrokeCapsule(x0 - g.originX, y0 - g.originY, x1 - g.originX, y1 - g.originY)
            if count > 0 {
                let previous = list[count &- 1]
                if capsule.ax < previous.ax || capsule.bx < previous.bx { forwards = false }
                if capsule.ax > previous.ax || capsule.bx > previous.bx { backwards = false }
                if !forwards && !backwards { return false }
            }
            // Invariant: count < n ≤ capsuleCapacity (one capsule per point at most).
            (list + count).initialize(to: capsule)
            count &+= 1
            return true
        }
        var penDown = false
        var drewSegment = false
        var px = 0.0
        var py = 0.0
        var i = 0
        while i < n {
            let x = Double(xs[i])
            let y = Double(ys[i])
            i &+= 1
            guard x.isFinite && y.isFinite else {
                if penDown && !drewSegment { guard add(px, py, px, py) else { return false } }
                penDown = false
                continue
            }
            if penDown {
                guard add(px, py, x, y) else { return false }
                drewSegment = true
            } else {
                penDown = true
                drewSegment = false
            }
            px = x
            py = y
        }
        if penDown && !drewSegment { guard add(px, py, px, py) else { return false } }
        if !forwards {
            var a = 0
            var b = count &- 1
            while a < b {
                swap(&list[a], &list[b])
                a &+= 1
                b &-= 1
            }
        }
        capsuleCount = count
        return true
    }

    /// Draws the collected capsules column by column: for each column, the rows within the
    /// pen radius of any nearby capsule get the coverage of the nearest one, blended once.
    /// Each nearby capsule is first reduced to its column form (`ColumnSegment`); rows then go
    /// four at a time through SIMD lanes (distances, coverage and the blend).
    /// O(columns reached + Σ rows × nearby capsules / 4), no allocation.
    @usableFromInline
    func sweepColumns(_ g: StrokeGeometry) {
        let count = capsuleCount
        guard count > 0 else { return }
        let list = capsules
        let near = columnSegments
        let r = Float(g.radius)
        let columns = g.columns
        let rows = g.rows
        let lastRow = Float(rows &- 1)
        let pen = ColumnPen(g)
        let rowOffsets = SIMD4<Float>(0.5, 1.5, 2.5, 3.5)
        let zero = SIMD4<Float>()
        // Window [lo, hi) of capsules that reach the current column: every capsule before lo
        // ends at or left of xc − r, every capsule from hi on starts at or right of xc + r
        // (both ends are sorted). Pixel centres are at column + 0.5.
        var lo = 0
        var hi = 0
        var col = Swift.max(0, firstColumn(reaching: list[0].ax, r))
        while col < columns {
            let xc = Float(col) + 0.5
            let left = xc - r
            let right = xc + r
            while lo < count && list[lo].bx <= left { lo &+= 1 }
            if lo == count { break }
            if hi < lo { hi = lo }
            while hi < count && list[hi].ax < right { hi &+= 1 }
            if lo == hi {
                // A gap in x: jump to the first column the next capsule reaches.
                col = Swift.max(col &+ 1, firstColumn(reaching: list[lo].ax, r))
                continue
            }
            // The window's capsules in column form, and the rows they can reach together.
            // Invariant: hi − lo ≤ capsuleCount ≤ capsuleCapacity entries in `near`.
            var yMin = Float.infinity
            var yMax = -Float.infinity
            var k = lo
            var m = near
            while k < hi {
                let segment = ColumnSegment(list[k], xc: xc, left: left, right: right, r: r)
                yMin = least(yMin, segment.firstRow)
                yMax = greatest(yMax, segment.lastRow)
                m.initialize(to: segment)
                m += 1
                k &+= 1
            }
            // Rows top...bottom may be reached. Both bounds are finite (the capsules lie in
            // the widened clip); after the clamps, truncation is floor and cannot trap.
            guard yMax >= 0 && yMin <= lastRow else {
                col &+= 1
                continue
            }
            let low = greatest(yMin, 0)
            var top = Int(low)
            if Float(top) < low { top &+= 1 }
            let bottom = Int(least(yMax, lastRow))
            let segments = hi &- lo
            var y = top
            // Eight rows per step (two groups of four lanes), so each segment's constants are
            // loaded once per eight rows; a step may run past `bottom` (those rows are simply
            // computed too, they are inside the clip) but never past the clip.
            while y <= bottom {
                let rowA = Float(y)
                let lanesA = rowOffsets + rowA
                let lanesB = lanesA + 4
                var d2a = pen.radiusSquared
                var d2b = pen.radiusSquared
                var s = near
                let end = near + segments
                while s < end {
                    let c = s
                    s += 1
                    // Skip a segment whose reach misses all eight rows.
                    if c.pointee.lastRow < rowA || c.pointee.firstRow > rowA + 7 { continue }
                    let uy = c.pointee.uy
                    let ux = c.pointee.ux
                    let along0 = c.pointee.along0
                    let across0 = c.pointee.across0
                    let length = c.pointee.length
                    let alongA = lanesA * uy + along0
                    let acrossA = lanesA * ux + across0
                    let beyondA = lanesMax(lanesMax(zero - alongA, alongA - length), zero)
                    d2a = lanesMin(d2a, acrossA * acrossA + beyondA * beyondA)
                    let alongB = lanesB * uy + along0
                    let acrossB = lanesB * ux + across0
                    let beyondB = lanesMax(lanesMax(zero - alongB, alongB - length), zero)
                    d2b = lanesMin(d2b, acrossB * acrossB + beyondB * beyondB)
                }
                pen.blendFour(d2a, column: col, row: y, rows: rows)
                if y &+ 4 <= bottom { pen.blendFour(d2b, column: col, row: y &+ 4, rows: rows) }
                y &+= 8
            }
            col &+= 1
        }
    }

    /// First column whose centre lies less than `r` right of `x`: `col + 0.5 > x − r`.
    @inline(__always)
    private func firstColumn(reaching x: Float, _ r: Float) -> Int {
        floorToInt(Double(x - r - 0.5)) &+ 1
    }
}

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

/// The pen of a column sweep, with its constants splatted into SIMD lanes once per stroke.
@usableFromInline
struct ColumnPen {
    let pixels: UnsafeMutablePointer<UInt32>
    let stride: Int
    let radius: SIMD4<Float>
    let radiusSquared: SIMD4<Float>
    let alpha: UInt32
    let color: UInt32
    /// Whether √ needs its second Newton step: coverage depends on d only for d < r, so the
    /// one-step error (6.6·10⁻⁴ · d) stays below 0.7 of a coverage level while r ≤ 4.
    let refinedRoot: Bool
    /// The colour's blue/red and green bytes in the 16-bit lanes of four pixels (see
    /// `PixelBlend.blendSpan` for the layout); the unused byte's lanes are 0.
    let colorEven: SIMD8<UInt16>
    let colorOdd: SIMD8<UInt16>

    @usableFromInline
    init(_ g: StrokeGeometry) {
        pixels = g.pixels
        stride = g.stride
        let r = Float(g.radius)
        radius = SIMD4(repeating: r)
        radiusSquared = SIMD4(repeating: r * r)
        refinedRoot = r > 4
        alpha = g.alpha
        color = g.color & 0x00FF_FFFF
        let cv = unsafeBitCast(SIMD4<UInt32>(repeating: color), to: SIMD8<UInt16>.self)
        colorEven = cv & 0x00FF
        colorOdd = cv &>> 8
    }

    /// Blends rows `row..<row+4` of `column` given their squared distances to the nearest
    /// capsule; rows at or past `rows` are neither read nor written.
    @inline(__always)
    func blendFour(_ d2: SIMD4<Float>, column: Int, row: Int, rows: Int) {
        let inside = d2 .< radiusSquared
        guard any(inside) else { return }
        // Coverage min(r − d, 1), 0 outside; rounded to 0…255 by the 1.5·2²³ trick (the
        // integer lands in the low mantissa bits), as in the general path.
        let cov = lanesMin(radius - squareRoot(d2, refined: refinedRoot), SIMD4<Float>(repeating: 1))
            .replacing(with: 0, where: .!inside)
        var a = unsafeBitCast(cov * 255 + 12_582_912, to: SIMD4<UInt32>.self) & 0xFF
        if alpha < 255 {
            // round(c · alpha / 255) per lane, exactly as `PixelBlend.multiply`.
            let t = a &* alpha &+ 128
            a = (t &+ (t &>> 8)) &>> 8
        }
        let dst = pixels + (row &* stride &+ column)
        if row &+ 4 <= rows {
            let s = stride
            let d = SIMD4<UInt32>(dst[0], dst[s], dst[s &* 2], dst[s &* 3])
            let out = blend(d, a)
            dst[0] = out[0]
            dst[s] = out[1]
            dst[s &* 2] = out[2]
            dst[s &* 3] = out[3]
        } else {
            var lane = 0
            var p = dst
            while row &+ lane < rows {
                let al = a[lane]
                if al != 0 { p.pointee = PixelBlend.blend(p.pointee, color, alpha: al) }
                p += stride
                lane &+= 1
            }
        }
    }

    /// `PixelBlend.blend` of four pixels, each with its own opacity, in 16-bit lanes.
    @inline(__always)
    func blend(_ d: SIMD4<UInt32>, _ a: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let a16 = unsafeBitCast(a | (a &<< 16), to: SIMD8<UInt16>.self)
        let ia16 = 255 &- a16
        let dv = unsafeBitCast(d, to: SIMD8<UInt16>.self)
        var even = (dv & 0x00FF) &* ia16 &+ colorEven &* a16 &+ 128
        var odd = (dv &>> 8) &* ia16 &+ colorOdd &* a16 &+ 128
        even = (even &+ (even &>> 8)) &>> 8
        odd = (odd &+ (odd &>> 8)) &>> 8
        let merged = unsafeBitCast(even | (odd &<< 8), to: SIMD4<UInt32>.self)
        return merged & 0x00FF_FFFF
    }
}

// `Swift.min`/`max` on floats must order NaN, which costs a compare and three mask
// operations; these are single `minss`/`maxss`. Inputs are finite by construction.
@inline(__always)
func least(_ a: Float, _ b: Float) -> Float { a < b ? a : b }

@inline(__always)
func greatest(_ a: Float, _ b: Float) -> Float { a > b ? a : b }

// The standard library's `pointwiseMin`/`pointwiseMax` follow IEEE minNum (NaN-aware) and
// compile lane by lane with branches; these compile to one compare and one blend. No NaN
// reaches them: every input is finite by construction.
@inline(__always)
func lanesMin(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> { a.replacing(with: b, where: b .< a) }

@inline(__always)
func lanesMax(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> { a.replacing(with: b, where: b .> a) }

/// √x for four finite x ≥ 0 without a libm call per lane (Swift's `squareRoot` keeps errno
/// semantics, so it cannot be vectorised): x times the inverse square root from a bit-level
/// first guess with one modified Newton step (Moroz et al., "Fast calculation of inverse
/// square root with the use of magic constant", 2018: constant 0x5F1FFFF9, relative error
/// below 6.6·10⁻⁴), plus one ordinary Newton step when `refined` (error below 10⁻⁶).
/// Exactly 0 for 0.
@inline(__always)
func squareRoot(_ x: SIMD4<Float>, refined: Bool) -> SIMD4<Float> {
    let bits = unsafeBitCast(x, to: SIMD4<UInt32>.self)
    var y = unsafeBitCast(0x5F1F_FFF9 &- (bits &>> 1), to: SIMD4<Float>.self)
    y = 0.703952253 * y * (2.38924456 - x * y * y)
    if refined { y = y * (1.5 - (x * 0.5) * y * y) }
    return x * y
}
