/// The per-field parsers of the CSV hot loop. Each starts at the first byte of a field, leaves
/// `p` on the byte that ended it (the delimiter, `\r` or `\n`), and reports what it found.
/// They never read past the line's `\n`, which the readers guarantee is in the buffer.
enum CSVFieldParsers {
    /// Outcome of one field.
    enum Status: UInt8 {
        case ok, empty, malformed, outOfRange, unterminatedQuote, tooLong
    }

    @inline(__always)
    static func isTerminator(_ byte: UInt8, _ delimiter: UInt8) -> Bool {
        byte == delimiter || byte == ASCII.newline || byte == ASCII.carriageReturn
    }

    /// Spaces around fields are ignored (and tabs, unless tab is the delimiter).
    @inline(__always)
    static func skipSpaces(_ p: UnsafePointer<UInt8>, _ delimiter: UInt8) -> UnsafePointer<UInt8> {
        var q = p
        while q[0] == ASCII.space || (q[0] == ASCII.tab && delimiter != ASCII.tab) { q += 1 }
        return q
    }

    /// Unquotes the RFC 4180 field at `p` (which is on its opening quote) into `scratch`,
    /// turning `""` into `"`, and NUL-terminates it. On success `p` is on the terminator and the
    /// field's length is returned with `.ok`. A field may not span lines.
    static func unquote(
        _ p: inout UnsafePointer<UInt8>, delimiter: UInt8, scratch: ParseScratch
    ) -> (status: Status, count: Int) {
        var q = p + 1
        var n = 0
        let out = scratch.bytes
        while true {
            let b = q[0]
            if b == ASCII.quote {
                if q[1] == ASCII.quote {
                    if n < ParseScratch.capacity { out[n] = ASCII.quote }
                    n += 1
                    q += 2
                    continue
                }
                q += 1
                break
            }
            if b == ASCII.newline {
                p = q
                return (.unterminatedQuote, 0)
            }
            if n < ParseScratch.capacity { out[n] = b }
            n += 1
            q += 1
        }
        q = skipSpaces(q, delimiter)
        p = q
        guard isTerminator(q[0], delimiter) else { return (.malformed, 0) }
        guard n <= ParseScratch.capacity else { return (.tooLong, 0) }
        // Spaces inside the quotes are not significant for numbers, times or symbols either.
        var start = 0
        while start < n && (out[start] == ASCII.space || out[start] == ASCII.tab) { start += 1 }
        var end = n
        while end > start && (out[end - 1] == ASCII.space || out[end - 1] == ASCII.tab) { end -= 1 }
        if start > 0 {
            for i in start..<end { out[i - start] = out[i] }
        }
        out[end - start] = ASCII.nul
        return (.ok, end - start)
    }

    /// Skips a field this layout does not read, quoted or not.
    @inline(__always)
    static func skip(_ p: inout UnsafePointer<UInt8>, delimiter: UInt8) -> Status {
        var q = skipSpaces(p, delimiter)
        if q[0] == ASCII.quote {
            q += 1
            while true {
                if q[0] == ASCII.quote {
                    if q[1] == ASCII.quote {
                        q += 2
                        continue
                    }
                    q += 1
                    break
                }
                if q[0] == ASCII.newline {
                    p = q
                    return .unterminatedQuote
                }
                q += 1
            }
        }
        while !isTerminator(q[0], delimiter) { q += 1 }
        p = q
        return .ok
    }

    /// A value, size, bid or ask field. Empty fields report `.empty`.
    @inline(__always)
    static func number(
        _ p: inout UnsafePointer<UInt8>, delimiter: UInt8, scratch: ParseScratch
    ) -> (status: Status, value: Double) {
        let q = skipSpaces(p, delimiter)
        // With a decimal comma, `1.234` is a thousand: the slow path reads that.
        if scratch.decimalComma { return numberSlow(&p, from: q, delimiter: delimiter, scratch: scratch) }
        // The plain form first (`101.25`: one word, no exponent); bit-identical where it applies.
        var plainEnd = q
        if let value = CSVRecordParser.plainDecimal(
            &plainEnd, powers: scratch.powersOfTen, integerPowers: scratch.integerPowersOfTen)
        {
            let after = skipSpaces(plainEnd, delimiter)
            if isTerminator(after[0], delimiter) {
                p = after
                return (.ok, value)
            }
        }
        if let (value, end) = DecimalParser.parseFast(q, scratch: scratch) {
            let after = skipSpaces(end, delimiter)
            if isTerminator(after[0], delimiter) {
                p = after
                return (.ok, value)
            }
        }
        return numberSlow(&p, from: q, delimiter: delimiter, scratch: scratch)
    }

