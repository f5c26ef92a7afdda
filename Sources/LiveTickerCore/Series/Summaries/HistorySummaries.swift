/// The producer side of a series' block summaries: one ring of ``BlockSummary`` per level,
/// and the open (still filling) block of every level.
///
/// Level `j` summarises position-aligned blocks of `64 · 4^j` ticks; the levels go up while the
/// block size fits in the history capacity. Ring `j` holds block numbers as positions and
/// keeps `capacity / size + 2` summaries, enough for every block that overlaps the held ticks.
///
/// Cost per tick: one fold into the open level-0 block (a few compares); when a block closes,
/// one ring append and one fold into the next level's open block. Amortised O(1) (1/64 +
/// 1/256 + … closes per tick), no allocation.
///
/// ## Why `@unchecked Sendable` is sound
/// `open` is producer-only raw memory (touched only by the `add` methods, which the one
/// producer calls); the rings are SPSC lock-free; everything else is an immutable `let`.
@usableFromInline
final class HistorySummaries: @unchecked Sendable {
    /// Ticks per level-0 block. A power of two so a close is a mask test.
    @usableFromInline static var baseBlock: UInt64 { 64 }
    /// log2 of the size ratio between neighbouring levels (4).
    @usableFromInline static var levelShift: UInt64 { 2 }

    /// One ring per level, finest first; positions are block numbers.
    @usableFromInline let rings: [RingBuffer<BlockSummary>]
    /// Number of levels.
    @inlinable var levelCount: Int { rings.count }
    /// Producer-only open block of each level.
    @usableFromInline let open: UnsafeMutablePointer<BlockSummary>

    /// Levels for a history of `capacity` ticks: every size `64 · 4^j` that fits, at least one.
    static func levelCount(capacity: Int) -> Int {
        var count = 1
        var size = baseBlock << levelShift
        while size <= UInt64(capacity) {
            count += 1
            size <<= levelShift
        }
        return count
    }

    /// Allocates the rings for a history of `capacity` ticks. O(capacity / 64); allocates once.
    init(capacity: Int) throws(ConfigurationError) {
        let count = Self.levelCount(capacity: capacity)
        var rings: [RingBuffer<BlockSummary>] = []
        for level in 0..<count {
            let size = Self.blockSize(level: level)
            rings.append(try RingBuffer<BlockSummary>(capacity: capacity / Int(size) + 2))
        }
        self.rings = rings
        open = .allocate(capacity: count)
        open.initialize(repeating: .empty, count: count)
    }

    deinit {
        open.deinitialize(count: levelCount)
        open.deallocate()
    }

    /// Ticks per block at `level`. O(1).
    @inlinable @inline(__always)
    static func blockSize(level: Int) -> UInt64 {
        baseBlock << (levelShift &* UInt64(level))
    }

    /// Folds the tick at `position` (= the number of ticks added before it) into the open
    /// blocks, closing every block it completes. Producer only. Amortised O(1), no allocation.
    @inlinable @inline(__always)
    func add(_ tick: Tick, position: UInt64) {
        open[0].fold(tick, position: position)
        let next = position &+ 1
        guard next & (Self.baseBlock &- 1) == 0 else { return }
        closeBlocks(endingAt: next)
    }

    /// Folds `ticks` at positions `firstPosition ..< firstPosition + count` (the next ones)
    /// into the open blocks, one level-0 block at a time, closing every block they complete.
    /// Same result as `add(_:position:)` per tick. Returns how many values are finite.
    /// Producer only. O(count), no allocation.
    @inlinable
    func add(contentsOf ticks: UnsafeBufferPointer<Tick>, firstPosition: UInt64) -> Int {
        guard let base = ticks.baseAddress else { return 0 }
        let mask = Self.baseBlock &- 1
        var position = firstPosition
        var done = 0
        var finite = 0
        while done < ticks.count {
            let room = Int(truncatingIfNeeded: Self.baseBlock &- (position & mask))
            let n = min(room, ticks.count &- done)
            finite &+= open[0].fold(contentsOf: base + done, count: n, firstPosition: position)
            done &+= n
            position &+= UInt64(truncatingIfNeeded: n)
            if position & mask == 0 { closeBlocks(endingAt: position) }
        }
        return finite
    }

    /// Closes level 0 and every coarser level whose block ends at `end`. Producer only.
    @usableFromInline
    func closeBlocks(endingAt end: UInt64) {
        var level = 0
        while true {
            let closed = open[level]
            rings[level].append(closed)
            open[level] = .empty
            level &+= 1
            guard level < levelCount else { return }
            open[level].fold(closed)
            guard end & (Self.blockSize(level: level) &- 1) == 0 else { return }
        }
    }
}
