import CLiveTickerKernels

/// The scratch memory of a `Rasterizer`: a coverage mask for strokes and per-column extents
/// for area fills.
///
/// A plain struct of pointers so that a drawing call can copy it into a local variable and
/// run its loops without the exclusivity checks every access to a class's stored property
/// would cost; the call stores it back when done. Owned (and freed) by exactly one
/// `Rasterizer`.
@usableFromInline
struct RasterScratch {
    /// Coverage already blended into each pixel of the current clip by the current stroke,
    /// row pitch `maskWidth`: `generation << 8 | coverage`. An entry from another generation
    /// counts as coverage 0, so a new stroke starts from a clean mask without clearing it; the
    /// whole mask is cleared only when the 8-bit generation wraps (every 255 strokes).
    /// Invariant: valid (initialised) for `maskCapacity` entries.
    @usableFromInline var mask: UnsafeMutablePointer<UInt16>
    @usableFromInline var maskCapacity: Int
    @usableFromInline var maskWidth = 0
    @usableFromInline var generation: UInt16 = 0

    /// Area fills: per-column vertical extent (clip-relative rows), the per-column links and
    /// per-row list heads of the interior sweep, and its bitset of active columns.
    /// Invariant: the column arrays hold `columnCapacity` entries, the row heads and classes
    /// `rowCapacity + 1`, the bitset `columnCapacity / 64 + 1` words.
    @usableFromInline var columnLow: UnsafeMutablePointer<Float>
    @usableFromInline var columnHigh: UnsafeMutablePointer<Float>
    @usableFromInline var columnEnterNext: UnsafeMutablePointer<Int32>
    @usableFromInline var columnLeaveNext: UnsafeMutablePointer<Int32>
    @usableFromInline var columnBits: UnsafeMutablePointer<UInt64>
    @usableFromInline var columnCapacity: Int
    @usableFromInline var rowEnter: UnsafeMutablePointer<Int32>
    @usableFromInline var rowLeave: UnsafeMutablePointer<Int32>
    /// The anti-aliased ends of the area's columns, linked by row for the backdrop's row pass
    /// (``linkAreaInteriors(_:rows:within:edgeAlpha:)``): per-row list heads, and per end
    /// (`2 × column`, `+ 1` for the lower end) the next end in its row and its opacity.
    /// Invariant: the heads hold `rowCapacity + 1` entries, the ends `2 × columnCapacity`.
    @usableFromInline var rowEdges: UnsafeMutablePointer<Int32>
    @usableFromInline var edgeNext: UnsafeMutablePointer<Int32>
    @usableFromInline var edgeAlpha: UnsafeMutablePointer<UInt8>
    /// Backdrops: what each row of the clip is (plain, grid line, outline).
    @usableFromInline var rowClass: UnsafeMutablePointer<UInt8>
    @usableFromInline var rowCapacity: Int
    /// Backdrops: four pixels of each row class for each 4-bit pattern of interior columns
    /// (`16 × class + pattern`), and the vertical grid lines inside the clip (clip-relative
    /// column, and its bit in `columnBits` or 0 where the bitset is not kept current), kept
    /// here so that a ``PlotRowPass`` can be resumed row by row.
    /// Invariant: `backdropPatterns` holds 48 entries, `gridBits` `gridCapacity`.
    @usableFromInline var backdropPatterns: UnsafeMutablePointer<SIMD4<UInt32>>
    @usableFromInline var gridBits: UnsafeMutablePointer<GridColumnBit>
    @usableFromInline var gridCapacity: Int

    /// Column sweep of x-sorted strokes: the clipped capsules in x order, and the nearby ones
    /// of the current column and of the one swept beside it in column form.
    /// Invariant: all three hold `capsuleCapacity` entries, and `sweepWork` the bytes the C
    /// sweep needs for as many capsules; a stroke sets the first few capsules.
    @usableFromInline var capsules: UnsafeMutablePointer<StrokeCapsule>
    @usableFromInline var columnSegments: UnsafeMutablePointer<ColumnSegment>
    @usableFromInline var pairSegments: UnsafeMutablePointer<ColumnSegment>
    @usableFromInline var capsuleCapacity: Int
    /// The C sweep's scratch (`ltk_sweep_columns`): `ltk_sweep_work_bytes(capsuleCapacity)`
    /// bytes, the capsules laid out by field and their column forms.
    @usableFromInline var sweepWork: UnsafeMutableRawPointer

    /// Allocates `count` zeroed elements (trivial types only), so later `update` calls act on
    /// initialised memory.
    static func zeroed<T: BitwiseCopyable & Numeric>(_ count: Int) -> UnsafeMutablePointer<T> {
        let p = UnsafeMutablePointer<T>.allocate(capacity: count)
        p.initialize(repeating: 0, count: count)
        return p
    }

