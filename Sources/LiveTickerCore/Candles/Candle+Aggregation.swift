/// Folding ticks into a candle (the producer-side step of `CandleAggregator`).
extension Candle {
    /// A candle starting at `startTime` that has aggregated nothing yet (not drawable). O(1).
    @inlinable
    public static func empty(startTime: Int64) -> Candle {
        Candle(startTime: startTime, open: .nan, high: .nan, low: .nan, close: .nan, volume: 0, tickCount: 0)
    }

    /// Adds one tick: counts it, folds a finite value into open/high/low/close and a finite
    /// size into the volume. Non-finite values and sizes are counted but never enter the
    /// prices or the volume. The volume saturates at ±`greatestFiniteMagnitude` so a candle
    /// never turns undrawable by overflow. O(1), no allocation.
    @inlinable @inline(__always)
    public mutating func add(_ tick: Tick) {
        tickCount &+= 1
        let value = tick.value
        if value.isFinite {
            if open.isFinite {
                if value > high { high = value }
                if value < low { low = value }
            } else {
                open = value
                high = value
                low = value
            }
            close = value
        }
        let size = tick.size
        if size.isFinite {
            let sum = volume + size
            volume = sum.isFinite ? sum : (sum > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude)
        }
    }
}
