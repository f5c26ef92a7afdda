/// The parser behind ``TOMLDocument``: a recursive descent over the document's Unicode
/// scalars, following TOML 1.0's grammar (the ABNF of toml.io), with the same redefinition
/// rules as the reference implementations: a table is declared once; dotted keys define their
/// tables, which later headers and later sections' dotted keys may not reopen; inline tables
/// and arrays are frozen; `[[array]]` opens a fresh element each time.
struct TOMLParser {
    /// The document as scalars, CRLF folded to LF (a lone CR is an error where it appears).
    var text: [UInt32]
    /// Line start offsets (for positions).
    var lineStarts: [Int]
    var pos = 0

    init(bytes: [UInt8]) throws(TOMLError) {
        var scalars: [UInt32] = []
        scalars.reserveCapacity(bytes.count)
        var lineStarts = [0]
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var line = 1
        var column = 1
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" {
                    if scalars.last == 0x0D { scalars.removeLast() }
                    scalars.append(0x0A)
                    lineStarts.append(scalars.count)
                    line += 1
                    column = 1
                } else {
                    scalars.append(scalar.value)
                    column += 1
                }
            case .emptyInput: break loop
            case .error:
                throw TOMLError("invalid UTF-8", at: TOMLPosition(line: line, column: column))
            }
        }
        text = scalars
        self.lineStarts = lineStarts
    }

    // MARK: Positions and errors

    func position(_ offset: Int) -> TOMLPosition {
        var low = 0
        var high = lineStarts.count
        while high - low > 1 {
            let mid = (low + high) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid }
        }
        return TOMLPosition(line: low + 1, column: offset - lineStarts[low] + 1)
    }

    func error(_ message: String, at offset: Int? = nil) -> TOMLError {
        TOMLError(message, at: position(offset ?? pos))
    }

    func peek(_ ahead: Int = 0) -> UInt32? {
        pos + ahead < text.count ? text[pos + ahead] : nil
    }

    func starts(with literal: String) -> Bool {
        var i = pos
        for scalar in literal.unicodeScalars {
            guard i < text.count, text[i] == scalar.value else { return false }
            i += 1
        }
        return true
    }

    /// What a character is called in an error: `'x'`, or its code for controls.
    func describe(_ offset: Int) -> String {
        guard offset < text.count else { return "end of document" }
        let c = text[offset]
        if c == 0x0A { return "end of line" }
        if c < 0x20 || c == 0x7F { return "control character U+\(hex(c, 4))" }
        return "'\(Character(Unicode.Scalar(c)!))'"
    }

    func hex(_ value: UInt32, _ digits: Int) -> String {
        let s = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - s.count)) + s
    }

    static func isControl(_ c: UInt32) -> Bool { c < 0x20 || c == 0x7F }

    mutating func skipWhitespace() {
        while let c = peek(), c == 0x20 || c == 0x09 { pos += 1 }
    }

    /// Skips a comment (after `#`) to the end of the line; controls other than tab are errors.
    mutating func skipComment() throws(TOMLError) {
        guard peek() == 0x23 else { return }
        pos += 1
        while let c = peek(), c != 0x0A {
            if Self.isControl(c) && c != 0x09 { throw error("\(describe(pos)) is not allowed in a comment") }
            pos += 1
        }
    }

    /// Whitespace, newlines and comments inside an array.
    mutating func skipArraySpace() throws(TOMLError) {
        while let c = peek() {
            if c == 0x20 || c == 0x09 || c == 0x0A {
                pos += 1
            } else if c == 0x23 {
                try skipComment()
            } else {
                return
            }
        }
    }

    // MARK: Document

    mutating func parseDocument() throws(TOMLError) -> TOMLTable {
        let root = Container(position: TOMLPosition(line: 1, column: 1))
        var flags = Flags()
        var header: [String] = []
        while true {
            skipWhitespace()
            guard let c = peek() else { break }
            if c == 0x0A {
                pos += 1
                continue
            }
            if Self.isKeyStart(c) {
                try keyValueRule(root, &flags, header: header)
                skipWhitespace()
            } else if c == 0x5B {  // [
                flags.finalizePending()
                if peek(1) == 0x5B {
                    header = try arrayOfTablesRule(root, &flags)
                } else {
                    header = try tableRule(root, &flags)
                }
                skipWhitespace()
            } else if c != 0x23 {
                throw error("expected a key, a [table] or a comment, found \(describe(pos))")
            }
            try skipComment()
            guard let next = peek() else { break }
            guard next == 0x0A else {
                throw error("expected the end of the line after a statement, found \(describe(pos))")
            }
            pos += 1
        }
        return root.table()
    }

    static func isBareKeyCharacter(_ c: UInt32) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x5F
    }

    static func isKeyStart(_ c: UInt32) -> Bool { isBareKeyCharacter(c) || c == 0x22 || c == 0x27 }

    /// `key = value` in the current section.
    mutating func keyValueRule(_ root: Container, _ flags: inout Flags, header: [String]) throws(TOMLError) {
        let start = pos
        let (key, value) = try keyValuePair()
        let parent = Array(key.dropLast())
        let stem = key[key.count - 1]
        for i in 1..<max(1, key.count) {
            let path = header + key[0..<i]
            if flags.has(path, .explicitNest) {
                throw error("cannot add to table '\(path.joined(separator: "."))' with a dotted key: it is defined elsewhere", at: start)
            }
            flags.addPending(path, .explicitNest)
        }
        let absoluteParent = header + parent
        if flags.has(absoluteParent, .frozen) {
            throw error("cannot add to '\(absoluteParent.joined(separator: "."))': inline tables and arrays are complete as written", at: start)
        }
        guard let table = root.nest(absoluteParent, throughArrays: true) else {
            throw error("'\(absoluteParent.joined(separator: "."))' is already a value, not a table", at: start)
        }
        if table.has(stem) {
            throw error("key '\((header + key).joined(separator: "."))' is defined twice", at: start)
        }
        if case .value(.table, _) = value {
            flags.set(header + key, .frozen, recursive: true)
        } else if case .value(.array, _) = value {
            flags.set(header + key, .frozen, recursive: true)
        }
        table.set(stem, value, at: position(start))
    }

    /// `[a.b]`: declares a table once and makes it the current section.
    mutating func tableRule(_ root: Container, _ flags: inout Flags) throws(TOMLError) -> [String] {
        let start = pos
        pos += 1
        skipWhitespace()
        let key = try parseKey()
        guard peek() == 0x5D else { throw error("expected ']' to close the table header, found \(describe(pos))") }
        pos += 1
        if flags.has(key, .explicitNest) || flags.has(key, .frozen) {
            throw error("table [\(key.joined(separator: "."))] is defined twice", at: start)
        }
        flags.set(key, .explicitNest, recursive: false)
        guard let table = root.nest(key, throughArrays: true, openedAt: position(start)) else {
            throw error("'\(key.joined(separator: "."))' is already a value, not a table", at: start)
        }
        table.position = position(start)
        return key
    }

    /// `[[a.b]]`: appends a fresh table to the array and makes it the current section.
    mutating func arrayOfTablesRule(_ root: Container, _ flags: inout Flags) throws(TOMLError) -> [String] {
        let start = pos
        pos += 2
        skipWhitespace()
        let key = try parseKey()
        guard peek() == 0x5D, peek(1) == 0x5D else {
            throw error("expected ']]' to close the array-of-tables header, found \(describe(pos))")
        }
        pos += 2
        if flags.has(key, .frozen) {
            throw error("cannot append to '\(key.joined(separator: "."))': it is a static array or inline table", at: start)
        }
        flags.unsetAll(key)
        flags.set(key, .explicitNest, recursive: false)
        guard let parent = root.nest(Array(key.dropLast()), throughArrays: true) else {
            throw error("'\(key.dropLast().joined(separator: "."))' is already a value, not a table", at: start)
        }
        guard parent.appendTable(to: key[key.count - 1], at: position(start)) else {
            throw error("'\(key.joined(separator: "."))' is already defined and is not an array of tables", at: start)
        }
        return key
    }

    // MARK: Keys

    /// A dotted key: parts separated by `.` with optional whitespace around each dot; skips
    /// the whitespace after it.
    mutating func parseKey() throws(TOMLError) -> [String] {
        var parts = [try keyPart()]
        skipWhitespace()
        while peek() == 0x2E {
            pos += 1
            skipWhitespace()
            parts.append(try keyPart())
            skipWhitespace()
        }
        return parts
    }

    mutating func keyPart() throws(TOMLError) -> String {
        guard let c = peek() else { throw error("expected a key, found the end of the document") }
        if Self.isBareKeyCharacter(c) {
            var scalars = String.UnicodeScalarView()
            while let c = peek(), Self.isBareKeyCharacter(c) {
                scalars.append(Unicode.Scalar(c)!)
                pos += 1
            }
            return String(scalars)
        }
        if c == 0x27 { return try literalString() }
        if c == 0x22 { return try basicString() }
        throw error("expected a key, found \(describe(pos))")
    }

    /// `key = value`: the key's parts and the value.
    mutating func keyValuePair() throws(TOMLError) -> ([String], Container.Entry) {
        let key = try parseKey()
        guard peek() == 0x3D else { throw error("expected '=' after the key '\(key.joined(separator: "."))', found \(describe(pos))") }
        pos += 1
        skipWhitespace()
        let value = try parseValue()
        return (key, value)
    }

    // MARK: Values

    mutating func parseValue() throws(TOMLError) -> Container.Entry {
        guard let c = peek() else { throw error("expected a value, found the end of the document") }
        switch c {
        case 0x22:
            return .value(.string(starts(with: "\"\"\"") ? try multilineBasicString() : try basicString()), nil)
        case 0x27:
            return .value(.string(starts(with: "'''") ? try multilineLiteralString() : try literalString()), nil)
        case 0x74 where starts(with: "true"):
            pos += 4
            return .value(.boolean(true), nil)
        case 0x66 where starts(with: "false"):
            pos += 5
            return .value(.boolean(false), nil)
        case 0x5B:
            return .value(.array(try parseArray()), nil)
        case 0x7B:
            return .value(.table(try parseInlineTable()), nil)
        default:
            break
        }
        if let dateTime = try parseDateTime() { return .value(.dateTime(dateTime), nil) }
        if let number = try parseNumber() { return .value(number, nil) }
        for special in ["inf", "nan", "+inf", "-inf", "+nan", "-nan"] where starts(with: special) {
            pos += special.unicodeScalars.count
            let negative = special.hasPrefix("-")
            let value: Double = special.hasSuffix("inf") ? .infinity : .nan
            return .value(.float(negative ? -value : value), nil)
        }
        throw error("expected a value (string, number, boolean, date-time, array or inline table), found \(describe(pos))")
    }

    mutating func parseArray() throws(TOMLError) -> [TOMLValue] {
        let open = pos
        pos += 1
        var items: [TOMLValue] = []
        try skipArraySpace()
        if peek() == 0x5D {
            pos += 1
            return items
        }
        while true {
            guard peek() != nil else { throw error("array opened here is never closed", at: open) }
            guard case .value(let value, _) = try parseValue() else { preconditionFailure() }
            items.append(value)
            try skipArraySpace()
            guard let c = peek() else { throw error("array opened at \(position(open)) is never closed") }
            if c == 0x5D {
                pos += 1
                return items
            }
            guard c == 0x2C else { throw error("expected ',' or ']' in the array, found \(describe(pos))") }
            pos += 1
            try skipArraySpace()
            if peek() == 0x5D {
                pos += 1
                return items
            }
        }
    }

    mutating func parseInlineTable() throws(TOMLError) -> TOMLTable {
        let open = pos
        pos += 1
        let table = Container(position: position(open))
        var flags = Flags()
        skipWhitespace()
        if peek() == 0x7D {
            pos += 1
            return table.table()
        }
        while true {
            let start = pos
            if peek() == 0x0A { throw error("an inline table must stay on one line (opened at \(position(open)))") }
            if peek() == 0x7D { throw error("no ',' may follow the last entry of an inline table") }
            let (key, value) = try keyValuePair()
            let stem = key[key.count - 1]
            if flags.has(key, .frozen) {
                throw error("cannot add to '\(key.joined(separator: "."))': it is complete as written", at: start)
            }
            guard let nest = table.nest(Array(key.dropLast()), throughArrays: false) else {
                throw error("'\(key.dropLast().joined(separator: "."))' is already a value, not a table", at: start)
            }
            if nest.has(stem) { throw error("key '\(key.joined(separator: "."))' is defined twice in the inline table", at: start) }
            nest.set(stem, value, at: position(start))
            skipWhitespace()
            guard let c = peek() else { throw error("inline table opened at \(position(open)) is never closed") }
            if c == 0x7D {
                pos += 1
                return table.table()
            }
            guard c == 0x2C else {
                throw error("expected ',' or '}' in the inline table (which must stay on one line), found \(describe(pos))")
            }
            if case .value(let v, _) = value {
                switch v {
                case .table, .array: flags.set(key, .frozen, recursive: true)
                default: break
                }
            }
            pos += 1
            skipWhitespace()
        }
    }
}
