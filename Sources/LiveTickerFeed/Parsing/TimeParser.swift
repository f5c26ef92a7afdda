import LiveTickerCore
/// Timestamp text to nanoseconds since the Unix epoch, without allocating.
///
/// Accepted forms:
/// - epoch numbers, integer or fractional (`1709285400`, `1709285400123`, `0.002778`,
///   `-5`), in the given unit or detected by magnitude (see ``TimeUnit``); fractional digits are
///   converted exactly (to the nanosecond) from the digits, not through a `Double`; exponent
///   forms (`1.7e9`) go through a `Double`;
/// - ISO-8601 / RFC 3339 and their common relatives: `2024-03-01T09:30:00Z`,
///   `2024-03-01 09:30:00`, `2024-03-01T09:30:00.123456789+01:00`, `2010/01/01 00:00:00`,
///   `2024-03-01` (midnight), offsets `Z`, `±hh:mm`, `±hhmm`, `±hh`; a decimal comma before
///   fractional seconds. Times without an offset are UTC (replays are then the same everywhere).
///
/// Every form is range-checked: results must fit `Int64` nanoseconds (1677-09-21 … 2262-04-11).
enum TimeParser {
    /// Outcome of parsing one timestamp.
    enum Status: UInt8 {
        case ok, malformed, outOfRange
    }

    /// A parsed timestamp and where parsing stopped.
    struct Result {
        var status: Status
        var nanoseconds: Int64
        var end: UnsafePointer<UInt8>
    }

    /// Parses the longest timestamp at `start`; the caller checks that `end` is at the end of
    /// the field. The buffer must hold a byte after the field that is not a digit (the readers
    /// guarantee a newline or NUL) and 8 readable bytes at any position up to it
    /// (``SWARDigits/padding``). O(length).
    @inline(__always)
    static func parse(_ start: UnsafePointer<UInt8>, unit: TimeUnit, scratch: ParseScratch) -> Result {
        var p = start
        var negative = false
        if p[0] == ASCII.minus {
            negative = true
            p += 1
        } else if p[0] == ASCII.plus {
            p += 1
        }
        let digitsStart = p
        // Up to 16 digits in two 8-byte steps (epoch ms has 13), then one at a time, checked.
        var chunk = SWARDigits.load(p)
        var n = SWARDigits.leadingDigitCount(chunk)
        var whole = SWARDigits.value(chunk, count: n)
        p += n
        if n == 8 {
            chunk = SWARDigits.load(p)
            n = SWARDigits.leadingDigitCount(chunk)
            whole = whole &* scratch.integerPowersOfTen[n] &+ SWARDigits.value(chunk, count: n)
            p += n
        }
        var overflow = false
        if n == 8 {
            while true {
                let d = ASCII.digit(p[0])
                if d > 9 { break }
                if whole < 1_000_000_000_000_000_000 {
                    whole = whole &* 10 &+ UInt64(d)
                } else {
                    let (times10, o1) = whole.multipliedReportingOverflow(by: 10)
                    let (sum, o2) = times10.addingReportingOverflow(UInt64(d))
                    if o1 || o2 { overflow = true } else { whole = sum }
                }
                p += 1
            }
        }
        let wholeDigits = p - digitsStart
        if wholeDigits == 4 && !negative && (p[0] == ASCII.minus || p[0] == ASCII.slash) {
            return parseCalendar(start)
        }
        var fraction: UInt64 = 0
        var fractionDigits = 0
        if p[0] == ASCII.dot {
            p += 1
            while true {
                let d = ASCII.digit(p[0])
                if d > 9 { break }
                if fractionDigits < 9 {
                    fraction = fraction &* 10 &+ UInt64(d)
                    fractionDigits &+= 1
                }
                p += 1
            }
            // More than 9 fractional digits: the rest is below a nanosecond and dropped.
            if fractionDigits == 9 {
                while ASCII.digit(p[0]) <= 9 { p += 1 }
            }
        }
        if wholeDigits == 0 && fractionDigits == 0 {
            return Result(status: .malformed, nanoseconds: 0, end: UnsafePointer(p))
        }
        if p[0] | 0x20 == ASCII.lowerE {
            return parseScientific(start, unit: unit, scratch: scratch)
        }
        if overflow { return Result(status: .outOfRange, nanoseconds: 0, end: UnsafePointer(p)) }
        let resolved = unit == .auto ? TimeUnit.detect(magnitude: whole) : unit
        let perUnit = UInt64(resolved.nanosecondsPerUnit)
        let (scaled, o1) = whole.multipliedReportingOverflow(by: perUnit)
        var fractionNanoseconds: UInt64 = 0
        if fractionDigits > 0 {
            var divisor: UInt64 = 1
            for _ in 0..<fractionDigits { divisor &*= 10 }
            // fraction < 10⁹ and perUnit ≤ 10⁹, so the product stays below 10¹⁸.
            fractionNanoseconds = fraction &* perUnit / divisor
        }
        let (total, o2) = scaled.addingReportingOverflow(fractionNanoseconds)
        let limit: UInt64 = negative ? 1 << 63 : UInt64(Int64.max)
        if o1 || o2 || total > limit {
            return Result(status: .outOfRange, nanoseconds: 0, end: UnsafePointer(p))
        }
        let nanoseconds = negative ? Int64(truncatingIfNeeded: 0 &- total) : Int64(total)
        return Result(status: .ok, nanoseconds: nanoseconds, end: UnsafePointer(p))
    }

