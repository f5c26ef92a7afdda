/// The unit of numeric timestamps in a tick file.
///
/// `.auto` decides per value by magnitude of the integer part |v| (any sign):
///
/// | |v| | read as | plausible dates covered |
/// | --- | --- | --- |
/// | < 10¹¹ | seconds | 1970 ± 3 170 years (relative times such as `0.002778` too) |
/// | < 10¹⁴ | milliseconds | 1973-03-03 … 5138 |
/// | < 10¹⁷ | microseconds | 1973-03-03 … 5138 |
/// | otherwise | nanoseconds | 1973-03-03 … 2262 |
///
/// So millisecond times before 1973-03-03 read as seconds: force the unit (option or a
/// `_ms`/`(ms)` suffix on the column name) for such files.
public enum TimeUnit: String, Sendable, CaseIterable {
    /// Decide by magnitude, per value (see the table above).
    case auto
    /// Seconds since the epoch (or since the start of a recording).
    case seconds
    /// Milliseconds since the epoch.
    case milliseconds
    /// Microseconds since the epoch.
    case microseconds
    /// Nanoseconds since the epoch.
    case nanoseconds

    /// Nanoseconds per unit; 0 for `.auto`.
    public var nanosecondsPerUnit: Int64 {
        switch self {
        case .auto: 0
        case .seconds: 1_000_000_000
        case .milliseconds: 1_000_000
        case .microseconds: 1_000
        case .nanoseconds: 1
        }
    }

    /// Parses an option value: `auto`, `s`, `ms`, `us` (or `µs`), `ns`, and long names such as
    /// `seconds`, `millis`. Case-insensitive. Nil for anything else.
    public init?(argument: String) {
        switch argument.lowercased() {
        case "auto": self = .auto
        case "s", "sec", "secs", "second", "seconds": self = .seconds
        case "ms", "msec", "millis", "millisecond", "milliseconds": self = .milliseconds
        case "us", "µs", "usec", "micros", "microsecond", "microseconds": self = .microseconds
        case "ns", "nsec", "nanos", "nanosecond", "nanoseconds": self = .nanoseconds
        default: return nil
        }
    }

    /// Thresholds of `.auto` on |integer part|: below the first, seconds; then ms; then µs; else ns.
    public static let autoThresholds: (seconds: UInt64, milliseconds: UInt64, microseconds: UInt64) =
        (100_000_000_000, 100_000_000_000_000, 100_000_000_000_000_000)

    /// The unit `.auto` picks for an integer part of magnitude `magnitude`. O(1).
    @inlinable
    public static func detect(magnitude: UInt64) -> TimeUnit {
        if magnitude < 100_000_000_000 { return .seconds }
        if magnitude < 100_000_000_000_000 { return .milliseconds }
        if magnitude < 100_000_000_000_000_000 { return .microseconds }
        return .nanoseconds
    }

    /// ``nanosecondsPerUnit`` of the unit ``detect(magnitude:)`` picks, without the enum in
    /// between (the CSV hot loop's form: three compares instead of a switch). O(1).
    @inline(__always)
    static func autoNanosecondsPerUnit(magnitude: UInt64) -> UInt64 {
        magnitude < 100_000_000_000
            ? 1_000_000_000
            : magnitude < 100_000_000_000_000 ? 1_000_000 : magnitude < 100_000_000_000_000_000 ? 1_000 : 1
    }
}
