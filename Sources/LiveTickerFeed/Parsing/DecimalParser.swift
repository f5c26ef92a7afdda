#if canImport(Glibc)
import Glibc
#endif

/// Decimal text to `Double`, correctly rounded, without allocating.
///
/// Fast path (Clinger 1990): a plain decimal with at most 19 digits whose integer
/// mantissa m ≤ 2⁵³ and whose decimal exponent k has |k| ≤ 22 is exactly m × 10ᵏ or m / 10⁻ᵏ,
/// one IEEE operation on two exact operands, hence correctly rounded. Prices and sensor samples
/// (`101.25`, `-0.125`, `3`) all take it. Anything else (more digits, big exponents, `nan`,
/// `inf`, hex floats, a decimal comma) goes to `strtod` on a NUL-terminated copy in the
/// parser's fixed scratch buffer, which is also correctly rounded. Digits are read eight at a
/// time (``SWARDigits``), so `start` needs 8 readable bytes.
enum DecimalParser {
    /// Parses the longest decimal at `start`; nil when the fast path does not apply (no digits,
    /// too many digits, exponent too large). `start` must be followed, before the end of its
    /// buffer, by a byte that is not part of a number (the readers guarantee a newline or NUL).
    @inline(__always)
    static func parseFast(
        _ start: UnsafePointer<UInt8>, scratch: ParseScratch
    ) -> (value: Double, end: UnsafePointer<UInt8>)? {
        let powersOfTen = scratch.powersOfTen
        let integerPowersOfTen = scratch.integerPowersOfTen
        var p = start
        var negative = false
        if p[0] == ASCII.minus {
            negative = true
            p += 1
        } else if p[0] == ASCII.plus {
            p += 1
        }
        // Up to 8 integer digits in one step, then (rarely) one digit at a time.
        var chunk = SWARDigits.load(p)
        var n = SWARDigits.leadingDigitCount(chunk)
        var mantissa = SWARDigits.value(chunk, count: n)
        var digits = n
        p += n
        if n == 8 {
            while true {
                let d = ASCII.digit(p[0])
                if d > 9 { break }
                if digits >= 19 { return nil }
                mantissa = mantissa &* 10 &+ UInt64(d)
                digits &+= 1
                p += 1
            }
        }
        var exponent = 0
        if p[0] == ASCII.dot {
            p += 1
            if digits <= 11 {
                chunk = SWARDigits.load(p)
                n = SWARDigits.leadingDigitCount(chunk)
                mantissa = mantissa &* integerPowersOfTen[n] &+ SWARDigits.value(chunk, count: n)
                digits &+= n
                exponent = -n
                p += n
            } else {
                n = 8
            }
            if n == 8 {
                while true {
                    let d = ASCII.digit(p[0])
                    if d > 9 { break }
                    if digits >= 19 { return nil }
                    mantissa = mantissa &* 10 &+ UInt64(d)
                    digits &+= 1
                    exponent &-= 1
                    p += 1
                }
            }
        }
        let sawDigit = digits > 0
        guard sawDigit else { return nil }
        if p[0] | 0x20 == ASCII.lowerE {
            p += 1
            var negativeExponent = false
            if p[0] == ASCII.minus {
                negativeExponent = true
                p += 1
            } else if p[0] == ASCII.plus {
                p += 1
            }
            var e = 0
            var digits = 0
            while true {
                let d = ASCII.digit(p[0])
                if d > 9 { break }
                if digits >= 4 { return nil }
                e = e &* 10 &+ Int(d)
                digits &+= 1
                p += 1
            }
            if digits == 0 { return nil }
            exponent &+= negativeExponent ? -e : e
        }
        if mantissa > 1 << 53 { return nil }
        var value = Double(mantissa)
        if exponent < 0 {
            if exponent < -22 {
                if mantissa != 0 { return nil }
            } else {
                value /= powersOfTen[-exponent]
            }
        } else if exponent > 0 {
            if exponent > 22 {
                if mantissa != 0 { return nil }
            } else {
                value *= powersOfTen[exponent]
            }
        }
        return (negative ? -value : value, UnsafePointer(p))
    }

