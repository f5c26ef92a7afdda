/// Which positions a ring read copied: `count` consecutive positions starting at `firstPosition`,
/// stored at indices `0 ..< count` of the caller's buffer.
///
/// Positions are the ring's 64-bit item numbers (0 for the first item ever appended); they
/// only grow, so they stay valid names for items across the wrap.
@frozen
public struct RingBufferRange: Sendable, Hashable {
    /// Position of the item copied to buffer index 0 (or where the read ended when `count == 0`).
    public var firstPosition: UInt64
    /// Number of items copied.
    public var count: Int

    /// Creates a range description. O(1).
    @inlinable
    public init(firstPosition: UInt64, count: Int) {
        self.firstPosition = firstPosition
        self.count = count
    }

    /// The copied positions as a half-open range. O(1).
    @inlinable
    public var positions: Range<UInt64> {
        firstPosition ..< firstPosition &+ UInt64(count)
    }

    /// True when nothing was copied. O(1).
    @inlinable
    public var isEmpty: Bool { count == 0 }
}
