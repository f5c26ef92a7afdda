import Synchronization

/// Consumer side of `RingBuffer`: copies validated items into caller-owned memory.
///
/// Any thread may call these; none allocates, locks or waits for the writer (a slot the writer
/// is rewriting is retried a bounded number of times, then dropped).
extension RingBuffer {
    /// A read-only view for consumers. O(1), no allocation.
    @inlinable
    public var reader: RingBufferReader<Element> { RingBufferReader(self) }

    /// Number of items ever appended = the position the next append gets. O(1).
    @inlinable
    public var writtenCount: UInt64 {
        indices[Self.headIndex].load(ordering: .acquiring)
    }

    /// Positions the ring holds at this instant: the newest `min(writtenCount, capacity)`.
    /// The writer may overwrite the oldest of them at any moment after this returns. O(1).
    @inlinable
    public var heldPositions: Range<UInt64> {
        let head = writtenCount
        return Self.oldestHeld(head: head, capacity: capacity) ..< head
    }

    /// Total positions readers asked for but dropped because the writer overwrote (lapped) or
    /// was rewriting them during the read. Diagnostic; a rising count means the consumer is
    /// reading items about to be overwritten. O(1).
    public var discardedReadCount: UInt64 {
        indices[Self.discardedIndex].load(ordering: .relaxed)
    }

    /// The newest item, or `nil` when empty (or, rarely, when the writer kept rewriting it
    /// through every retry). O(1), no allocation.
    @inlinable
    public var newest: Element? {
        let head = writtenCount
        guard head > 0 else { return nil }
        return element(at: head &- 1)
    }

    /// The item at `position`, or `nil` if it is not written yet or already overwritten.
    /// O(1), no allocation.
    @inlinable
    public func element(at position: UInt64) -> Element? {
        withUnsafeTemporaryAllocation(of: Element.self, capacity: 1) { slot in
            copyElement(at: position, into: slot.baseAddress!) ? slot[0] : nil
        }
    }

    /// Copies the item at `position` into `destination` and returns true, or returns false
    /// (leaving `destination` as it was) if it is not written yet or already overwritten.
    /// Like ``element(at:)`` without an optional in between: a loop over large elements
    /// (block summaries) reads each straight into one buffer. O(1), no allocation.
    @inlinable @inline(__always)
    public func copyElement(at position: UInt64, into destination: UnsafeMutablePointer<Element>) -> Bool {
        let head = writtenCount
        guard position < head, head &- position <= UInt64(capacity) else { return false }
        let slotIndex = Int(truncatingIfNeeded: position % UInt64(capacity))
        guard read(position: position, slot: slots + slotIndex &* slotStride, into: destination) else {
            indices[Self.discardedIndex].wrappingAdd(1, ordering: .relaxed)
            return false
        }
        return true
    }

    /// Copies the newest `min(count, buffer.count)` items, oldest first, into `buffer[0...]`.
    ///
    /// The result is a run of consecutive positions that ends at the newest position seen when
    /// the copy started, so a reader's successive snapshots never end earlier than one it
    /// already has (a chart never jumps back a frame). The copy reads newest first and stops at
    /// the first slot the writer has lapped: the positions below it are older still and lapped
    /// too. Such a copy is shorter at the old end and is retried from the new newest item a
    /// bounded number of times; the last attempt, which ends newest, is returned. (An earlier
    /// version read oldest first and kept the last run of valid copies: under a slow reader
    /// the writer overtook it and the run ended hundreds of positions before an earlier
    /// snapshot.) O(count) per attempt, no allocation.
    @inlinable
    public func copyNewest(_ count: Int, into buffer: UnsafeMutableBufferPointer<Element>) -> RingBufferRange {
        let wanted = UInt64(max(0, min(count, buffer.count, capacity)))
        guard wanted > 0, let base = buffer.baseAddress else {
            return RingBufferRange(firstPosition: writtenCount, count: 0)
        }
        var result = RingBufferRange(firstPosition: 0, count: 0)
        for _ in 0..<Self.lapRetryLimit {
            let head = writtenCount
            let first = head > wanted ? head &- wanted : 0
            let complete: Bool
            (result, complete) = copyNewestFirst(first ..< head, into: base)
            if complete { break }
        }
        return result
    }

    /// Copies the newest `buffer.count` items (or all held items if fewer). See
    /// `copyNewest(_:into:)`. O(buffer.count), no allocation.
    @inlinable
    public func copyNewest(into buffer: UnsafeMutableBufferPointer<Element>) -> RingBufferRange {
        copyNewest(buffer.count, into: buffer)
    }

    /// Copies the held items whose positions fall in `positions`, oldest first, at most
    /// `buffer.count` of them (the oldest that fit, so a tailing reader can continue from
    /// `result.positions.upperBound`).
    ///
    /// Positions already overwritten are skipped: `result.firstPosition` is then greater than
    /// `positions.lowerBound`. Positions not yet written are not copied. The result is a run of
    /// consecutive positions; a read the writer laps restarts from the new oldest held position
    /// a bounded number of times, like `copyNewest(_:into:)`. O(copied), no allocation.
    @inlinable
    public func copy(positions: Range<UInt64>, into buffer: UnsafeMutableBufferPointer<Element>) -> RingBufferRange {
        var result = RingBufferRange(firstPosition: 0, count: 0)
        for _ in 0..<Self.lapRetryLimit {
            let head = writtenCount
            let lower = max(positions.lowerBound, Self.oldestHeld(head: head, capacity: capacity))
            var upper = min(positions.upperBound, head)
            guard lower < upper else {
                return RingBufferRange(firstPosition: min(positions.upperBound, head), count: 0)
            }
            let room = UInt64(buffer.count)
            if upper &- lower > room { upper = lower &+ room }
            let lapped: Bool
            (result, lapped) = copyValidated(lower ..< upper, into: buffer)
            if !lapped { break }
        }
        return result
    }

