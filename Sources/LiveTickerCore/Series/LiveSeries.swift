import Observation
import Synchronization

/// One live instrument or signal: the tick history ring, the candle aggregator, producer-side
/// statistics in atomics, and `@Observable` state a display reads at frame rate.
///
/// ## Threading contract
/// - **Producer** (exactly one thread at a time): `append(_:)` and `append(contentsOf:)`
///   (a batch, published once; see `LiveSeries+Batch.swift`). Both are lock-free, allocate
///   nothing and do no observation work: a ring append, the candle update, a fold into the
///   open block summary (a ring append per 64 ticks), a few relaxed atomic stores and one
///   release store of `version` (per tick, or per batch).
/// - **Consumer** (one thread at a time, e.g. the render loop or the main actor):
///   `refreshObservedState()` and reading the observed properties (`lastValue`, `change`,
///   `minimum`, `maximum`, `tickCount`, `candleCount`, `nonFiniteCount`, `observedVersion`).
///   Observers registered with `withObservationTracking` are notified on this thread, once
///   per refresh that found new ticks, never per append.
/// - **Any thread**: `version`, `ticks`, `candles`, `snapshotTicks(newest:into:)`,
///   `snapshotCandles(newest:into:)`, `newestTick`, `newestCandle`, `capacity`,
///   `candleCapacity`, `candleInterval` (lock-free ring reads of validated copies).
///
/// ## Why `@unchecked Sendable` is sound
/// State is partitioned by thread role, and each part is safe for the role that touches it:
/// - immutable `let`s (rings, capacities, the interval, pointers fixed at init);
/// - producer-only memory (the open summary blocks in `summaries`) written only by `append`;
/// - producer-to-anyone words (`shared`): `Atomic<UInt64>`, written by the producer only;
/// - consumer-only memory (the observed properties, `publishedVersion`),
///   touched only by `refreshObservedState()` and observed-property reads on the consumer;
/// - the rings, which are SPSC lock-free (see `RingBuffer`), including the block-summary
///   rings of `HistorySummaries` (whose open blocks are producer-only memory).
/// Callers keep the contract: one producer thread, one consumer thread.
@Observable
public final class LiveSeries: @unchecked Sendable {
    // MARK: Observed state (consumer thread; published by refreshObservedState)

    /// Last finite value appended (NaN before the first). Published by `refreshObservedState()`.
    public internal(set) var lastValue: Double = .nan
    /// `lastValue` minus the first finite value appended (since ``restartHeldHistory()``, if
    /// called; NaN before the first).
    public internal(set) var change: Double = .nan
    /// Lowest finite value among the ticks held in the history (NaN if none).
    public internal(set) var minimum: Double = .nan
    /// Highest finite value among the ticks held in the history (NaN if none).
    public internal(set) var maximum: Double = .nan
    /// Number of ticks ever appended.
    public internal(set) var tickCount: UInt64 = 0
    /// Number of candles ever opened (positions `0 ..< candleCount`).
    public internal(set) var candleCount: UInt64 = 0
    /// Number of ticks appended whose value was not finite (drawn as gaps).
    public internal(set) var nonFiniteCount: UInt64 = 0
    /// The `version` these properties were last published for.
    public internal(set) var observedVersion: UInt64 = 0

    // MARK: Storage (not observed)

    /// Tick history (newest `capacity` ticks).
    @usableFromInline let history: RingBuffer<Tick>
    /// Candles built from every tick.
    @usableFromInline let aggregator: CandleAggregator
    /// First/min/max/last summaries of position-aligned blocks at several sizes, for frames
    /// whose cost must not grow with history (see `LiveSeries+Summaries.swift`).
    @usableFromInline let summaries: HistorySummaries

    /// Producer → anyone words, one padded line group (only the producer writes it):
    /// `[versionIndex]` appends so far (release), `[lastIndex]` / `[firstIndex]` bit patterns of
    /// the last / first finite value, `[nonFiniteIndex]` count of non-finite values,
    /// `[barsIndex]` 1 once a finished bar was appended (see ``holdsBars``), `[measurementsIndex]`
    /// 1 once the producer said the values are measurements (see ``holdsMeasurements``),
    /// `[heldFloorIndex]` the first position still held for display after
    /// ``restartHeldHistory()`` (0: none), `[earlierFloorIndex]` the one before it.
    @usableFromInline let shared: UnsafeMutablePointer<Atomic<UInt64>>
    @usableFromInline static var versionIndex: Int { 0 }
    @usableFromInline static var lastIndex: Int { 1 }
    @usableFromInline static var firstIndex: Int { 2 }
    @usableFromInline static var nonFiniteIndex: Int { 3 }
    @usableFromInline static var barsIndex: Int { 4 }
    @usableFromInline static var measurementsIndex: Int { 5 }
    @usableFromInline static var heldFloorIndex: Int { 6 }
    @usableFromInline static var earlierFloorIndex: Int { 7 }

