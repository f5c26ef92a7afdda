/// Consumer side of the block summaries: what a frame needs from a history of any length in
/// time that does not grow with it.
///
/// ## Candidate sets (the exact semantics)
/// For a range of positions `[L, U)` and a level `k`, the range is cut into pieces from left
/// to right: at each position the coarsest block of level ≤ `k` that starts there (blocks are
/// aligned: level `j` block `b` is `[b·S_j, (b+1)·S_j)`, `S_j = 64·4^j`), lies inside the range
/// and is closed; a single raw tick where no block applies (near `L` and `U`, at most 63
/// ticks at each end). So the middle is level-`k` blocks and each end has at most three
/// blocks of every finer level. The candidates are, in position order and without repeats:
/// - for a raw tick: the tick itself;
/// - for a block: its first, lowest, highest and last finite ticks (earliest on ties) and its
///   first and last ticks with a non-finite value (as gap points, value NaN).
/// Each candidate is drawn at `drawTime`, the running maximum of the times from `L` to it
/// (exactly the x a chart gives that tick when it draws every raw tick).
///
/// Guarantee: downsampling the candidates (e.g. LTTB) gives exactly what the same algorithm
/// gives on a series made of just those points. What is lost against running it on every raw
/// tick: interior ticks of a block that are neither its first, last, lowest nor highest
/// cannot be picked, and a gap strictly inside a block between two of its candidates is not
/// shown (sub-pixel at the levels a chart picks). The value range of the range is exact.
extension LiveSeries {
    /// Number of summary levels (at least 1): level `j` summarises blocks of
    /// ``summaryBlockSize(level:)`` ticks. O(1).
    public var summaryLevelCount: Int { summaries.levelCount }

    /// Ticks per block at `level`: `64 · 4^level`. O(1).
    public static func summaryBlockSize(level: Int) -> UInt64 {
        HistorySummaries.blockSize(level: level)
    }

    /// Read-only view of the level's closed block summaries; the position of a summary is
    /// its block number (block `b` covers tick positions `[b·S, (b+1)·S)`). O(1).
    public func summaries(level: Int) -> RingBufferReader<BlockSummary> {
        summaries.rings[level].reader
    }

    /// The coarsest level that cuts `count` ticks into at least `minimumBlocks` whole blocks,
    /// or nil when even level 0 gives fewer (then the raw ticks are few enough to use
    /// directly: fewer than `64 · minimumBlocks`). O(levels).
    public func summaryLevel(forCount count: UInt64, minimumBlocks: Int) -> Int? {
        let wanted = UInt64(max(1, minimumBlocks))
        var level = summaries.levelCount &- 1
        while level >= 0 {
            if count / HistorySummaries.blockSize(level: level) >= wanted { return level }
            level &-= 1
        }
        return nil
    }

    /// Candidates a buffer must hold for any range collected at the level that
    /// ``summaryLevel(forCount:minimumBlocks:)`` picks: fewer than `4 · minimumBlocks` blocks
    /// of that level (the next level has fewer than `minimumBlocks`), at most three blocks of
    /// each finer level and 63 raw ticks at each end, up to six candidates per block. O(1).
    public func candidateCapacity(minimumBlocks: Int) -> Int {
        let blocks = 4 &* max(1, minimumBlocks) &+ 6 &* summaries.levelCount &+ 2
        return 6 &* blocks &+ 2 &* Int(HistorySummaries.baseBlock)
    }

    /// Earliest and latest time among the held ticks, or nil when none is held. Reads the
    /// coarsest summaries plus at most a few blocks and 63 ticks at each end:
    /// O(capacity / top block + levels), no allocation. Consumer side.
    public func heldTimeRange() -> ClosedRange<Int64>? {
        var lower = Int64.max
        var upper = Int64.min
        walkPieces(in: publishedHeldPositions, maxLevel: summaries.levelCount &- 1) { tick, _ in
            lower = min(lower, tick.time)
            upper = max(upper, tick.time)
            return true
        } block: { summary in
            lower = min(lower, summary.minTime)
            upper = max(upper, summary.maxTime)
            return true
        }
        return lower <= upper ? lower...upper : nil
    }

    /// The newest finite value ever appended (NaN before the first): what a display shows while
    /// the newest ticks are gaps. O(1), any thread (a relaxed read of the producer's word; read
    /// after ``version`` it is at least that version's).
    public func newestFiniteValue() -> Double {
        Double(bitPattern: shared[Self.lastIndex].load(ordering: .relaxed))
    }

