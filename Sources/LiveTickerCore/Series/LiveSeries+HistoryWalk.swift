import Synchronization

/// Walking a range of history positions through the block summaries: the coarsest closed
/// block that fits wherever one fits, raw ticks elsewhere. Consumer side; every walk is
/// O(levels · 3 + blocks visited + 2 · 63 raw ticks), whatever the length of the range.
extension LiveSeries {
    /// Highest summary level whose blocks may start (or end) at `position`; -1 when none.
    @inlinable @inline(__always)
    func alignedLevel(_ position: UInt64) -> Int {
        let top = summaries.levelCount &- 1
        guard position != 0 else { return top }
        let zeros = UInt64(position.trailingZeroBitCount)
        let baseZeros = UInt64(HistorySummaries.baseBlock.trailingZeroBitCount)
        guard zeros >= baseZeros else { return -1 }
        return min(top, Int((zeros &- baseZeros) / HistorySummaries.levelShift))
    }

    /// Walks the pieces of `range` in position order, using blocks of at most `maxLevel`: at
    /// each position the coarsest block that starts there, fits in the range and is closed
    /// (handed to `block`), a raw tick where none does (handed to
    /// `tick` with its position). Blocks or ticks the writer has already overwritten are
    /// skipped (they are no longer held). Stops when a closure returns false.
    /// Consumer side, no allocation; each summary is read once, straight into one buffer.
    @inlinable @inline(__always)
    func walkPieces(
        in range: Range<UInt64>, maxLevel: Int, tick: (Tick, UInt64) -> Bool,
        block: (borrowing BlockSummary) -> Bool
    ) {
        withUnsafeTemporaryAllocation(of: BlockSummary.self, capacity: 1) { buffer in
            let summary = buffer.baseAddress!
            walkPieceBlocks(in: range, maxLevel: maxLevel, tick: tick) { _, index, ring in
                // A summary the writer has lapped is skipped, as an overwritten tick is.
                !ring.copyElement(at: index, into: summary) || block(summary.pointee)
            }
        }
    }

    /// The walk of ``walkPieces(in:maxLevel:tick:block:)`` without reading the summaries: each
    /// closed block is handed over as its level, block number and ring (the caller reads it,
    /// or not: ``collectCandidates(positions:level:into:cache:)`` takes most from its cache).
    /// The pieces are the same for every caller. Consumer side, no allocation.
    @inlinable @inline(__always)
    func walkPieceBlocks(
        in range: Range<UInt64>, maxLevel: Int, tick: (Tick, UInt64) -> Bool,
        block: (_ level: Int, _ index: UInt64, _ ring: RingBuffer<BlockSummary>) -> Bool
    ) {
        summaries.rings.withUnsafeBufferPointer { levels in
            var p = range.lowerBound
            let end = range.upperBound
            while p < end {
                var level = min(maxLevel, alignedLevel(p))
                var step: UInt64 = 1  // stays 1 where no block fits: a raw tick
                while level >= 0 {
                    let size = HistorySummaries.blockSize(level: level)
                    if end &- p >= size {
                        let ring = levels[level]
                        // Block sizes are powers of two: the block number is a shift.
                        let index = p &>> UInt64(size.trailingZeroBitCount)
                        if index < ring.writtenCount {
                            if !block(level, index, ring) { return }
                            step = size
                            break
                        }
                    }
                    level &-= 1
                }
                if step == 1, let raw = history.element(at: p), !tick(raw, p) { return }
                p &+= step
            }
        }
    }

    /// The lowest position `q ≥ floor` such that every tick in `[q, upper)` passes: walking
    /// down from `upper`, a whole block is skipped when `blockPasses` says all its ticks pass,
    /// a failing block is looked into at the next finer level, and single ticks are tested
    /// where no block applies. O(levels · 3 + blocks skipped + 63). Consumer side.
    @inlinable
    func extendDown(
        from upper: UInt64, floor: UInt64, blockPasses: (BlockSummary) -> Bool, tickPasses: (Tick) -> Bool
    ) -> UInt64 {
        let levels = summaries.rings
        let top = summaries.levelCount &- 1
        var p = upper
        var cap = top
        while p > floor {
            var level = min(cap, alignedLevel(p))
            var skipped = false
            while level >= 0 {
                let size = HistorySummaries.blockSize(level: level)
                if p &- floor >= size {
                    let ring = levels[level]
                    let block = (p &- size) / size
                    if block < ring.writtenCount, let summary = ring.element(at: block) {
                        if blockPasses(summary) {
                            p &-= size
                            cap = top
                            skipped = true
                            break
                        }
                        // Some tick in the block fails: look at its last child next.
                    }
                }
                level &-= 1
            }
            if skipped { continue }
            guard let tick = history.element(at: p &- 1), tickPasses(tick) else { return p }
            p &-= 1
        }
        return p
    }

    /// Positions held at this instant whose summaries are all published: ticks appended
    /// before the `version` the consumer reads (the producer appends closed summaries before
    /// it publishes `version`), from the floor ``restartHeldHistory()`` set once a tick after
    /// it is published (the floor before it until then). O(1), lock-free.
    @inlinable
    var publishedHeldPositions: Range<UInt64> {
        // A consistent floor and version: the floor read again after the version is the same
        // (floors only grow), so no restart came between, and the earlier floor read after it
        // (acquire: in this order) is the one stored with it.
        var floor: UInt64
        var earlier: UInt64
        var head: UInt64
        repeat {
            floor = shared[Self.heldFloorIndex].load(ordering: .acquiring)
            earlier = shared[Self.earlierFloorIndex].load(ordering: .acquiring)
            head = version
        } while shared[Self.heldFloorIndex].load(ordering: .acquiring) != floor
        // The version is read after the floor, so it is at least the floor: equal, no tick
        // after the restart is published yet. (Read while a later restart had stored its
        // earlier floor but not yet its floor, with a version read stale, this holds nothing
        // for one read rather than wait on the producer.)
        let start = floor < head ? floor : earlier
        let capacity = UInt64(history.capacity)
        let lower = head > capacity ? head &- capacity : 0
        return Swift.max(lower, start)..<head
    }
}
