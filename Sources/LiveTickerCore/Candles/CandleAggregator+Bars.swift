/// Producer side, finished bars: a bar file's rows become candles as given.
extension CandleAggregator {
    /// Folds one finished bar (``Candle/bar(time:open:high:low:close:volume:)``) under the same
    /// grouping rule as ticks, keyed by the bar's start time: a bar outside the open candle's
    /// window (or past its `n` bars in tick-count mode) opens the next slot with the bar as given
    /// (its own open, high, low, close and volume); a bar inside it widens that candle
    /// (``Candle/add(bar:)``). So daily bars under an interval no wider than a day give one bar,
    /// one slot (the position rule: a weekend leaves no empty slot, a repeated or backwards date
    /// takes the next slot), and `--candle 1w` folds five daily bars into one weekly candle
    /// whose high is the highest bar high. Producer thread only. O(1) (a window lookup per new
    /// candle), wait-free, no allocation.
    @inlinable
    public func add(bar: Candle) {
        let state = self.state
        if windowWidth > 0 {
            let time = bar.startTime
            if state.pointee.hasOpen && time >= state.pointee.windowFirst && time <= state.pointee.windowLast {
                extendOpenCandle(withBar: bar)
                return
            }
            let window = self.window(containing: time)
            state.pointee.windowFirst = window.first
            state.pointee.windowLast = window.last
            open(bar: bar, startTime: window.first)
        } else {
            if state.pointee.hasOpen && state.pointee.candle.tickCount < ticksPerCandle {
                extendOpenCandle(withBar: bar)
                return
            }
            open(bar: bar, startTime: bar.startTime)
        }
    }

    /// Widens the open candle with `bar` and republishes it in place.
    @inlinable @inline(__always)
    func extendOpenCandle(withBar bar: Candle) {
        var candle = state.pointee.candle
        candle.add(bar: bar)
        state.pointee.candle = candle
        ring.updateNewest(candle)
    }

    /// Starts a new candle with `bar` in the next slot.
    @inlinable
    func open(bar: Candle, startTime: Int64) {
        var candle = Candle.empty(startTime: startTime)
        candle.add(bar: bar)
        state.pointee.candle = candle
        state.pointee.hasOpen = true
        appendCandle(candle)
    }
}
