/// One kind of local time a zone switches between: its offset from UTC, whether it is
/// daylight-saving time, and its abbreviation (`EST`, `CEST`, `+0530`, `LMT`).
///
/// Value type; no allocation after init (the abbreviation is made once, when the zone is read).
public struct LocalTimeType: Sendable, Hashable {
    /// Seconds east of UTC (New York in winter: -18000).
    public let utcOffset: Int32
    /// Whether this is daylight-saving (summer) time.
    public let isDaylightSaving: Bool
    /// The abbreviation shown on clocks, e.g. `EDT`.
    public let abbreviation: String

    /// A local time type. O(1).
    public init(utcOffset: Int32, isDaylightSaving: Bool, abbreviation: String) {
        self.utcOffset = utcOffset
        self.isDaylightSaving = isDaylightSaving
        self.abbreviation = abbreviation
    }
}
