import LiveTickerCore
import LiveTickerDownsampling

/// One chunk of a candle-slot line as a frame downsampled it
/// (``LiveTickerChart/downsampleBySlots(of:count:plotWidth:reusing:points:)``): what its picks depend
/// on, where they lie in that frame's line buffer, and what the pen-lift between chunks needs
/// to know of its points. A later frame whose chunk has the same inputs copies the picks
/// instead of mapping and downsampling the points again.
struct SlotChunk {
    /// First and last slot with points (one slot for a one-candle chunk).
    var firstSlot = 0
    var lastSlot = 0
    /// The slot its points' x is measured from: a point's x in slot units is
    /// `Double(origin) + local`, where `local` (its x within the chunk) is what the
    /// downsampler sees. So a candle's picks do not depend on which slot it is in, and a chunk
    /// moved by new candles (every slot shifted left) copies them as computing them would.
    var origin = 0
    /// The candle's start time, tick count and tick positions `[start, end)`.
    var candleStart: Int64 = 0
    var candleTicks = 0
    var positions: Range<Int64> = 0..<0
    /// How many points it had, and the positions of its first and last.
    var count = 0
    var firstPosition: UInt64 = 0
    var lastPosition: UInt64 = 0
    /// The budget it was downsampled with.
    var budget = 0
    /// Its entries in the frame's line buffer: `offset..<offset + kept` (gap markers within
    /// included; the marker before it, if any, not).
    var offset = 0
    var kept = 0
    /// Lowest and highest finite value of its points (±∞ when none): a frame that does not
    /// collect a copied chunk's points takes their range from here.
    var minimum = Double.infinity
    var maximum = -Double.infinity
    // The flags come last, side by side: spread among the integers they padded the chunk to
    // 136 bytes, past the 128 that the compiler copies inline, and every chunk recorded was
    // a `memcpy` call (about 1 000 a 1080p reference frame, 1.4 % of its `perf` samples).
    /// Whether its slots are visible candles' (else: points left or right of them, clipped).
    var inside = false
    /// Whether its points are raw ticks or come from closed blocks (see
    /// ``ChartSource/closedCandidatePositions(positions:level:)``) and it is one candle's, so
    /// the same inputs give the same points in a later frame.
    var reusable = false
    /// A non-finite point lies before its first pick (`gapBefore`), or after its last pick
    /// (`gapAfter`; anywhere when it kept none).
    var gapBefore = false
    var gapAfter = false

    init() {}

    /// The chunk of one visible candle in `slot`: its start time and tick count, its tick
    /// positions and its budget; the rest as a fresh chunk's. O(1).
    init(candle: Candle, slot: Int, positions: Range<Int64>, budget: Int) {
        inside = true
        firstSlot = slot
        lastSlot = slot
        origin = slot
        candleStart = candle.startTime
        candleTicks = candle.tickCount
        self.positions = positions
        self.budget = budget
    }

    /// A candle whose points a frame did not collect, its chunk copied from the last frame
    /// (see ``LiveTickerChart/collectSlotCandidates(of:skipping:)``): its tick positions and
    /// the range of its points' finite values.
    struct Skipped {
        var positions: Range<Int64> = 0..<0
        var minimum = Double.infinity
        var maximum = -Double.infinity
    }
}

/// What every chunk of a frame's candle-slot line depends on besides its own points and candle:
/// chunks are reused only between frames with the same.
struct SlotChunkFrame: Equatable {
    var usesCandidates = false
    var level = -1
    var algorithm = DownsamplingAlgorithm.lttb
    var slotCount = 0
    var plotWidth = 0
    var candleWidth: Int64 = 0
}
