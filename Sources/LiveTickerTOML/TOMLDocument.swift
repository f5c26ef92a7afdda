/// Parses TOML 1.0 (https://toml.io/en/v1.0.0): strings and their escapes, integers, floats,
/// booleans, date-times, arrays, inline tables, tables and arrays of tables, with the rules
/// on redefining tables and keys.
///
/// ```swift
/// let table = try TOMLDocument.parse(bytes)   // or parse(text)
/// if case .string(let title)? = table["title"] { … }
/// ```
/// Errors name the line and column (1-based, in characters) where the document stops being
/// valid. A whole file is parsed at once: O(document size), allocating the values.
public enum TOMLDocument {
    /// Parses UTF-8 `bytes` (invalid UTF-8 is an error at its position).
    public static func parse(_ bytes: [UInt8]) throws(TOMLError) -> TOMLTable {
        var parser = try TOMLParser(bytes: bytes)
        return try parser.parseDocument()
    }

    /// Parses `text`.
    public static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
        try parse(Array(text.utf8))
    }
}
