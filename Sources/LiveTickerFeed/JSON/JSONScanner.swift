/// A strict RFC 8259 JSON scanner over a byte range: it walks values without building them and
/// without allocating.
///
/// Accepts exactly the grammar of RFC 8259 §2–§8: whitespace is space, tab, `\n`, `\r`; numbers
/// are `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`; strings hold no control
/// characters below U+0020, only the escapes `\" \\ \/ \b \f \n \r \t \uXXXX`, and well-formed
/// UTF-8 (no overlong forms, no encoded surrogates, nothing above U+10FFFF); literals are
/// `true`, `false`, `null`. No `NaN`, no comments, no trailing commas, no byte-order mark. An
/// escaped lone surrogate (`"\ud800"`) is accepted, as the grammar allows. The one limit this
/// implementation sets (RFC 8259 §9 allows it) is nesting: at most ``maximumDepth`` open arrays
/// and objects.
///
/// `Tests/LiveTickerFeedTests/JSON/json-corpus.txt` holds accept/reject cases generated and
/// cross-checked with Python's `json` module in strict settings (`Tests/Oracle/json_corpus.py`).
///
/// Containers are skipped iteratively (a bit per open container records array or object), so
/// hostile nesting cannot exhaust the stack. Every scan is bounded by `end`: no read past it.
struct JSONScanner {
    /// The next byte to read.
    var p: UnsafePointer<UInt8>
    /// One past the last byte.
    let end: UnsafePointer<UInt8>

    /// Deepest nesting of arrays and objects accepted.
    static let maximumDepth = 512

    /// A scanner over `[start, end)`.
    init(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) {
        p = start
        self.end = end
    }

    /// Whether the whole range is one JSON text (a value with optional whitespace around it).
    /// O(count); allocates nothing.
    static func isValidDocument(_ start: UnsafePointer<UInt8>, count: Int) -> Bool {
        var scanner = JSONScanner(start, start + count)
        scanner.skipWhitespace()
        guard scanner.skipValue() else { return false }
        scanner.skipWhitespace()
        return scanner.p == scanner.end
    }

