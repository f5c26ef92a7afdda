/// Which part of a message's topic names its symbol (`--topic-symbol`).
public enum TopicSymbol: Sendable, Equatable, CustomStringConvertible {
    /// The whole topic, e.g. `site/ticks/ACME`.
    case full
    /// The last level, e.g. `ACME` (the default).
    case last
    /// The level at this 0-based index (`site/ticks/ACME` level 1 is `ticks`); the last level
    /// when the topic is shorter.
    case level(Int)

    /// Parses `full`, `last` or a level index 0…255. Nil otherwise.
    public init?(argument: String) {
        switch argument.lowercased() {
        case "full": self = .full
        case "last": self = .last
        default:
            guard let level = Int(argument), (0...255).contains(level) else { return nil }
            self = .level(level)
        }
    }

    /// The argument spelling.
    public var description: String {
        switch self {
        case .full: "full"
        case .last: "last"
        case let .level(level): String(level)
        }
    }

    /// The byte range of the symbol inside `topic`, by this rule. O(topic length).
    func range(in topic: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        switch self {
        case .full:
            return 0..<topic.count
        case .last:
            var start = topic.count
            while start > 0 && topic[start - 1] != UInt8(ascii: "/") { start -= 1 }
            return start..<topic.count
        case let .level(wanted):
            var level = 0
            var start = 0
            for i in 0..<topic.count where topic[i] == UInt8(ascii: "/") {
                if level == wanted { return start..<i }
                level += 1
                start = i + 1
            }
            return start..<topic.count
        }
    }
}
