/// Builds OHLCV candles on the producer side from every tick, into its own candle ring.
///
/// Because it sees every tick (not ring snapshots), a full-rate replay through a small tick
/// history loses no high or low. The open candle is rewritten in place (`updateNewest`) while
/// ticks keep falling into its window; a tick outside that window opens a new candle in the
/// next slot even when its window is earlier, so backwards timestamps keep arrival order and a
/// window can own several candles (A, B, A gives three). Time gaps leave no empty candles.
///
/// ## Threading contract
/// - **Producer** (one thread at a time): `add(_:)`, `add(contentsOf:)`.
/// - **Consumer** (any thread): `candles` and everything on it, `interval`, `capacity`.
///
/// ## Why `@unchecked Sendable` is sound
/// The producer's running state lives in memory allocated once at init and touched only by
/// `add(_:)` and `add(contentsOf:)` (single-producer contract); consumers reach only the candle ring's reader API,
/// which is itself lock-free and race-free. Everything else is immutable.
public final class CandleAggregator: @unchecked Sendable {
    /// The grouping rule, fixed at init.
    public let interval: CandleInterval

    /// The candle ring; only the producer writes it (through `add(_:)`).
    @usableFromInline let ring: RingBuffer<Candle>

    /// Window width in ns (time mode) or 0.
    @usableFromInline let windowWidth: Int64
    /// Ticks per candle (tick mode) or 0.
    @usableFromInline let ticksPerCandle: Int
    /// The zone whose clock time windows follow (daily candles open at local midnight).
    public let timeZone: TimeZoneRules
    /// Whether windows are computed on the local calendar (a zone other than UTC, or weeks,
    /// which start on Monday) rather than as plain multiples of the width since the epoch.
    @usableFromInline let usesCalendarWindows: Bool

    /// Where candles go as they leave the full ring (``add(folded:)``: merged into its coarser
    /// windows), so a long history keeps its whole time range at a coarser grain; nil: they
    /// are dropped.
    public let folded: CandleAggregator?

    /// Producer-only running state. Raw memory instead of stored `var`s so the per-tick path
    /// pays no dynamic exclusivity checks; only `add(_:)` and `add(contentsOf:)` (one
    /// producer) touch it.
    @usableFromInline let state: UnsafeMutablePointer<State>

    @usableFromInline
    struct State {
        /// The open candle (the newest slot of `ring`), meaningful when `hasOpen`.
        @usableFromInline var candle: Candle
        /// First and last time of the open candle's window (time mode), inclusive, clamped
        /// to `Int64`: a range test replaces a division per tick.
        @usableFromInline var windowFirst: Int64
        @usableFromInline var windowLast: Int64
        @usableFromInline var hasOpen: Bool

        @usableFromInline init() {
            candle = .empty(startTime: 0)
            windowFirst = 0
            windowLast = -1
            hasOpen = false
        }
    }