    /// ``isValidDocument(_:count:)`` over an array's bytes.
    static func isValidDocument(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return isValidDocument(base, count: buffer.count)
        }
    }

    /// Whether at least one byte remains.
    @inline(__always)
    var hasMore: Bool { p < end }

    /// The next byte; only when ``hasMore``.
    @inline(__always)
    var peek: UInt8 { p[0] }

    /// Skips RFC 8259 whitespace (space, tab, line feed, carriage return).
    @inline(__always)
    mutating func skipWhitespace() {
        while p < end {
            let b = p[0]
            guard b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D else { return }
            p += 1
        }
    }

    /// Consumes `byte` after optional whitespace; false (and nothing consumed but whitespace)
    /// when the next byte is something else.
    @inline(__always)
    mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard p < end, p[0] == byte else { return false }
        p += 1
        return true
    }

    /// Scans a string whose opening quote is at `p`; on success `p` is past the closing quote
    /// and the result is the content's span (between the quotes) and whether it holds escapes.
    mutating func scanString() -> (start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, escaped: Bool)? {
        guard p < end, p[0] == 0x22 else { return nil }
        p += 1
        let start = p
        var escaped = false
        while p < end {
            let b = p[0]
            if b == 0x22 {
                let contentEnd = p
                p += 1
                return (start, contentEnd, escaped)
            }
            if b < 0x20 { return nil }
            if b == 0x5C {
                escaped = true
                guard p + 1 < end else { return nil }
                switch p[1] {
                case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74:
                    p += 2
                case 0x75:
                    guard end - p >= 6, Self.hexValue(p + 2) != nil else { return nil }
                    p += 6
                default:
                    return nil
                }
                continue
            }
            if b < 0x80 {
                p += 1
                continue
            }
            guard let length = Self.utf8SequenceLength(p, end) else { return nil }
            p += length
        }
        return nil
    }

    /// The value of the four hex digits at `q`, or nil.
    @inline(__always)
    static func hexValue(_ q: UnsafePointer<UInt8>) -> UInt32? {
        var v: UInt32 = 0
        for i in 0..<4 {
            let c = q[i]
            let d: UInt8
            switch c {
            case 0x30...0x39: d = c - 0x30
            case 0x41...0x46: d = c - 0x41 + 10
            case 0x61...0x66: d = c - 0x61 + 10
            default: return nil
            }
            v = v << 4 | UInt32(d)
        }
        return v
    }

    /// The length of the well-formed UTF-8 sequence at `q` (lead byte ≥ 0x80), or nil
    /// (Unicode 15 table 3-7: no overlongs, no surrogates, at most U+10FFFF).
    @inline(__always)
    static func utf8SequenceLength(_ q: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Int? {
        let b0 = q[0]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return nil
        }
        guard end - q >= length else { return nil }
        guard q[1] >= low && q[1] <= high else { return nil }
        for i in 2..<max(2, length) where q[i] < 0x80 || q[i] > 0xBF { return nil }
        return length
    }

    /// Scans a number at `p` by the RFC 8259 grammar; on success `p` is past it.
    mutating func scanNumber() -> (start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>)? {
        let start = p
        if p < end && p[0] == 0x2D { p += 1 }
        guard p < end else { return nil }
        if p[0] == 0x30 {
            p += 1
        } else if p[0] >= 0x31 && p[0] <= 0x39 {
            p += 1
            while p < end && ASCII.digit(p[0]) <= 9 { p += 1 }
        } else {
            return nil
        }
        if p < end && p[0] == 0x2E {
            p += 1
            guard p < end, ASCII.digit(p[0]) <= 9 else { return nil }
            while p < end && ASCII.digit(p[0]) <= 9 { p += 1 }
        }
        if p < end && (p[0] == 0x65 || p[0] == 0x45) {
            p += 1
            if p < end && (p[0] == 0x2B || p[0] == 0x2D) { p += 1 }
            guard p < end, ASCII.digit(p[0]) <= 9 else { return nil }
            while p < end && ASCII.digit(p[0]) <= 9 { p += 1 }
        }
        return (start, p)
    }

    /// Scans `true`, `false` or `null` at `p`; returns which (0 false, 1 true, 2 null).
    mutating func scanLiteral() -> UInt8? {
        let remaining = end - p
        guard remaining >= 4 else { return nil }
        if p[0] == 0x74 && p[1] == 0x72 && p[2] == 0x75 && p[3] == 0x65 {
            p += 4
            return 1
        }
        if p[0] == 0x6E && p[1] == 0x75 && p[2] == 0x6C && p[3] == 0x6C {
            p += 4
            return 2
        }
        if remaining >= 5 && p[0] == 0x66 && p[1] == 0x61 && p[2] == 0x6C && p[3] == 0x73 && p[4] == 0x65 {
            p += 5
            return 0
        }
        return nil
    }

    /// Skips one value (after optional whitespace), validating all of it. False on any syntax
    /// error or nesting deeper than ``maximumDepth``; `p` is then somewhere inside the value.
    /// O(length of the value); allocates nothing (the container stack is 512 bits on the stack).
    mutating func skipValue() -> Bool {
        // Bit d of `kinds` is 1 when the container at depth d is an object.
        var kinds: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        var depth = 0
        return withUnsafeMutableBytes(of: &kinds) { raw -> Bool in
            let words = raw.baseAddress!.assumingMemoryBound(to: UInt64.self)
            func isObject(_ d: Int) -> Bool { words[d >> 6] >> UInt64(d & 63) & 1 == 1 }
            func set(_ d: Int, object: Bool) {
                let bit = UInt64(1) << UInt64(d & 63)
                if object { words[d >> 6] |= bit } else { words[d >> 6] &= ~bit }
            }
            value: while true {
                skipWhitespace()
                guard p < end else { return false }
                switch p[0] {
                case 0x7B:  // {
                    guard depth < Self.maximumDepth else { return false }
                    p += 1
                    skipWhitespace()
                    if p < end && p[0] == 0x7D {
                        p += 1
                    } else {
                        set(depth, object: true)
                        depth += 1
                        guard scanString() != nil, consume(0x3A) else { return false }
                        continue value
                    }
                case 0x5B:  // [
                    guard depth < Self.maximumDepth else { return false }
                    p += 1
                    skipWhitespace()
                    if p < end && p[0] == 0x5D {
                        p += 1
                    } else {
                        set(depth, object: false)
                        depth += 1
                        continue value
                    }
                case 0x22:
                    guard scanString() != nil else { return false }
                case 0x2D, 0x30...0x39:
                    guard scanNumber() != nil else { return false }
                case 0x74, 0x66, 0x6E:
                    guard scanLiteral() != nil else { return false }
                default:
                    return false
                }
                // After a value: close containers or go on to the next element.
                while depth > 0 {
                    skipWhitespace()
                    guard p < end else { return false }
                    let object = isObject(depth - 1)
                    if p[0] == 0x2C {
                        p += 1
                        if object {
                            skipWhitespace()
                            guard scanString() != nil, consume(0x3A) else { return false }
                        }
                        continue value
                    }
                    guard p[0] == (object ? 0x7D : 0x5D) else { return false }
                    p += 1
                    depth -= 1
                }
                return true
            }
        }
    }
}