    /// The oldest finite value held (NaN when none), found through the summaries: O(levels +
    /// blocks without a finite value), no allocation. Consumer side.
    public func oldestHeldFiniteValue() -> Double {
        var found = Double.nan
        walkPieces(in: publishedHeldPositions, maxLevel: summaries.levelCount &- 1) { tick, _ in
            if tick.value.isFinite { found = tick.value }
            return found.isNaN
        } block: { summary in
            if summary.finiteCount > 0 { found = summary.first.value }
            return found.isNaN
        }
        return found
    }

    /// The positions a chart shows for the time window `[start, end]`: the newest run of held
    /// positions whose times lie in it. Arrival order is the x order, so the run is found
    /// from the newest tick down: first past ticks later than `end`, then over ticks not
    /// earlier than `start` (a backwards time inside the run stays in it). Whole blocks are
    /// skipped through their time ranges: O(levels · 3 + held / top block + 63), no
    /// allocation. Consumer side.
    public func positions(inTimeWindow start: Int64, _ end: Int64) -> Range<UInt64> {
        let held = publishedHeldPositions
        let upper = extendDown(
            from: held.upperBound, floor: held.lowerBound,
            blockPasses: { $0.minTime > end }, tickPasses: { $0.time > end })
        let lower = extendDown(
            from: upper, floor: held.lowerBound,
            blockPasses: { $0.minTime >= start }, tickPasses: { $0.time >= start })
        return lower..<upper
    }

    /// Writes the candidate set of `positions` at `level` (see the semantics above) into
    /// `buffer`, oldest first, and returns its size, the exact value range and latest time
    /// of the range. O(blocks + 126 raw ticks) ring reads: independent of the range's length
    /// for a level from ``summaryLevel(forCount:minimumBlocks:)``. No allocation. Consumer side.
    public func collectCandidates(
        positions: Range<UInt64>, level: Int, into buffer: UnsafeMutableBufferPointer<HistoryCandidate>
    ) -> HistoryCandidateSet {
        collectCandidates(positions: positions, level: level, into: buffer, caching: nil)
    }

    /// ``collectCandidates(positions:level:into:)`` with the candidates of the range's
    /// `level` blocks taken from `cache` where an earlier call left them, and left there for
    /// the next call: the same set, bit for bit, but a window that slid since reads only the
    /// summaries of its new blocks and of its edges (finer blocks and raw ticks). O(blocks)
    /// copies of at most six candidates + O(new blocks + levels · 3 + 126) ring reads. No
    /// allocation. Consumer side; one cache per consumer.
    public func collectCandidates(
        positions: Range<UInt64>, level: Int, into buffer: UnsafeMutableBufferPointer<HistoryCandidate>,
        cache: HistoryCandidateCache
    ) -> HistoryCandidateSet {
        collectCandidates(positions: positions, level: level, into: buffer, caching: cache)
    }

    /// The part of `positions` that ``collectCandidates(positions:level:into:)`` covers with
    /// whole closed `level` blocks (the range's middle, its finer edges left out; a multiple of
    /// the block size at both ends; empty when there is none). The candidates of the ticks in a
    /// sub-range of it come from the blocks that overlap the sub-range, all of them closed and
    /// unchanging while held, so every call whose closed part also holds the sub-range gives
    /// them the same positions and values, and the finite ones the same times (draw times and
    /// a gap point's time follow the ticks before the block and may differ). The oldest
    /// sixteenth of the level's summary ring is left out: the writer may lap it while a frame
    /// reads. O(1), no allocation. Consumer side.
    public func closedCandidatePositions(positions: Range<UInt64>, level: Int) -> Range<UInt64> {
        guard !positions.isEmpty else { return 0..<0 }
        let maxLevel = min(max(0, level), summaries.levelCount &- 1)
        let ring = summaries.rings[maxLevel]
        let shift = UInt64(HistorySummaries.blockSize(level: maxLevel).trailingZeroBitCount)
        let size = UInt64(1) &<< shift
        // The same blocks the collection takes from the middle: [firstBlock, endBlock).
        var firstBlock = (positions.lowerBound &+ size &- 1) &>> shift
        let written = ring.writtenCount
        let endBlock = min(positions.upperBound &>> shift, written)
        let capacity = UInt64(ring.capacity)
        if written > capacity { firstBlock = max(firstBlock, written &- capacity &+ capacity / 16 &+ 1) }
        guard firstBlock < endBlock else { return 0..<0 }
        return (firstBlock &<< shift)..<(endBlock &<< shift)
    }

