/// A plot's backdrop and area fill being stored row by row, top to bottom, with no scissor
/// narrowing its clip (``Rasterizer/beginPlotRows(_:clip:into:)``).
///
/// Everything a row needs is measured when the pass begins (the area's columns, the row
/// classes, the vertical lines, the four-pixel patterns) and kept in the rasteriser's scratch;
/// the pass itself holds only pointers into it and the framebuffer, and the interior bitset
/// it sweeps lives in the scratch too. So rows can be stored a few at a time, or one at a time
/// interleaved with the rows of plots beside it (a wall's panels), and the bytes are those of
/// one whole pass.
///
/// Invariant: valid while the scratch it was made from is neither grown nor used by another
/// backdrop or area fill (the rasteriser forgets the pass when either happens); rows are
/// stored in order, each once, from the clip's first.
@usableFromInline
struct PlotRowPass {
    /// The clip's first pixel and the framebuffer's row pitch.
    let pixels: UnsafeMutablePointer<UInt32>
    let stride: Int
    /// The clip's size and its first row in the framebuffer.
    let columns: Int
    let rows: Int
    let firstRow: Int
    /// The surround's columns left and right of the clip (clip-relative) and its colour.
    let sides: (left: Range<Int>, right: Range<Int>, color: UInt32)
    /// Each row class's colour (0 plain, 1 grid line, 2 outline), and the same under the area.
    let bases: SIMD4<UInt32>
    let tints: SIMD4<UInt32>
    /// The row classes, the interior sweep, the patterns and the vertical lines.
    let scratch: RasterScratch
    /// The measured columns (the bitset is kept current there alone), the rows any interior
    /// reaches and the bitset words that can hold it; all empty without an area.
    let measured: Range<Int>
    let interior: Range<Int>
    let words: ClosedRange<Int>
    let hasArea: Bool
    let areaColor: UInt32
    /// How many vertical lines `scratch.gridBits` holds.
    let gridCount: Int
    let outlined: Bool

    /// Whether clip-relative `column` is inside the area's interior in the current row.
    @inline(__always)
    func inInterior(_ column: Int) -> Bool {
        measured.contains(column) && scratch.columnBits[column >> 6] & (1 << UInt64(column & 63)) != 0
    }

    /// Stores clip-relative rows `range`, which must continue where the last call ended (the
    /// first call starting at 0). O(pixels of the rows + area ends in them), no allocation.
    @inline(__always)
    func paintRows(_ range: Range<Int>) {
        if hasArea {
            for y in range {
                scratch.sweepInteriorRow(y)
                paintRow(y)
            }
        } else {
            for y in range { paintRow(y) }
        }
    }

    /// One row: the surround's left part, the row's colour with the interior of the area (while
    /// the sweep has any) in the tint, the surround's right part, then the vertical lines and
    /// the outline over the plot's part, and the area's anti-aliased ends in the row.
    @inline(__always)
    func paintRow(_ y: Int) {
        let row = pixels + y &* stride
        let cw = columns
        if !sides.left.isEmpty {
            PixelFill.fill(row + sides.left.lowerBound, with: sides.color, count: sides.left.count)
        }
        let kind = Int(scratch.rowClass[y])
        let base = bases[kind]
        let tint = tints[kind]
        let bits = scratch.columnBits
        // A pending run of whole words of one colour, flushed when the colour changes.
        var runStart = 0
        var runTinted = false
        @inline(__always) func flush(to end: Int) {
            PixelFill.fill(row + runStart, with: runTinted ? tint : base, count: end &- runStart)
        }
        if interior.contains(y)
            && PixelFill.fillSelecting(
                row, from: 0, to: cw, bits: bits, words: words.upperBound &+ 1, base: base, tint: tint)
        {
            // The C kernel stored the whole row (bits clear past the measured words).
            runStart = cw
        } else if interior.contains(y) {
            let rowPatterns = UnsafeRawPointer(scratch.backdropPatterns + kind &* 16)
            var w = words.lowerBound
            while w <= words.upperBound {
                let word = bits[w]
                let start = w << 6
                w &+= 1
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
                // Bits past the clip are never set, but the stores must stop there.
                let count = Swift.min(64, cw &- start)
                let out = UnsafeMutableRawPointer(row + start)
                var pattern = word
                var i = 0
                while i &+ 4 <= count {
                    let four = rowPatterns.load(fromByteOffset: Int(pattern & 15) &* 16, as: SIMD4<UInt32>.self)
                    out.storeBytes(of: four, toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                    pattern >>= 4
                    i &+= 4
                }
                while i < count {
                    row[start &+ i] = pattern & 1 != 0 ? tint : base
                    pattern >>= 1
                    i &+= 1
                }
                runStart = start &+ count
                runTinted = false
            }
            if runTinted {
                // An all-interior word ends at or before the last measured column.
                let end = (words.upperBound &+ 1) << 6
                flush(to: end)
                runStart = end
                runTinted = false
            }
        }
        flush(to: cw)
        if !sides.right.isEmpty {
            PixelFill.fill(row + sides.right.lowerBound, with: sides.color, count: sides.right.count)
        }
        defer { if hasArea { scratch.blendLinkedEdges(ofRow: y, row, color: areaColor) } }
        guard kind != 2 else { return }
        let grid = scratch.gridBits
        if interior.contains(y) {
            for k in 0..<gridCount {
                let column = Int(grid[k].column)
                row[column] = bits[column >> 6] & grid[k].mask != 0 ? tints[1] : bases[1]
            }
        } else {
            // No interior in this row (the sweep's bitset is empty here).
            for k in 0..<gridCount { row[Int(grid[k].column)] = bases[1] }
        }
        if outlined {
            row[0] = inInterior(0) ? tints[2] : bases[2]
            row[cw &- 1] = inInterior(cw &- 1) ? tints[2] : bases[2]
        }
    }
}
