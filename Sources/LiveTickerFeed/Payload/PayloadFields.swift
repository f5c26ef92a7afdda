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

    /// The one word a whole message holds, between optional white space, when it starts with
    /// no digit and holds no JSON punctuation or CSV delimiter (`nan`, `-inf`, `null`,
    /// `unavailable`, `ON`): what a sensor publishes alone on its topic when it has no reading
    /// (ESPHome's `nan`, Home Assistant's `unavailable`). Nil for anything else, a number or a
    /// JSON text included. O(white space around it + 32), allocates nothing.
    static func bareWord(_ base: UnsafePointer<UInt8>, count: Int) -> (start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>)? {
        @inline(__always) func isSpace(_ b: UInt8) -> Bool {
            b == ASCII.space || b == ASCII.tab || b == ASCII.newline || b == ASCII.carriageReturn
        }
        var start = base
        var end = base + count
        while start < end && isSpace(start[0]) { start += 1 }
        while end > start && isSpace(end[-1]) { end -= 1 }
        // As long as any spelling of a missing value (`unavailable` is 11 bytes), with room.
        guard start < end, end - start <= 32 else { return nil }
        let first = start[0] == ASCII.minus || start[0] == ASCII.plus ? (end - start > 1 ? start[1] : 0x41) : start[0]
        guard ASCII.digit(first) > 9, first != ASCII.dot else { return nil }
        var p = start
        while p < end {
            switch p[0] {
            // White space, JSON's punctuation and CSV's delimiters (`;`, `|`): no lone word.
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
