import LiveTickerCore
import LiveTickerDownsampling
import LiveTickerRender
import LiveTickerScales

/// Per-series memory a frame draws from, allocated once when the chart is made.
///
/// Sizes depend on the panel width, not on the history length: a visible window of fewer than
/// `64 × minimumBlocks` ticks is copied raw; a longer one is reduced to a candidate set from the
/// series' block summaries (see ``LiveSeries/collectCandidates(positions:level:into:)``), whose
/// size is bounded by ``LiveSeries/candidateCapacity(minimumBlocks:)``. So a chart over 10⁸
/// ticks of history needs a few MB here, not the GBs a full copy would.
///
/// Invariant: every buffer is allocated in `init` with the capacities below and freed in
/// `deinit`; a frame only writes within them, so drawing never allocates.
final class SeriesScratch {
    /// Whole blocks a candidate set must have at least: two per column of the panel, so LTTB
    /// gets 4–16 candidates per output point (first, min, max, last of each block).
    let minimumBlocks: Int
    /// Copy of the visible ticks on the raw path (capacity: fewer than `64 × minimumBlocks`,
    /// at most the history capacity).
    let ticks: UnsafeMutableBufferPointer<Tick>
    /// Candidate set on the summary path (capacity: `candidateCapacity(minimumBlocks:)`).
    let candidates: UnsafeMutableBufferPointer<HistoryCandidate>
    /// The candidates of closed blocks kept from frame to frame, so a sliding window reads
    /// only its edges' summaries; nil when the source's history is too short for the
    /// summary path (a var so tests can compare frames drawn without it).
    var candidateCache: HistoryCandidateCache?
    /// x of each point handed to the downsampler, in chart units (ns from the window start, or
    /// slot units).
    let xs: UnsafeMutableBufferPointer<Double>
    /// Value of each point handed to the downsampler.
    let ys: UnsafeMutableBufferPointer<Double>
    /// Downsampler output: indices into `xs`/`ys` and gap markers.
    let indices: UnsafeMutableBufferPointer<Int>
    /// Pixel coordinates of the kept points; NaN lifts the pen.
    private(set) var pixelXs: UnsafeMutableBufferPointer<Double>
    /// Pixel coordinates of the kept points; NaN lifts the pen.
    private(set) var pixelYs: UnsafeMutableBufferPointer<Double>
    /// Copy of the newest candles (capacity: the candle ring's capacity).
    private(set) var candles: UnsafeMutableBufferPointer<Candle>
    /// The last frame's kept points in pixels (``keptCount`` of them then: `drawnKept`) and
    /// its copied candles, compared with this frame's to find what changed
    /// (`LiveTickerChart+Damage`); the candle buffer is empty unless the chart uses candle
    /// slots. They are the last frame's own buffers, handed over by ``retireDrawnFrame()``.
    private(set) var drawnXs: UnsafeMutableBufferPointer<Double>
    private(set) var drawnYs: UnsafeMutableBufferPointer<Double>
    private(set) var drawnCandles: UnsafeMutableBufferPointer<Candle>
    var drawnKept = 0
    /// Whether the last frame's kept points' x never turned back (its ``keptXAscending``).
    var drawnXAscending = true
    var drawnCandleCount = 0
    var drawnVisibleCandles: Range<Int> = 0..<0
    var drawnCandleWidth: Int64 = 0
    /// Candle slots: the line's kept points in slot units (x NaN: a gap marker), ``keptCount``
    /// of them from ``lineHalf`` times `lineCapacity` on; the other half holds the last
    /// frame's, whose chunks (`slotChunks`, likewise in halves) a frame copies where their
    /// inputs did not change. Empty unless the chart uses candle slots.
    let lineXs: UnsafeMutableBufferPointer<Double>
    let lineYs: UnsafeMutableBufferPointer<Double>
    /// The same points' x within their chunk (``SlotChunk/origin``), in the same halves: what
    /// a chunk copied into another slot places anew.
    let lineLocalXs: UnsafeMutableBufferPointer<Double>
    let lineCapacity: Int
    var lineHalf = 0
    let slotChunks: UnsafeMutableBufferPointer<SlotChunk>
    let slotChunkCapacity: Int
    /// Chunks in each half of `slotChunks`.
    var slotChunkCounts = (0, 0)
    /// What the chunks in the current half were made with; nil: none to reuse.
    var slotChunkFrame: SlotChunkFrame?
    /// Whether a frame copies the last frame's picks of chunks whose inputs did not change (a
    /// var so tests can compare frames drawn without it).
    var reusesSlotChunks = true
    /// Chunks whose picks were copied from the frame before so far (a diagnostic: tests check
    /// that a sliding window copies most of them).
    var slotChunksCopied: UInt64 = 0
    /// Summary path, candle slots: the candles whose candidates this frame did not collect
    /// (`skippedCandles[0..<skippedCount]`, oldest first), their chunks to be copied from the
    /// last frame; `candidates` then hold only the other candles' (see
    /// ``LiveTickerChart/collectSlotCandidates(of:skipping:)``).
    let skippedCandles: UnsafeMutableBufferPointer<SlotChunk.Skipped>
    var skippedCount = 0
    /// Summary path: the level of this frame's candidates, and the visible positions whose
    /// candidates come from closed blocks taken whole (see
    /// ``ChartSource/closedCandidatePositions(positions:level:)``).
    var candidateLevel = -1
    var closedCandidatePositions: Range<UInt64> = 0..<0
    /// The series title as bytes, so the header draws it without touching a String per frame.
    var titleBytes: [UInt8] = []

