import CLiveTickerKernels

/// Solid runs of pixels: the one fill every opaque store of the renderer goes through (a
/// cleared frame, the plot's background, grid and area runs, opaque rectangles and spans, the
/// glyph atlas's scaled pixels).
///
/// Runs of at least ``wideFrom`` pixels are stored by the C kernel of the active level
/// (`ltk_fill_words`: 256-bit stores at AVX2 and AVX-512) where the Swift loop stores 128 bits a
/// step (the package is built for baseline x86-64): a 1920×1080 frame of plot rows, three runs
/// a row, 0.142 → 0.104 ms warm on a Zen 4 EPYC VM. Shorter runs and the baseline level keep
/// the Swift loop. Every path stores the same words.
@usableFromInline
enum PixelFill {
    /// The shortest run handed to the C kernel: below it the call costs more than its stores save.
    @inlinable static var wideFrom: Int { 32 }

    /// Stores `value` into the `count` pixels from `start`. O(count), allocates nothing.
    @inlinable @inline(__always)
    static func fill(_ start: UnsafeMutablePointer<UInt32>, with value: UInt32, count: Int) {
        if count >= wideFrom && fillWide(start, with: value, count: count) { return }
        start.update(repeating: value, count: count)
    }

    /// The C kernel at the active level; false at the baseline (nothing stored then).
    @usableFromInline
    static func fillWide(_ start: UnsafeMutablePointer<UInt32>, with value: UInt32, count: Int) -> Bool {
        ltk_fill_words(ltk_level_active(), start, value, count)
    }

    /// Stores `row[from..<to]`: `tint` at each column whose bit is set in the first `words`
    /// words of `bits` (bit `c & 63` of word `c >> 6`; columns past them count as clear),
    /// `base` at the others, by the C kernel of the active level (`ltk_fill_selecting`: an
    /// area's interior rows). False at the baseline level, storing nothing: the caller's Swift
    /// loop runs. O(to − from), allocates nothing.
    @usableFromInline
    static func fillSelecting(
        _ row: UnsafeMutablePointer<UInt32>, from: Int, to: Int, bits: UnsafePointer<UInt64>, words: Int,
        base: UInt32, tint: UInt32
    ) -> Bool {
        ltk_fill_selecting(ltk_level_active(), row, from, to, bits, words, base, tint)
    }
}