    /// The one body of both `collectCandidates`: blocks finer than `level` (the range's
    /// edges) always go through their summaries; with a cache, the run of `level` blocks in
    /// the middle goes through it in one loop. That split gives the pieces of one walk over
    /// the whole range: a walk reaches the first `level` boundary in the range through finer
    /// pieces only, then takes every closed `level` block that fits, then finer pieces again.
    @inline(__always)
    func collectCandidates(
        positions: Range<UInt64>, level: Int, into buffer: UnsafeMutableBufferPointer<HistoryCandidate>,
        caching cache: HistoryCandidateCache?
    ) -> HistoryCandidateSet {
        guard let out = buffer.baseAddress else {
            var set = HistoryCandidateSet()
            set.truncated = !positions.isEmpty
            return set
        }
        let room = buffer.count
        let maxLevel = min(max(0, level), summaries.levelCount &- 1)
        // The running state lives in one stack slot the piece functions reach through a
        // pointer: local functions capturing `var`s would box them on the heap every call.
        struct State {
            var set = HistoryCandidateSet()
            var count = 0
            var runningMax = Int64.min
        }
        return withUnsafeTemporaryAllocation(of: State.self, capacity: 1) { stateBuffer in
          let state = stateBuffer.baseAddress!
          state.initialize(to: State())
          withUnsafeTemporaryAllocation(of: BlockSummary.self, capacity: 1) { scratch in
            let summary = scratch.baseAddress!
            func tickPiece(_ tick: Tick, _ position: UInt64) -> Bool {
                guard state.pointee.count < room else {
                    state.pointee.set.truncated = true
                    return false
                }
                state.pointee.runningMax = max(state.pointee.runningMax, tick.time)
                let value = tick.value
                if value.isFinite {
                    state.pointee.set.minimum = min(state.pointee.set.minimum, value)
                    state.pointee.set.maximum = max(state.pointee.set.maximum, value)
                }
                out[state.pointee.count] = HistoryCandidate(
                    position: position, time: tick.time, drawTime: state.pointee.runningMax, value: value.isFinite ? value : .nan)
                state.pointee.count &+= 1
                return true
            }
            func blockPiece(_ level: Int, _ index: UInt64, _ ring: RingBuffer<BlockSummary>) -> Bool {
                guard state.pointee.count &+ 6 <= room else {
                    state.pointee.set.truncated = true
                    return false
                }
                // A summary the writer has lapped is skipped, as an overwritten tick is.
                guard ring.copyElement(at: index, into: summary) else { return true }
                state.pointee.count &+= Self.emitCandidates(of: summary.pointee, after: state.pointee.runningMax, into: out + state.pointee.count)
                if summary.pointee.finiteCount > 0 {
                    state.pointee.set.minimum = min(state.pointee.set.minimum, summary.pointee.minimum.value)
                    state.pointee.set.maximum = max(state.pointee.set.maximum, summary.pointee.maximum.value)
                }
                state.pointee.runningMax = max(state.pointee.runningMax, summary.pointee.maxTime)
                return true
            }
            guard let cache else {
                walkPieceBlocks(in: positions, maxLevel: maxLevel, tick: tickPiece, block: blockPiece)
                return
            }
            cache.use(for: self, level: maxLevel)
            let ring = summaries.rings[maxLevel]
            let shift = UInt64(HistorySummaries.blockSize(level: maxLevel).trailingZeroBitCount)
            let size = UInt64(1) &<< shift
            // The closed `maxLevel` blocks that lie inside the range: [firstBlock, endBlock).
            let firstBlock = (positions.lowerBound &+ size &- 1) &>> shift
            let endBlock = min(positions.upperBound &>> shift, ring.writtenCount)
            guard firstBlock < endBlock, positions.lowerBound < positions.upperBound else {
                walkPieceBlocks(in: positions, maxLevel: maxLevel, tick: tickPiece, block: blockPiece)
                return
            }
            var going = true
            walkPieceBlocks(in: positions.lowerBound..<(firstBlock &<< shift), maxLevel: maxLevel) { tick, position in
                going = tickPiece(tick, position)
                return going
            } block: { level, index, ring in
                going = blockPiece(level, index, ring)
                return going
            }
            guard going else { return }
            // Block b lives in slot b % slotCount: one division, then the slots follow on.
            var slot = Int(truncatingIfNeeded: firstBlock % UInt64(cache.slotCount))
            let capacity = UInt64(ring.capacity)
            var index = firstBlock
            while index < endBlock {
                guard state.pointee.count &+ 6 <= room else {
                    state.pointee.set.truncated = true
                    return
                }
                let entry = cache.entries + slot
                let cached = cache.candidates + slot &* HistoryCandidateCache.perBlock
                var usable = true
                if entry.pointee.tag != index &+ 1 {
                    if ring.copyElement(at: index, into: summary) {
                        cache.summariesRead &+= 1
                        // The block's candidates on their own: draw times from its first tick.
                        let n = Self.emitCandidates(of: summary.pointee, after: .min, into: cached)
                        let finite = summary.pointee.finiteCount > 0
                        entry.pointee.tag = index &+ 1
                        entry.pointee.count = n
                        entry.pointee.firstDrawTime = n > 0 ? cached[0].drawTime : .max
                        entry.pointee.maxTime = summary.pointee.maxTime
                        entry.pointee.finite = finite
                        entry.pointee.minimum = finite ? summary.pointee.minimum.value : .infinity
                        entry.pointee.maximum = finite ? summary.pointee.maximum.value : -.infinity
                    } else {
                        usable = false  // lapped: skipped, as the walk skips it
                    }
                } else {
                    // Held still? (A closed block's summary never changes while it is.)
                    usable = ring.writtenCount &- index <= capacity
                }
                if usable {
                    let n = entry.pointee.count
                    let target = out + state.pointee.count
                    if state.pointee.runningMax <= entry.pointee.firstDrawTime {
                        // No tick before the block is later than its candidates' own draw times.
                        for i in 0..<n { target[i] = cached[i] }
                    } else {
                        // What emitCandidates(after: runningMax) writes: every draw time raised
                        // to at least the running maximum, and a gap point's time with it.
                        for i in 0..<n {
                            var candidate = cached[i]
                            candidate.drawTime = max(candidate.drawTime, state.pointee.runningMax)
                            if candidate.value.isNaN { candidate.time = candidate.drawTime }
                            target[i] = candidate
                        }
                    }
                    state.pointee.count &+= n
                    if entry.pointee.finite {
                        state.pointee.set.minimum = min(state.pointee.set.minimum, entry.pointee.minimum)
                        state.pointee.set.maximum = max(state.pointee.set.maximum, entry.pointee.maximum)
                    }
                    state.pointee.runningMax = max(state.pointee.runningMax, entry.pointee.maxTime)
                }
                index &+= 1
                slot &+= 1
                if slot == cache.slotCount { slot = 0 }
            }
            walkPieceBlocks(in: (endBlock &<< shift)..<positions.upperBound, maxLevel: maxLevel, tick: tickPiece, block: blockPiece)
          }
          state.pointee.set.count = state.pointee.count
          state.pointee.set.maxTime = state.pointee.runningMax
          return state.pointee.set
        }
    }

