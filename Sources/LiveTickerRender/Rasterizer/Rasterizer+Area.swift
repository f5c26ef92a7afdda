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
        let c = fb.drawable(clip)
        guard !c.isEmpty, alpha != 0, !baseline.isNaN else { return }
        let cw = c.maxX &- c.minX
        let ch = c.maxY &- c.minY
        var scratch = self.scratch
        defer { self.scratch = scratch }
        scratch.reserveColumns(cw, rows: ch)
        let low = scratch.columnLow
        let high = scratch.columnHigh
        low.update(repeating: .infinity, count: cw)
        high.update(repeating: -.infinity, count: cw)

        // Clip-relative, clamped just outside the clip: far values then cost nothing.
        let ox = Double(c.minX)
        let oy = Double(c.minY)
        let yLimit = Double(ch) + 2
        @inline(__always) func clampY(_ v: Double) -> Double { Swift.min(Swift.max(v - oy, -2), yLimit) }
        let base = clampY(baseline)
        let n = Swift.min(xs.count, ys.count)
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
            let first = Swift.max(0, ceilToInt(xa - 0.5))
            let last = Swift.min(cw &- 1, floorToInt(xb - 0.5))
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
        guard colMin <= colMax else { return }
        scratch.fillColumns(
            colMin, colMax, rows: ch, color: color.pixel, alpha: UInt32(alpha),
            pixels: fb.pixels + (c.minY &* fb.stride &+ c.minX), stride: fb.stride)
    }
}

extension RasterScratch {
    /// Blends the vertical runs `[columnLow[c], columnHigh[c])` of columns `first...last`
    /// (clip-relative rows; empty columns have low > high) into the framebuffer.
    ///
    /// Fractional ends are blended per pixel with their coverage. Whole interior pixels are
    /// blended row by row: a sweep keeps a bitset of the columns whose interior contains the
    /// current row (columns enter at their first interior row and leave after their last, via
    /// per-row linked lists), and each run of set bits is one `blendSpan`, so the cost is
    /// dominated by the SIMD blend of the covered pixels.
    mutating func fillColumns(
        _ first: Int, _ last: Int, rows: Int, color: UInt32, alpha: UInt32,
        pixels: UnsafeMutablePointer<UInt32>, stride: Int
    ) {
        let low = columnLow
        let high = columnHigh
        let enterHead = rowEnter
        let leaveHead = rowLeave
        let enterNext = columnEnterNext
        let leaveNext = columnLeaveNext
        let bits = columnBits
        enterHead.update(repeating: -1, count: rows &+ 1)
        leaveHead.update(repeating: -1, count: rows &+ 1)
        let wordFirst = first >> 6
        let wordLast = last >> 6
        bits.update(repeating: 0, count: wordLast &+ 1)
        var rowMin = Int.max
        var rowMax = Int.min
        let rowsF = Float(rows)

        var col = first
        while col <= last {
            let lo = Swift.max(low[col], 0)
            let hi = Swift.min(high[col], rowsF)
            defer { col &+= 1 }
            guard lo < hi else { continue }
            let loRow = Int(lo)
            let hiRow = Int(hi)  // floor: both are ≥ 0 here
            if loRow == hiRow || (loRow &+ 1 == hiRow && Float(hiRow) == hi) {
                // The whole run lies in one pixel.
                let a = UInt32((hi - lo) * Float(alpha) + 0.5)
                if a != 0 {
                    pixels[loRow &* stride &+ col] = PixelBlend.blend(pixels[loRow &* stride &+ col], color, alpha: a)
                }
                continue
            }
            var top = loRow
            if Float(loRow) != lo {
                let a = UInt32((Float(loRow &+ 1) - lo) * Float(alpha) + 0.5)
                let p = loRow &* stride &+ col
                if a != 0 { pixels[p] = PixelBlend.blend(pixels[p], color, alpha: a) }
                top &+= 1
            }
            if hiRow < rows && Float(hiRow) != hi {
                let a = UInt32((hi - Float(hiRow)) * Float(alpha) + 0.5)
                let p = hiRow &* stride &+ col
                if a != 0 { pixels[p] = PixelBlend.blend(pixels[p], color, alpha: a) }
            }
            // Interior rows top..<hiRow.
            if top < hiRow {
                enterNext[col] = enterHead[top]
                enterHead[top] = Int32(truncatingIfNeeded: col)
                leaveNext[col] = leaveHead[hiRow]
                leaveHead[hiRow] = Int32(truncatingIfNeeded: col)
                rowMin = Swift.min(rowMin, top)
                rowMax = Swift.max(rowMax, hiRow)
            }
        }
        guard rowMin < rowMax else { return }
        var y = rowMin
        while y < rowMax {
            var e = Int(enterHead[y])
            while e >= 0 {
                bits[e >> 6] |= 1 << UInt64(e & 63)
                e = Int(enterNext[e])
            }
            var l = Int(leaveHead[y])
            while l >= 0 {
                bits[l >> 6] &= ~(1 << UInt64(l & 63))
                l = Int(leaveNext[l])
            }
            // Runs of set bits, possibly crossing word boundaries.
            let row = pixels + y &* stride
            var runStart = -1
            var w = wordFirst
            while w <= wordLast {
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
                    if offset >= 64 { break }  // run continues into the next word
                    word >>= UInt64(ones)
                    PixelBlend.blendSpan(
                        row + runStart, count: baseCol &+ offset &- runStart, color: color, alpha: alpha)
                    runStart = -1
                }
                w &+= 1
            }
            if runStart >= 0 {
                PixelBlend.blendSpan(
                    row + runStart, count: (wordLast &+ 1) << 6 &- runStart, color: color, alpha: alpha)
            }
            y &+= 1
        }
    }
}
