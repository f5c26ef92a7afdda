/// OHLC bars as given: a bar file's row (a Yahoo day, a Binance kline) is a finished candle,
/// folded into the candle ring with its own high and low instead of being rebuilt from closes.
extension Candle {
    /// A finished bar from its fields: one row of a bar file, `tickCount` 1. O(1).
    @inlinable
    public static func bar(time: Int64, open: Double, high: Double, low: Double, close: Double, volume: Double = 0)
        -> Candle
    {
        Candle(startTime: time, open: open, high: high, low: low, close: close, volume: volume, tickCount: 1)
    }

    /// The tick a bar stands for on a line chart and in a tick history: its start time, its
    /// close and its volume (0 when the volume is not finite). O(1).
    @inlinable
    public var closingTick: Tick {
        Tick(time: startTime, value: close, size: volume.isFinite ? volume : 0)
    }

    /// Whether open, high, low and close are all finite (a bar that can be drawn as given).
    @inlinable
    public var hasFinitePrices: Bool {
        open.isFinite && high.isFinite && low.isFinite && close.isFinite
    }

    /// Folds a finished bar into this candle: counts it as one tick; its open opens an empty
    /// candle, its high and low widen the candle's, its close becomes the close, a finite
    /// volume adds (saturating, as ticks do). A bar whose high or low does not contain its own
    /// open and close (bad data) is widened to contain them, so a body never leaves its wick.
    /// A bar without all four finite prices folds as the tick of its close
    /// (``closingTick``; a `null` row is then counted and adds nothing). O(1), no allocation.
    @inlinable @inline(__always)
    public mutating func add(bar: Candle) {
        guard bar.hasFinitePrices else {
            add(Tick(time: bar.startTime, value: bar.close, size: bar.volume))
            return
        }
        tickCount &+= 1
        let barHigh = Swift.max(bar.high, bar.open, bar.close)
        let barLow = Swift.min(bar.low, bar.open, bar.close)
        if open.isFinite {
            if barHigh > high { high = barHigh }
            if barLow < low { low = barLow }
        } else {
            open = bar.open
            high = barHigh
            low = barLow
        }
        close = bar.close
        let size = bar.volume
        if size.isFinite {
            let sum = volume + size
            volume = sum.isFinite ? sum : (sum > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude)
        }
    }
}
