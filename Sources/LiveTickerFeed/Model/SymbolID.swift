/// Identifies the instrument or signal of a tick within one feed.
///
/// Ids are dense, 0, 1, 2 … in order of first appearance, so a sink can route ticks with an array
/// index instead of a dictionary lookup. A feed without a symbol column delivers every tick with
/// id 0 (whose name is the empty string). Names live in the feed's ``SymbolTable``.
public struct SymbolID: Hashable, Sendable, BitwiseCopyable, Comparable, CustomStringConvertible {
    /// The dense index of the symbol in its feed's ``SymbolTable``.
    public var rawValue: UInt32

    /// Wraps a dense symbol index. O(1).
    @inlinable
    public init(_ rawValue: UInt32) { self.rawValue = rawValue }

    /// The id of the first symbol, and of every tick of a feed that has no symbol column.
    public static let first = SymbolID(0)

    /// Orders ids by their index (the order of first appearance). O(1).
    @inlinable
    public static func < (lhs: SymbolID, rhs: SymbolID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `#` followed by the index, e.g. `#0`. Allocates a string.
    public var description: String { "#\(rawValue)" }
}
