/// Why a core type refused its configuration at init.
///
/// Thrown (typed) by `RingBuffer`, `CandleAggregator` and `LiveSeries` initialisers, so a bad
/// setting is reported once at start-up instead of trapping on the producer thread later.
public enum ConfigurationError: Error, Equatable, Sendable {
    /// A ring was asked for zero slots; it could never hold a value.
    case zeroCapacity
    /// A capacity below zero, or so large that its storage size overflows `Int`.
    case invalidCapacity(Int)
    /// A time interval of zero or fewer nanoseconds, or a tick count of zero or fewer.
    case nonPositiveInterval
}
