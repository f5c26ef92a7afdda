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
        let count = ticks.count
        var candle = state.pointee.candle
        // `published`: the candle's slot exists in the ring (it was appended); `dirty`: the
        // ring's copy is older than `candle`.
        var published = state.pointee.hasOpen
        var dirty = false
        var i = 0
        if windowWidth > 0 {
            var first = state.pointee.windowFirst
            var last = state.pointee.windowLast
            // An empty window (`last < first`) stands for "no open candle" (the initial state).
            if !state.pointee.hasOpen {
                first = 0
                last = -1
            }
            while i < count {
                let time = base[i].time
                // Same window iff the time lies in [first, last]: see `add(_:)`.
                if time < first || time > last {
                    if dirty { publish(candle, published: published) }
                    (first, last) = window(containing: time)
                    candle = .empty(startTime: first)
                    candle.add(base[i])
                    i &+= 1
                    published = false
                } else {
                    i = Self.foldRun(into: &candle, base, from: i, to: count, first: first, last: last)
                }
                dirty = true
            }
            state.pointee.windowFirst = first
            state.pointee.windowLast = last
        } else {
            let perCandle = ticksPerCandle
            var hasOpen = state.pointee.hasOpen
            while i < count {
                if hasOpen && candle.tickCount < perCandle {
                    let end = min(count, i &+ (perCandle &- candle.tickCount))
                    i = Self.foldRun(into: &candle, base, from: i, to: end, first: .min, last: .max)
                } else {
                    if dirty { publish(candle, published: published) }
                    candle = .empty(startTime: base[i].time)
                    candle.add(base[i])
                    i &+= 1
                    hasOpen = true
                    published = false
                }
                dirty = true
            }
        }
        if dirty { publish(candle, published: published) }
        state.pointee.candle = candle
        state.pointee.hasOpen = true
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
