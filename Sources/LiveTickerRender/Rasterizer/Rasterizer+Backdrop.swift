import CLiveTickerKernels

// A plot's opaque layer and its area fill in one pass over memory.
//
// Drawn in layers, a full-HD plot is stored once for the background and then, where the area
// lies (often half the plot), read and stored again to blend it: at 1920×1080 that second
// pass costs about as much as the first. Here the area's columns are measured first, and each
// row is then stored once, run by run: background (or grid, or outline) where the area is not,
// the same colour with the area pre-blended where a column's whole interior is. The
// anti-aliased ends of each column (about two pixels per column) are blended as their row is
// finished, from per-row lists, while the row is still in cache.
//
// At AVX2 and AVX-512 a row the interior reaches is stored by the C kernel
// `ltk_fill_selecting` (through `PixelFill.fillSelecting`) straight from the interior bitset
// (at AVX-512 sixteen pixels a step under an opmask, with no branch on the bits), where the
// Swift loops (in `PlotRowPass` and below) decide word by word between runs and mixed words,
// and the area's wandering edge makes that unpredictable. Same pixels (`FillLevelTests`,
// goldens at every level); background stage 0.202-0.213 -> 0.180-0.192 ms at 1080p,
// 0.053-0.056 -> 0.048-0.051 ms at 800x480 (Bench frame, five alternating pairs of builds,
// Zen 4 EPYC VM). The Swift loops stay the reference and the baseline and aarch64 path.

extension Rasterizer {
    /// Paints `backdrop` over `clip ∩ framebuffer`, each pixel stored once, and its
    /// ``PlotBackdrop/surround`` beside the clip in the clip's rows (stored, like the rest,
    /// only inside the framebuffer's scissor, and not at all when the scissor misses the clip).
    ///
    /// Cost: O(pixels of the clip), no allocation once the scratch has grown to the clip.
    public func paint(_ backdrop: PlotBackdrop, clip: PixelRect, into framebuffer: Framebuffer) {
        let none = UnsafeBufferPointer<Double>(start: nil, count: 0)
        paintPlot(backdrop, none, none, baseline: .nan, color: backdrop.background, alpha: 0, clip: clip, into: framebuffer)
    }

    /// Paints `backdrop` and, over it, the area between the polyline `(xs[i], ys[i])` and
    /// `y = baseline` in `color` at opacity `alpha`, in one pass.
    ///
    /// The pixels are exactly those of ``paint(_:clip:into:)`` followed by
    /// ``fillArea(xs:ys:baseline:color:alpha:clip:into:)`` with the same arguments (gaps, the
    /// anti-aliased top edge and every clipping rule included); only the memory traffic differs.
    ///
    /// Cost: O(points + pixels of the clip); no allocation once the scratch has grown.
    public func paint(
        _ backdrop: PlotBackdrop, areaUnder xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>,
        baseline: Double, color: RGBColor, alpha: UInt8, clip: PixelRect, into framebuffer: Framebuffer
    ) {
        paintPlot(backdrop, xs, ys, baseline: baseline, color: color, alpha: alpha, clip: clip, into: framebuffer)
    }

    /// `Float` coordinates; otherwise the same as the `Double` overload.
    public func paint(
        _ backdrop: PlotBackdrop, areaUnder xs: UnsafeBufferPointer<Float>, ys: UnsafeBufferPointer<Float>,
        baseline: Double, color: RGBColor, alpha: UInt8, clip: PixelRect, into framebuffer: Framebuffer
    ) {
        paintPlot(backdrop, xs, ys, baseline: baseline, color: color, alpha: alpha, clip: clip, into: framebuffer)
    }

    /// Array convenience for the `Double` overload (no copy, no allocation).
    public func paint(
        _ backdrop: PlotBackdrop, areaUnder xs: [Double], ys: [Double], baseline: Double, color: RGBColor,
        alpha: UInt8, clip: PixelRect, into framebuffer: Framebuffer
    ) {
        xs.withUnsafeBufferPointer { x in
            ys.withUnsafeBufferPointer { y in
                paintPlot(backdrop, x, y, baseline: baseline, color: color, alpha: alpha, clip: clip, into: framebuffer)
            }
        }
    }

