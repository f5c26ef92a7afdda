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

    /// Per-column vertical extent of an area fill (clip-relative), `columnCapacity` entries each.
    @usableFromInline var columnLow: UnsafeMutablePointer<Float>
    @usableFromInline var columnHigh: UnsafeMutablePointer<Float>
    @usableFromInline var columnCapacity: Int

    /// Allocates scratch for clips up to `width × height`.
    init(width: Int, height: Int) {
        let w = Swift.max(1, width), h = Swift.max(1, height)
        maskCapacity = w &* h
        mask = .allocate(capacity: maskCapacity)
        mask.initialize(repeating: 0, count: maskCapacity)
        columnCapacity = w
        columnLow = .allocate(capacity: w)
        columnHigh = .allocate(capacity: w)
    }

    /// Frees everything; the struct must not be used afterwards.
    func deallocate() {
        mask.deallocate()
        columnLow.deallocate()
        columnHigh.deallocate()
    }

    /// Starts a stroke over a clip of `width × height` pixels: makes the mask big enough and
    /// moves to a fresh generation (clearing the mask when the generation wraps).
    mutating func beginStroke(width: Int, height: Int) {
        let area = width &* height
        if area > maskCapacity {
            mask.deallocate()
            maskCapacity = area
            mask = .allocate(capacity: area)
            mask.initialize(repeating: 0, count: area)
            generation = 0
        }
        maskWidth = width
        if generation == 255 {
            mask.update(repeating: 0, count: maskCapacity)
            generation = 0
        }
        generation &+= 1
    }

    /// Makes the column arrays hold at least `count` entries.
    mutating func reserveColumns(_ count: Int) {
        guard count > columnCapacity else { return }
        columnLow.deallocate()
        columnHigh.deallocate()
        columnCapacity = count
        columnLow = .allocate(capacity: count)
        columnHigh = .allocate(capacity: count)
    }
}
