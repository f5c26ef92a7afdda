/// One skipped line, as remembered for the report: where it was, why, and what it started with.
public struct BadLine: Sendable, Hashable, CustomStringConvertible {
    /// 1-based physical line number in the input (the header is line 1); in a feed of
    /// messages, in its ``message``.
    public var line: Int
    /// 1-based number of the message (an MQTT publish, a WebSocket frame) the line came in,
    /// counted over the feed; 0 for a file or a stream of lines.
    public var message = 0
    /// Why the line was skipped.
    public var kind: BadLineKind
    /// The header name (or 0-based index, as text) of the offending column; "" when the line as a
    /// whole is at fault.
    public var column: String
    /// The first bytes of the line (at most 80), decoded leniently, for the message.
    public var excerpt: String

    /// Describes a skipped line.
    public init(line: Int, kind: BadLineKind, column: String = "", excerpt: String = "") {
        self.line = line
        self.kind = kind
        self.column = column
        self.excerpt = excerpt
    }

    /// E.g. `line 7: malformed number in column "price": 1700000000000,abc,3`, or `message
    /// 12, line 2: …` in a feed of messages. Allocates.
    public var description: String {
        var text = message > 0 ? "message \(message), line \(line): \(kind)" : "line \(line): \(kind)"
        // Both come from the input: escaped, so a line holding terminal control bytes prints as text.
        if !column.isEmpty { text += " in column \"\(MessageText.field(column, maximum: 40))\"" }
        if !excerpt.isEmpty { text += ": \(MessageText.field(excerpt))" }
        return text
    }
}
