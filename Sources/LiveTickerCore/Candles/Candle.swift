/// One OHLCV candle: the first, highest, lowest and last finite value of the ticks it
/// aggregated, their total size, and how many ticks it took.
///
/// Candles are identified by their **position** in the candle ring, never by `startTime`:
/// two candles may share a start time (a tick arrived with an earlier window) and are still
/// two candles. A 56-byte plain value.
public struct Candle: Sendable, Hashable, BitwiseCopyable {
    /// Start of the candle's window in nanoseconds since the epoch: `k·w` for time windows,
    /// the first tick's time for tick-count candles.
    public var startTime: Int64
    /// First finite value, or NaN if the candle has none yet.
    public var open: Double
    /// Highest finite value, or NaN if the candle has none yet.
    public var high: Double
    /// Lowest finite value, or NaN if the candle has none yet.
    public var low: Double
    /// Last finite value, or NaN if the candle has none yet.
    public var close: Double
    /// Sum of the finite sizes of its ticks (non-finite sizes add nothing).
    public var volume: Double
    /// Number of ticks aggregated, including ticks whose value was not finite.
    public var tickCount: Int

    /// Creates a candle from its fields. O(1).
    @inlinable
    public init(
        startTime: Int64, open: Double, high: Double, low: Double, close: Double,
        volume: Double = 0, tickCount: Int = 1
    ) {
        self.startTime = startTime
        self.open = open
        self.high = high
        self.low = low
        self.close = close
        self.volume = volume
        self.tickCount = tickCount
    }

    /// True when every price field and the volume are finite, so the candle can be drawn.
    /// A candle that only received non-finite values keeps its slot but is not drawable. O(1).
    @inlinable
    public var isDrawable: Bool {
        open.isFinite && high.isFinite && low.isFinite && close.isFinite && volume.isFinite
    }
}
