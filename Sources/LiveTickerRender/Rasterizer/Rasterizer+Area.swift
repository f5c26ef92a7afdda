import CLiveTickerKernels

extension Rasterizer {
    /// Fills the area between a polyline and the horizontal line `y = baseline` (pixel space)
    /// with `color` at opacity `alpha` (e.g. 77 ≈ 30 %), clipped to `clip`.
    ///
    /// Each pixel column whose centre lies under a segment between two finite consecutive points
    /// is filled from the segment's height at that centre to the baseline; the ends of that
    /// vertical run get fractional coverage, so the top edge is anti-aliased vertically. Columns
    /// under no segment (before the first point, after the last, or under a NaN/∞ gap) stay
    /// empty, so gaps are respected. Where x goes backwards, overlapping columns take the union.
    /// Every pixel is blended once.
    ///
    /// Cost: O(points + columns + rows × columns/64) plus the blended pixels (4 per SIMD step);
    /// allocates nothing once the scratch has grown to the clip's size.
    public func fillArea(
        xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>, baseline: Double,
        color: RGBColor, alpha: UInt8, clip: PixelRect, into framebuffer: Framebuffer
    ) {
        area(xs, ys, baseline: baseline, color: color, alpha: alpha, clip: clip, into: framebuffer)
    }

    /// `Float` coordinates; otherwise the same as the `Double` overload.
    public func fillArea(
        xs: UnsafeBufferPointer<Float>, ys: UnsafeBufferPointer<Float>, baseline: Double,
        color: RGBColor, alpha: UInt8, clip: PixelRect, into framebuffer: Framebuffer
    ) {
        area(xs, ys, baseline: baseline, color: color, alpha: alpha, clip: clip, into: framebuffer)
    }

    /// Array convenience for the `Double` overload (no copy, no allocation).
    public func fillArea(
        xs: [Double], ys: [Double], baseline: Double, color: RGBColor, alpha: UInt8,
        clip: PixelRect, into framebuffer: Framebuffer
    ) {
        xs.withUnsafeBufferPointer { x in
            ys.withUnsafeBufferPointer { y in
                area(x, y, baseline: baseline, color: color, alpha: alpha, clip: clip, into: framebuffer)
            }
        }
    }

    @usableFromInline
    func area<T: BinaryFloatingPoint>(
        _ xs: UnsafeBufferPointer<T>, _ ys: UnsafeBufferPointer<T>, baseline: Double,
        color: RGBColor, alpha: UInt8, clip: PixelRect, into fb: Framebuffer
    ) {
        // The columns come from the clip alone; the scissor only narrows what is stored.
        let c = fb.layoutClip(clip)
        let write = fb.drawable(clip)
        guard !write.isEmpty, alpha != 0 else { return }
        rowPass = nil  // its measures live in the scratch this fill reuses
        var scratch = self.scratch
        defer { self.scratch = scratch }
        let wx = (write.minX &- c.minX)..<(write.maxX &- c.minX)
        let wy = (write.minY &- c.minY)..<(write.maxY &- c.minY)
        // Only the scissor's columns are measured and its rows swept: each pixel depends on its
        // own column's run alone.
        guard let columns = scratch.measureAreaColumns(xs, ys, baseline: baseline, clip: c, within: wx, level: kernelLevel) else { return }
        let rows = c.maxY &- c.minY
        let pixels = fb.pixels + (c.minY &* fb.stride &+ c.minX)
        let a = UInt32(alpha)
        scratch.blendAreaEdges(
            columns, rows: rows, color: color.pixel, alpha: a, pixels: pixels, stride: fb.stride, written: (wx, wy))
        let interior = scratch.linkAreaInteriors(columns, rows: rows, within: wy, level: kernelLevel)
        let words = scratch.columnWords(columns)
        scratch.sweepInteriorRows(interior) { y in
            let row = pixels + y &* fb.stride
            scratch.forEachInteriorRun(words) { start, end in
                let from = Swift.max(start, wx.lowerBound)
                let to = Swift.min(end, wx.upperBound)
                if from < to { PixelBlend.blendSpan(row + from, count: to &- from, color: color.pixel, alpha: a) }
            }
        }
    }
}

