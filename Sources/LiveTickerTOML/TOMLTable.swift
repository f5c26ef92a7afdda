/// A TOML table: keys in the order the document wrote them, each with its value and where
/// the key was written (so a schema can name the line of a key it rejects).
public struct TOMLTable: Sendable, Equatable {
    /// The keys in document order.
    public private(set) var keys: [String] = []
    var values: [String: TOMLValue] = [:]
    var positions: [String: TOMLPosition] = [:]
    /// Where the table was opened (its header, inline brace or first dotted key); 1:1 for the root.
    public internal(set) var position = TOMLPosition(line: 1, column: 1)

    /// An empty table.
    public init() {}

    /// The value at `key`, or nil. O(1).
    public subscript(key: String) -> TOMLValue? { values[key] }

    /// Where `key` was written (nil when absent). O(1).
    public func position(of key: String) -> TOMLPosition? { positions[key] }

    /// Number of keys.
    public var count: Int { keys.count }

    /// Sets `key` (appending it to ``keys`` when new). O(1) amortised.
    public mutating func set(_ key: String, _ value: TOMLValue, at position: TOMLPosition) {
        if values.updateValue(value, forKey: key) == nil { keys.append(key) }
        if positions[key] == nil { positions[key] = position }
    }
}
