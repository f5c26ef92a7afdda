// The fast path of `strokePolyline` for polylines whose x never turns back (time series: one
// point per pixel column after LTTB, NaN gaps allowed). The coverage is the same as the
// general path's (the union of round-capped segments, `clamp(r − d, 0, 1)` with d the distance
// to the nearest segment), but it is computed column by column: the segments near a column
// are a sliding window of the x-sorted capsule list, the smallest squared distance of each
// row is kept in SIMD lanes, and every pixel is blended exactly once. There is no mask to
// keep, no per-pixel division for overlaps, and only the rows near the line are visited.

import CLiveTickerKernels

extension RasterScratch {
    /// Collects the capsules of the polyline (clipped, clip-relative, in input order) into
    /// `capsules` and returns how many, when they are sorted by x in either direction (sorted
    /// backwards, they are reversed); nil means the caller must use the general path.
    /// With a `dash` pattern the capsules are the dashes, cut exactly as the general path cuts
    /// them (the pattern walked on each segment's clipped part, its phase carried on by the
    /// whole segment), so both paths give the same pixels; a line with more dashes than the
    /// reserved room (a zig-zag hundreds of pixels long per column) goes the general path.
    /// At a `level` above 0, runs of solid `Double` segments inside the widened clip are made
    /// four at a time by the C kernel of that level (`ltk_inside_capsules`), with the same
    /// capsules bit for bit; level 0 is this Swift code alone, the reference.
    /// O(points + dashes), no allocation once the capsule array has grown to its room.
    @usableFromInline
    mutating func collectMonotoneCapsules<T: BinaryFloatingPoint>(
        _ xs: UnsafeBufferPointer<T>, _ ys: UnsafeBufferPointer<T>, dash: DashPattern? = nil, _ g: StrokeGeometry,
        level: Int32 = 0
    ) -> Int? {
        let n = Swift.min(xs.count, ys.count)
        // Solid: one capsule per segment at most. Dashed: a chart's line is a few pixels long
        // per point, so a few dashes per point; the fixed part covers short, long-segment lines.
        let room = dash == nil ? n : 4 &* n &+ 4096
        reserveCapsules(room)
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
            // Invariant: count < room ≤ capsuleCapacity (solid: one capsule per point at most).
            if count == room { return false }
            (list + count).initialize(to: capsule)
            count &+= 1
            return true
        }
        // The C kernel's inputs: solid Double polylines at a level with a C build.
        let wide = level > 0 && dash == nil && T.self == Double.self && n > 1
        let xd = wide ? UnsafeRawPointer(xs.baseAddress!).assumingMemoryBound(to: Double.self) : nil
        let yd = wide ? UnsafeRawPointer(ys.baseAddress!).assumingMemoryBound(to: Double.self) : nil
        var box = ltk_stroke_box(
            origin_x: g.originX, origin_y: g.originY, min_x: g.minX, min_y: g.minY, max_x: g.maxX, max_y: g.maxY)
        var phase = 0.0  // how far into the dash pattern the pen is
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
                if penDown && !drewSegment { guard add(px, py, px, py) else { return nil } }
                penDown = false
                continue
            }
            if penDown {
                if let dash {
                    var pieces = DashedSegment(dash, px, py, x, y, phase: phase, g)
                    while let (ax, ay, bx, by) = pieces.next() {
                        guard add(ax, ay, bx, by) else { return nil }
                    }
                    phase = pieces.phaseAfter
                } else if let xd, let yd, case let start = i &- 2,
                    case let made = UnsafeMutableRawPointer(list).withMemoryRebound(
                        to: ltk_capsule.self, capacity: room,
                        {
                            ltk_inside_capsules(
                                level, xd + start, yd + start, n &- start, &box, $0 + count, room &- count,
                                count > 0 ? UnsafePointer($0 + (count &- 1)) : nil, &forwards, &backwards)
                        }),
                    made > 0
                {
                    // The segments from point `start` on, while inside: the same capsules and
                    // sortedness as `add` would make and keep.
                    if !forwards && !backwards { return nil }
                    count &+= made
                    i = start &+ made &+ 1
                    px = xd[i &- 1]
                    py = yd[i &- 1]
                    drewSegment = true
                    continue
                } else {
                    guard add(px, py, x, y) else { return nil }
                }
                drewSegment = true
            } else {
                penDown = true
                drewSegment = false
            }
            px = x
            py = y
        }
        if penDown && !drewSegment { guard add(px, py, px, py) else { return nil } }
        if !forwards {
            var a = 0
            var b = count &- 1
            while a < b {
                swap(&list[a], &list[b])
                a &+= 1
                b &-= 1
            }
        }
        return count
    }

    /// Keeps, in order, those of the first `count` collected capsules whose box widened by the
    /// pen radius and a pixel reaches the columns and rows `g` may store to, and returns how
    /// many. A capsule farther than the radius from a pixel centre gives it no coverage, and
    /// the sweep takes each pixel's nearest capsule, so sweeping the ones kept stores the same
    /// pixels there; the pixel of margin is far more than Float's error on the distances.
    /// The order (both ends sorted by x) is kept. O(count), no allocation.
    @usableFromInline
    func keepCapsules(_ count: Int, reaching g: StrokeGeometry) -> Int {
        let reach = Float(g.radius) + 1
        let minX = Float(g.firstColumn) - reach
        let maxX = Float(g.columns) + reach
        let minY = Float(g.firstRow) - reach
        let maxY = Float(g.rows) + reach
        let list = capsules
        var kept = 0
        var k = 0
        while k < count {
            let capsule = list[k]
            k &+= 1
            // NaN cannot occur (the capsules lie in the widened clip).
            guard capsule.bx >= minX, capsule.ax <= maxX, Swift.max(capsule.ay, capsule.by) >= minY,
                Swift.min(capsule.ay, capsule.by) <= maxY
            else { continue }
            // Invariant: kept < k ≤ count, both initialised entries.
            if kept &+ 1 != k { list[kept] = capsule }
            kept &+= 1
        }
        return kept
    }

    /// Draws the first `count` collected capsules column by column: for each column, the rows within the
    /// pen radius of any nearby capsule get the coverage of the nearest one, blended once.
    /// Each nearby capsule is first reduced to its column form (`ColumnSegment`); rows then go
    /// eight at a time through two groups of four SIMD lanes (distances), and each group of
    /// four is turned into coverage and blended by the `ColumnPen`.
    ///
    /// Columns go in pairs where both have rows to draw: one column's work is a single long
    /// dependency chain (column form, distances, square roots, blends), longer than a core
    /// looks ahead, so two independent chains side by side overlap their latency. Each pixel's
    /// operations are those of one column at a time, and no pixel is stored twice.
    ///
    /// At a `level` above 0 the C kernel of that level (`ltk_sweep_columns`: eight rows per
    /// AVX2 vector) does the same work with the same pixels; this Swift code is the reference
    /// and the path on other CPUs.
    /// O(columns reached + Σ rows × nearby capsules / 4), no allocation.
    @usableFromInline
    func sweepColumns(_ count: Int, _ g: StrokeGeometry, level: Int32 = 0) {
        guard count > 0 else { return }
        if level > 0 && sweepInC(count, g, level: level) { return }
        let list = capsules
        let near = columnSegments
        let pairNear = pairSegments
        let r = Float(g.radius)
        let columns = g.columns
        let rows = g.rows
        let pen = ColumnPen(g)
        let bounds = ColumnBounds(r: r, firstRow: Float(g.firstRow), lastRow: Float(rows &- 1))
        // Window [lo, hi) of capsules that reach the current column: every capsule before lo
        // ends at or left of xc − r, every capsule from hi on starts at or right of xc + r
        // (both ends are sorted). Pixel centres are at column + 0.5.
        var lo = 0
        var hi = 0
        // Columns and rows before the scissor's are skipped: each pixel's value depends only
        // on its own column and row, not on where the sweep started.
        var col = Swift.max(g.firstColumn, firstColumn(reaching: list[0].ax, r))
        while col < columns {
            let segments: Int
            let top: Int
            let bottom: Int
            switch prepareColumn(col, list, count, bounds, lo: &lo, hi: &hi, into: near) {
            case .finished: return
            case .gap(let next):
                col = next
                continue
            case .empty:
                col &+= 1
                continue
            case .draw(let n, let first, let last):
                (segments, top, bottom) = (n, first, last)
            }
            // The next column beside it, when it has rows to draw (its window then continues
            // from there; otherwise it is made ready again on its own turn).
            var pairLo = lo
            var pairHi = hi
            if col &+ 1 < columns,
                case .draw(let pairSegments, let pairTop, let pairBottom) = prepareColumn(
                    col &+ 1, list, count, bounds, lo: &pairLo, hi: &pairHi, into: pairNear)
            {
                var y = top
                var pairY = pairTop
                while y <= bottom && pairY <= pairBottom {
                    let (d2a, d2b) = rowDistances(near, segments, row: y, pen)
                    let (e2a, e2b) = rowDistances(pairNear, pairSegments, row: pairY, pen)
                    blendEight(pen, d2a, d2b, column: col, row: y, bottom: bottom, rows: rows)
                    blendEight(pen, e2a, e2b, column: col &+ 1, row: pairY, bottom: pairBottom, rows: rows)
                    y &+= 8
                    pairY &+= 8
                }
                // At most one of the two has rows left.
                drawRows(near, segments, column: col, from: y, bottom: bottom, pen, rows: rows)
                drawRows(pairNear, pairSegments, column: col &+ 1, from: pairY, bottom: pairBottom, pen, rows: rows)
                lo = pairLo
                hi = pairHi
                col &+= 2
                continue
            }
            drawRows(near, segments, column: col, from: top, bottom: bottom, pen, rows: rows)
            col &+= 1
        }
    }

    /// The pen radius and the clip's rows, as a column's preparation needs them.
    struct ColumnBounds {
        let r: Float
        let firstRow: Float
        let lastRow: Float
    }

    /// What ``prepareColumn(_:_:_:_:lo:hi:into:)`` found for one column.
    enum ColumnWindow {
        /// `segments` capsules in column form; rows `top...bottom` may be reached.
        case draw(segments: Int, top: Int, bottom: Int)
        /// Capsules reach the column, but none of its rows in the clip.
        case empty
        /// No capsule reaches it: `next` is the first column the next capsule reaches.
        case gap(next: Int)
        /// No capsule is left.
        case finished
    }

    /// Moves the window `lo..<hi` to the capsules of `list` (`count` of them) that reach column
    /// `col` and writes them in column form into `near` (room for `count`). O(window + the
    /// capsules the window passes).
    @inline(__always)
    private func prepareColumn(
        _ col: Int, _ list: UnsafeMutablePointer<StrokeCapsule>, _ count: Int, _ bounds: ColumnBounds,
        lo: inout Int, hi: inout Int, into near: UnsafeMutablePointer<ColumnSegment>
    ) -> ColumnWindow {
        let r = bounds.r
        let xc = Float(col) + 0.5
        let left = xc - r
        let right = xc + r
        while lo < count && list[lo].bx <= left { lo &+= 1 }
        if lo == count { return .finished }
        if hi < lo { hi = lo }
        while hi < count && list[hi].ax < right { hi &+= 1 }
        // A gap in x: jump to the first column the next capsule reaches.
        if lo == hi { return .gap(next: Swift.max(col &+ 1, firstColumn(reaching: list[lo].ax, r))) }
        // The window's capsules in column form, and the rows they can reach together.
        // Invariant: hi − lo ≤ count ≤ capsuleCapacity entries in `near`.
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
        guard yMax >= bounds.firstRow && yMin <= bounds.lastRow else { return .empty }
        let low = greatest(yMin, bounds.firstRow)
        var top = Int(low)
        if Float(top) < low { top &+= 1 }
        return .draw(segments: hi &- lo, top: top, bottom: Int(least(yMax, bounds.lastRow)))
    }

    /// The squared distances from the centres of rows `row..<row+4` and `row+4..<row+8` (one
    /// column) to the nearest of the `segments` in `near`, at most the pen's radius squared.
    /// Eight rows a step, so each segment's constants are loaded once per eight rows.
    @inline(__always)
    private func rowDistances(
        _ near: UnsafeMutablePointer<ColumnSegment>, _ segments: Int, row y: Int, _ pen: ColumnPen
    ) -> (SIMD4<Float>, SIMD4<Float>) {
        let zero = SIMD4<Float>()
        let rowA = Float(y)
        let lanesA = SIMD4<Float>(0.5, 1.5, 2.5, 3.5) + rowA
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
        return (d2a, d2b)
    }

    /// Rows `y...bottom` of `column`, eight a step: their distances to the `segments` in
    /// `near`, then their blends (the whole row loop of a column drawn alone, and the rows one
    /// column of a pair has left when the other is done).
    @inline(__always)
    private func drawRows(
        _ near: UnsafeMutablePointer<ColumnSegment>, _ segments: Int, column: Int, from start: Int, bottom: Int,
        _ pen: ColumnPen, rows: Int
    ) {
        var y = start
        while y <= bottom {
            let (d2a, d2b) = rowDistances(near, segments, row: y, pen)
            blendEight(pen, d2a, d2b, column: column, row: y, bottom: bottom, rows: rows)
            y &+= 8
        }
    }

    /// Blends rows `row..<row+4` of `column` from `d2a`, and `row+4..<row+8` from `d2b` when
    /// `row + 4` is still at or before `bottom` (a step may run past `bottom`: those rows are
    /// inside the clip and simply computed too).
    @inline(__always)
    private func blendEight(
        _ pen: ColumnPen, _ d2a: SIMD4<Float>, _ d2b: SIMD4<Float>, column: Int, row y: Int, bottom: Int, rows: Int
    ) {
        pen.blendFour(d2a, column: column, row: y, rows: rows)
        if y &+ 4 <= bottom { pen.blendFour(d2b, column: column, row: y &+ 4, rows: rows) }
    }

    /// The C sweep at `level`; false when that level has no C build (the Swift sweep runs).
    ///
    /// Invariants: `StrokeCapsule` has `ltk_capsule`'s layout (eight Floats, then the Bool at
    /// byte 32, 36 bytes a capsule; `SweepLevelTests` checks it), so the capsule list is passed
    /// as is; `sweepWork` holds `ltk_sweep_work_bytes(capsuleCapacity)` bytes, at least what
    /// `count` capsules need.
    private func sweepInC(_ count: Int, _ g: StrokeGeometry, level: Int32) -> Bool {
        var pen = ltk_pen(
            pixels: g.pixels, stride: g.stride, columns: g.columns, rows: g.rows, first_column: g.firstColumn,
            first_row: g.firstRow, radius: Float(g.radius), color: g.color, alpha: g.alpha)
        return UnsafeRawPointer(capsules).withMemoryRebound(to: ltk_capsule.self, capacity: count) { list in
            ltk_sweep_columns(level, list, count, &pen, sweepWork)
        }
    }

    /// First column whose centre lies less than `r` right of `x`: `col + 0.5 > x − r`.
    @inline(__always)
    private func firstColumn(reaching x: Float, _ r: Float) -> Int {
        floorToInt(Double(x - r - 0.5)) &+ 1
    }
}
