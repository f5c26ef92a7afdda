// A plot's backdrop stored a row at a time, so that plots side by side can be stored row by
// row together.
//
// Why: a wall's panels painted one after another store half rows (or thirds): from a
// framebuffer other work has pushed out of the caches, that cost about 2.5 times per byte
// what whole rows cost (a C test on a Zen 4 VM: four 900×500 panels 0.60 ms, the same
// pixels stored row by row across the panels 0.24 ms; bands of 2 to 128 rows per panel
// 0.48-0.60 ms). The hardware prefetcher follows one stream forwards; only rows in memory
// order keep it on. A single chart calls the pass with all its rows at once.

extension Rasterizer {
    /// Begins storing `backdrop` over `clip` row by row (see ``paintPlotRows(_:)``), and its
    /// ``PlotBackdrop/surround`` beside the clip in the clip's rows. Returns the framebuffer
    /// rows the pass stores, to be given to ``paintPlotRows(_:)`` in order. Where the
    /// framebuffer's scissor narrows `clip ∩ bounds`, the plot is stored here at once, as
    /// ``paint(_:clip:into:)`` stores it, and no rows are left. Ends any pass under way.
    ///
    /// Cost: O(grid lines + rows of the clip), or the scissored plot's pixels; no allocation
    /// once the scratch has grown.
    public func beginPlotRows(_ backdrop: PlotBackdrop, clip: PixelRect, into framebuffer: Framebuffer) -> Range<Int> {
        let none = UnsafeBufferPointer<Double>(start: nil, count: 0)
        return beginPlotRows(
            backdrop, none, none, baseline: .nan, color: backdrop.background, alpha: 0, clip: clip, into: framebuffer)
    }

    /// ``beginPlotRows(_:clip:into:)`` with the area between the polyline `(xs[i], ys[i])` and
    /// `y = baseline` in `color` at opacity `alpha` over the backdrop, as
    /// ``paint(_:areaUnder:ys:baseline:color:alpha:clip:into:)`` paints it. The points are
    /// read here only; they may change once this returns.
    ///
    /// Cost: O(points + columns + rows of the clip); no allocation once the scratch has grown.
    public func beginPlotRows(
        _ backdrop: PlotBackdrop, areaUnder xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>,
        baseline: Double, color: RGBColor, alpha: UInt8, clip: PixelRect, into framebuffer: Framebuffer
    ) -> Range<Int> {
        beginPlotRows(backdrop, xs, ys, baseline: baseline, color: color, alpha: alpha, clip: clip, into: framebuffer)
    }

    /// Stores the framebuffer rows `rows` of the pass ``beginPlotRows(_:clip:into:)`` began:
    /// they must continue where the last call ended (the first call starting at the pass's
    /// first row) and stay inside the rows it returned, and nothing else may have used this
    /// rasteriser since it began. Gives, once every row is stored, the bytes of
    /// ``paint(_:clip:into:)``.
    ///
    /// Cost: O(pixels of the rows + area ends in them); no allocation.
    @inline(__always)
    public func paintPlotRows(_ rows: Range<Int>) {
        guard !rows.isEmpty else { return }
        guard let pass = rowPass else { preconditionFailure("no plot pass under way on this rasteriser") }
        precondition(
            rows.lowerBound == rowPassNext && rows.upperBound <= pass.firstRow &+ pass.rows,
            "plot rows out of order or outside the pass")
        rowPassNext = rows.upperBound
        pass.paintRows((rows.lowerBound &- pass.firstRow)..<(rows.upperBound &- pass.firstRow))
    }

    @usableFromInline
    func beginPlotRows<T: BinaryFloatingPoint>(
        _ backdrop: PlotBackdrop, _ xs: UnsafeBufferPointer<T>, _ ys: UnsafeBufferPointer<T>, baseline: Double,
        color: RGBColor, alpha: UInt8, clip: PixelRect, into fb: Framebuffer
    ) -> Range<Int> {
        guard fb.drawable(clip) == fb.layoutClip(clip) else {
            // A scissored pass clamps every row to the scissor: stored whole, now.
            paintPlot(backdrop, xs, ys, baseline: baseline, color: color, alpha: alpha, clip: clip, into: fb)
            return 0..<0
        }
        rowPass = makePlotRowPass(
            backdrop, xs, ys, baseline: baseline, color: color, alpha: alpha, clip: clip, into: fb)
        guard let pass = rowPass else { return 0..<0 }
        rowPassNext = pass.firstRow
        return pass.firstRow..<(pass.firstRow &+ pass.rows)
    }

    /// ``paintPlot(_:_:_:baseline:color:alpha:clip:into:)`` with no scissor narrowing the
    /// clip: one pass over all its rows, without the scissor's clamps in the row loop (they
    /// cost the whole frame about 4 % more instructions: callgrind, `Bench --section frame`).
    @usableFromInline
    func paintWholePlot<T: BinaryFloatingPoint>(
        _ backdrop: PlotBackdrop, _ xs: UnsafeBufferPointer<T>, _ ys: UnsafeBufferPointer<T>, baseline: Double,
        color: RGBColor, alpha: UInt8, clip: PixelRect, into fb: Framebuffer
    ) {
        guard
            let pass = makePlotRowPass(
                backdrop, xs, ys, baseline: baseline, color: color, alpha: alpha, clip: clip, into: fb)
        else { return }
        pass.paintRows(0..<pass.rows)
    }

