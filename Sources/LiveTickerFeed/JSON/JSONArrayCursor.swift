/// Steps through the elements of a JSON array already checked to be valid.
struct JSONArrayCursor {
    /// At the current element after ``next()`` returned true; the caller reads past it.
    var scanner: JSONScanner
    private var first = true

    /// A cursor for the array at `scanner` (after optional whitespace); nil when no array is there.
    init?(_ scanner: JSONScanner) {
        var s = scanner
        s.skipWhitespace()
        guard s.hasMore, s.peek == 0x5B else { return nil }
        s.p += 1
        self.scanner = s
    }

    /// Moves to the next element (past the separator); false at the closing `]`. O(whitespace).
    mutating func next() -> Bool {
        if !first && !scanner.consume(0x2C) { return false }
        first = false
        scanner.skipWhitespace()
        return scanner.hasMore && scanner.peek != 0x5D
    }
}