    /// Consumer-only: the version last published.
    @ObservationIgnored var publishedVersion: UInt64 = 0

    /// Creates a series keeping the newest `capacity` ticks and `candleCapacity` candles.
    /// O(capacity + candleCapacity); allocates once, never again.
    ///
    /// - Throws: `ConfigurationError` for a zero or invalid capacity or a non-positive interval.
    /// - Parameter candleTimeZone: the zone whose calendar time candles follow (daily candles
    ///   open at its local midnight); default UTC.
    /// - Parameter foldedCandleInterval: a coarser interval (whose windows hold whole candle
    ///   windows, e.g. 1d over 1m) that candles are folded into as they leave the full candle
    ///   ring, keeping `foldedCandleCapacity` of them (``foldedCandles``), so a history longer
    ///   than the ring still has candles over its whole time range; nil (the default) drops them.
    /// - Parameter refoldedCandleInterval: a still coarser interval (whose windows hold whole
    ///   folded windows, e.g. 1d over 1m over 1s) that folded candles are folded into in turn
    ///   as they leave the full folded ring, keeping `refoldedCandleCapacity` of them
    ///   (``refoldedCandles``); nil (the default) drops them. Only with `foldedCandleInterval`.
    ///   It lets a ring of seconds keep candles over years without holding years of seconds.
    public init(
        capacity: Int, candleInterval: CandleInterval, candleCapacity: Int = 1024, candleTimeZone: TimeZoneRules = .utc,
        foldedCandleInterval: CandleInterval? = nil, foldedCandleCapacity: Int = 8192,
        refoldedCandleInterval: CandleInterval? = nil, refoldedCandleCapacity: Int = 8192
    ) throws(ConfigurationError) {
        history = try RingBuffer<Tick>(capacity: capacity)
        let refolded = try refoldedCandleInterval.map { interval throws(ConfigurationError) in
            try CandleAggregator(interval: interval, capacity: refoldedCandleCapacity, timeZone: candleTimeZone)
        }
        let folded = try foldedCandleInterval.map { interval throws(ConfigurationError) in
            try CandleAggregator(interval: interval, capacity: foldedCandleCapacity, timeZone: candleTimeZone, folded: refolded)
        }
        aggregator = try CandleAggregator(interval: candleInterval, capacity: candleCapacity, timeZone: candleTimeZone, folded: folded)
        summaries = try HistorySummaries(capacity: capacity)
        shared = AtomicWords.allocate(count: AtomicWords.wordsPerLine)
        shared[Self.lastIndex].store(Double.nan.bitPattern, ordering: .relaxed)
        shared[Self.firstIndex].store(Double.nan.bitPattern, ordering: .relaxed)
    }

    deinit {
        AtomicWords.deallocate(shared, count: AtomicWords.wordsPerLine)
    }

    // MARK: Producer

    /// Records one tick: history ring, candle, block summaries, statistics, then `version`.
    /// Producer thread only. Amortised O(1), lock-free, no allocation, no observation work.
    @inlinable
    public func append(_ tick: Tick) {
        aggregator.add(tick)
        record(tick)
    }

    /// Everything `append` does but the candle: history ring, block summaries, statistics,
    /// then `version` (the candle aggregator has taken the tick or its bar already).
    @inlinable @inline(__always)
    func record(_ tick: Tick) {
        history.append(tick)
        let value = tick.value
        // Only the producer writes `shared`, so its relaxed read-back is its own last store.
        let appended = shared[Self.versionIndex].load(ordering: .relaxed) &+ 1
        summaries.add(tick, position: appended &- 1)
        if value.isFinite {
            shared[Self.lastIndex].store(value.bitPattern, ordering: .relaxed)
            if Double(bitPattern: shared[Self.firstIndex].load(ordering: .relaxed)).isNaN {
                shared[Self.firstIndex].store(value.bitPattern, ordering: .relaxed)
            }
        } else {
            let count = shared[Self.nonFiniteIndex].load(ordering: .relaxed)
            shared[Self.nonFiniteIndex].store(count &+ 1, ordering: .relaxed)
        }
        // Last: a reader that sees this version also sees everything above.
        shared[Self.versionIndex].store(appended, ordering: .releasing)
    }

    // MARK: Any thread

    /// Changes with every append (it is the number of appends so far). A render loop compares
    /// it with the value it last drew to skip frames when nothing changed. O(1), lock-free.
    @inlinable
    public var version: UInt64 {
        shared[Self.versionIndex].load(ordering: .acquiring)
    }