    /// The backdrop pass under any scissor; without one narrowing the clip, the row pass of
    /// ``paintWholePlot(_:_:_:baseline:color:alpha:clip:into:)``. Its row loop is
    /// ``PlotRowPass/paintRow(_:)`` with the scissor's clamps added, a copy on purpose: one
    /// generic body with the clamps behind a static flag still ran 15 % more instructions in
    /// the unscissored case (2.8 % of a `--quick --section frame` run). Change both together.
    @usableFromInline
    func paintPlot<T: BinaryFloatingPoint>(
        _ backdrop: PlotBackdrop, _ xs: UnsafeBufferPointer<T>, _ ys: UnsafeBufferPointer<T>, baseline: Double,
        color: RGBColor, alpha: UInt8, clip: PixelRect, into fb: Framebuffer
    ) {
        // The outline, grid and area come from the clip alone; the scissor only narrows what is
        // stored (clip-relative columns wx0..<wx1, rows wy0..<wy1).
        rowPass = nil
        let c = fb.layoutClip(clip)
        let write = fb.drawable(clip)
        guard !write.isEmpty else { return }
        guard write != c else {
            paintWholePlot(backdrop, xs, ys, baseline: baseline, color: color, alpha: alpha, clip: clip, into: fb)
            return
        }
        let cw = c.maxX &- c.minX
        let ch = c.maxY &- c.minY
        let wx0 = write.minX &- c.minX
        let wx1 = write.maxX &- c.minX
        let wy0 = write.minY &- c.minY
        let wy1 = write.maxY &- c.minY
        var scratch = self.scratch
        defer { self.scratch = scratch }
        scratch.reserveColumns(cw, rows: ch)
        // Only the scissor's columns are measured, and only its rows are linked and swept: a
        // pixel depends on its own column's run and its row's class alone, so a pass costs
        // what the scissor holds (a one-row strip across the plot, one row), not the plot.
        let columns = alpha == 0 ? nil : scratch.measureAreaColumns(xs, ys, baseline: baseline, clip: c, within: wx0..<wx1, level: kernelLevel)
        let pixels = fb.pixels + (c.minY &* fb.stride &+ c.minX)
        let stride = fb.stride
        // The surround's stored columns left and right of the clip (clip-relative, in its rows).
        let sides = surroundSides(backdrop.surround, clip: c, in: fb)

        let a = UInt32(alpha)
        // Only the bitset words of the measured columns are kept current.
        let measured = columns.map { $0.lowerBound..<($0.upperBound &+ 1) } ?? 0..<0
        let (bases, tints, gridCount) = scratch.prepareBackdrop(
            backdrop, clip: c, storing: wx0..<wx1, measured: measured, area: color.pixel, alpha: a)
        let rowClass = scratch.rowClass
        let bits = scratch.columnBits
        let gridBits = scratch.gridBits
        let patternBase = UnsafeRawPointer(scratch.backdropPatterns)
        @inline(__always) func inInterior(_ column: Int) -> Bool {
            measured.contains(column) && bits[column >> 6] & (1 << UInt64(column & 63)) != 0
        }

        // The area's anti-aliased ends are linked by row and blended as each row is finished,
        // while it is in cache (as in ``PlotRowPass``).
        let interior = columns.map { scratch.linkAreaInteriors($0, rows: ch, within: wy0..<wy1, edgeAlpha: a, level: kernelLevel) } ?? 0..<0
        let edges = scratch
        let words = columns.map { scratch.columnWords($0) } ?? 0...0

        // One row: the row's colour, the interior of the area (while the sweep has
        // any) in the tint, then the vertical lines over both.
        @inline(__always) func paintRow(_ y: Int) {
            let row = pixels + y &* stride
            // The row in memory order: the surround's left part, the plot, its right part.
            if !sides.left.isEmpty {
                PixelFill.fill(row + sides.left.lowerBound, with: sides.color, count: sides.left.count)
            }
            // Four rows ahead, the scissor's first 128 columns (all of a narrow box's)
            // asked for writing: a damaged rectangle's rows were last stored a frame
            // ago, each in another 4 KB stretch, where no hardware prefetcher follows
            // (Bench kiosk: 9.5 -> 8.5 % of one core, medians of five A/B runs).
            if y &+ 4 < wy1 {
                ltk_prefetch_for_write(pixels + ((y &+ 4) &* stride &+ wx0), Swift.min(wx1 &- wx0, 128) &* 4)
            }
            let kind = Int(rowClass[y])
            let base = bases[kind]
            let tint = tints[kind]
            // A pending run of whole words of one colour, flushed when the colour changes.
            var runStart = 0
            var runTinted = false
            @inline(__always) func flush(to end: Int) {
                let from = Swift.max(runStart, wx0)
                let to = Swift.min(end, wx1)
                if from < to { PixelFill.fill(row + from, with: runTinted ? tint : base, count: to &- from) }
            }
            if interior.contains(y)
                && PixelFill.fillSelecting(
                    row, from: wx0, to: wx1, bits: bits, words: words.upperBound &+ 1, base: base, tint: tint)
            {
                // The C kernel stored the scissor's part of the row (bits clear past
                // the measured words).
                runStart = cw
            } else if interior.contains(y) {
                let rowPatterns = patternBase + kind &* 16 &* 16
                // Only the words the scissor reaches: a run pending from a word left of
                // them stores nothing inside it, so starting at the first one as a new
                // untinted run stores the same pixels there.
                let firstWord = Swift.max(words.lowerBound, wx0 >> 6)
                let lastWord = Swift.min(words.upperBound, (wx1 &- 1) >> 6)
                if firstWord > words.lowerBound { runStart = firstWord << 6 }
                var w = firstWord
                while w <= lastWord {
                    var word = bits[w]
                    let start = w << 6
                    w &+= 1
                    // The word's columns inside the scissor, from..<to (word-relative;
                    // bits past the clip are never set, but the stores must stop there).
                    let from = Swift.max(wx0 &- start, 0)
                    let to = Swift.min(wx1 &- start, 64)
                    if from != 0 || to != 64 {
                        // A word the scissor cuts (at most two a row): its columns
                        // outside store nothing, so they take the pending run's value
                        // and the word is a run wherever its inside part is one.
                        let inside = (UInt64.max << UInt64(from)) & ~(UInt64.max << UInt64(to))
                        word = word & inside | (runTinted ? ~inside : 0)
                    }
                    // Most words continue the pending run: one compare for them.
                    if word == (runTinted ? ~0 : 0) { continue }
                    let tinted = word == ~0
                    if word == 0 || tinted {
                        flush(to: start)
                        runStart = start
                        runTinted = tinted
                        continue
                    }
                    flush(to: start)
                    let out = UnsafeMutableRawPointer(row + start)
                    var pattern = word >> UInt64(from)
                    var i = from
                    // Pixel by pixel to a multiple of four, four at a time, then the rest.
                    while i < to && i & 3 != 0 {
                        row[start &+ i] = pattern & 1 != 0 ? tint : base
                        pattern >>= 1
                        i &+= 1
                    }
                    while i &+ 4 <= to {
                        let four = rowPatterns.load(fromByteOffset: Int(pattern & 15) &* 16, as: SIMD4<UInt32>.self)
                        out.storeBytes(of: four, toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                        pattern >>= 4
                        i &+= 4
                    }
                    while i < to {
                        row[start &+ i] = pattern & 1 != 0 ? tint : base
                        pattern >>= 1
                        i &+= 1
                    }
                    runStart = start &+ 64
                    runTinted = false
                }
                if runTinted {
                    // An all-interior word ends at or before the last measured column.
                    let end = (lastWord &+ 1) << 6
                    flush(to: end)
                    runStart = end
                    runTinted = false
                }
            }
            flush(to: cw)
            if !sides.right.isEmpty {
                PixelFill.fill(row + sides.right.lowerBound, with: sides.color, count: sides.right.count)
            }
            defer { if columns != nil { edges.blendLinkedEdges(ofRow: y, row, color: color.pixel) } }
            guard kind != 2 else { return }
            if interior.contains(y) {
                for k in 0..<gridCount {
                    let column = Int(gridBits[k].column)
                    row[column] = bits[column >> 6] & gridBits[k].mask != 0 ? tints[1] : bases[1]
                }
            } else {
                // No interior in this row (the sweep's bitset is empty here).
                for k in 0..<gridCount { row[Int(gridBits[k].column)] = bases[1] }
            }
            if backdrop.outline != nil {
                if wx0 == 0 { row[0] = inInterior(0) ? tints[2] : bases[2] }
                if wx1 == cw { row[cw &- 1] = inInterior(cw &- 1) ? tints[2] : bases[2] }
            }
        }
        if columns != nil {
            // The interiors were linked from the scissor's first row on, so the sweep
            // starts there with the bits a sweep from the top would hold.
            scratch.sweepInteriorRows(wy0..<wy1, paintRow)
        } else {
            for y in wy0..<wy1 { paintRow(y) }
        }
    }
}

extension Rasterizer {
    /// The columns of `surround` that a pass over `clip` (inside the buffer) stores beside it,
    /// relative to the clip's first column: the part of the surround's rectangle in the clip's
    /// rows that the framebuffer's scissor leaves, cut into what lies left and right of the
    /// clip. Empty ranges for no surround. O(1).
    @inline(__always)
    func surroundSides(_ surround: PlotSurround?, clip c: PixelRect, in fb: Framebuffer)
        -> (left: Range<Int>, right: Range<Int>, color: UInt32)
    {
        guard let surround else { return (0..<0, 0..<0, 0) }
        let stored = fb.drawable(PixelRect(minX: surround.minX, minY: c.minY, maxX: surround.maxX, maxY: c.maxY))
        guard !stored.isEmpty else { return (0..<0, 0..<0, 0) }
        let leftEnd = Swift.min(c.minX, stored.maxX)
        let rightStart = Swift.max(c.maxX, stored.minX)
        let left = stored.minX < leftEnd ? (stored.minX &- c.minX)..<(leftEnd &- c.minX) : 0..<0
        let right = rightStart < stored.maxX ? (rightStart &- c.minX)..<(stored.maxX &- c.minX) : 0..<0
        return (left, right, surround.color.pixel)
    }
}
