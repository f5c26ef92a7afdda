import LiveTickerCore
/// A UTC civil date and time broken out of an epoch time (no time zones, no leap seconds,
/// proleptic Gregorian via `CivilCalendar`). Negative epoch times are before 1970 and work
/// the same way (floor division, so 1969-12-31T23:59:59.5 is -0.5 s).
///
/// Value type; inits O(1), no allocation.
public struct UTCDateTime: Sendable, Equatable {
    /// Year (proleptic Gregorian; year 0 is 1 BC).
    public let year: Int64
    /// 1...12.
    public let month: Int
    /// 1...31.
    public let day: Int
    /// 0...23.
    public let hour: Int
    /// 0...59.
    public let minute: Int
    /// 0...59.
    public let second: Int
    /// 0...999,999,999.
    public let nanosecond: Int
    /// 0 = Sunday ... 6 = Saturday.
    public let weekday: Int

    /// The date and time of nanoseconds since 1970-01-01T00:00:00Z (every Int64 works:
    /// 1677-09-21 ... 2262-04-11). O(1).
    public init(epochNanoseconds: Int64) {
        let (seconds, nanos) = epochNanoseconds.floorDividedWithRemainder(by: 1_000_000_000)
        self.init(epochSeconds: seconds, nanosecond: Int(nanos))
    }

    /// The date and time of whole seconds since 1970-01-01T00:00:00Z plus a nanosecond part
    /// (0...999,999,999); reaches far beyond the nanosecond range (year 1, year 9999). O(1).
    public init(epochSeconds: Int64, nanosecond: Int = 0) {
        let (days, secondOfDay) = epochSeconds.floorDividedWithRemainder(by: 86_400)
        let (year, month, day) = CivilCalendar.civil(fromDays: days)
        self.year = year
        self.month = month
        self.day = day
        self.hour = Int(secondOfDay / 3600)
        self.minute = Int(secondOfDay / 60 % 60)
        self.second = Int(secondOfDay % 60)
        self.nanosecond = nanosecond
        self.weekday = CivilCalendar.weekday(fromDays: days)
    }
}