    /// Whether finished OHLC bars were appended (``append(bar:)``: a Yahoo day, a Binance
    /// kline), so each tick held is a bar's close and a chart counts bars, not ticks. O(1).
    public var holdsBars: Bool {
        shared[Self.barsIndex].load(ordering: .relaxed) != 0
    }

    /// Whether the producer said the values are measurements (a temperature, a CPU load), not
    /// prices (``markMeasurements()``), so a chart's header shows no change since the oldest
    /// value by default. O(1).
    public var holdsMeasurements: Bool {
        shared[Self.measurementsIndex].load(ordering: .relaxed) != 0
    }

    /// Says the values are measurements, not prices (the feed's value column is a `temp_c` or
    /// a line-protocol field, say); see ``holdsMeasurements``. Producer thread only. O(1).
    public func markMeasurements() {
        shared[Self.measurementsIndex].store(1, ordering: .relaxed)
    }

    /// Starts the held history anew at the next tick: the ticks appended so far stay in the
    /// rings but are no longer held (not in ``heldTimeRange()``, ``positions(inTimeWindow:_:)``,
    /// the held minimum and maximum, or the oldest held value), and ``change`` counts from the
    /// next finite value. For a live feed that moved back in time (a replay started again from
    /// yesterday): a chart follows the newest time it holds, and would otherwise stay on the
    /// old times, blank, until the feed passed them again. Candles are kept (the aggregator
    /// opens a new one for the earlier time). Producer thread only. O(1).
    public func restartHeldHistory() {
        let head = shared[Self.versionIndex].load(ordering: .relaxed)
        let floor = shared[Self.heldFloorIndex].load(ordering: .relaxed)
        // Floors only grow, one per tick at most (a second restart before a tick is this one),
        // so a reader can tell a restart that came while it read (see `publishedHeldPositions`).
        guard head > floor else { return }
        // Until a tick after it is published, a reader keeps the floor before it rather than
        // hold nothing (a blank frame): that one is stored first, and the release orders it.
        shared[Self.earlierFloorIndex].store(floor, ordering: .relaxed)
        shared[Self.heldFloorIndex].store(head, ordering: .releasing)
        shared[Self.firstIndex].store(Double.nan.bitPattern, ordering: .relaxed)
    }

    /// Number of ticks the history keeps. O(1).
    public var capacity: Int { history.capacity }

    /// Number of candles kept. O(1).
    public var candleCapacity: Int { aggregator.capacity }

    /// How ticks are grouped into candles. O(1).
    public var candleInterval: CandleInterval { aggregator.interval }

    /// Read-only view of the tick history (positions are tick numbers). O(1).
    @inlinable
    public var ticks: RingBufferReader<Tick> { history.reader }

    /// Read-only view of the candle ring (positions are candle numbers). O(1).
    @inlinable
    public var candles: RingBufferReader<Candle> { aggregator.candles }

    /// Read-only view of the folded candles: those that left the full candle ring, merged into
    /// ``foldedCandleInterval`` windows, all older than ``candles``' (nil without folding). O(1).
    public var foldedCandles: RingBufferReader<Candle>? { aggregator.folded?.candles }

    /// The interval candles are folded into as they leave the ring; nil when they are dropped. O(1).
    public var foldedCandleInterval: CandleInterval? { aggregator.folded?.interval }

    /// Read-only view of the refolded candles: those that left the full folded ring, merged
    /// into ``refoldedCandleInterval`` windows, all older than ``foldedCandles``' (nil without
    /// a second fold). O(1).
    public var refoldedCandles: RingBufferReader<Candle>? { aggregator.folded?.folded?.candles }

    /// The interval folded candles are folded into as they leave the folded ring; nil when
    /// they are dropped. O(1).
    public var refoldedCandleInterval: CandleInterval? { aggregator.folded?.folded?.interval }

    /// The newest tick, or `nil` before the first. O(1).
    @inlinable
    public var newestTick: Tick? { history.newest }

    /// The open (newest) candle, or `nil` before the first tick. O(1).
    @inlinable
    public var newestCandle: Candle? { aggregator.candles.newest }

    /// Copies the newest `min(count, buffer.count)` ticks, oldest first; see
    /// `RingBuffer.copyNewest(_:into:)`. O(count), no allocation.
    @inlinable
    public func snapshotTicks(newest count: Int, into buffer: UnsafeMutableBufferPointer<Tick>) -> RingBufferRange {
        history.copyNewest(count, into: buffer)
    }

    /// Copies the newest `min(count, buffer.count)` candles, oldest first, the open candle
    /// last. O(count), no allocation.
    @inlinable
    public func snapshotCandles(newest count: Int, into buffer: UnsafeMutableBufferPointer<Candle>) -> RingBufferRange {
        aggregator.candles.copyNewest(count, into: buffer)
    }
}
