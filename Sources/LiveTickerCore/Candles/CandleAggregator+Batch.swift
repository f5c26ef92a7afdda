/// Producer side, many ticks at once: the open candle is folded in a local value (registers)
/// and written to the candle ring once per candle that closes inside the batch and once at the
/// end of the batch, instead of once per tick.
extension CandleAggregator {
    /// Folds `ticks` in order, with exactly the candles `add(_:)` tick by tick would build.
    ///
    /// Readers see every candle that closes inside the batch with its final value; the candle
    /// still open at the end is published when the call returns. While the call runs, the open
    /// candle a reader sees may lag by the ticks of this batch. Producer thread only.
    /// O(count), wait-free, no allocation.
    public func add(contentsOf ticks: UnsafeBufferPointer<Tick>) {
        guard let base = ticks.baseAddress, ticks.count > 0 else { return }
        var batch = beginBatch()
        fold(base, count: ticks.count, into: &batch)
        endBatch(batch)
    }

    /// The producer's running state while a batch is folded, in locals (registers) rather than
    /// in `state`: ``beginBatch()``, any number of ``fold(_:count:into:)`` runs (or a caller's
    /// own fold of a run that lies in the open window, see ``LiveSeries``' batch append), then
    /// ``endBatch(_:)``.
    @usableFromInline
    struct Batch {
        /// The open candle as folded so far.
        @usableFromInline var candle: Candle
        /// The candle's slot exists in the ring (it was appended).
        @usableFromInline var published: Bool
        /// The ring's copy is older than `candle`.
        @usableFromInline var dirty: Bool
        /// A candle is open (tick mode).
        @usableFromInline var hasOpen: Bool
        /// The open window `[first, last]` (time mode); empty (`last < first`) before the first candle.
        @usableFromInline var first: Int64
        @usableFromInline var last: Int64
    }

    /// Loads the running state for a batch. O(1).
    @inline(__always)
    func beginBatch() -> Batch {
        let hasOpen = state.pointee.hasOpen
        // An empty window (`last < first`) stands for "no open candle" (the initial state).
        return Batch(
            candle: state.pointee.candle, published: hasOpen, dirty: false, hasOpen: hasOpen,
            first: hasOpen ? state.pointee.windowFirst : 0, last: hasOpen ? state.pointee.windowLast : -1)
    }

    /// Publishes the open candle (when a run changed it) and stores the running state. Call once
    /// after a batch of at least one tick. O(1).
    @inline(__always)
    func endBatch(_ batch: Batch) {
        if batch.dirty { publish(batch.candle, published: batch.published) }
        state.pointee.candle = batch.candle
        state.pointee.hasOpen = true
        if windowWidth > 0 {
            state.pointee.windowFirst = batch.first
            state.pointee.windowLast = batch.last
        }
    }

    /// Folds `count` (≥ 1) ticks from `base` into the batch state, appending (and publishing
    /// with their final values) the candles that close among them. O(count).
    @inline(__always)
    func fold(_ base: UnsafePointer<Tick>, count: Int, into batch: inout Batch) {
        var i = 0
        if windowWidth > 0 {
            while i < count {
                let time = base[i].time
                // Same window iff the time lies in [first, last]: see `add(_:)`.
                if time < batch.first || time > batch.last {
                    if batch.dirty { publish(batch.candle, published: batch.published) }
                    (batch.first, batch.last) = window(containing: time)
                    batch.candle = .empty(startTime: batch.first)
                    batch.candle.add(base[i])
                    i &+= 1
                    batch.published = false
                } else {
                    i = Self.foldRun(
                        into: &batch.candle, base, from: i, to: count, first: batch.first, last: batch.last)
                }
                batch.dirty = true
            }
        } else {
            let perCandle = ticksPerCandle
            while i < count {
                if batch.hasOpen && batch.candle.tickCount < perCandle {
                    let end = min(count, i &+ (perCandle &- batch.candle.tickCount))
                    i = Self.foldRun(into: &batch.candle, base, from: i, to: end, first: .min, last: .max)
                } else {
                    if batch.dirty { publish(batch.candle, published: batch.published) }
                    batch.candle = .empty(startTime: base[i].time)
                    batch.candle.add(base[i])
                    i &+= 1
                    batch.hasOpen = true
                    batch.published = false
                }
                batch.dirty = true
            }
        }
    }

    /// Folds `ticks[start...]` into `candle` while their times lie in `[first, last]`, up to
    /// `end`; returns the index of the first tick not folded (at least `start + 1`: the caller
    /// checked `ticks[start]`). Exactly `Candle.add(_:)` per tick.
    ///
    /// The common run (the candle has a finite open, every value and size is finite and the
    /// volume does not overflow) is folded with min/max/add only. Whether it was common is known
    /// at the end: `(v + s) · 0` is 0 for finite v, s and NaN otherwise (or when `v + s`
    /// overflows), and NaN sticks through the sum; an overflowing volume ends non-finite,
    /// because ∞ plus a finite size stays ∞. Otherwise the run is folded again tick by tick.
    /// O(run length).
    @inline(__always)
    static func foldRun(
        into candle: inout Candle, _ ticks: UnsafePointer<Tick>, from start: Int, to end: Int, first: Int64, last: Int64
    ) -> Int {
        var high = candle.high
        var low = candle.low
        var volume = candle.volume
        var probe = 0.0
        var i = start
        repeat {
            let value = ticks[i].value
            let size = ticks[i].size
            high = value > high ? value : high
            low = value < low ? value : low
            volume += size
            probe += (value + size) * 0
            i &+= 1
        } while i < end && ticks[i].time >= first && ticks[i].time <= last
        if probe == 0 && volume.isFinite && candle.open.isFinite {
            candle.high = high
            candle.low = low
            candle.close = ticks[i &- 1].value
            candle.volume = volume
            candle.tickCount &+= i &- start
        } else {
            for j in start..<i { candle.add(ticks[j]) }
        }
        return i
    }

    /// Writes `candle` to its slot: in place when the slot exists, else as a new candle.
    @inline(__always)
    func publish(_ candle: Candle, published: Bool) {
        if published {
            ring.updateNewest(candle)
        } else {
            appendCandle(candle)
        }
    }
}
