/// The arguments of one subcommand, split into options and positional operands, read by name.
///
/// Syntax: `--name value`, `--name=value`, boolean `--flag`, `--` ends options; a lone `-` is
/// an operand (standard input). Every option a command reads is looked up here; whatever is
/// left when the command calls ``finish()`` is reported as unknown, so a misspelt option is a
/// usage error (exit 2) rather than silently ignored.
public struct ParsedArguments: Sendable {
    private var options: [(name: String, value: String?)] = []
    private var consumed: Set<Int> = []
    /// Operands (non-option arguments) in order.
    public private(set) var operands: [String] = []
    private let flagNames: Set<String>

    /// Parses `arguments` (without the program and subcommand names).
    ///
    /// - Parameter flags: option names that take no value (e.g. `["hold", "strict"]`); every
    ///   other option takes exactly one value.
    /// Short spellings and the long options they stand for.
    static let shortOptions = ["o": "output", "h": "h"]

    public init(_ arguments: [String], flags: Set<String> = []) throws(UsageError) {
        self.flagNames = flags.union(["help", "h"])
        var index = 0
        var onlyOperands = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyOperands || argument == "-" || !argument.hasPrefix("-") {
                operands.append(argument)
                continue
            }
            if argument == "--" {
                onlyOperands = true
                continue
            }
            var name = Substring(argument.drop(while: { $0 == "-" }))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = name[..<equals]
            }
            var key = String(name)
            guard !key.isEmpty else { throw UsageError("unexpected argument '\(argument)'") }
            if !argument.hasPrefix("--") {
                // One dash: the short spellings (`-o x.png`, `-h`); anything else is named as typed.
                guard let long = Self.shortOptions[key] else { throw UsageError("unknown option '-\(key)'") }
                key = long
            }
            if flagNames.contains(key) {
                if value != nil { throw UsageError("--\(key) takes no value") }
            } else if value == nil {
                // The next argument is the value unless it is another option (`--name`, `-o`;
                // a negative number still is one). A missing value is said by ``finish()``,
                // once it is known whether any command reads this option: an unknown one at
                // the end read "--bogus needs a value", and one before `-o out.png` took `-o`
                // as its value, which left `out.png` as a second file.
                if index < arguments.count, !Self.isOption(arguments[index]) {
                    value = arguments[index]
                    index += 1
                } else {
                    missingValues.insert(options.count)
                }
            }
            options.append((key, value))
        }
    }

    /// Options given without the value they take (indices into `options`).
    private var missingValues: Set<Int> = []

    /// Whether `argument` is an option rather than a value: `--name`, or a short spelling.
    static func isOption(_ argument: String) -> Bool {
        argument.hasPrefix("--") && argument.count > 2 || argument.count == 2 && argument.hasPrefix("-") && shortOptions[String(argument.dropFirst())] != nil
    }

    /// True when `--help` or `-h` was given.
    public var wantsHelp: Bool {
        options.contains { $0.name == "help" || $0.name == "h" }
    }

    /// Whether the boolean option `--name` was given (consumes it).
    public mutating func flag(_ name: String) -> Bool {
        var found = false
        for (index, option) in options.enumerated() where option.name == name {
            consumed.insert(index)
            found = true
        }
        return found
    }

    /// The value of the last `--name` (consumes every occurrence), or nil when absent.
    public mutating func value(_ name: String) -> String? {
        var found: String?
        for (index, option) in options.enumerated() where option.name == name {
            consumed.insert(index)
            found = option.value
        }
        return found
    }

    /// The value of `--name` converted by `convert`; a nil conversion is a usage error that
    /// quotes the value and says what was `expected`.
    public mutating func value<T>(
        _ name: String, expected: String, _ convert: (String) -> T?
    ) throws(UsageError) -> T? {
        guard let text = value(name) else { return nil }
        guard let converted = convert(text) else {
            throw UsageError("--\(name) needs \(expected), got '\(text)'")
        }
        return converted
    }

    /// Throws a usage error naming the first option no one read, else the first one read
    /// that was given no value. Call after reading options.
    public func finish() throws(UsageError) {
        for (index, option) in options.enumerated() where !consumed.contains(index) {
            if option.name == "help" || option.name == "h" { continue }
            throw UsageError("unknown option '--\(option.name)'")
        }
        if let index = missingValues.min() { throw UsageError("--\(options[index].name) needs a value") }
    }
}
