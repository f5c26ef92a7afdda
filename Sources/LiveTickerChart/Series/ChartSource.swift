import LiveTickerCore

/// Where a chart reads a series from: the storage a ``ChartSeries`` draws.
///
/// ``LiveSeries`` conforms (its rings, candles and block summaries); an app that keeps ticks
/// in storage of its own conforms its type and charts it unchanged. A chart calls these from
/// its render thread once per frame; they must not block for long and should not allocate.
///
/// Positions are 64-bit tick numbers that only grow (the first tick ever appended is 0), so a
/// source that drops old ticks keeps the positions of the ones it holds; the tick at a
/// position never changes once written (a chart keeps the ticks it copied in one frame for
/// the next).
public protocol ChartSource: AnyObject {
    /// A number that changes whenever the data changes (the render loop redraws on a change).
    /// O(1).
    var version: UInt64 { get }
    /// The newest tick held, if any. O(1).
    var newestTick: Tick? { get }
    /// Whether the ticks held are finished bars' closes (a bar file), so the header counts
    /// bars. O(1); false by default.
    var holdsBars: Bool { get }
    /// Whether the values are measurements (telemetry), not prices, so the header's
    /// ``ChartOptions/Change/automatic`` change shows nothing. O(1); false by default.
    var holdsMeasurements: Bool { get }
    /// The oldest finite value held (the header's change is measured from it); NaN if none.
    func oldestHeldFiniteValue() -> Double
    /// The newest finite value (shown in the header and the tag while the newest ticks are
    /// gaps); NaN if none. O(1).
    func newestFiniteValue() -> Double
    /// The smallest and largest time held; nil when nothing is held.
    func heldTimeRange() -> ClosedRange<Int64>?
    /// Most ticks a chart copies at once (its scratch is sized from it, once).
    var tickCapacity: Int { get }
    /// Tick positions written so far: one past the newest tick's position. O(1).
    var tickPositionsWritten: UInt64 { get }
    /// The positions of the newest run of ticks whose times lie in `[start, end]`.
    func positions(inTimeWindow start: Int64, _ end: Int64) -> Range<UInt64>
    /// Copies the ticks at `positions` (those still held) into `buffer`, oldest first, and
    /// says where they start and how many there are. Allocates nothing.
    func copyTicks(positions: Range<UInt64>, into buffer: UnsafeMutableBufferPointer<Tick>) -> RingBufferRange

    /// The candle window the source aggregates with.
    var candleInterval: CandleInterval { get }
    /// Most candles a chart copies (its candle scratch is sized from it, once).
    var candleCapacity: Int { get }
    /// Copies the newest candles into `buffer`, oldest first; returns how many. Every tick
    /// went into exactly one candle, in position order, so the copied candles end at
    /// ``tickPositionsWritten`` read right after. Allocates nothing.
    func copyNewestCandles(into buffer: UnsafeMutableBufferPointer<Candle>) -> Int
    /// ``copyNewestCandles(into:)`` for a source that numbers its candles by position: `held`
    /// holds the candles at `heldPositions` as an earlier copy from this source left them, and
    /// a candle never changes once a newer one follows it, so all of them but the last (then
    /// the open candle) are taken from `held` and only the newer ones are read. Returns the
    /// positions copied into `buffer` from index 0, or nil for a source without positions (the
    /// default), which copies nothing here. Allocates nothing.
    func copyNewestCandles(
        into buffer: UnsafeMutableBufferPointer<Candle>, reusing held: UnsafeBufferPointer<Candle>,
        at heldPositions: Range<UInt64>
    ) -> Range<UInt64>?

    /// Width in ns of the folded candles (older candles merged into coarser windows as they
    /// left the candle store, e.g. 1d over 1m), the coarsest when they come in two widths (1d
    /// and 1m over 1s); 0 (the default) when the source folds none. The chart reads it before
    /// and after the copy and merges into the wider.
    var foldedCandleWidth: Int64 { get }
    /// Most folded candles a chart copies (0 by default).
    var foldedCandleCapacity: Int { get }
    /// Copies the folded candles into `buffer`, oldest first; returns how many. They are all
    /// older than the candles ``copyNewestCandles(into:)`` copies (copy them first, then
    /// those: a candle folded in between is then missing for one frame, never counted twice).
    /// The default copies none. Allocates nothing.
    func copyFoldedCandles(into buffer: UnsafeMutableBufferPointer<Candle>) -> Int

