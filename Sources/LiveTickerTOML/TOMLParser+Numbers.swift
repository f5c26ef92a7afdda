#if canImport(Glibc)
import Glibc
#endif

extension TOMLParser {
    static func isDigit(_ c: UInt32?) -> Bool { c.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }

    /// Digits of `isDigit` with single underscores between them, starting at `pos`;
    /// appends the digits (without underscores) to `out`. Returns false (pos unchanged) when
    /// no digit starts here. Stops before an underscore that no digit follows.
    mutating func digits(_ isDigit: (UInt32) -> Bool, into out: inout [UInt8]) -> Bool {
        guard let first = peek(), isDigit(first) else { return false }
        out.append(UInt8(first))
        pos += 1
        while let c = peek() {
            if isDigit(c) {
                out.append(UInt8(c))
                pos += 1
            } else if c == 0x5F, let next = peek(1), isDigit(next) {
                out.append(UInt8(next))
                pos += 2
            } else {
                break
            }
        }
        return true
    }

    /// An integer (decimal, or `0x`/`0o`/`0b` without a sign) or a float with a fraction
    /// and/or exponent; nil when no number starts here. The longest valid prefix is taken
    /// (what follows is the caller's to reject). Integers must fit 64 bits.
    mutating func parseNumber() throws(TOMLError) -> TOMLValue? {
        let start = pos
        if peek() == 0x30, let kind = peek(1), kind == 0x78 || kind == 0x6F || kind == 0x62 {
            let radix: Int64 = kind == 0x78 ? 16 : kind == 0x6F ? 8 : 2
            pos += 2
            var out: [UInt8] = []
            let ok = digits({ c in
                switch radix {
                case 16: Self.hexDigit(c) != nil
                case 8: c >= 0x30 && c <= 0x37
                default: c == 0x30 || c == 0x31
                }
            }, into: &out)
            if ok {
                var value: Int64 = 0
                for d in out {
                    let digit = Int64(Self.hexDigit(UInt32(d))!)
                    let (m, o1) = value.multipliedReportingOverflow(by: radix)
                    let (a, o2) = m.addingReportingOverflow(digit)
                    if o1 || o2 { throw error("integer does not fit 64 bits", at: start) }
                    value = a
                }
                return .integer(value)
            }
            pos = start  // "0" alone, then "x…" is the caller's problem
        }
        var text: [UInt8] = []
        if let sign = peek(), sign == 0x2B || sign == 0x2D {
            text.append(UInt8(sign))
            pos += 1
        }
        guard Self.isDigit(peek()) else {
            pos = start
            return nil
        }
        if peek() == 0x30 {
            text.append(0x30)
            pos += 1
        } else {
            _ = digits({ $0 >= 0x30 && $0 <= 0x39 }, into: &text)
        }
        var isFloat = false
        if peek() == 0x2E, Self.isDigit(peek(1)) {
            text.append(0x2E)
            pos += 1
            _ = digits({ $0 >= 0x30 && $0 <= 0x39 }, into: &text)
            isFloat = true
        }
        if let e = peek(), e == 0x65 || e == 0x45 {
            let mark = pos
            var exponent: [UInt8] = [0x65]
            pos += 1
            if let sign = peek(), sign == 0x2B || sign == 0x2D {
                exponent.append(UInt8(sign))
                pos += 1
            }
            if digits({ $0 >= 0x30 && $0 <= 0x39 }, into: &exponent) {
                text += exponent
                isFloat = true
            } else {
                pos = mark
            }
        }
        if isFloat {
            text.append(0)
            let value = text.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { strtod($0, nil) }
            }
            return .float(value)
        }
        var value: Int64 = 0
        let negative = text.first == 0x2D
        for d in text where d >= 0x30 && d <= 0x39 {
            let digit = Int64(d - 0x30)
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (a, o2) = negative ? m.subtractingReportingOverflow(digit) : m.addingReportingOverflow(digit)
            if o1 || o2 { throw error("integer does not fit 64 bits", at: start) }
            value = a
        }
        return .integer(value)
    }

    /// Reads exactly `count` decimal digits; nil (pos unchanged) otherwise.
    mutating func fixedDigits(_ count: Int) -> Int? {
        var value = 0
        for i in 0..<count {
            guard let c = peek(i), Self.isDigit(c) else { return nil }
            value = value * 10 + Int(c - 0x30)
        }
        pos += count
        return value
    }

    /// `HH:MM:SS[.fraction]` at pos (ranges checked); nil (pos unchanged) when it does not match.
    mutating func timeOfDay(into value: inout TOMLDateTime) -> Bool {
        let start = pos
        guard let h = fixedDigits(2), h <= 23, peek() == 0x3A else {
            pos = start
            return false
        }
        pos += 1
        guard let m = fixedDigits(2), m <= 59, peek() == 0x3A else {
            pos = start
            return false
        }
        pos += 1
        guard let s = fixedDigits(2), s <= 59 else {
            pos = start
            return false
        }
        value.hour = h
        value.minute = m
        value.second = s
        if peek() == 0x2E, Self.isDigit(peek(1)) {
            pos += 1
            var nanos = 0
            var digits = 0
            while let c = peek(), Self.isDigit(c) {
                if digits < 9 { nanos = nanos * 10 + Int(c - 0x30) }
                digits += 1
                pos += 1
            }
            for _ in min(digits, 9)..<9 { nanos *= 10 }
            value.nanosecond = nanos
        }
        return true
    }

    /// An offset date-time, local date-time, local date or local time at pos; nil when none
    /// starts here. A date that does not exist (Feb 30) is an error.
    mutating func parseDateTime() throws(TOMLError) -> TOMLDateTime? {
        let start = pos
        var value = TOMLDateTime(kind: .localTime)
        if timeOfDay(into: &value) { return value }
        guard let year = fixedDigits(4), peek() == 0x2D else {
            pos = start
            return nil
        }
        pos += 1
        guard let month = fixedDigits(2), (1...12).contains(month), peek() == 0x2D else {
            pos = start
            return nil
        }
        pos += 1
        guard let day = fixedDigits(2), (1...31).contains(day) else {
            pos = start
            return nil
        }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard year >= 1, day <= days else { throw error("there is no date \(year)-\(month)-\(day)", at: start) }
        value = TOMLDateTime(kind: .localDate)
        value.year = year
        value.month = month
        value.day = day
        if let separator = peek(), separator == 0x54 || separator == 0x74 || separator == 0x20 {
            let mark = pos
            pos += 1
            var withTime = value
            guard timeOfDay(into: &withTime) else {
                pos = mark
                return value
            }
            withTime.kind = .localDateTime
            if let z = peek(), z == 0x5A || z == 0x7A {
                pos += 1
                withTime.kind = .offsetDateTime
            } else if let sign = peek(), sign == 0x2B || sign == 0x2D {
                let offsetStart = pos
                pos += 1
                if let oh = fixedDigits(2), oh <= 23, peek() == 0x3A {
                    pos += 1
                    if let om = fixedDigits(2), om <= 59 {
                        withTime.kind = .offsetDateTime
                        withTime.offsetMinutes = (sign == 0x2D ? -1 : 1) * (oh * 60 + om)
                    } else {
                        pos = offsetStart
                    }
                } else {
                    pos = offsetStart
                }
            }
            return withTime
        }
        return value
    }
}
