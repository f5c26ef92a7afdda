/// One tick picked by a ``BlockSummary``: where it is, when, its value, and the x the chart
/// draws it at relative to its block.
///
/// A plain 32-byte value.
@frozen
public struct SummaryPoint: Sendable, Hashable, BitwiseCopyable {
    /// The tick's position in the history (its tick number).
    public var position: UInt64
    /// The tick's own time, ns since the epoch.
    public var time: Int64
    /// The tick's value (finite for the first/min/max/last points of a block).
    public var value: Double
    /// The largest time among the block's ticks from the block's first position up to and
    /// including this one. Charts draw a tick at the running maximum of the times before it
    /// (so backwards times keep arrival order); this is that maximum restricted to the block,
    /// so a reader combines it with the maximum of everything before the block in O(1).
    public var blockRunningMaxTime: Int64

    /// Creates a point. O(1).
    @inlinable
    public init(position: UInt64, time: Int64, value: Double, blockRunningMaxTime: Int64) {
        self.position = position
        self.time = time
        self.value = value
        self.blockRunningMaxTime = blockRunningMaxTime
    }
}
