import Synchronization

/// Read access to the data words of one ring slot, handed to `RingBufferElement.init(ringWords:)`.
///
/// Each load is a relaxed atomic load (a plain move on x86-64 and arm64). The words may be
/// torn (the writer was mid-rewrite); the ring checks the slot's sequence number afterwards
/// and drops the decoded value if so. Valid only during the call it is passed to: do not keep it.
@frozen
public struct RingBufferWordReader {
    @usableFromInline let base: UnsafeMutablePointer<Atomic<UInt64>>

    @inlinable
    init(_ base: UnsafeMutablePointer<Atomic<UInt64>>) {
        self.base = base
    }

    /// Loads data word `index` (`0 ..< ringWordCount`). O(1); no allocation.
    @inlinable @inline(__always)
    public func load(at index: Int) -> UInt64 {
        base[index].load(ordering: .relaxed)
    }
}
