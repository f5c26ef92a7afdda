/// Steps through the members of a JSON object already checked to be valid: the object form of
/// ``JSONArrayCursor``, for the walks over a response's keys.
struct JSONObjectCursor {
    /// At the current member's value after ``next()`` returned its key; the caller reads past it.
    var scanner: JSONScanner
    private var first = true

    /// A cursor over the object whose inside (just past its `{`) is `inside`.
    init(inside: JSONScanner) {
        scanner = inside
    }

    /// Moves to the next member (past the separator) and returns its key's span, the scanner
    /// at its value; nil at the closing `}` (or where the text is no member). O(whitespace +
    /// key).
    mutating func next() -> (start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, escaped: Bool)? {
        if !first && !scanner.consume(0x2C) { return nil }
        first = false
        scanner.skipWhitespace()
        guard let key = scanner.scanString(), scanner.consume(0x3A) else { return nil }
        scanner.skipWhitespace()
        return key
    }
}
