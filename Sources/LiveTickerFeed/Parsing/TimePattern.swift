import LiveTickerCore

/// A timestamp layout in strftime/strptime notation (`--time-format '%d/%m/%Y %H:%M'`), compiled
/// once and matched without allocating.
///
/// Directives: `%Y` (4-digit year), `%y` (2 digits: 69–99 → 19xx, 00–68 → 20xx, as POSIX),
/// `%m`, `%d`, `%e`, `%H`, `%I`, `%M`, `%S` (1 or 2 digits), `%f` (fractional seconds, 1–9
/// digits), `%j` (day of the year), `%b`/`%B`/`%h` (English month names, any case, full or
/// three letters), `%p` (AM/PM), `%z` (`Z`, `±hh[:mm]`), `%s` (epoch seconds), `%T` = `%H:%M:%S`,
/// `%R` = `%H:%M`, `%F` = `%Y-%m-%d`, `%D` = `%m/%d/%y`, `%%`. A space matches any run of spaces
/// (or none); every other byte matches itself. Without a date the day is 1970-01-01 (a time of
/// day); without an offset the time is UTC.
public struct TimePattern: Sendable, Hashable, CustomStringConvertible {
    enum Op: Hashable {
        case literal(UInt8), spaces
        case year4, year2, month, day, dayOfYear, hour24, hour12, minute, second, fraction, monthName, ampm, offset, epoch
    }

    let ops: [Op]
    /// The pattern as given.
    public let text: String

    /// Compiles `text`; nil (with the offending directive) when it uses one not listed above.
    public init?(_ text: String) {
        var ops: [Op] = []
        var bytes = Array(text.utf8)[...]
        func expand(_ s: String) { bytes = Array(s.utf8)[...] + bytes }
        while let b = bytes.popFirst() {
            if b == 0x25 {  // %
                guard let d = bytes.popFirst() else { return nil }
                switch d {
                case UInt8(ascii: "Y"): ops.append(.year4)
                case UInt8(ascii: "y"): ops.append(.year2)
                case UInt8(ascii: "m"): ops.append(.month)
                case UInt8(ascii: "d"), UInt8(ascii: "e"): ops.append(.day)
                case UInt8(ascii: "j"): ops.append(.dayOfYear)
                case UInt8(ascii: "H"): ops.append(.hour24)
                case UInt8(ascii: "I"): ops.append(.hour12)
                case UInt8(ascii: "M"): ops.append(.minute)
                case UInt8(ascii: "S"): ops.append(.second)
                case UInt8(ascii: "f"): ops.append(.fraction)
                case UInt8(ascii: "b"), UInt8(ascii: "B"), UInt8(ascii: "h"): ops.append(.monthName)
                case UInt8(ascii: "p"): ops.append(.ampm)
                case UInt8(ascii: "z"), UInt8(ascii: "Z"): ops.append(.offset)
                case UInt8(ascii: "s"): ops.append(.epoch)
                case UInt8(ascii: "T"): expand("%H:%M:%S")
                case UInt8(ascii: "R"): expand("%H:%M")
                case UInt8(ascii: "F"): expand("%Y-%m-%d")
                case UInt8(ascii: "D"): expand("%m/%d/%y")
                case UInt8(ascii: "%"): ops.append(.literal(0x25))
                default: return nil
                }
            } else if b == ASCII.space {
                if ops.last != .spaces { ops.append(.spaces) }
            } else {
                ops.append(.literal(b))
            }
        }
        guard !ops.isEmpty else { return nil }
        self.ops = ops
        self.text = text
    }

    /// The pattern text.
    public var description: String { text }