extension RasterScratch {
    /// Measures, for each column of the clip `c` (framebuffer coordinates, already inside the
    /// buffer), the vertical run between the polyline and `baseline` into `columnLow` and
    /// `columnHigh` (clip-relative rows; a column under no segment gets low > high).
    ///
    /// A column belongs to the area when its centre lies under a segment between two finite
    /// consecutive points; where x goes backwards, overlapping columns take the union.
    /// Only the clip-relative columns `window` (inside `0..<width of c`) are measured, the
    /// others left as they were: a column's run depends on the segments over it alone, so a
    /// scissored pass measures just the scissor's columns and gets the values a whole
    /// measure gives there. Returns the columns touched (clip-relative, inside `window`), or
    /// nil when none is.
    ///
    /// At `level` 1 or 2 (AVX2, AVX-512) f64 points go through the C kernel `ltk_area_columns`,
    /// four segments a step, with the same floats bit for bit (`AreaLevelTests`); level 0, and
    /// `Float` points, run the loop below, the reference. The 1080p reference frame's area:
    /// 0.035 → 0.015 ms (Bench, AVX2 on a Zen 3 EPYC VM).
    /// O(points + columns of `window`), no allocation once the arrays have grown to the clip.
    @usableFromInline
    mutating func measureAreaColumns<T: BinaryFloatingPoint>(
        _ xs: UnsafeBufferPointer<T>, _ ys: UnsafeBufferPointer<T>, baseline: Double, clip c: PixelRect,
        within window: Range<Int>, level: Int32
    ) -> ClosedRange<Int>? {
        guard !baseline.isNaN, !window.isEmpty else { return nil }
        let cw = c.maxX &- c.minX
        let ch = c.maxY &- c.minY
        reserveColumns(cw, rows: ch)
        let low = columnLow
        let high = columnHigh
        // Invariant: 0 ≤ window.lowerBound < window.upperBound ≤ cw ≤ columnCapacity.
        (low + window.lowerBound).update(repeating: .infinity, count: window.count)
        (high + window.lowerBound).update(repeating: -.infinity, count: window.count)
        let firstMeasured = window.lowerBound
        let lastMeasured = window.upperBound &- 1

        // Clip-relative, clamped just outside the clip: far values then cost nothing.
        let ox = Double(c.minX)
        let oy = Double(c.minY)
        let yLimit = Double(ch) + 2
        @inline(__always) func clampY(_ v: Double) -> Double { Swift.min(Swift.max(v - oy, -2), yLimit) }
        let base = clampY(baseline)
        let n = Swift.min(xs.count, ys.count)
        if T.self == Double.self, level != 0, n > 0 {
            var frame = ltk_area_frame(
                origin_x: ox, origin_y: oy, x_limit: Double(cw) + 2, y_limit: yLimit, base: base,
                first_measured: firstMeasured, last_measured: lastMeasured)
            var touchedMin = 0
            var touchedMax = 0
            // Invariant: T is Double, so both buffers hold n ≥ 1 doubles.
            let measured = xs.withMemoryRebound(to: Double.self) { x in
                ys.withMemoryRebound(to: Double.self) { y in
                    ltk_area_columns(level, x.baseAddress!, y.baseAddress!, n, &frame, low, high, &touchedMin, &touchedMax)
                }
            }
            if measured { return touchedMin <= touchedMax ? touchedMin...touchedMax : nil }
        }
        var colMin = Int.max
        var colMax = Int.min
        var havePrevious = false
        var px = 0.0
        var py = 0.0
        var i = 0
        while i < n {
            let x = Double(xs[i])
            let y = Double(ys[i])
            i &+= 1
            guard x.isFinite && y.isFinite else {
                havePrevious = false
                continue
            }
            defer {
                px = x
                py = y
                havePrevious = true
            }
            guard havePrevious else { continue }
            // Column centres (c + 0.5, clip-relative) inside [min x, max x].
            let xa = Swift.min(Swift.max(Swift.min(px, x) - ox, -2), Double(cw) + 2)
            let xb = Swift.min(Swift.max(Swift.max(px, x) - ox, -2), Double(cw) + 2)
            let first = Swift.max(firstMeasured, ceilToInt(xa - 0.5))
            let last = Swift.min(lastMeasured, floorToInt(xb - 0.5))
            guard first <= last else { continue }
            colMin = Swift.min(colMin, first)
            colMax = Swift.max(colMax, last)
            // Halved differences cannot overflow even for ±1.7e308.
            let hdx = x * 0.5 - px * 0.5
            var col = first
            while col <= last {
                let lo: Double
                let hi: Double
                if hdx == 0 {
                    lo = clampY(Swift.min(py, y))
                    hi = clampY(Swift.max(py, y))
                } else {
                    let t = Swift.min(Swift.max(((Double(col) + 0.5 + ox) * 0.5 - px * 0.5) / hdx, 0), 1)
                    lo = clampY(py * (1 - t) + y * t)
                    hi = lo
                }
                low[col] = Swift.min(low[col], Float(Swift.min(lo, base)))
                high[col] = Swift.max(high[col], Float(Swift.max(hi, base)))
                col &+= 1
            }
        }
        return colMin <= colMax ? colMin...colMax : nil
    }

