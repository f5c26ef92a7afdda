/// The candidates of closed blocks kept from one frame to the next by one consumer, so a
/// frame whose window slid reads the block summaries of the edges only (see
/// ``LiveSeries/collectCandidates(positions:level:into:cache:)``).
///
/// A closed block never changes, so its candidates (first, lowest, highest, last finite tick
/// and its first and last gap) are worth keeping: they are stored as the block gives them on
/// its own (draw times from the block's own start), beside the block's latest time and value
/// range, in a slot chosen by block number. A frame then copies them and raises the draw times
/// to the running maximum before the block only where that is later (times going backwards).
/// What is copied is bit for bit what the summaries give.
///
/// Cost: about 250 bytes per slot (six candidates and the entry), allocated once in `init`; nothing per frame. Owned by
/// one consumer thread (not `Sendable`): a chart keeps one per series.
public final class HistoryCandidateCache {
    /// One cached block: its number + 1 (0: an empty slot), its candidate count and what the
    /// collection needs besides the candidates.
    @usableFromInline
    struct Entry {
        @usableFromInline var tag: UInt64 = 0
        @usableFromInline var count = 0
        /// The first candidate's draw time (the smallest: draw times never decrease).
        @usableFromInline var firstDrawTime = Int64.min
        @usableFromInline var maxTime = Int64.min
        @usableFromInline var finite = false
        @usableFromInline var minimum = 0.0
        @usableFromInline var maximum = 0.0

        @inlinable init() {}
    }

    /// Candidates a slot holds at most (four finite points and two gap points).
    @usableFromInline static var perBlock: Int { 6 }
    /// Number of block slots: block `b` lives in slot `b % slotCount`.
    public let slotCount: Int
    @usableFromInline let entries: UnsafeMutablePointer<Entry>
    @usableFromInline let candidates: UnsafeMutablePointer<HistoryCandidate>
    /// The series and level the slots hold blocks of; another one empties them first.
    @usableFromInline var owner: AnyObject?
    @usableFromInline var level = -1
    /// Block summaries read into the cache so far (a diagnostic: tests check that a sliding
    /// window reads only its new blocks).
    public internal(set) var summariesRead: UInt64 = 0

    /// A cache for the ranges a consumer collects at the level
    /// ``LiveSeries/summaryLevel(forCount:minimumBlocks:)`` picks: fewer than
    /// `4 · minimumBlocks` blocks of that level, and never more than a history of
    /// `tickCapacity` ticks holds (`tickCapacity / 64 + 2`). O(slots); allocates once.
    public init(minimumBlocks: Int, tickCapacity: Int) {
        let blocks = min(4 &* max(1, minimumBlocks), max(0, tickCapacity) / Int(HistorySummaries.baseBlock) &+ 2)
        slotCount = blocks &+ 8
        entries = .allocate(capacity: slotCount)
        entries.initialize(repeating: Entry(), count: slotCount)
        candidates = .allocate(capacity: slotCount &* Self.perBlock)
    }

    deinit {
        entries.deallocate()
        candidates.deallocate()
    }

    /// Empties every slot. O(slots), no allocation.
    public func removeAll() {
        for slot in 0..<slotCount { entries[slot].tag = 0 }
        owner = nil
        level = -1
    }

    /// Makes the slots hold blocks of `series` at `level`, emptying them when they held
    /// another's. O(1), or O(slots) on a change.
    @inlinable @inline(__always)
    func use(for series: AnyObject, level: Int) {
        guard owner !== series || self.level != level else { return }
        removeAll()
        owner = series
        self.level = level
    }
}
