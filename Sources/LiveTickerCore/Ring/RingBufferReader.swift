/// The consumer's view of a `RingBuffer`: only the reading half of its API.
///
/// Hand this to code that draws or analyses a ring it must not write to (the chart, the
/// bench). A struct holding one reference: copying it is free and it allocates nothing.
/// Every method has the cost of the `RingBuffer` method it forwards to.
@frozen
public struct RingBufferReader<Element: RingBufferElement>: Sendable {
    @usableFromInline let ring: RingBuffer<Element>

    /// Creates a read-only view of `ring`. O(1).
    @inlinable
    public init(_ ring: RingBuffer<Element>) {
        self.ring = ring
    }

    /// Number of items the ring keeps. O(1).
    @inlinable public var capacity: Int { ring.capacity }

    /// Number of items ever appended (the next position). O(1).
    @inlinable public var writtenCount: UInt64 { ring.writtenCount }

    /// Positions held at this instant. O(1).
    @inlinable public var heldPositions: Range<UInt64> { ring.heldPositions }

    /// Positions readers dropped because the writer lapped them. O(1).
    public var discardedReadCount: UInt64 { ring.discardedReadCount }

    /// The newest item, or `nil` when empty. O(1).
    @inlinable public var newest: Element? { ring.newest }

    /// The item at `position` if still held. O(1).
    @inlinable
    public func element(at position: UInt64) -> Element? { ring.element(at: position) }

    /// Copies the newest `min(count, buffer.count)` items; see `RingBuffer.copyNewest(_:into:)`.
    /// O(count), no allocation.
    @inlinable
    public func copyNewest(_ count: Int, into buffer: UnsafeMutableBufferPointer<Element>) -> RingBufferRange {
        ring.copyNewest(count, into: buffer)
    }

    /// Copies the newest `buffer.count` items. O(buffer.count), no allocation.
    @inlinable
    public func copyNewest(into buffer: UnsafeMutableBufferPointer<Element>) -> RingBufferRange {
        ring.copyNewest(into: buffer)
    }

    /// Copies held items in `positions`, oldest first; see `RingBuffer.copy(positions:into:)`.
    /// O(copied), no allocation.
    @inlinable
    public func copy(positions: Range<UInt64>, into buffer: UnsafeMutableBufferPointer<Element>) -> RingBufferRange {
        ring.copy(positions: positions, into: buffer)
    }
}
