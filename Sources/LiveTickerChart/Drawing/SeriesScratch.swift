import LiveTickerCore
import LiveTickerDownsampling
import LiveTickerRender
import LiveTickerScales

/// Per-series memory a frame draws from, allocated once when the chart is made.
///
/// Invariant: every buffer is allocated in `init` with the capacities below and freed in
/// `deinit`; a frame only writes within them, so drawing never allocates.
final class SeriesScratch {
    /// Copy of the visible part of the history (capacity: the history ring's capacity).
    let ticks: UnsafeMutableBufferPointer<Tick>
    /// x of each visible tick in chart units (ns from the window start, or slot units).
    let xs: UnsafeMutableBufferPointer<Double>
    /// Value of each visible tick.
    let ys: UnsafeMutableBufferPointer<Double>
    /// Downsampler output: indices into `xs`/`ys` and gap markers.
    let indices: UnsafeMutableBufferPointer<Int>
    /// Pixel coordinates of the kept points; NaN lifts the pen.
    let pixelXs: UnsafeMutableBufferPointer<Double>
    /// Pixel coordinates of the kept points; NaN lifts the pen.
    let pixelYs: UnsafeMutableBufferPointer<Double>
    /// Copy of the newest candles (capacity: the candle ring's capacity).
    let candles: UnsafeMutableBufferPointer<Candle>
    /// The series title as bytes, so the header draws it without touching a String per frame.
    var titleBytes: [UInt8] = []

    /// Visible ticks this frame: `ticks[visibleTicks]`.
    var visibleTicks: Range<Int> = 0..<0
    /// Visible candles this frame: `candles[visibleCandles]`, oldest first.
    var visibleCandles: Range<Int> = 0..<0
    /// Number of entries the downsampler wrote into `indices` this frame.
    var keptCount = 0
    /// The newest tick (for the last-value line), if any.
    var newest: Tick?
    /// The oldest finite value held (for the change shown in the header).
    var firstValue = Double.nan
    /// Where this frame's last-value tag sits in the value-axis strip (empty when none), so
    /// axis labels can keep clear of it.
    var tagRect = PixelRect.empty

    init(series: LiveSeries, plotWidth: Int, algorithm: DownsamplingAlgorithm) {
        let capacity = series.ticks.capacity
        ticks = .allocate(capacity: capacity)
        xs = .allocate(capacity: capacity)
        ys = .allocate(capacity: capacity)
        let kept = Downsampler.requiredCapacity(algorithm: algorithm, count: capacity, points: max(plotWidth, 3))
        indices = .allocate(capacity: max(kept, 1))
        pixelXs = .allocate(capacity: max(kept, 1))
        pixelYs = .allocate(capacity: max(kept, 1))
        candles = .allocate(capacity: series.candles.capacity)
    }

    deinit {
        ticks.deallocate()
        xs.deallocate()
        ys.deallocate()
        indices.deallocate()
        pixelXs.deallocate()
        pixelYs.deallocate()
        candles.deallocate()
    }
}

/// What one frame decided before drawing: the visible time window and the scales.
struct FrameState {
    /// Visible window start and end, ns since the epoch.
    var windowStart: Int64 = 0
    var windowEnd: Int64 = 0
    /// Whether any series has a visible finite value.
    var hasData = false
    /// Number of candle slots across the plot (candle and both modes).
    var slotCount = 0
    /// Value scale for grid and labels.
    var valueScale: NiceScale?
    /// Value domain mapped onto the plot height (the data range, padded).
    var valueLower = 0.0
    var valueUpper = 1.0
}