    /// Parses exactly the bytes `[start, start + count)` with `strtod`, through a NUL-terminated
    /// copy in `scratch`. Accepts everything `strtod` does (exponents, `nan`, `inf`, `infinity`,
    /// hex floats, `null`/`None`/`NA`/`N/A` in any case as NaN), thousands separators in groups of three (`1,234.5`, `16.750,00`, `1 234,5`
    /// is not one), and a decimal comma when `allowDecimalComma` (for `;`- and tab-separated
    /// files written in comma locales). With `decimalComma` (the file uses a decimal comma),
    /// `.` only ever separates thousands (`1.234` is 1234). Nil unless the whole field is one
    /// number. O(count).
    static func parseSlow(
        _ start: UnsafePointer<UInt8>, count: Int, scratch: ParseScratch, allowDecimalComma: Bool,
        decimalComma: Bool = false
    ) -> Double? {
        guard count > 0, count <= ParseScratch.capacity else { return nil }
        if isMissingWord(start, count) { return .nan }
        // A currency sign before the number (Nasdaq's `$175.10`, `-$1.50`, `€12,50`): the
        // number after it.
        let signed = start[0] == ASCII.minus ? 1 : 0
        let currency = count > signed ? currencySignLength(start + signed, count - signed) : 0
        if currency > 0 {
            guard count > signed + currency,
                let value = parseSlow(
                    start + signed + currency, count: count - signed - currency, scratch: scratch,
                    allowDecimalComma: allowDecimalComma, decimalComma: decimalComma)
            else { return nil }
            return signed == 1 ? -value : value
        }
        let buffer = scratch.bytes
        var commas = 0
        var dots = 0
        var firstComma = -1, lastComma = -1, firstDot = -1, lastDot = -1
        for i in 0..<count {
            let byte = start[i]
            if byte == ASCII.nul { return nil }
            if byte == ASCII.dot {
                dots += 1
                if firstDot < 0 { firstDot = i }
                lastDot = i
            }
            if byte == ASCII.comma {
                commas += 1
                if firstComma < 0 { firstComma = i }
                lastComma = i
            }
        }
        // Which byte separates thousands, which one is the decimal point.
        var group: UInt8 = 0
        var point: UInt8 = ASCII.dot
        if decimalComma {
            guard commas <= 1, commas == 0 || lastComma > lastDot else { return nil }
            group = dots > 0 ? ASCII.dot : 0
            point = ASCII.comma
        } else if commas > 0 {
            if allowDecimalComma && commas == 1 && (dots == 0 || firstComma > lastDot) {
                // `101,25` or `16.750,00`: a decimal comma, dots between thousands.
                point = ASCII.comma
                group = dots > 0 ? ASCII.dot : 0
            } else if dots <= 1 && (dots == 0 || firstDot > lastComma) {
                // `1,234.5` (quoted in a comma-delimited file): commas between thousands.
                group = ASCII.comma
            } else {
                return nil
            }
        }
        if group != 0 {
            let integerEnd: Int
            if point == ASCII.comma { integerEnd = commas > 0 ? lastComma : count } else { integerEnd = dots > 0 ? firstDot : count }
            guard isGrouped(start, count, separator: group, end: integerEnd) else { return nil }
        }
        var n = 0
        for i in 0..<count {
            let byte = start[i]
            if byte == group { continue }
            buffer[n] = byte == point ? ASCII.dot : byte
            n += 1
        }
        buffer[n] = ASCII.nul
        return buffer.withMemoryRebound(to: CChar.self, capacity: n + 1) { text -> Double? in
            var end: UnsafeMutablePointer<CChar>? = nil
            let value = strtod(text, &end)
            guard let end, end == text + n else { return nil }
            // strtod skips leading white space; the field was trimmed, so any left means junk.
            if text[0] == CChar(ASCII.space) || text[0] == CChar(ASCII.tab) { return nil }
            return value
        }
    }

    /// The bytes of a currency sign at `start` (`$`; `£`, `¥` and `€` in UTF-8), else 0.
    static func currencySignLength(_ start: UnsafePointer<UInt8>, _ count: Int) -> Int {
        if start[0] == 0x24 { return 1 }
        if count >= 2 && start[0] == 0xC2 && (start[1] == 0xA3 || start[1] == 0xA5) { return 2 }
        if count >= 3 && start[0] == 0xE2 && start[1] == 0x82 && start[2] == 0xAC { return 3 }
        return 0
    }

    /// `null`, `None`, `NA`, `N/A`, `#N/A`, in any case: a missing value (Yahoo Finance's
    /// holiday rows, pandas, R, spreadsheets), read as NaN, a gap. (A lone `-` is no value
    /// either, but Investing.com writes it for a volume of none, read as 0 elsewhere.) O(count),
    /// no allocation.
    static func isMissingWord(_ start: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        guard count >= 2 && count <= 11 else { return false }
        // Home Assistant's history writes `unavailable` and `unknown` where a sensor had no state.
        for word in ["null", "none", "na", "n/a", "#n/a", "unavailable", "unknown"] as [StaticString]
        where word.utf8CodeUnitCount == count {
            var same = true
            for i in 0..<count {
                // ASCII letters folded to lower case (bit 0x20), other bytes as they are.
                let byte = start[i]
                same = same && (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == word.utf8Start[i]
            }
            if same { return true }
        }
        return false
    }

    /// Whether every `separator` in `[0, end)` sits between digit groups: 1–3 digits (after an
    /// optional sign) before the first, exactly 3 between and after each.
    static func isGrouped(_ start: UnsafePointer<UInt8>, _ count: Int, separator: UInt8, end: Int) -> Bool {
        var i = 0
        if i < end && (start[i] == ASCII.minus || start[i] == ASCII.plus) { i += 1 }
        var run = 0
        var groups = 0
        while i < end {
            let b = start[i]
            if b == separator {
                if groups == 0 ? (run < 1 || run > 3) : run != 3 { return false }
                groups += 1
                run = 0
            } else if ASCII.digit(b) <= 9 {
                run += 1
            } else {
                return false
            }
            i += 1
        }
        return groups > 0 && run == 3
    }
}