    // MARK: Internals

    @inlinable @inline(__always)
    static func oldestHeld(head: UInt64, capacity: Int) -> UInt64 {
        head > UInt64(capacity) ? head &- UInt64(capacity) : 0
    }

    /// How many times a lapped multi-item copy starts over before returning what it has.
    @inlinable
    static var lapRetryLimit: Int { 4 }

    /// Copies `range` (already clamped to held positions and to `buffer.count`) keeping the
    /// last run of consecutive valid reads; `lapped` reports that some slot was overwritten
    /// or stayed torn. Reads oldest first: the oldest slots are the ones the writer reaches
    /// next, so reading them first loses the fewest.
    @inlinable
    func copyValidated(_ range: Range<UInt64>, into buffer: UnsafeMutableBufferPointer<Element>) -> (RingBufferRange, lapped: Bool) {
        guard !range.isEmpty, let base = buffer.baseAddress else {
            return (RingBufferRange(firstPosition: range.upperBound, count: 0), false)
        }
        var slotIndex = Int(truncatingIfNeeded: range.lowerBound % UInt64(capacity))
        var firstPosition = range.lowerBound
        var written = 0
        var dropped: UInt64 = 0
        // After a failed slot the run restarts; the earlier run is kept until a later slot
        // succeeds, so a failure at the very end still returns the run before it.
        var restartPending = false
        var position = range.lowerBound
        while position < range.upperBound {
            // A failed read leaves base[written] to be overwritten by the next success.
            if read(position: position, slot: slots + slotIndex &* slotStride, into: base + written) {
                if restartPending {
                    restartPending = false
                    // The run restarts at the front: move this item there.
                    if written != 0 { base[0] = base[written] }
                    written = 0
                    firstPosition = position
                }
                written &+= 1
            } else {
                dropped &+= 1
                restartPending = true
            }
            position &+= 1
            slotIndex &+= 1
            if slotIndex == capacity { slotIndex = 0 }
        }
        if dropped > 0 {
            indices[Self.discardedIndex].wrappingAdd(dropped, ordering: .relaxed)
        }
        if written == 0 { firstPosition = range.upperBound }
        return (RingBufferRange(firstPosition: firstPosition, count: written), dropped > 0)
    }

    /// Copies `range` (clamped to held positions, at most the buffer's size) newest first into
    /// `base[0 ..< range.count]`, stopping at the first slot that fails; the valid run, which
    /// ends at `range.upperBound`, is then moved to the front. `complete` is false when some
    /// position was dropped (or the newest one failed and nothing was copied).
    @inlinable
    func copyNewestFirst(_ range: Range<UInt64>, into base: UnsafeMutablePointer<Element>) -> (RingBufferRange, complete: Bool) {
        let total = Int(truncatingIfNeeded: range.upperBound &- range.lowerBound)
        var index = total  // base[index ..< total] holds the run copied so far
        var position = range.upperBound
        var slotIndex = Int(truncatingIfNeeded: position % UInt64(capacity))
        while position > range.lowerBound {
            position &-= 1
            slotIndex = slotIndex == 0 ? capacity &- 1 : slotIndex &- 1
            guard read(position: position, slot: slots + slotIndex &* slotStride, into: base + (index &- 1)) else {
                indices[Self.discardedIndex].wrappingAdd(position &- range.lowerBound &+ 1, ordering: .relaxed)
                break
            }
            index &-= 1
        }
        let count = total &- index
        if index > 0 && count > 0 {
            // Elements are BitwiseCopyable; the regions may overlap (memmove semantics).
            UnsafeMutableRawPointer(base).copyMemory(
                from: UnsafeRawPointer(base + index), byteCount: count &* MemoryLayout<Element>.stride)
        }
        return (RingBufferRange(firstPosition: range.upperBound &- UInt64(count), count: count), index == 0)
    }

    /// How often a reader re-reads a slot the writer is rewriting before dropping it. The
    /// writer's critical section is a handful of stores, so a retry almost always succeeds.
    @inlinable
    static var tornRetryLimit: Int { 64 }

    /// The reader half of the slot seqlock. Returns `true` and stores the item at `value`
    /// when the slot holds `position` consistently; `false` (storing nothing) if it was
    /// overwritten or stayed torn.
    @inlinable @inline(__always)
    func read(position: UInt64, slot: UnsafeMutablePointer<Atomic<UInt64>>, into value: UnsafeMutablePointer<Element>) -> Bool {
        var attempt = 0
        while attempt < Self.tornRetryLimit {
            let before = slot[0].load(ordering: .acquiring)
            if before & 1 == 0 {
                let stored = slot[1].load(ordering: .relaxed)
                let element = Element(ringWords: RingBufferWordReader(slot + 2))
                // Orders the data loads above before the re-check below (a load-load barrier).
                atomicMemoryFence(ordering: .acquiring)
                let after = slot[0].load(ordering: .relaxed)
                if before == after {
                    guard stored == position else { return false }  // the writer lapped this slot
                    // Elements are BitwiseCopyable: storing over any previous bits is safe.
                    value.initialize(to: element)
                    return true
                }
            }
            attempt &+= 1
        }
        return false
    }
}
