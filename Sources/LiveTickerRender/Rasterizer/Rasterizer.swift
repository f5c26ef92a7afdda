import CLiveTickerKernels

/// Anti-aliased strokes and area fills, drawn straight into a `Framebuffer` and clipped.
///
/// A polyline is rasterised as the union of round-capped segments ("capsules"): each segment
/// writes the coverage of every pixel near it into a coverage mask, keeping the maximum where
/// segments overlap, and the mask is blended onto the framebuffer once at the end. Joins are
/// therefore round and seamless: a pixel under two segments is blended once, never twice, so
/// there are no dark dots at the vertices. Coverage is the distance-based box-filter
/// approximation `clamp(w/2 + 0.5 − d, 0, 1)` (d = distance from the pixel centre to the
/// segment), which is exact for horizontal and vertical edges.
///
/// Time series take a faster route to the same coverage: when the segments' left ends and
/// right ends both run in x order (any polyline whose x never turns back, NaN gaps allowed),
/// the capsules are swept column by column, each pixel taking the distance to the nearest
/// capsule, rows in SIMD groups of four, blended once (`RasterScratch+ColumnSweep`). It
/// matches the general path within 2/255 per channel (rounding only). On x86-64 with AVX2 the
/// same sweep runs as a C kernel with eight rows per vector (`CLiveTickerKernels`), giving the
/// Swift sweep's pixels exactly.
///
/// Safety: every coordinate is first clipped (Liang–Barsky, in halved coordinates so that
/// ±1.7e308 cannot overflow) to the clip rectangle widened by the pen radius; only then is it
/// converted to an integer. Non-finite points (NaN, ±∞) lift the pen. Nothing outside
/// `clip ∩ framebuffer.bounds` is ever written, whatever the input.
///
/// Memory: the mask (tagged with a stroke generation, so it is cleared only every 255
/// strokes), the capsule list of the sweep and the area-fill arrays are owned by the
/// rasteriser, sized at init, grown for a larger clip or longer polyline and reused
/// afterwards, so steady-state frames allocate nothing.
///
/// Not thread-safe: use one rasteriser per drawing thread.
public final class Rasterizer {
    /// Scratch memory; copied to a local for the duration of each call (see `RasterScratch`).
    @usableFromInline var scratch: RasterScratch

    /// Whether x-monotone strokes may take the column sweep; tests turn it off to compare
    /// the sweep against the general segment-by-segment path.
    @usableFromInline var usesColumnSweep = true

    /// The instruction level of the column sweep and of an area's measure and row lists
    /// (`CLiveTickerKernels`: 0 the Swift code, the reference; 1 AVX2, 2 AVX-512), by default
    /// the one chosen for the process (`LIVETICKER_SIMD` or the CPU's widest); tests set each
    /// level the CPU runs to compare its pixels with the reference's.
    @usableFromInline var kernelLevel: Int32 = ltk_level_active()

    /// The plot pass begun by ``beginPlotRows(_:clip:into:)`` and the next of its rows to
    /// store; nil when none is under way (or after another call used the scratch it lives in).
    @usableFromInline var rowPass: PlotRowPass?
    @usableFromInline var rowPassNext = 0

    /// Creates a rasteriser with scratch memory for clips up to `width × height` pixels
    /// (it grows later if a larger clip comes; give the display size to never allocate while
    /// drawing). Allocates about `2 × width × height + 250 × width + 8 × height` bytes.
    public init(width: Int = 0, height: Int = 0) {
        scratch = RasterScratch(width: width, height: height)
    }

    deinit {
        scratch.deallocate()
    }
}
