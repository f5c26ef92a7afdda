import Synchronization

/// Producer side, finished bars: the path of OHLC bar files (Yahoo daily, Binance klines).
extension LiveSeries {
    /// Records one finished bar: its ``Candle/closingTick`` (start time, close, volume) goes to
    /// the history ring, the block summaries and the statistics exactly as `append(_:)` would
    /// take it, so the line shows the closes; the bar itself goes to the candle aggregator
    /// (``CandleAggregator/add(bar:)``), so the candles keep the bar's own open, high and low
    /// (one bar, one slot under any interval no wider than the bars). A bar without four finite
    /// prices is a gap, as a NaN tick is. Producer thread only. Amortised O(1), lock-free, no
    /// allocation, no observation work.
    @inlinable
    public func append(bar: Candle) {
        aggregator.add(bar: bar)
        // Published by `record`'s release of the version, with the bar's close.
        shared[Self.barsIndex].store(1, ordering: .relaxed)
        record(bar.closingTick)
    }

    /// ``append(bar:)`` for each bar, in order. O(count), no allocation.
    public func append(bars: UnsafeBufferPointer<Candle>) {
        for bar in bars { append(bar: bar) }
    }
}