    /// Creates an aggregator keeping the newest `capacity` candles. O(capacity); allocates once.
    ///
    /// - Throws: `ConfigurationError.nonPositiveInterval` for a window or tick count ≤ 0;
    ///   `.zeroCapacity` / `.invalidCapacity` for a bad `capacity`.
    ///
    /// - Parameter timeZone: time windows are aligned to this zone's clock: a day is local
    ///   midnight to local midnight (23 or 25 hours across a daylight-saving change), an hour
    ///   starts on the local full hour, a week on Monday. Default UTC.
    ///
    /// - Parameter folded: an aggregator of a coarser interval that takes each candle as it
    ///   leaves this one's ring (one merge per candle dropped, none per tick); nil drops them.
    public init(
        interval: CandleInterval, capacity: Int, timeZone: TimeZoneRules = .utc, folded: CandleAggregator? = nil
    ) throws(ConfigurationError) {
        switch interval {
        case .time(let nanoseconds):
            guard nanoseconds > 0 else { throw .nonPositiveInterval }
            windowWidth = nanoseconds
            ticksPerCandle = 0
        case .ticks(let count):
            guard count > 0 else { throw .nonPositiveInterval }
            windowWidth = 0
            ticksPerCandle = count
        }
        self.interval = interval
        self.timeZone = timeZone
        self.usesCalendarWindows = CandleInterval.usesCalendarWindows(width: windowWidth, timeZone: timeZone)
        self.ring = try RingBuffer<Candle>(capacity: capacity)
        self.folded = folded
        self.state = .allocate(capacity: 1)
        self.state.initialize(to: State())
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Number of candles kept. O(1).
    public var capacity: Int { ring.capacity }

    /// The consumer's view of the candle ring (positions are candle numbers). O(1).
    @inlinable
    public var candles: RingBufferReader<Candle> { ring.reader }

    /// Folds `tick` into the open candle, or opens a new candle in the next slot when the tick
    /// falls outside the open candle's window (or the open candle has its `n` ticks).
    /// Producer thread only. O(1), wait-free, no allocation.
    @inlinable
    public func add(_ tick: Tick) {
        let state = self.state
        if windowWidth > 0 {
            // Same window iff the time lies in the open window's [first, last]: equivalent to
            // comparing floor(time / w) with the open window's index, without dividing.
            if state.pointee.hasOpen && tick.time >= state.pointee.windowFirst && tick.time <= state.pointee.windowLast {
                extendOpenCandle(with: tick)
                return
            }
            let window = self.window(containing: tick.time)
            state.pointee.windowFirst = window.first
            state.pointee.windowLast = window.last
            open(tick, startTime: window.first)
        } else {
            if state.pointee.hasOpen && state.pointee.candle.tickCount < ticksPerCandle {
                extendOpenCandle(with: tick)
                return
            }
            open(tick, startTime: tick.time)
        }
    }

    /// The time window `[first, last]` holding `time` (time mode). O(1) in UTC, O(log
    /// transitions) on a local calendar; called once per new candle, not per tick.
    @inlinable
    func window(containing time: Int64) -> (first: Int64, last: Int64) {
        if usesCalendarWindows { return calendarWindow(containing: time) }
        let window = CandleInterval.windowIndex(of: time, width: windowWidth)
        return (CandleInterval.windowStart(window, width: windowWidth), CandleInterval.windowLast(window, width: windowWidth))
    }

    /// The window of `time` on the local calendar of ``timeZone`` (see
    /// ``CandleInterval/calendarWindow(containing:width:timeZone:)``).
    @usableFromInline
    func calendarWindow(containing time: Int64) -> (first: Int64, last: Int64) {
        CandleInterval.calendarWindow(containing: time, width: windowWidth, timeZone: timeZone)
    }

    /// Adds `tick` to the open candle and republishes it in place.
    @inlinable @inline(__always)
    func extendOpenCandle(with tick: Tick) {
        // Work on a local copy so the updated fields go to the ring from registers (no
        // store-to-load round trip through `state`).
        var candle = state.pointee.candle
        candle.add(tick)
        state.pointee.candle = candle
        ring.updateNewest(candle)
    }

    /// Starts a new candle with `tick` in the next slot.
    @inlinable
    func open(_ tick: Tick, startTime: Int64) {
        var candle = Candle.empty(startTime: startTime)
        candle.add(tick)
        state.pointee.candle = candle
        state.pointee.hasOpen = true
        appendCandle(candle)
    }

    /// Appends a new candle to the ring; a full ring first hands its oldest candle, about to
    /// be overwritten, to ``folded``. O(1); a merge per candle dropped.
    @inlinable @inline(__always)
    func appendCandle(_ candle: Candle) {
        if let folded {
            let written = ring.writtenCount
            if written >= UInt64(ring.capacity), let oldest = ring.element(at: written &- UInt64(ring.capacity)) {
                folded.add(folded: oldest)
            }
        }
        ring.append(candle)
    }
}