    /// The run of `column` clipped to `0..<rows`: its whole interior rows `top..<end` and its
    /// fractional ends (row and coverage 0…1; row −1 when there is none). A run inside one
    /// pixel is reported as its `upper` end with an empty interior. Nil for an empty column.
    @inline(__always)
    func areaRun(_ column: Int, rows: Int) -> (top: Int, end: Int, upper: (row: Int, coverage: Float), lower: (row: Int, coverage: Float))? {
        let lo = Swift.max(columnLow[column], 0)
        let hi = Swift.min(columnHigh[column], Float(rows))
        guard lo < hi else { return nil }
        let loRow = Int(lo)
        let hiRow = Int(hi)  // floor: both are ≥ 0 here
        if loRow == hiRow || (loRow &+ 1 == hiRow && Float(hiRow) == hi) {
            return (loRow, loRow, (loRow, hi - lo), (-1, 0))
        }
        let fractionalTop = Float(loRow) != lo
        let upper = fractionalTop ? (loRow, Float(loRow &+ 1) - lo) : (-1, Float(0))
        let lower = hiRow < rows && Float(hiRow) != hi ? (hiRow, hi - Float(hiRow)) : (-1, Float(0))
        return (fractionalTop ? loRow &+ 1 : loRow, hiRow, upper, lower)
    }

    /// Blends the fractional ends of the measured columns (each with its coverage × `alpha`)
    /// over what the framebuffer holds there, storing only to the clip-relative columns and
    /// rows `written` (the scissor's part of the clip). O(columns), no allocation.
    func blendAreaEdges(
        _ columns: ClosedRange<Int>, rows: Int, color: UInt32, alpha: UInt32,
        pixels: UnsafeMutablePointer<UInt32>, stride: Int, written: (columns: Range<Int>, rows: Range<Int>)
    ) {
        for column in columns where written.columns.contains(column) {
            guard let run = areaRun(column, rows: rows) else { continue }
            Self.forEachEnd(of: run, alpha: alpha, within: written.rows) { row, _, a in
                let p = row &* stride &+ column
                pixels[p] = PixelBlend.blend(pixels[p], color, alpha: a)
            }
        }
    }