    /// Writes a block's candidates (up to six) in position order without repeats; returns
    /// how many. `before` is the latest time of the range before the block. O(1).
    @inlinable @inline(__always)
    static func emitCandidates(
        of summary: borrowing BlockSummary, after before: Int64, into out: UnsafeMutablePointer<HistoryCandidate>
    ) -> Int {
        var count = 0
        if summary.finiteCount > 0 {
            insert(summary.first, after: before, into: out, count: &count)
            insert(summary.minimum, after: before, into: out, count: &count)
            insert(summary.maximum, after: before, into: out, count: &count)
            insert(summary.last, after: before, into: out, count: &count)
        }
        if summary.hasNonFinite {
            @inline(__always) func insertGap(at position: UInt64) {
                let gap = SummaryPoint(position: position, time: before, value: .nan, blockRunningMaxTime: before)
                insert(gap, after: before, into: out, count: &count)
            }
            insertGap(at: summary.firstNonFinite)
            insertGap(at: summary.lastNonFinite)
            // A gap point's x is never drawn (it only lifts the pen); give it its predecessor's
            // draw time so draw times stay non-decreasing along the set.
            var latest = before
            for i in 0..<count {
                if out[i].value.isNaN {
                    out[i].drawTime = latest
                    out[i].time = latest
                } else {
                    latest = out[i].drawTime
                }
            }
        }
        return count
    }

    /// Inserts `point` into the position-sorted `out[0..<count]` unless its position is
    /// already there (a block's first tick is often its minimum too). O(count ≤ 6).
    @inlinable @inline(__always)
    static func insert(
        _ point: SummaryPoint, after before: Int64, into out: UnsafeMutablePointer<HistoryCandidate>,
        count: inout Int
    ) {
        var i = count
        while i > 0, out[i &- 1].position >= point.position {
            if out[i &- 1].position == point.position { return }
            i &-= 1
        }
        var j = count
        while j > i {
            out[j] = out[j &- 1]
            j &-= 1
        }
        let drawn = point.runningAfter(before)
        out[i] = HistoryCandidate(
            position: drawn.position, time: drawn.time, drawTime: drawn.blockRunningMaxTime, value: drawn.value)
        count &+= 1
    }
}