    /// Allocates scratch for clips up to `width × height`.
    init(width: Int, height: Int) {
        let w = Swift.max(1, width)
        let h = Swift.max(1, height)
        maskCapacity = w &* h
        // In huge pages: at 1080p the mask is 4 MB, walked a column at a time by strokes.
        mask = HugePageMemory.zeroed(maskCapacity, of: "a stroke mask of \(maskCapacity) pixels")
        columnCapacity = w
        columnLow = Self.zeroed(w)
        columnHigh = Self.zeroed(w)
        columnEnterNext = Self.zeroed(w)
        columnLeaveNext = Self.zeroed(w)
        columnBits = Self.zeroed(w / 64 &+ 1)
        edgeNext = Self.zeroed(2 &* w)
        edgeAlpha = Self.zeroed(2 &* w)
        rowCapacity = h
        rowEnter = Self.zeroed(h &+ 1)
        rowLeave = Self.zeroed(h &+ 1)
        rowEdges = Self.zeroed(h &+ 1)
        rowClass = Self.zeroed(h &+ 1)
        backdropPatterns = .allocate(capacity: 48)
        backdropPatterns.initialize(repeating: .zero, count: 48)
        gridCapacity = w
        gridBits = Self.gridBits(w)
        // A downsampled line of one point per column plus its gap markers: under 2 per column.
        capsuleCapacity = 2 &* w &+ 1
        capsules = .allocate(capacity: capsuleCapacity)
        columnSegments = .allocate(capacity: capsuleCapacity)
        pairSegments = .allocate(capacity: capsuleCapacity)
        sweepWork = Self.sweepWork(capsuleCapacity)
    }

    /// Scratch for the C sweep of up to `capsules` capsules.
    static func sweepWork(_ capsules: Int) -> UnsafeMutableRawPointer {
        .allocate(byteCount: ltk_sweep_work_bytes(capsules), alignment: 64)
    }

    /// Frees everything; the struct must not be used afterwards.
    func deallocate() {
        HugePageMemory.free(mask)
        freeColumns()
        rowEnter.deallocate()
        rowLeave.deallocate()
        rowEdges.deallocate()
        rowClass.deallocate()
        backdropPatterns.deallocate()
        gridBits.deallocate()
        capsules.deallocate()
        columnSegments.deallocate()
        pairSegments.deallocate()
        sweepWork.deallocate()
    }

    private func freeColumns() {
        columnLow.deallocate()
        columnHigh.deallocate()
        columnEnterNext.deallocate()
        columnLeaveNext.deallocate()
        columnBits.deallocate()
        edgeNext.deallocate()
        edgeAlpha.deallocate()
    }

    /// `count` zeroed grid-line entries.
    static func gridBits(_ count: Int) -> UnsafeMutablePointer<GridColumnBit> {
        let p = UnsafeMutablePointer<GridColumnBit>.allocate(capacity: count)
        p.initialize(repeating: GridColumnBit(column: 0, mask: 0), count: count)
        return p
    }

    /// Starts a stroke over a clip of `width × height` pixels: makes the mask big enough and
    /// moves to a fresh generation (clearing the mask when the generation wraps).
    mutating func beginStroke(width: Int, height: Int) {
        let area = width &* height
        if area > maskCapacity {
            HugePageMemory.free(mask)
            maskCapacity = area
            mask = HugePageMemory.zeroed(area, of: "a stroke mask of \(area) pixels")
            generation = 0
        }
        maskWidth = width
        if generation == 255 {
            mask.update(repeating: 0, count: maskCapacity)
            generation = 0
        }
        generation &+= 1
    }

    /// Makes the area-fill and backdrop arrays hold at least `count` columns and `rows` rows.
    mutating func reserveColumns(_ count: Int, rows: Int) {
        if count > columnCapacity {
            freeColumns()
            columnCapacity = count
            columnLow = Self.zeroed(count)
            columnHigh = Self.zeroed(count)
            columnEnterNext = Self.zeroed(count)
            columnLeaveNext = Self.zeroed(count)
            columnBits = Self.zeroed(count / 64 &+ 1)
            edgeNext = Self.zeroed(2 &* count)
            edgeAlpha = Self.zeroed(2 &* count)
        }
        if rows > rowCapacity {
            rowEnter.deallocate()
            rowLeave.deallocate()
            rowEdges.deallocate()
            rowClass.deallocate()
            rowCapacity = rows
            rowEnter = Self.zeroed(rows &+ 1)
            rowLeave = Self.zeroed(rows &+ 1)
            rowEdges = Self.zeroed(rows &+ 1)
            rowClass = Self.zeroed(rows &+ 1)
        }
    }

    /// Makes `gridBits` hold at least `count` lines.
    mutating func reserveGridLines(_ count: Int) {
        if count > gridCapacity {
            gridBits.deallocate()
            gridCapacity = count
            gridBits = Self.gridBits(count)
        }
    }

    /// Makes room for `count` capsules.
    mutating func reserveCapsules(_ count: Int) {
        if count > capsuleCapacity {
            capsules.deallocate()
            columnSegments.deallocate()
            pairSegments.deallocate()
            sweepWork.deallocate()
            capsuleCapacity = count
            capsules = .allocate(capacity: count)
            columnSegments = .allocate(capacity: count)
            pairSegments = .allocate(capacity: count)
            sweepWork = Self.sweepWork(count)
        }
    }
}

/// A vertical grid line of a backdrop: its clip-relative column and that column's bit in its
/// word of the interior bitset (0 where the bitset is not kept current: no area there).
@usableFromInline
struct GridColumnBit {
    @usableFromInline var column: Int32
    @usableFromInline var mask: UInt64

    @inlinable
    init(column: Int32, mask: UInt64) {
        self.column = column
        self.mask = mask
    }
}