    /// Measures everything the rows of an unscissored plot pass need into the scratch and
    /// returns the pass (nil for a clip outside the buffer). Ends any pass under way.
    /// O(points + columns + rows of the clip + grid lines).
    @usableFromInline
    func makePlotRowPass<T: BinaryFloatingPoint>(
        _ backdrop: PlotBackdrop, _ xs: UnsafeBufferPointer<T>, _ ys: UnsafeBufferPointer<T>, baseline: Double,
        color: RGBColor, alpha: UInt8, clip: PixelRect, into fb: Framebuffer
    ) -> PlotRowPass? {
        rowPass = nil
        let c = fb.drawable(clip)
        guard !c.isEmpty else { return nil }
        let cw = c.maxX &- c.minX
        let ch = c.maxY &- c.minY
        var scratch = self.scratch
        defer { self.scratch = scratch }
        scratch.reserveColumns(cw, rows: ch)
        let columns = alpha == 0 ? nil : scratch.measureAreaColumns(xs, ys, baseline: baseline, clip: c, within: 0..<cw, level: kernelLevel)
        let measured = columns.map { $0.lowerBound..<($0.upperBound &+ 1) } ?? 0..<0
        let a = UInt32(alpha)
        let (bases, tints, gridCount) = scratch.prepareBackdrop(
            backdrop, clip: c, storing: 0..<cw, measured: measured, area: color.pixel, alpha: a)
        // The area's anti-aliased ends are linked by row and blended as each row is finished,
        // while it is in cache (blended after the pass, column by column, each read missed:
        // Bench frame at 1080p 0.65 -> 0.63 ms).
        let interior = columns.map { scratch.linkAreaInteriors($0, rows: ch, within: 0..<ch, edgeAlpha: a, level: kernelLevel) } ?? 0..<0
        return PlotRowPass(
            pixels: fb.pixels + (c.minY &* fb.stride &+ c.minX), stride: fb.stride, columns: cw, rows: ch, firstRow: c.minY,
            sides: surroundSides(backdrop.surround, clip: c, in: fb), bases: bases, tints: tints, scratch: scratch,
            measured: measured, interior: interior, words: columns.map { scratch.columnWords($0) } ?? 0...0,
            hasArea: columns != nil, areaColor: color.pixel, gridCount: gridCount, outlined: backdrop.outline != nil)
    }
}

extension RasterScratch {
    /// Fills, for a backdrop pass over clip `c`: the row classes (later layers last, so that
    /// they win: 0 plain, 1 grid line, 2 outline), the four-pixel patterns of each class, and
    /// the vertical lines among the clip-relative columns `stored`, with their bits in the
    /// interior bitset where it is kept current (`measured`). Returns each class's colour, the
    /// same colours with the area (`area` at opacity `alpha`) blended over them, and how many
    /// vertical lines `gridBits` holds. O(rows of the clip + grid lines).
    @usableFromInline
    mutating func prepareBackdrop(
        _ backdrop: PlotBackdrop, clip c: PixelRect, storing stored: Range<Int>, measured: Range<Int>, area: UInt32,
        alpha: UInt32
    ) -> (bases: SIMD4<UInt32>, tints: SIMD4<UInt32>, gridCount: Int) {
        let ch = c.maxY &- c.minY
        rowClass.update(repeating: 0, count: ch)
        for y in backdrop.gridRows where y >= c.minY && y < c.maxY { rowClass[y &- c.minY] = 1 }
        if backdrop.outline != nil {
            rowClass[0] = 2
            rowClass[ch &- 1] = 2
        }
        let outline = backdrop.outline ?? backdrop.background
        let bases = SIMD4<UInt32>(backdrop.background.pixel, backdrop.gridColor.pixel, outline.pixel, 0)
        let tints = SIMD4<UInt32>(
            PixelBlend.blend(bases[0], area, alpha: alpha), PixelBlend.blend(bases[1], area, alpha: alpha),
            PixelBlend.blend(bases[2], area, alpha: alpha), 0)
        // Four pixels of each class for each 4-bit pattern of interior columns: a word with
        // both inside and outside columns (where the area's edge crosses the row) is stored
        // four pixels at a time from this table instead of as many short runs.
        for kind in 0..<3 {
            for nibble in 0..<16 {
                let inside = SIMD4<UInt32>(1, 2, 4, 8) & UInt32(nibble) .!= 0
                backdropPatterns[kind &* 16 &+ nibble] = SIMD4(repeating: bases[kind]).replacing(with: tints[kind], where: inside)
            }
        }
        reserveGridLines(backdrop.gridColumns.count)
        var gridCount = 0
        for x in backdrop.gridColumns {
            let column = x &- c.minX
            guard stored.contains(column) else { continue }
            let mask: UInt64 = measured.contains(column) ? 1 << UInt64(column & 63) : 0
            gridBits[gridCount] = GridColumnBit(column: Int32(truncatingIfNeeded: column), mask: mask)
            gridCount &+= 1
        }
        return (bases, tints, gridCount)
    }
}
