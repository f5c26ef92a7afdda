extension TOMLParser {
    /// `"…"` with escapes; no newline, no control character other than tab.
    mutating func basicString() throws(TOMLError) -> String {
        let open = pos
        pos += 1
        var out = String.UnicodeScalarView()
        while true {
            guard let c = peek() else { throw error("string opened at \(position(open)) is never closed") }
            switch c {
            case 0x22:
                pos += 1
                return String(out)
            case 0x5C:
                try escape(into: &out, multiline: false)
            case 0x0A:
                throw error("string opened at \(position(open)) is never closed on its line")
            default:
                if Self.isControl(c) && c != 0x09 { throw error("\(describe(pos)) must be escaped in a string") }
                out.append(Unicode.Scalar(c)!)
                pos += 1
            }
        }
    }

    /// `"""…"""`: newlines allowed, the one right after the opening delimiter dropped, a
    /// backslash at a line's end joins it to the next non-blank text, up to two quotes may
    /// end the content right before the closing delimiter.
    mutating func multilineBasicString() throws(TOMLError) -> String {
        let open = pos
        pos += 3
        if peek() == 0x0A { pos += 1 }
        var out = String.UnicodeScalarView()
        while true {
            guard let c = peek() else { throw error("multi-line string opened at \(position(open)) is never closed") }
            if c == 0x22 && starts(with: "\"\"\"") {
                pos += 3
                // Up to two more quotes belong to the content.
                for _ in 0..<2 where peek() == 0x22 {
                    out.append("\"")
                    pos += 1
                }
                return String(out)
            }
            if c == 0x5C {
                try escape(into: &out, multiline: true)
                continue
            }
            if Self.isControl(c) && c != 0x09 && c != 0x0A { throw error("\(describe(pos)) must be escaped in a string") }
            out.append(Unicode.Scalar(c)!)
            pos += 1
        }
    }

    /// `'…'`: taken as written; no newline, no control character other than tab.
    mutating func literalString() throws(TOMLError) -> String {
        let open = pos
        pos += 1
        var out = String.UnicodeScalarView()
        while true {
            guard let c = peek() else { throw error("string opened at \(position(open)) is never closed") }
            if c == 0x27 {
                pos += 1
                return String(out)
            }
            if c == 0x0A { throw error("literal string opened at \(position(open)) is never closed on its line") }
            if Self.isControl(c) && c != 0x09 { throw error("\(describe(pos)) is not allowed in a literal string") }
            out.append(Unicode.Scalar(c)!)
            pos += 1
        }
    }

    /// `'''…'''`: taken as written, newlines allowed (the first one dropped), up to two
    /// apostrophes may end the content.
    mutating func multilineLiteralString() throws(TOMLError) -> String {
        let open = pos
        pos += 3
        if peek() == 0x0A { pos += 1 }
        var out = String.UnicodeScalarView()
        while true {
            guard let c = peek() else { throw error("multi-line literal string opened at \(position(open)) is never closed") }
            if c == 0x27 && starts(with: "'''") {
                pos += 3
                for _ in 0..<2 where peek() == 0x27 {
                    out.append("'")
                    pos += 1
                }
                return String(out)
            }
            if Self.isControl(c) && c != 0x09 && c != 0x0A {
                throw error("\(describe(pos)) is not allowed in a literal string")
            }
            out.append(Unicode.Scalar(c)!)
            pos += 1
        }
    }

    /// One escape after `\`: `\b \t \n \f \r \" \\ \uXXXX \UXXXXXXXX` (a Unicode scalar
    /// value), and in multi-line strings a line-ending backslash that swallows the newline
    /// and the blanks after it.
    mutating func escape(into out: inout String.UnicodeScalarView, multiline: Bool) throws(TOMLError) {
        let start = pos
        pos += 1
        guard let c = peek() else { throw error("a '\\' ends the document", at: start) }
        pos += 1
        switch c {
        case 0x62: out.append("\u{08}")
        case 0x74: out.append("\t")
        case 0x6E: out.append("\n")
        case 0x66: out.append("\u{0C}")
        case 0x72: out.append("\r")
        case 0x22: out.append("\"")
        case 0x5C: out.append("\\")
        case 0x75, 0x55:
            let digits = c == 0x75 ? 4 : 8
            var value: UInt32 = 0
            for _ in 0..<digits {
                guard let d = peek(), let digit = Self.hexDigit(d) else {
                    throw error("\\\(c == 0x75 ? "u" : "U") needs \(digits) hexadecimal digits", at: start)
                }
                value = value &* 16 &+ digit
                pos += 1
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw error("\\\(c == 0x75 ? "u" : "U")\(hex(value, digits)) is not a Unicode scalar value", at: start)
            }
            out.append(scalar)
        case 0x20 where multiline, 0x09 where multiline, 0x0A where multiline:
            if c != 0x0A {
                skipWhitespace()
                guard let next = peek() else { return }
                guard next == 0x0A else { throw error("only blanks may follow a line-ending '\\'", at: start) }
                pos += 1
            }
            while let next = peek(), next == 0x20 || next == 0x09 || next == 0x0A { pos += 1 }
        default:
            throw error("unknown escape '\\\(Character(Unicode.Scalar(c) ?? "?"))'", at: start)
        }
    }

    static func hexDigit(_ c: UInt32) -> UInt32? {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x41...0x46: c - 0x41 + 10
        case 0x61...0x66: c - 0x61 + 10
        default: nil
        }
    }
}
