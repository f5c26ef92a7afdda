/// A TOML 1.0 value, as a document spells it.
public enum TOMLValue: Sendable, Equatable {
    /// A string (basic, literal or multi-line), escapes resolved.
    case string(String)
    /// A 64-bit integer (decimal, hex, octal or binary).
    case integer(Int64)
    /// A float, including `inf` and `nan`.
    case float(Double)
    /// `true` or `false`.
    case boolean(Bool)
    /// A date-time, date or time (see ``TOMLDateTime`` for which parts are present).
    case dateTime(TOMLDateTime)
    /// An array (its elements may be of mixed types).
    case array([TOMLValue])
    /// A table (a `[header]`, an inline table or the implicit parent of a dotted key).
    case table(TOMLTable)

    /// The name of the value's type as errors say it (`string`, `integer`, `table`…).
    public var typeName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .float: "float"
        case .boolean: "boolean"
        case .dateTime(let value): value.kind.rawValue
        case .array: "array"
        case .table: "table"
        }
    }
}

/// A TOML date-time, local date-time, local date or local time.
public struct TOMLDateTime: Sendable, Hashable {
    /// Which parts the document gave.
    public enum Kind: String, Sendable, Hashable {
        /// Date, time and a UTC offset.
        case offsetDateTime = "offset date-time"
        /// Date and time, no offset.
        case localDateTime = "local date-time"
        /// A date alone.
        case localDate = "local date"
        /// A time alone.
        case localTime = "local time"
    }

    /// Which parts are present.
    public var kind: Kind
    /// Year, month (1–12), day (1–31) when the kind has a date.
    public var year = 0, month = 0, day = 0
    /// Hour, minute, second when the kind has a time.
    public var hour = 0, minute = 0, second = 0
    /// Fraction of the second in nanoseconds (digits beyond the ninth are truncated).
    public var nanosecond = 0
    /// Offset from UTC in minutes (offset date-times; `Z` is 0).
    public var offsetMinutes = 0

    /// A value of `kind` with every part zero.
    public init(kind: Kind) { self.kind = kind }

    /// Nanoseconds since the Unix epoch of an offset date-time (nil for the local kinds, or
    /// outside what Int64 nanoseconds hold).
    public var epochNanoseconds: Int64? {
        guard kind == .offsetDateTime else { return nil }
        // Days from civil (Howard Hinnant's algorithm), then seconds minus the offset.
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetMinutes) * 60
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return nil }
        let (total, overflow2) = whole.addingReportingOverflow(Int64(nanosecond))
        return overflow2 ? nil : total
    }
}

/// Where something was written in a TOML document: 1-based line and column (in characters).
public struct TOMLPosition: Sendable, Hashable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based column, counting Unicode scalars.
    public var column: Int

    /// A position.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line L, column C`.
    public var description: String { "line \(line), column \(column)" }
}
