import Synchronization

/// Write access to the data words of one ring slot, handed to `RingBufferElement.store(into:)`.
///
/// Each store is a relaxed atomic store (a plain move on x86-64 and arm64); the ring's slot
/// sequence number provides the ordering. Valid only during the call it is passed to: do not keep it.
@frozen
public struct RingBufferWordWriter {
    @usableFromInline let base: UnsafeMutablePointer<Atomic<UInt64>>

    @inlinable
    init(_ base: UnsafeMutablePointer<Atomic<UInt64>>) {
        self.base = base
    }

    /// Stores `word` as data word `index` (`0 ..< ringWordCount`). O(1); no allocation.
    @inlinable @inline(__always)
    public func store(_ word: UInt64, at index: Int) {
        base[index].store(word, ordering: .relaxed)
    }
}
