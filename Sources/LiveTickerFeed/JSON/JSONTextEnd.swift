/// Finds where one JSON text that opens with `{` or `[` ends, a read at a time, by counting the
/// brackets opened and closed outside strings. Only the end is found here: the text is checked
/// (``JSONScanner``) when it is decoded, so a text whose brackets balance but whose grammar
/// does not is still one bad record.
struct JSONTextEnd {
    /// Brackets open at the last byte scanned.
    private(set) var depth = 0
    private var inString = false
    private var afterBackslash = false

    /// Scans `[start, stop)`, the text's next bytes (its first call starts at the opening
    /// bracket); returns the position just past the bracket that closes it, or nil when the
    /// text goes on past `stop`. O(bytes); allocates nothing.
    mutating func scan(_ start: UnsafePointer<UInt8>, _ stop: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>? {
        var p = start
        while p < stop {
            let b = p[0]
            p += 1
            if inString {
                if afterBackslash {
                    afterBackslash = false
                } else if b == 0x5C {
                    afterBackslash = true
                } else if b == 0x22 {
                    inString = false
                }
                continue
            }
            switch b {
            case 0x22: inString = true
            case 0x7B, 0x5B: depth += 1
            case 0x7D, 0x5D:
                depth -= 1
                if depth == 0 { return p }
            default: break
            }
        }
        return nil
    }
}
