/// Why a time zone could not be made from a TZif file or a POSIX TZ rule.
public enum TimeZoneError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes do not start with the `TZif` magic.
    case notTZif
    /// The file ends before the counts in its header say it should (byte offset where it ran out).
    case truncated(at: Int)
    /// A count, type index or abbreviation index is out of range (what was wrong).
    case malformed(String)
    /// A POSIX TZ rule (the TZif footer, or a `TZ` value) could not be parsed.
    case badRule(String)

    /// One line for a person.
    public var description: String {
        switch self {
        case .notTZif: "not a TZif time zone file (no 'TZif' magic)"
        case .truncated(let offset): "TZif file cut off at byte \(offset)"
        case .malformed(let what): "malformed TZif file: \(what)"
        case .badRule(let rule): "cannot read the POSIX TZ rule '\(rule)'"
        }
    }
}