    /// The summary level to reduce `count` visible ticks with, or nil to copy them raw (the
    /// default: a source without block summaries always copies).
    func summaryLevel(forCount count: UInt64, minimumBlocks: Int) -> Int?
    /// Most candidates ``collectCandidates(positions:level:into:)`` writes (0 by default).
    func candidateCapacity(minimumBlocks: Int) -> Int
    /// The candidate set of `positions` at `level` (see ``LiveSeries``); only called when
    /// ``summaryLevel(forCount:minimumBlocks:)`` returned a level.
    func collectCandidates(
        positions: Range<UInt64>, level: Int, into buffer: UnsafeMutableBufferPointer<HistoryCandidate>
    ) -> HistoryCandidateSet
    /// ``collectCandidates(positions:level:into:)`` keeping what does not change from frame to
    /// frame in `cache` (one per chart series, sized by the chart): the same set, bit for bit.
    /// The default ignores the cache.
    func collectCandidates(
        positions: Range<UInt64>, level: Int, into buffer: UnsafeMutableBufferPointer<HistoryCandidate>,
        cache: HistoryCandidateCache
    ) -> HistoryCandidateSet
    /// The part of `positions` whose candidates at `level` come from closed blocks taken whole
    /// (see ``LiveSeries/closedCandidatePositions(positions:level:)``): the candidates of the
    /// ticks in a sub-range of it have the same positions and values (and the finite ones the
    /// same times) in every frame whose closed part holds the sub-range too, so a chart keeps
    /// what it drew from them. Only called when ``summaryLevel(forCount:minimumBlocks:)``
    /// returned a level. The default, an empty range, promises nothing (a chart then
    /// recomputes the whole line each frame).
    func closedCandidatePositions(positions: Range<UInt64>, level: Int) -> Range<UInt64>
    /// Ticks per block at `level`, the unit ``closedCandidatePositions(positions:level:)``
    /// comes in. The default, 1, goes with that one's default.
    func candidateBlockSize(level: Int) -> UInt64
}

extension ChartSource {
    /// Default: the newest tick's value when it is finite, else NaN (a gap then shows none).
    public func newestFiniteValue() -> Double {
        guard let value = newestTick?.value, value.isFinite else { return .nan }
        return value
    }
    /// Default: ticks.
    public var holdsBars: Bool { false }
    /// Default: prices.
    public var holdsMeasurements: Bool { false }
    /// Default: no folded candles.
    public var foldedCandleWidth: Int64 { 0 }
    /// Default: no folded candles.
    public var foldedCandleCapacity: Int { 0 }
    /// Default: copies nothing.
    public func copyFoldedCandles(into buffer: UnsafeMutableBufferPointer<Candle>) -> Int { 0 }
    /// Default: no candle positions (the chart copies with ``copyNewestCandles(into:)``).
    public func copyNewestCandles(
        into buffer: UnsafeMutableBufferPointer<Candle>, reusing held: UnsafeBufferPointer<Candle>,
        at heldPositions: Range<UInt64>
    ) -> Range<UInt64>? {
        nil
    }
    /// Default: no block summaries, so visible ticks are always copied raw.
    public func summaryLevel(forCount count: UInt64, minimumBlocks: Int) -> Int? { nil }
    /// Default: no candidates.
    public func candidateCapacity(minimumBlocks: Int) -> Int { 0 }
    /// Default: an empty set (never called while ``summaryLevel(forCount:minimumBlocks:)`` is nil).
    public func collectCandidates(
        positions: Range<UInt64>, level: Int, into buffer: UnsafeMutableBufferPointer<HistoryCandidate>
    ) -> HistoryCandidateSet {
        HistoryCandidateSet()
    }
    /// Default: 1 (no blocks).
    public func candidateBlockSize(level: Int) -> UInt64 { 1 }
    /// Default: nothing is promised to stay.
    public func closedCandidatePositions(positions: Range<UInt64>, level: Int) -> Range<UInt64> { 0..<0 }
    /// Default: ``collectCandidates(positions:level:into:)``, the cache unused.
    public func collectCandidates(
        positions: Range<UInt64>, level: Int, into buffer: UnsafeMutableBufferPointer<HistoryCandidate>,
        cache: HistoryCandidateCache
    ) -> HistoryCandidateSet {
        collectCandidates(positions: positions, level: level, into: buffer)
    }
}
