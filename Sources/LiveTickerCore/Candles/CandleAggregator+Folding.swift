/// Producer side, candles of a finer aggregator: the coarser level of a candle history that
/// outlives its ring (``CandleAggregator/folded``).
extension CandleAggregator {
    /// Merges a finished candle of a finer interval (``Candle/merge(_:)``: its ticks, volume and
    /// extremes count here as if its ticks had been added) into the open candle when its start
    /// lies in the open window, else opens the next slot at the window holding its start; as
    /// ticks do, so a backwards start takes a new slot. Windows of this interval must hold whole
    /// finer windows (1d over 1m on one calendar). Tick-count mode merges until the open candle
    /// has its `n` ticks. Producer thread only. O(1), a window lookup per new candle, no
    /// allocation.
    public func add(folded candle: Candle) {
        let state = self.state
        if windowWidth > 0 {
            let time = candle.startTime
            if state.pointee.hasOpen && time >= state.pointee.windowFirst && time <= state.pointee.windowLast {
                var open = state.pointee.candle
                open.merge(candle)
                state.pointee.candle = open
                ring.updateNewest(open)
                return
            }
            let window = self.window(containing: time)
            state.pointee.windowFirst = window.first
            state.pointee.windowLast = window.last
            var opened = candle
            opened.startTime = window.first
            state.pointee.candle = opened
            state.pointee.hasOpen = true
            appendCandle(opened)
        } else {
            if state.pointee.hasOpen && state.pointee.candle.tickCount < ticksPerCandle {
                var open = state.pointee.candle
                open.merge(candle)
                state.pointee.candle = open
                ring.updateNewest(open)
                return
            }
            state.pointee.candle = candle
            state.pointee.hasOpen = true
            appendCandle(candle)
        }
    }
}