    static func numberSlow(
        _ p: inout UnsafePointer<UInt8>, from q: UnsafePointer<UInt8>, delimiter: UInt8, scratch: ParseScratch
    ) -> (status: Status, value: Double) {
        let allowComma = delimiter != ASCII.comma
        if q[0] == ASCII.quote {
            var cursor = q
            let (status, count) = unquote(&cursor, delimiter: delimiter, scratch: scratch)
            p = cursor
            guard status == .ok else { return (status, .nan) }
            if count == 0 { return (.empty, .nan) }
            // Inside quotes a comma is part of the number: between thousands in a comma-delimited
            // file (`"1,234.5"`) unless the file writes a decimal comma (`"17.570,51"`), else a
            // decimal comma.
            guard let value = DecimalParser.parseSlow(
                scratch.bytes, count: count, scratch: scratch, allowDecimalComma: allowComma || scratch.decimalComma,
                decimalComma: scratch.decimalComma)
            else { return (.malformed, .nan) }
            return (.ok, value)
        }
        var end = q
        while !isTerminator(end[0], delimiter) { end += 1 }
        p = end
        while end > q && (end[-1] == ASCII.space || end[-1] == ASCII.tab) { end -= 1 }
        if end == q { return (.empty, .nan) }
        guard let value = DecimalParser.parseSlow(
            q, count: end - q, scratch: scratch, allowDecimalComma: allowComma, decimalComma: scratch.decimalComma)
        else { return (.malformed, .nan) }
        return (.ok, value)
    }

    /// A volume field: a number as ``number(_:delimiter:scratch:)`` reads it, or the forms
    /// Investing.com and other sites print volumes in: a `K`, `M` or `B` suffix (`95.13M`,
    /// `"1.2K"`: thousands, millions, billions) and `-` for none (empty). Only a number the
    /// plain parser refuses takes the suffix path, so plain volumes cost nothing more. O(field).
    @inline(__always)
    static func volume(
        _ p: inout UnsafePointer<UInt8>, delimiter: UInt8, scratch: ParseScratch
    ) -> (status: Status, value: Double) {
        let start = p
        let r = number(&p, delimiter: delimiter, scratch: scratch)
        guard r.status == .malformed else { return r }
        // The field's text again: unquoted into scratch, or in place.
        var q = skipSpaces(start, delimiter)
        var text = q
        var count: Int
        if q[0] == ASCII.quote {
            let (status, n) = unquote(&q, delimiter: delimiter, scratch: scratch)
            guard status == .ok else { return r }
            text = UnsafePointer(scratch.bytes)
            count = n
        } else {
            var end = q
            while !isTerminator(end[0], delimiter) { end += 1 }
            while end > q && (end[-1] == ASCII.space || end[-1] == ASCII.tab) { end -= 1 }
            count = end - q
        }
        while count > 0 && (text[count - 1] == ASCII.space || text[count - 1] == ASCII.tab) { count -= 1 }
        if count == 1 && text[0] == UInt8(ascii: "-") { return (.empty, .nan) }
        guard count >= 2 else { return r }
        let scale: Double
        switch text[count - 1] | 0x20 {
        case UInt8(ascii: "k"): scale = 1e3
        case UInt8(ascii: "m"): scale = 1e6
        case UInt8(ascii: "b"): scale = 1e9
        default: return r
        }
        // In a decimal-comma file a lone dot not followed by three digits separates no
        // thousands: it is the mantissa's decimal point (`75.74M` beside `17.570,51`).
        var decimalComma = scratch.decimalComma
        if decimalComma {
            var dots = 0, commas = 0, lastDot = 0
            for i in 0..<(count - 1) {
                if text[i] == ASCII.dot { dots += 1; lastDot = i }
                if text[i] == ASCII.comma { commas += 1 }
            }
            if dots == 1 && commas == 0 && count - 2 - lastDot != 3 { decimalComma = false }
        }
        guard let value = DecimalParser.parseSlow(
            text, count: count - 1, scratch: scratch, allowDecimalComma: delimiter != ASCII.comma || decimalComma,
            decimalComma: decimalComma)
        else { return r }
        return (.ok, value * scale)
    }

