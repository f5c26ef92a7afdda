/// Proleptic Gregorian calendar arithmetic on days since 1970-01-01 (UTC), shared by the tick
/// parsers (dates to nanoseconds) and the time axis (nanoseconds to labels), after Howard
/// Hinnant, "chrono-Compatible Low-Level Date Algorithms" (`civil_from_days`,
/// `days_from_civil`): eras of 400 years (146,097 days) starting on March 1st, so leap days
/// fall at the end of a year and no table is needed. Valid for day counts within ±10^18
/// (every day an Int64 of seconds reaches): year 1, year 9999 and dates before 1970 included.
///
/// All functions O(1), no allocation.
public enum CivilCalendar {
    /// Year, month (1...12) and day (1...31) of a day count since 1970-01-01.
    public static func civil(fromDays days: Int64) -> (year: Int64, month: Int, day: Int) {
        let z = days + 719_468  // days since 0000-03-01
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097  // 0...146096
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365  // 0...399
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)  // 0...365, from March 1
        let shiftedMonth = (5 * dayOfYear + 2) / 153  // 0 = March ... 11 = February
        let day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
        let month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// Days since 1970-01-01 of a civil date (month 1...12, day 1...31; not validated).
    public static func days(fromYear year: Int64, month: Int, day: Int) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400  // 0...399
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1  // 0...365
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Weekday of a day count since 1970-01-01: 0 = Sunday ... 6 = Saturday
    /// (1970-01-01 was a Thursday).
    public static func weekday(fromDays days: Int64) -> Int {
        Int(days >= -4 ? (days + 4) % 7 : (days + 5) % 7 + 6)
    }

    /// Whether `year` is a Gregorian leap year.
    public static func isLeap(_ year: Int64) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    /// Days in `month` (1...12) of `year`.
    public static func daysIn(month: Int, year: Int64) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
