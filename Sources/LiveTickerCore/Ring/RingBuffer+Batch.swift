import Synchronization

/// Producer side, many items at once: the slots are written exactly as single appends write
/// them (each under its own seqlock, see `RingBuffer`), but `head` is published once, after the
/// last one. A reader therefore sees the ring jump from the old prefix to the new one and never
/// a position whose slot is not complete.
extension RingBuffer {
    /// Appends `elements` in order as positions `writtenCount ..< writtenCount + count`,
    /// overwriting the oldest items, and publishes them together. Equivalent to calling
    /// `append(_:)` for each element, except that readers see no intermediate `writtenCount`.
    /// Producer thread only. O(min(count, capacity)) slot writes (items a batch itself
    /// overwrites are never stored), wait-free, no allocation.
    @inlinable
    public func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard var source = elements.baseAddress, elements.count > 0 else { return }
        // Only the producer writes these, so its relaxed read-back is its own last store.
        var position = indices[Self.headIndex].load(ordering: .relaxed)
        var slotIndex = Int(truncatingIfNeeded: indices[Self.nextSlotIndex].load(ordering: .relaxed))
        var remaining = elements.count
        if remaining > capacity {
            // The first `count - capacity` items would be overwritten before anyone could read
            // them (head is published at the end): skip their positions, as if written.
            let skipped = remaining &- capacity
            source += skipped
            position &+= UInt64(skipped)
            slotIndex = (slotIndex &+ skipped % capacity) % capacity
            remaining = capacity
        }
        let stride = slotStride
        while remaining > 0 {
            // One contiguous run of slots up to the end of storage, then wrap to slot 0.
            let run = min(remaining, capacity &- slotIndex)
            var slot = slots + slotIndex &* stride
            for _ in 0..<run {
                write(source.pointee, position: position, slot: slot)
                source += 1
                position &+= 1
                slot += stride
            }
            slotIndex &+= run
            if slotIndex == capacity { slotIndex = 0 }
            remaining &-= run
        }
        indices[Self.nextSlotIndex].store(UInt64(truncatingIfNeeded: slotIndex), ordering: .relaxed)
        indices[Self.headIndex].store(position, ordering: .releasing)
    }
}

/// Producer side, slots written by a caller's own loop (``LiveSeries``' one-pass batch append):
/// ``pendingWrite``, any number of ``write(_:position:slotIndex:)`` at consecutive positions,
/// then ``publishWrites(upTo:nextSlotIndex:)`` once. Readers see none of the new positions
/// until the publish, as with ``append(contentsOf:)``.
extension RingBuffer {
    /// The position and slot index the next write takes (the producer's own last stores). O(1).
    @inlinable @inline(__always)
    var pendingWrite: (position: UInt64, slotIndex: Int) {
        (
            indices[Self.headIndex].load(ordering: .relaxed),
            Int(truncatingIfNeeded: indices[Self.nextSlotIndex].load(ordering: .relaxed))
        )
    }

    /// Writes `element` as `position` into slot `slotIndex` (`0 ..< capacity`) under its seqlock,
    /// without publishing it. Producer thread only. O(1).
    @inlinable @inline(__always)
    func write(_ element: Element, position: UInt64, slotIndex: Int) {
        write(element, position: position, slot: slots + slotIndex &* slotStride)
    }

    /// Publishes every position before `position` (the next to be written), whose slot is
    /// `nextSlotIndex`. Producer thread only. O(1).
    @inlinable @inline(__always)
    func publishWrites(upTo position: UInt64, nextSlotIndex: Int) {
        indices[Self.nextSlotIndex].store(UInt64(truncatingIfNeeded: nextSlotIndex), ordering: .relaxed)
        indices[Self.headIndex].store(position, ordering: .releasing)
    }
}
