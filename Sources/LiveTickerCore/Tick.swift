/// One observation of a market or telemetry stream: a trade, a quote mid, or a sensor sample.
///
/// A plain 24-byte value; copying it costs three word moves.
public struct Tick: Sendable, Hashable, BitwiseCopyable {
    /// Nanoseconds since the Unix epoch (UTC). Not required to increase: duplicate and
    /// backwards times are legal and keep their arrival order everywhere.
    public var time: Int64
    /// Price or sample value. May be non-finite; non-finite values are drawn as gaps.
    public var value: Double
    /// Traded size or volume; 0 when the source has none.
    public var size: Double

    /// Creates a tick from its time in nanoseconds since the epoch, its value and its size.
    @inlinable
    public init(time: Int64, value: Double, size: Double = 0) {
        self.time = time
        self.value = value
        self.size = size
    }
}
