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

extension Candle {
    /// Folds the later candle `next` into this one, as if its ticks had been added here: the
    /// open stays (or is `next`'s when this one has none), the high and low widen, the close
    /// becomes `next`'s last finite value, the volumes (saturating) and tick counts add up.
    /// The start time stays. O(1), no allocation.
    @inlinable
    public mutating func merge(_ next: Candle) {
        tickCount &+= next.tickCount
        if next.open.isFinite {
            if open.isFinite {
                if next.high > high { high = next.high }
                if next.low < low { low = next.low }
            } else {
                open = next.open
                high = next.high
                low = next.low
            }
        }
        if next.close.isFinite { close = next.close }
        let sum = volume + next.volume
        if sum.isFinite {
            volume = sum
        } else if !sum.isNaN {
            volume = sum > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude
        }
    }
}