    /// Calls `body(row, end, opacity)` for each fractional end of `run` (end 0 the upper, 1 the
    /// lower) that lies in the rows `window` and has a non-zero opacity: its coverage × `alpha`,
    /// rounded. The one rule for which ends an area blends and how strongly, whether after the
    /// rows (``blendAreaEdges(_:rows:color:alpha:pixels:stride:written:)``) or inside their
    /// pass (``linkAreaInteriors(_:rows:within:edgeAlpha:)``). O(1).
    @inline(__always)
    static func forEachEnd(
        of run: (top: Int, end: Int, upper: (row: Int, coverage: Float), lower: (row: Int, coverage: Float)),
        alpha: UInt32, within window: Range<Int>, _ body: (_ row: Int, _ end: Int, _ opacity: UInt32) -> Void
    ) {
        let alphaF = Float(alpha)
        @inline(__always) func visit(_ fraction: (row: Int, coverage: Float), end: Int) {
            let a = UInt32(fraction.coverage * alphaF + 0.5)
            if fraction.row >= 0 && a != 0 && window.contains(fraction.row) { body(fraction.row, end, a) }
        }
        visit(run.upper, end: 0)
        visit(run.lower, end: 1)
    }

    /// Threads each measured column's whole interior rows, cut to the rows `window` (inside
    /// `0..<rows`), into the row sweep's lists: the column enters at its first interior row of
    /// the window and leaves after its last. A sweep over `window` then holds, at each of its
    /// rows, the same columns a sweep over all rows holds there, without walking the rows
    /// above (a one-row scissor sweeps one row). Returns the rows of `window` where any
    /// interior lies (empty when none).
    ///
    /// With `edgeAlpha`, also links each column's fractional ends inside `window` (those
    /// ``blendAreaEdges(_:rows:color:alpha:pixels:stride:written:)`` blends, with the same
    /// opacities) into per-row lists for ``blendLinkedEdges(ofRow:_:color:)``, so that a row
    /// pass blends them while it holds the row in cache. The columns must lie inside the
    /// columns stored (measured `within` them). At `level` 1 or 2 the C kernel `ltk_area_link`
    /// makes the same lists, eight columns' runs a step (the 1080p reference frame: 0.022 →
    /// 0.011 ms); level 0 runs the loop below, the reference.
    /// O(columns + rows of `window`), no allocation.
    mutating func linkAreaInteriors(
        _ columns: ClosedRange<Int>, rows: Int, within window: Range<Int>, edgeAlpha alpha: UInt32? = nil,
        level: Int32
    ) -> Range<Int> {
        let enterHead = rowEnter
        let leaveHead = rowLeave
        let edgeHead = rowEdges
        // Invariant: window ⊆ 0..<rows, and the heads hold rows + 1 entries. Only the heads the
        // sweep of the window reads (and the leave at its end) are reset.
        (enterHead + window.lowerBound).update(repeating: -1, count: window.count &+ 1)
        (leaveHead + window.lowerBound).update(repeating: -1, count: window.count &+ 1)
        if alpha != nil { (edgeHead + window.lowerBound).update(repeating: -1, count: window.count) }
        columnBits.update(repeating: 0, count: columns.upperBound >> 6 &+ 1)
        var rowMin = Int.max
        var rowMax = Int.min
        if level != 0 {
            var lists = ltk_area_lists(
                enter_head: enterHead, leave_head: leaveHead, enter_next: columnEnterNext, leave_next: columnLeaveNext,
                edge_head: alpha == nil ? nil : edgeHead, edge_next: edgeNext, edge_alpha: edgeAlpha)
            if ltk_area_link(
                level, columnLow, columnHigh, columns.lowerBound, columns.upperBound, rows, alpha ?? 0,
                window.lowerBound, window.upperBound, &lists, &rowMin, &rowMax)
            {
                return rowMin < rowMax ? rowMin..<rowMax : 0..<0
            }
        }
        for column in columns {
            guard let run = areaRun(column, rows: rows) else { continue }
            if let alpha {
                Self.forEachEnd(of: run, alpha: alpha, within: window) { row, end, a in
                    let node = column &* 2 &+ end
                    edgeAlpha[node] = UInt8(truncatingIfNeeded: a)
                    edgeNext[node] = edgeHead[row]
                    edgeHead[row] = Int32(truncatingIfNeeded: node)
                }
            }
            let top = Swift.max(run.top, window.lowerBound)
            let end = Swift.min(run.end, window.upperBound)
            guard top < end else { continue }
            columnEnterNext[column] = enterHead[top]
            enterHead[top] = Int32(truncatingIfNeeded: column)
            columnLeaveNext[column] = leaveHead[end]
            leaveHead[end] = Int32(truncatingIfNeeded: column)
            rowMin = Swift.min(rowMin, top)
            rowMax = Swift.max(rowMax, end)
        }
        return rowMin < rowMax ? rowMin..<rowMax : 0..<0
    }

