/// Number, time and text parsing for fields cut out of a message (a JSON string or number, a
/// line-protocol field value): the field's bytes are copied into the decoder's fixed
/// ``ParseScratch`` (NUL-terminated, with the padding the 8-byte digit loads need) and parsed by
/// the same ``DecimalParser`` and ``TimeParser`` as CSV fields, so every format reads a number
/// or a timestamp the same way. Nothing allocates.
enum PayloadFields {
    /// Copies `[start, start + count)` into `scratch.bytes`; false when longer than the scratch.
    @inline(__always)
    static func stage(_ start: UnsafePointer<UInt8>, count: Int, scratch: ParseScratch) -> Bool {
        guard count <= ParseScratch.capacity else { return false }
        scratch.bytes.update(from: start, count: count)
        (scratch.bytes + count).update(repeating: ASCII.nul, count: 1 + SWARDigits.padding)
        return true
    }

    /// The one token a whole message holds, between optional white space, when it holds no
    /// white space, JSON punctuation or CSV delimiter: a bare number (`21.5`) or a bare word,
    /// what a sensor publishes alone on its topic when it has no reading (ESPHome's `nan`, Home
    /// Assistant's `unavailable`) or a state that is no number (`ON`). Nil for anything else, a
    /// JSON text or a CSV line included. O(message bytes), allocates nothing.
    static func bareToken(_ base: UnsafePointer<UInt8>, count: Int) -> (start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>)? {
        @inline(__always) func isSpace(_ b: UInt8) -> Bool {
            b == ASCII.space || b == ASCII.tab || b == ASCII.newline || b == ASCII.carriageReturn
        }
        var start = base
        var end = base + count
        while start < end && isSpace(start[0]) { start += 1 }
        while end > start && isSpace(end[-1]) { end -= 1 }
        guard start < end else { return nil }
        var p = start
        while p < end {
            switch p[0] {
            // White space, JSON's punctuation and CSV's delimiters (`;`, `|`): no lone token.
            case ASCII.space, ASCII.tab, ASCII.newline, ASCII.carriageReturn, ASCII.quote, ASCII.comma, ASCII.colon,
                ASCII.semicolon, 0x7C, 0x5B, 0x5D, 0x7B, 0x7D:
                return nil
            default: p += 1
            }
        }
        return (start, end)
    }

    /// The number held by the staged `count` bytes (a decimal, an exponent form, `nan`, `inf`);
    /// nil when they are not exactly one number.
    static func stagedNumber(count: Int, scratch: ParseScratch) -> Double? {
        guard count > 0 else { return nil }
        let text = UnsafePointer(scratch.bytes)
        if let (value, end) = DecimalParser.parseFast(text, scratch: scratch), end == text + count { return value }
        return DecimalParser.parseSlow(text, count: count, scratch: scratch, allowDecimalComma: false)
    }

    /// The timestamp held by the staged `count` bytes (epoch number in `unit`, or date-time
    /// text), as a ``TimeParser`` status and nanoseconds.
    static func stagedTime(count: Int, unit: TimeUnit, scratch: ParseScratch) -> (status: TimeParser.Status, nanoseconds: Int64) {
        guard count > 0 else { return (.malformed, 0) }
        let text = UnsafePointer(scratch.bytes)
        let result = TimeParser.parse(text, unit: unit, scratch: scratch)
        guard result.end == text + count else { return (.malformed, 0) }
        return (result.status, result.nanoseconds)
    }
}
