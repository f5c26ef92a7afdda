import LiveTickerCore

/// A live series takes ticks straight from a reader or a live source, whatever their symbol
/// (filter upstream to chart one instrument of a mixed feed): `reader.read(into: &series)` or
/// `source.drain(into: &series)`. The writer never waits and never allocates.
extension LiveSeries: TickSink {
    /// Appends the tick, ignoring its symbol. O(1).
    public func consume(_ tick: Tick, symbol: SymbolID) {
        append(tick)
    }

    /// Appends the whole batch at once (per-batch bookkeeping paid once). O(count).
    public func consume(_ batch: TickBatch) {
        if let bars = batch.bars {
            append(bars: bars)
        } else {
            append(contentsOf: batch.ticks)
        }
    }

    /// Appends the bar as given (``LiveSeries/append(bar:)``), ignoring its symbol. O(1).
    public func consume(bar: Candle, symbol: SymbolID) {
        append(bar: bar)
    }
}
