/// Picks a CSV column explicitly: by header name (case-insensitive) or by 0-based index.
public enum ColumnSelector: Sendable, Hashable, CustomStringConvertible {
    /// The column whose header name equals this, ignoring ASCII case and surrounding spaces.
    case name(String)
    /// The column at this 0-based index.
    case index(Int)

    /// Parses an option value: all digits → an index, anything else → a name.
    public init(argument: String) {
        if !argument.isEmpty, argument.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let i = Int(argument) {
            self = .index(i)
        } else {
            self = .name(argument)
        }
    }

    /// The name, or the index as decimal text.
    public var description: String {
        switch self {
        case let .name(name): name
        case let .index(index): String(index)
        }
    }
}

/// Whether the first line of a CSV input is a header.
public enum HeaderMode: String, Sendable, CaseIterable {
    /// Decide from the first non-blank line: it is data when its first field starts with a
    /// digit, a sign or a dot (after spaces and an opening quote), a header otherwise.
    case auto
    /// The first non-blank line names the columns.
    case present
    /// No header: columns are `time, value[, size[, symbol]]` (the line protocol).
    case absent
}