    /// `1.7092854e9`-style times: through a `Double`, unit detected on its magnitude.
    static func parseScientific(_ start: UnsafePointer<UInt8>, unit: TimeUnit, scratch: ParseScratch) -> Result {
        guard let (value, end) = DecimalParser.parseFast(start, scratch: scratch), value.isFinite
        else {
            var p = start
            while p[0] > ASCII.space && p[0] != ASCII.comma && p[0] != ASCII.semicolon { p += 1 }
            return Result(status: .malformed, nanoseconds: 0, end: UnsafePointer(p))
        }
        let magnitude = value.magnitude
        let resolved = unit != .auto ? unit : magnitude >= 1e19 ? .nanoseconds : TimeUnit.detect(magnitude: UInt64(magnitude))
        let nanoseconds = (value * Double(resolved.nanosecondsPerUnit)).rounded()
        guard nanoseconds >= -9.223372036854775808e18, nanoseconds < 9.223372036854775808e18 else {
            return Result(status: .outOfRange, nanoseconds: 0, end: end)
        }
        return Result(status: .ok, nanoseconds: Int64(nanoseconds), end: end)
    }

    /// Reads 1 or 2 digits (`maximum` digits at most); nil if none.
    @inline(__always)
    private static func digits(_ p: inout UnsafePointer<UInt8>, minimum: Int, maximum: Int) -> Int64? {
        var value: Int64 = 0
        var count = 0
        while count < maximum {
            let d = ASCII.digit(p[0])
            if d > 9 { break }
            value = value * 10 + Int64(d)
            count += 1
            p += 1
        }
        return count >= minimum ? value : nil
    }

    /// Calendar forms: `YYYY-MM-DD[(T| )hh:mm[:ss[.frac]]][Z|±hh[:mm]]`, `/` allowed for `-`.
    static func parseCalendar(_ start: UnsafePointer<UInt8>) -> Result {
        var p = start
        func fail(_ status: Status = .malformed) -> Result { Result(status: status, nanoseconds: 0, end: p) }
        guard let year = digits(&p, minimum: 4, maximum: 4) else { return fail() }
        let separator = p[0]
        p += 1
        guard let month = digits(&p, minimum: 1, maximum: 2), p[0] == separator else { return fail() }
        p += 1
        guard let day = digits(&p, minimum: 1, maximum: 2) else { return fail() }
        guard month >= 1, month <= 12, day >= 1, day <= Int64(CivilCalendar.daysIn(month: Int(month), year: year)) else {
            return fail()
        }
        var hour: Int64 = 0
        var minute: Int64 = 0
        var second: Int64 = 0
        var fraction: Int64 = 0
        var offsetSeconds: Int64 = 0
        let t = p[0]
        if (t == ASCII.upperT || t == ASCII.lowerT || t == ASCII.space) && ASCII.digit(p[1]) <= 9 {
            p += 1
            guard let h = digits(&p, minimum: 1, maximum: 2), p[0] == ASCII.colon else { return fail() }
            p += 1
            guard let m = digits(&p, minimum: 2, maximum: 2) else { return fail() }
            hour = h
            minute = m
            if p[0] == ASCII.colon {
                p += 1
                guard let s = digits(&p, minimum: 2, maximum: 2) else { return fail() }
                second = s
                if (p[0] == ASCII.dot || p[0] == ASCII.comma) && ASCII.digit(p[1]) <= 9 {
                    p += 1
                    var count = 0
                    while ASCII.digit(p[0]) <= 9 {
                        if count < 9 {
                            fraction = fraction * 10 + Int64(ASCII.digit(p[0]))
                            count += 1
                        }
                        p += 1
                    }
                    while count < 9 {
                        fraction *= 10
                        count += 1
                    }
                }
            }
            guard hour <= 23, minute <= 59, second <= 60 else { return fail() }
            let z = p[0]
            if z == ASCII.upperZ || z == ASCII.lowerZ {
                p += 1
            } else if (z == ASCII.plus || z == ASCII.minus) && ASCII.digit(p[1]) <= 9 {
                p += 1
                guard let oh = digits(&p, minimum: 2, maximum: 2) else { return fail() }
                var om: Int64 = 0
                if p[0] == ASCII.colon {
                    p += 1
                    guard let m = digits(&p, minimum: 2, maximum: 2) else { return fail() }
                    om = m
                } else if let m = digits(&p, minimum: 2, maximum: 2) {
                    om = m
                }
                guard oh <= 23, om <= 59 else { return fail() }
                offsetSeconds = (oh * 3600 + om * 60) * (z == ASCII.minus ? -1 : 1)
            }
        }
        let days = CivilCalendar.days(fromYear: year, month: Int(month), day: Int(day))
        var seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        var nanos = fraction
        // Before the epoch, borrow a second so the product does not overflow at the Int64
        // minimum (1677-09-21T00:12:43.145224192Z must parse).
        if seconds < 0 && nanos > 0 {
            seconds += 1
            nanos -= 1_000_000_000
        }
        let (scaled, o1) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, o2) = scaled.addingReportingOverflow(nanos)
        if o1 || o2 { return fail(.outOfRange) }
        return Result(status: .ok, nanoseconds: total, end: p)
    }
}

extension TimeParser {
    /// Parses a whole string as a timestamp (for options such as `--from`): any form above, in
    /// `unit`. Nil when malformed or out of range. Allocates a copy of the text.
    static func parse(text: String, unit: TimeUnit = .auto) -> Int64? {
        var bytes = Array(text.utf8)
        let count = bytes.count
        bytes += [UInt8](repeating: 0, count: 1 + SWARDigits.padding)
        let scratch = ParseScratch()
        return bytes.withUnsafeBufferPointer { buffer -> Int64? in
            let start = buffer.baseAddress!
            let result = parse(start, unit: unit, scratch: scratch)
            guard result.status == .ok, result.end == start + count else { return nil }
            return result.nanoseconds
        }
    }
}
