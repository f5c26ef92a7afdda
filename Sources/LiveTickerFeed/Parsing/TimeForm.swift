/// How the text of a time column is read: decided from the first lines of the data (or given
/// with `--time-format`), then fixed for the whole input.
public enum TimeForm: Sendable, Hashable, CustomStringConvertible {
    /// Epoch numbers (unit by magnitude or given) and ISO-8601-like date-times, `D.M.YYYY`
    /// (day first), unambiguous `D/M/YYYY` / `M/D/YYYY`.
    case standard
    /// `D/M/YYYY` or `D-M-YYYY` dates, day first (seen: a first number above 12).
    case dayFirst
    /// `M/D/YYYY` dates, month first (seen: a second number above 12).
    case monthFirst
    /// `YYYYMMDD[(T| )hhmm[ss[fff…]]]`, the clock also run on with no separator; digits
    /// straight after the seconds are their fraction (HistData's `20120201 000003660`).
    case compact
    /// `h:mm[:ss[.fff]]` alone, or `hhmm[ss]` digits beside a date column: a time of day, on
    /// the date of a date column (or 1970-01-01).
    case timeOfDay
    /// Dates with the month's name (`01-Mar-2024`, `1-Mar-24`, `01 Mar 2024`,
    /// `Mar 01, 2024`, `March 1, 2024`, `2024-Mar-01`), in English or in German, French,
    /// Spanish, Italian, Dutch or Portuguese (`1. März 2024`, `15 janv. 2024`), a clock
    /// optional after them.
    case monthName
    /// A `--time-format` pattern.
    case pattern(TimePattern)

    /// E.g. `day/month/year`. Allocates.
    public var description: String {
        switch self {
        case .standard: "epoch or ISO-8601"
        case .dayFirst: "day/month/year"
        case .monthFirst: "month/day/year"
        case .compact: "compact YYYYMMDD[THHMMSS]"
        case .timeOfDay: "time of day"
        case .monthName: "dates with month names"
        case let .pattern(pattern): "--time-format \(pattern)"
        }
    }

    /// The one-byte code the hot loop switches on (the pattern itself lives in the scratch).
    var code: UInt8 {
        switch self {
        case .standard: 0
        case .dayFirst: 1
        case .monthFirst: 2
        case .compact: 3
        case .timeOfDay: 4
        case .pattern: 5
        case .monthName: 6
        }
    }
}

extension TimeParser {
    /// Times a column is taken to hold when no name says so: 2000-01-01 up to 2050-01-01 (ns).
    /// Narrow on purpose: trade ids of ten digits (Binance's `t`, 3.4e9) read as seconds in 2079.
    static let plausibleTimes: Range<Int64> = 946_684_800_000_000_000..<2_524_608_000_000_000_000

    /// Parses a time in the form coded `code` (see ``TimeForm/code``); `pattern` for code 5.
    @inline(__always)
    static func parse(
        _ start: UnsafePointer<UInt8>, code: UInt8, pattern: TimePattern?, unit: TimeUnit, scratch: ParseScratch,
        commaFraction: Bool
    ) -> Result {
        switch code {
        case 0: return parse(start, unit: unit, scratch: scratch, commaFraction: commaFraction)
        case 1, 2:
            if let result = parseDayMonthYear(start, order: code == 1 ? .dayFirst : .monthFirst, commaFraction: commaFraction) {
                return result
            }
            return parse(start, unit: unit, scratch: scratch, commaFraction: commaFraction)
        case 3: return parseCompact(start, commaFraction: commaFraction)
        case 4: return parseTimeOfDay(start, commaFraction: commaFraction)
        case 6: return parseMonthName(start, commaFraction: commaFraction)
        default:
            guard let pattern else { return Result(status: .malformed, nanoseconds: 0, end: start) }
            return pattern.parse(start)
        }
    }
}