    /// Blends the area ends that ``linkAreaInteriors(_:rows:within:edgeAlpha:)`` linked into
    /// clip-relative row `y` over `row` (that row's first pixel): the pixels and values of
    /// ``blendAreaEdges(_:rows:color:alpha:pixels:stride:written:)`` there, for a pass that has
    /// finished the row. O(ends in the row).
    @inline(__always)
    func blendLinkedEdges(ofRow y: Int, _ row: UnsafeMutablePointer<UInt32>, color: UInt32) {
        var node = Int(rowEdges[y])
        while node >= 0 {
            let column = node >> 1
            row[column] = PixelBlend.blend(row[column], color, alpha: UInt32(edgeAlpha[node]))
            node = Int(edgeNext[node])
        }
    }

    /// The bitset words that can hold the columns `columns`.
    @inline(__always)
    func columnWords(_ columns: ClosedRange<Int>) -> ClosedRange<Int> {
        (columns.lowerBound >> 6)...(columns.upperBound >> 6)
    }

    /// Walks the rows of `interior` in order, keeping `columnBits` equal to the set of columns
    /// whose interior contains the current row (columns enter and leave through the lists of
    /// `linkAreaInteriors`), and calls `body` with each row. O(rows + columns) plus `body`.
    @inline(__always)
    func sweepInteriorRows(_ interior: Range<Int>, _ body: (Int) -> Void) {
        for y in interior {
            sweepInteriorRow(y)
            body(y)
        }
    }

    /// One step of ``sweepInteriorRows(_:_:)``: makes `columnBits` the columns whose interior
    /// contains row `y`, from what it held for the row above. O(columns entering or leaving).
    @inline(__always)
    func sweepInteriorRow(_ y: Int) {
        let bits = columnBits
        var e = Int(rowEnter[y])
        while e >= 0 {
            bits[e >> 6] |= 1 << UInt64(e & 63)
            e = Int(columnEnterNext[e])
        }
        var l = Int(rowLeave[y])
        while l >= 0 {
            bits[l >> 6] &= ~(1 << UInt64(l & 63))
            l = Int(columnLeaveNext[l])
        }
    }

    /// Calls `body(start, end)` for each run of consecutive columns set in `columnBits`
    /// (half-open, clip-relative, in order), runs crossing word boundaries joined.
    /// O(words + runs).
    @inline(__always)
    func forEachInteriorRun(_ words: ClosedRange<Int>, _ body: (Int, Int) -> Void) {
        let bits = columnBits
        var runStart = -1
        var w = words.lowerBound
        while w <= words.upperBound {
            var word = bits[w]
            var offset = 0
            let baseCol = w << 6
            while offset < 64 {
                if runStart < 0 {
                    if word == 0 { break }
                    let z = word.trailingZeroBitCount
                    runStart = baseCol &+ offset &+ z
                    word >>= UInt64(z)
                    offset &+= z
                }
                let ones = (~word).trailingZeroBitCount
                offset &+= ones
                if offset >= 64 { break }  // the run continues into the next word
                word >>= UInt64(ones)
                body(runStart, baseCol &+ offset)
                runStart = -1
            }
            w &+= 1
        }
        if runStart >= 0 { body(runStart, (words.upperBound &+ 1) << 6) }
    }
}