    /// History positions visible this frame (the header counts them).
    var visibleTicks: Range<UInt64> = 0..<0
    /// Raw path: the visible ticks copied this frame, `ticks[rawTicks]`; empty on the summary path.
    var rawTicks: Range<Int> = 0..<0
    /// Position of `ticks[rawTicks.lowerBound]`.
    var rawFirstPosition: UInt64 = 0
    /// The positions whose ticks `ticks` holds from index ``heldTickStart`` on, as the last raw
    /// copy left them (only raw copies write there): the next frame reads only the others.
    var heldTickPositions: Range<UInt64> = 0..<0
    /// Where in `ticks` the tick at `heldTickPositions.lowerBound` is.
    var heldTickStart = 0
    /// Whether a raw copy keeps the ticks it already holds (tests turn it off to compare).
    var reusesHeldTicks = true
    /// Candles copied this frame (`candles[0..<copiedCandleCount]`, oldest first).
    var copiedCandleCount = 0
    /// The source positions of `candles[0..<copiedCandleCount]` as copied, and of the last
    /// frame's in ``drawnCandles``: empty when the source has none or the copy was changed
    /// after (folded candles before it, a merge into wider windows).
    var copiedCandlePositions: Range<UInt64> = 0..<0
    var drawnCandlePositions: Range<UInt64> = 0..<0
    /// Whether a candle copy takes the closed candles the last frame copied (tests turn it
    /// off to compare).
    var reusesHeldCandles = true
    /// Width in ns of the candles drawn this frame (the source's interval, or the ladder step
    /// they were merged into); 0 for tick-count candles.
    var candleWidth: Int64 = 0
    /// Tick position just past the newest copied candle's last tick.
    var candleTicksEnd: UInt64 = 0
    /// Summary path: `candidates[0..<candidateCount]` stand for the visible ticks.
    var candidateCount = 0
    /// Whether this frame took the summary path.
    var usesCandidates = false
    /// Visible candles this frame: `candles[visibleCandles]`, oldest first.
    var visibleCandles: Range<Int> = 0..<0
    /// Number of entries the downsampler wrote into `indices` this frame.
    var keptCount = 0
    /// Whether this frame's kept points' finite x never decreases (see ``noteKeptOrder()``):
    /// a pass may then take only the points near its columns (``keptPoints(reaching:)``).
    var keptXAscending = true
    /// Lowest and highest visible tick value this frame (exact on the summary path too).
    var tickExtent = ValueExtent()
    /// Lowest low and highest high of the visible drawable candles this frame.
    var candleExtent = ValueExtent()
    /// The newest tick (for the last-value line), if any. When the newest ticks are gaps (NaN:
    /// a sensor `unavailable`, Graphite's still-open bucket), the newest finite value at the
    /// newest tick's time, and ``newestIsGap`` is set.
    var newest: Tick?
    /// ``newest`` holds a value from before the newest ticks, which are gaps: the header shows
    /// it dimmed (the last known, not the current value).
    var newestIsGap = false
    /// Hands the last frame's kept points and copied candles to ``drawnXs``, ``drawnYs`` and
    /// ``drawnCandles`` (with their counts), swapping buffers so that this frame writes into
    /// the ones the frame before last used: what the damage pass compares this frame with,
    /// without a copy (which moved about 170 KB a frame at 1920×1080 with four series, 3 % of
    /// the reference frame). Call once at the start of every frame, before anything writes
    /// ``pixelXs``, ``pixelYs`` or ``candles``. O(1).
    func retireDrawnFrame() {
        swap(&pixelXs, &drawnXs)
        swap(&pixelYs, &drawnYs)
        drawnKept = keptCount
        drawnXAscending = keptXAscending
        // Charts without candle slots keep no candle copy (`drawnCandles` is empty).
        if drawnCandles.count == candles.count {
            swap(&candles, &drawnCandles)
            drawnCandleCount = copiedCandleCount
            drawnCandlePositions = copiedCandlePositions
        } else {
            drawnCandleCount = copiedCandleCount == 0 ? 0 : -1
            drawnCandlePositions = 0..<0
        }
        copiedCandlePositions = 0..<0
        drawnVisibleCandles = visibleCandles
        drawnCandleWidth = candleWidth
    }