    /// A time field, in `unit` (see ``TimeParser``).
    @inline(__always)
    static func time(
        _ p: inout UnsafePointer<UInt8>, delimiter: UInt8, unit: TimeUnit, scratch: ParseScratch,
        form: ColumnRole = .time
    ) -> (status: Status, nanoseconds: Int64) {
        let q = skipSpaces(p, delimiter)
        if q[0] == ASCII.quote {
            return quotedTime(&p, from: q, delimiter: delimiter, unit: unit, scratch: scratch, form: form)
        }
        let code = form == .time ? scratch.timeForm : scratch.dateForm
        // Plain epoch digits first; a time that goes on (`.5`, `e9`, `-03-01`, a 16th digit) is
        // not followed by a terminator and goes to the full parser.
        if code == 0 {
            var plainEnd = q
            var leading = CSVRecordParser.LeadingDigits()
            if let nanoseconds = CSVRecordParser.plainTime(
                &plainEnd, multiplier: UInt64(unit.nanosecondsPerUnit), integerPowers: scratch.integerPowersOfTen,
                leading: &leading)
            {
                let after = skipSpaces(plainEnd, delimiter)
                if isTerminator(after[0], delimiter) {
                    p = after
                    return (.ok, nanoseconds)
                }
            }
        }
        // A comma may start fractional seconds only when it is not the delimiter.
        let result = TimeParser.parse(
            q, code: code, pattern: scratch.timePattern, unit: unit, scratch: scratch,
            commaFraction: delimiter != ASCII.comma)
        let after = skipSpaces(result.end, delimiter)
        if !isTerminator(after[0], delimiter) || result.end == q {
            var end = after
            while !isTerminator(end[0], delimiter) { end += 1 }
            p = end
            return (end == q ? .empty : .malformed, 0)
        }
        p = after
        switch result.status {
        case .ok: return (.ok, result.nanoseconds)
        case .malformed: return (.malformed, 0)
        case .outOfRange: return (.outOfRange, 0)
        }
    }

    static func quotedTime(
        _ p: inout UnsafePointer<UInt8>, from q: UnsafePointer<UInt8>, delimiter: UInt8, unit: TimeUnit,
        scratch: ParseScratch, form: ColumnRole = .time
    ) -> (status: Status, nanoseconds: Int64) {
        var cursor = q
        let (status, count) = unquote(&cursor, delimiter: delimiter, scratch: scratch)
        p = cursor
        guard status == .ok else { return (status, 0) }
        if count == 0 { return (.empty, 0) }
        let code = form == .time ? scratch.timeForm : scratch.dateForm
        let result = TimeParser.parse(
            scratch.bytes, code: code, pattern: scratch.timePattern, unit: unit, scratch: scratch, commaFraction: true)
        guard result.end == UnsafePointer(scratch.bytes + count) else { return (.malformed, 0) }
        switch result.status {
        case .ok: return (.ok, result.nanoseconds)
        case .malformed: return (.malformed, 0)
        case .outOfRange: return (.outOfRange, 0)
        }
    }

    /// A symbol field: its bytes (in the input, or unquoted in `scratch`), trimmed.
    @inline(__always)
    static func symbol(
        _ p: inout UnsafePointer<UInt8>, delimiter: UInt8, scratch: ParseScratch
    ) -> (status: Status, start: UnsafePointer<UInt8>, count: Int) {
        let q = skipSpaces(p, delimiter)
        if q[0] == ASCII.quote {
            var cursor = q
            let (status, count) = unquote(&cursor, delimiter: delimiter, scratch: scratch)
            p = cursor
            if status == .ok { scratch.symbol.update(from: scratch.bytes, count: count) }
            return (status, UnsafePointer(scratch.symbol), count)
        }
        var end = q
        while !isTerminator(end[0], delimiter) { end += 1 }
        p = end
        while end > q && (end[-1] == ASCII.space || end[-1] == ASCII.tab) { end -= 1 }
        return (.ok, q, end - q)
    }
}
