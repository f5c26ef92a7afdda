import LiveTickerTOML

/// Why a dashboard file cannot be used: a TOML syntax error, an unknown key, a value of the
/// wrong type or range; always with the line (and column) and, for keys, what was expected.
struct ConfigError: Error, CustomStringConvertible {
    let message: String
    let position: TOMLPosition

    init(_ message: String, at position: TOMLPosition) {
        self.message = message
        self.position = position
    }

    /// `line L, column C: message`.
    var description: String { "line \(position.line), column \(position.column): \(message)" }
}

/// One table of the file being read, with the name errors call it by (`[[panel]] 2`,
/// `[grid]`) and the keys read so far, so that ``finish()`` can reject the rest by name.
struct ConfigTable {
    let table: TOMLTable
    let name: String
    private(set) var allowed: [String] = []

    init(_ table: TOMLTable, name: String) {
        self.table = table
        self.name = name
    }

    func position(_ key: String) -> TOMLPosition { table.position(of: key) ?? table.position }

    func wrongType(_ key: String, _ expected: String, _ value: TOMLValue) -> ConfigError {
        ConfigError("'\(key)' in \(name) must be \(expected), not \(value.typeName) \(Self.show(value))", at: position(key))
    }

    func invalid(_ key: String, _ expected: String, _ value: TOMLValue) -> ConfigError {
        ConfigError("'\(key)' in \(name) must be \(expected), got \(Self.show(value))", at: position(key))
    }

    static func show(_ value: TOMLValue) -> String {
        switch value {
        case .string(let s): "\"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
        case .integer(let i): "\(i)"
        case .float(let f): "\(f)"
        case .boolean(let b): "\(b)"
        case .dateTime: "(a date-time)"
        case .array(let items): "(an array of \(items.count))"
        case .table: "(a table)"
        }
    }

    mutating func value(_ key: String) -> TOMLValue? {
        allowed.append(key)
        return table[key]
    }

    mutating func string(_ key: String, expected: String = "a string") throws(ConfigError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let s) = value else { throw wrongType(key, expected, value) }
        return s
    }

    /// A string that `parse` accepts; `expected` says what it should look like.
    mutating func parsed<T>(_ key: String, expected: String, _ parse: (String) -> T?) throws(ConfigError) -> T? {
        guard let value = value(key) else { return nil }
        guard case .string(let s) = value else { throw wrongType(key, expected, value) }
        guard let result = parse(s) else { throw invalid(key, expected, value) }
        return result
    }

    mutating func integer(_ key: String, in range: ClosedRange<Int>) throws(ConfigError) -> Int? {
        guard let value = value(key) else { return nil }
        guard case .integer(let i) = value else { throw wrongType(key, "a whole number from \(range.lowerBound) to \(range.upperBound)", value) }
        guard let n = Int(exactly: i), range.contains(n) else {
            throw invalid(key, "a whole number from \(range.lowerBound) to \(range.upperBound)", value)
        }
        return n
    }

    static func number(_ value: TOMLValue) -> Double? {
        switch value {
        case .integer(let i): Double(i)
        case .float(let f): f
        default: nil
        }
    }

    mutating func number(_ key: String, expected: String = "a number", where valid: (Double) -> Bool = { $0.isFinite }) throws(ConfigError) -> Double? {
        guard let value = value(key) else { return nil }
        guard let n = Self.number(value) else { throw wrongType(key, expected, value) }
        guard valid(n) else { throw invalid(key, expected, value) }
        return n
    }

    mutating func bool(_ key: String) throws(ConfigError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .boolean(let b) = value else { throw wrongType(key, "true or false", value) }
        return b
    }

    mutating func numbers(_ key: String, expected: String = "an array of numbers") throws(ConfigError) -> [Double]? {
        guard let value = value(key) else { return nil }
        guard case .array(let items) = value else { throw wrongType(key, expected, value) }
        var out: [Double] = []
        for item in items {
            guard let n = Self.number(item), n.isFinite else { throw invalid(key, expected, value) }
            out.append(n)
        }
        return out
    }

    mutating func subtable(_ key: String) throws(ConfigError) -> ConfigTable? {
        guard let value = value(key) else { return nil }
        guard case .table(let t) = value else { throw wrongType(key, "a table", value) }
        return ConfigTable(t, name: "[\(key)]")
    }

    /// An array of tables (`[[key]]` or an array of inline tables).
    mutating func tables(_ key: String, expected: String) throws(ConfigError) -> [TOMLTable] {
        guard let value = value(key) else { return [] }
        guard case .array(let items) = value else { throw wrongType(key, expected, value) }
        var out: [TOMLTable] = []
        for item in items {
            guard case .table(let t) = item else { throw invalid(key, expected, value) }
            out.append(t)
        }
        return out
    }

    /// Rejects every key not read: `unknown key 'colour' in [[panel]] 1 (expected one of …)`.
    func finish() throws(ConfigError) {
        for key in table.keys where !allowed.contains(key) {
            throw ConfigError(
                "unknown key '\(key)' in \(name) (expected one of: \(allowed.joined(separator: ", ")))", at: position(key))
        }
    }
}