    /// Makes `tick` the newest; when its value is a gap (NaN or ±∞) and `lastKnown` is finite,
    /// the last value known at its time instead, marked by ``newestIsGap`` (a gap is no value
    /// to show: a Graphite series ends in its still-open bucket's null, and "NaN" said
    /// nothing); with no finite value known, a NaN value (only gaps so far).
    func setNewest(_ tick: Tick?, lastKnown: Double) {
        newest = tick
        newestIsGap = false
        // ±∞ is a gap as NaN is (the line lifts there): never a value to print or tag.
        if let tick, !tick.value.isFinite {
            newest = Tick(time: tick.time, value: lastKnown.isFinite ? lastKnown : .nan, size: 0)
            newestIsGap = lastKnown.isFinite
        }
    }

    /// The oldest finite value held (for the change shown in the header).
    var firstValue = Double.nan
    /// Where this frame's last-value tag sits in the value-axis strip (empty when none), so
    /// axis labels can keep clear of it.
    var tagRect = PixelRect.empty
    /// This frame's last-value row and the top its tag was stacked to.
    var tagRow = 0
    var tagTop = 0

    init(source series: any ChartSource, plotWidth: Int, algorithm: DownsamplingAlgorithm, keepsCandles: Bool = false) {
        minimumBlocks = 2 * max(plotWidth, 3)
        let rawCapacity = min(series.tickCapacity, 64 * minimumBlocks)
        let candidateCapacity = series.candidateCapacity(minimumBlocks: minimumBlocks)
        let pointCapacity = max(rawCapacity, candidateCapacity)
        ticks = .allocate(capacity: rawCapacity)
        candidates = .allocate(capacity: candidateCapacity)
        // The summary path starts at 64 × minimumBlocks visible ticks.
        if candidateCapacity > 0, series.tickCapacity >= 64 * minimumBlocks {
            candidateCache = HistoryCandidateCache(minimumBlocks: minimumBlocks, tickCapacity: series.tickCapacity)
        }
        xs = .allocate(capacity: pointCapacity)
        ys = .allocate(capacity: pointCapacity)
        var kept = Downsampler.requiredCapacity(algorithm: algorithm, count: pointCapacity, points: max(plotWidth, 3))
        if keepsCandles {
            // Candle slots downsample slot by slot (``LiveTickerChart/downsampleBySlots(of:count:plotWidth:reusing:points:)``):
            // each chunk's picks and markers (at most twice its budget, the budgets summing to
            // the width plus two per outside chunk) and a marker between chunks, plus the
            // scratch the last chunk's call may need past them (MinMaxLTTB's candidates).
            kept &+= 3 &* max(plotWidth, 3) &+ 16
        }
        indices = .allocate(capacity: max(kept, 1))
        pixelXs = .allocate(capacity: max(kept, 1))
        pixelYs = .allocate(capacity: max(kept, 1))
        candles = .allocate(capacity: max(1, series.candleCapacity &+ series.foldedCandleCapacity))
        drawnXs = .allocate(capacity: max(kept, 1))
        drawnYs = .allocate(capacity: max(kept, 1))
        drawnCandles = .allocate(capacity: keepsCandles ? candles.count : 0)
        // The line buffer matches `indices`, whose room each chunk's call is checked against;
        // a chunk per visible candle and one each side of them.
        lineCapacity = keepsCandles ? max(kept, 1) : 0
        lineXs = .allocate(capacity: 2 &* lineCapacity)
        lineYs = .allocate(capacity: 2 &* lineCapacity)
        lineLocalXs = .allocate(capacity: 2 &* lineCapacity)
        slotChunkCapacity = keepsCandles ? candles.count &+ 2 : 0
        slotChunks = .allocate(capacity: 2 &* slotChunkCapacity)
        slotChunks.initialize(repeating: SlotChunk())
        skippedCandles = .allocate(capacity: keepsCandles ? candles.count : 0)
        skippedCandles.initialize(repeating: SlotChunk.Skipped())
    }

    deinit {
        ticks.deallocate()
        candidates.deallocate()
        xs.deallocate()
        ys.deallocate()
        indices.deallocate()
        pixelXs.deallocate()
        pixelYs.deallocate()
        candles.deallocate()
        drawnXs.deallocate()
        drawnYs.deallocate()
        drawnCandles.deallocate()
        lineXs.deallocate()
        lineYs.deallocate()
        lineLocalXs.deallocate()
        slotChunks.deallocate()
        skippedCandles.deallocate()
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
    /// Whether the value domain is in log₁₀ units (a logarithmic pane).
    var logarithmic = false
}