    /// Matches the pattern at `start`; the caller checks that `end` is at the end of the field.
    func parse(_ start: UnsafePointer<UInt8>) -> TimeParser.Result {
        var p = start
        func fail() -> TimeParser.Result { TimeParser.Result(status: .malformed, nanoseconds: 0, end: p) }
        func number(_ minimum: Int, _ maximum: Int) -> Int64? {
            var value: Int64 = 0
            var count = 0
            while count < maximum, ASCII.digit(p[0]) <= 9 {
                value = value * 10 + Int64(ASCII.digit(p[0]))
                count += 1
                p += 1
            }
            return count >= minimum ? value : nil
        }
        var year: Int64 = 1970, month: Int64 = 1, day: Int64 = 1, dayOfYear: Int64 = 0
        var clock = TimeParser.Clock()
        var pm: Bool? = nil
        var epoch: Int64? = nil
        for op in ops {
            switch op {
            case let .literal(b):
                guard p[0] == b else { return fail() }
                p += 1
            case .spaces:
                while p[0] == ASCII.space { p += 1 }
            case .year4:
                guard let v = number(4, 4) else { return fail() }
                year = v
            case .year2:
                guard let v = number(2, 2) else { return fail() }
                year = v < 69 ? 2000 + v : 1900 + v
            case .month:
                guard let v = number(1, 2) else { return fail() }
                month = v
            case .day:
                if p[0] == ASCII.space { p += 1 }
                guard let v = number(1, 2) else { return fail() }
                day = v
            case .dayOfYear:
                guard let v = number(1, 3), v >= 1, v <= 366 else { return fail() }
                dayOfYear = v
            case .hour24, .hour12:
                guard let v = number(1, 2) else { return fail() }
                clock.hour = v
            case .minute:
                guard let v = number(1, 2) else { return fail() }
                clock.minute = v
            case .second:
                guard let v = number(1, 2) else { return fail() }
                clock.second = v
            case .fraction:
                var fraction: Int64 = 0
                var count = 0
                while ASCII.digit(p[0]) <= 9 {
                    if count < 9 {
                        fraction = fraction * 10 + Int64(ASCII.digit(p[0]))
                        count += 1
                    }
                    p += 1
                }
                guard count > 0 else { return fail() }
                while count < 9 {
                    fraction *= 10
                    count += 1
                }
                clock.fraction = fraction
            case .monthName:
                // The words dates with month names are read by, in every language there.
                guard let (found, length) = TimeParser.monthName(p) else { return fail() }
                p += length
                month = found
            case .ampm:
                let a = p[0] | 0x20
                guard (a == 0x61 || a == 0x70), p[1] | 0x20 == 0x6D else { return fail() }
                pm = a == 0x70
                p += 2
            case .offset:
                guard let seconds = TimeParser.offset(&p) else { return fail() }
                clock.offsetSeconds = seconds
            case .epoch:
                var negative = false
                if p[0] == ASCII.minus {
                    negative = true
                    p += 1
                }
                guard let v = number(1, 12) else { return fail() }
                epoch = negative ? -v : v
            }
        }
        if let pm {
            guard clock.hour >= 1, clock.hour <= 12 else { return fail() }
            if clock.hour == 12 { clock.hour = 0 }
            if pm { clock.hour += 12 }
        }
        if let epoch {
            let (scaled, overflow) = epoch.multipliedReportingOverflow(by: 1_000_000_000)
            guard !overflow else { return TimeParser.Result(status: .outOfRange, nanoseconds: 0, end: p) }
            return TimeParser.Result(status: .ok, nanoseconds: scaled &+ clock.fraction, end: p)
        }
        if dayOfYear > 0 {
            let length: Int64 = CivilCalendar.daysIn(month: 2, year: year) == 29 ? 366 : 365
            guard dayOfYear <= length else { return fail() }
            month = 1
            day = 1
            clock.second += (dayOfYear - 1) * 86_400
        }
        guard month >= 1, month <= 12, day >= 1, day <= Int64(CivilCalendar.daysIn(month: Int(month), year: year)),
            clock.hour <= 23, clock.minute <= 59, clock.second <= 60 + (dayOfYear > 0 ? 366 * 86_400 : 0)
        else { return fail() }
        return TimeParser.finish(p, year, month, day, clock)
    }
}
