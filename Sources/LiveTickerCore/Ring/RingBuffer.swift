import Synchronization

/// A fixed-capacity, lock-free, single-producer / single-consumer ring that keeps the newest
/// `capacity` items: the writer never waits and overwrites the oldest item when full.
///
/// Every item has a 64-bit **position** (0, 1, 2, … in append order) that only grows, so a
/// position names the same item across the wrap until that item is overwritten. Readers copy
/// into caller-owned buffers; torn or overwritten slots are detected and never returned.
///
/// ## Threading contract
/// - **Producer** (exactly one thread at a time): `append(_:)`, `append(contentsOf:)`,
///   `updateNewest(_:)`.
/// - **Consumers** (any threads, any number: readers only load slot words and bump a shared
///   diagnostic counter atomically): `copyNewest(_:into:)`, `copy(positions:into:)`,
///   `element(at:)`, `newest`, `writtenCount`, `heldPositions`, `discardedReadCount`, `reader`.
/// - `capacity` is immutable and may be read anywhere.
///
/// ## Why `@unchecked Sendable` is sound
/// The class has only `let` properties. All shared mutable memory is `Atomic<UInt64>` words
/// in storage allocated once at init and freed in `deinit` (when no thread can hold a
/// reference). Producer-only words (`nextSlot`, the slot sequence numbers it reads back) are
/// never written by readers, so the single-producer rule is the only contract callers keep.
///
/// ## Slot protocol (a per-slot seqlock; Boehm, "Can seqlocks get along with programming
/// language memory models?", MSPC 2012)
/// A slot is `2 + Element.ringWordCount` words: `[sequence, position, data…]`.
/// - `sequence` counts writes to the slot: odd while the producer is writing it, even when
///   stable. It never repeats, so an in-place `updateNewest` cannot be mistaken for the old
///   value (no ABA), unlike a scheme that checks the position alone.
/// - Writer: `sequence = s+1` (relaxed), release fence, position and data (relaxed),
///   `sequence = s+2` (release), then `head = p+1` (release).
/// - Reader: `s1 = sequence` (acquire), position and data (relaxed), acquire fence,
///   `s2 = sequence` (relaxed). The copy is valid iff `s1 == s2`, `s1` is even and the stored
///   position is the one asked for. If a data load saw any store of a later write, the fences
///   make that write's odd `sequence` visible to the second load, so `s2 != s1`.
/// On x86-64 every one of these atomics and fences compiles to a plain move / no instruction.
///
/// Storage never moves or grows after init; no method allocates.
public final class RingBuffer<Element: RingBufferElement>: @unchecked Sendable {
    /// Number of items kept (the newest `capacity` appended). Fixed at init.
    public let capacity: Int

    /// Words per slot: sequence, position, then the element's words.
    @usableFromInline let slotStride: Int

    /// `capacity * slotStride` atomic words, allocated once; see the slot protocol above.
    @usableFromInline let slots: UnsafeMutablePointer<Atomic<UInt64>>

    /// Index words, one padded line group per writing thread:
    /// `[headIndex]`, `[nextSlotIndex]` are written by the producer only;
    /// `[discardedIndex]` is written by readers only (its own line group so reader
    /// bookkeeping never invalidates the line the producer publishes `head` on).
    @usableFromInline let indices: UnsafeMutablePointer<Atomic<UInt64>>

    /// Next position to be written (= number of items ever appended). Producer writes (release).
    @usableFromInline static var headIndex: Int { 0 }
    /// Slot index the next append writes (`head % capacity`, kept to avoid a division per append).
    @usableFromInline static var nextSlotIndex: Int { 1 }
    /// Count of positions readers dropped because the writer lapped or was rewriting them.
    @usableFromInline static var discardedIndex: Int { AtomicWords.wordsPerLine }
    static var indexWordCount: Int { 2 * AtomicWords.wordsPerLine }

    /// Creates an empty ring holding up to `capacity` items. O(capacity); allocates once.
    ///
    /// - Throws: `ConfigurationError.zeroCapacity` for 0, `.invalidCapacity` for a negative
    ///   capacity or one whose storage size overflows.
    public init(capacity: Int) throws(ConfigurationError) {
        guard capacity != 0 else { throw .zeroCapacity }
        guard capacity > 0 else { throw .invalidCapacity(capacity) }
        let stride = 2 + Element.ringWordCount
        precondition(Element.ringWordCount >= 1, "RingBufferElement.ringWordCount must be >= 1")
        let (words, overflow) = capacity.multipliedReportingOverflow(by: stride)
        guard !overflow, words.multipliedReportingOverflow(by: 8).overflow == false else {
            throw .invalidCapacity(capacity)
        }
        self.capacity = capacity
        self.slotStride = stride
        self.slots = AtomicWords.allocate(count: words)
        self.indices = AtomicWords.allocate(count: Self.indexWordCount)
    }

    deinit {
        AtomicWords.deallocate(slots, count: capacity * slotStride)
        AtomicWords.deallocate(indices, count: Self.indexWordCount)
    }

    /// Address of the slot storage; it never changes (tests check that nothing reallocates).
    var storageAddress: UnsafeRawPointer { UnsafeRawPointer(slots) }

    // MARK: Producer

    /// Appends `element` as position `writtenCount`, overwriting the oldest item when full.
    /// Producer thread only. O(1), wait-free, no allocation.
    @inlinable @inline(__always)
    public func append(_ element: Element) {
        let position = indices[Self.headIndex].load(ordering: .relaxed)
        let slotIndex = Int(truncatingIfNeeded: indices[Self.nextSlotIndex].load(ordering: .relaxed))
        write(element, position: position, slot: slots + slotIndex &* slotStride)
        let next = slotIndex &+ 1
        indices[Self.nextSlotIndex].store(UInt64(truncatingIfNeeded: next == capacity ? 0 : next), ordering: .relaxed)
        indices[Self.headIndex].store(position &+ 1, ordering: .releasing)
    }

    /// Rewrites the newest item in place (its position is unchanged). Readers see either the
    /// old or the new value, never a mix. Producer thread only. O(1), wait-free, no allocation.
    ///
    /// - Returns: `false` (and stores nothing) when the ring is empty.
    @inlinable @inline(__always) @discardableResult
    public func updateNewest(_ element: Element) -> Bool {
        let head = indices[Self.headIndex].load(ordering: .relaxed)
        guard head > 0 else { return false }
        let nextSlot = Int(truncatingIfNeeded: indices[Self.nextSlotIndex].load(ordering: .relaxed))
        let slotIndex = nextSlot == 0 ? capacity &- 1 : nextSlot &- 1
        write(element, position: head &- 1, slot: slots + slotIndex &* slotStride)
        return true
    }

    /// The writer half of the slot seqlock (see the type's documentation).
    @inlinable @inline(__always)
    func write(_ element: Element, position: UInt64, slot: UnsafeMutablePointer<Atomic<UInt64>>) {
        // Only the producer writes `sequence`, so its relaxed read-back is its own last value.
        let sequence = slot[0].load(ordering: .relaxed)
        slot[0].store(sequence &+ 1, ordering: .relaxed)
        // Orders the odd sequence before the data stores below (a store-store barrier).
        atomicMemoryFence(ordering: .releasing)
        slot[1].store(position, ordering: .relaxed)
        element.store(into: RingBufferWordWriter(slot + 2))
        slot[0].store(sequence &+ 2, ordering: .releasing)
    }
}
