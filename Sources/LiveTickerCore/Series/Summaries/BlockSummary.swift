/// What a position-aligned block of ticks looks like from afar: its first, lowest, highest and
/// last finite points, where its non-finite ticks start and end, and its time range.
///
/// Blocks are aligned on positions, not times: block `b` of size `S` holds positions
/// `[b·S, (b+1)·S)`. Summaries of one size are kept per level by ``LiveSeries`` (see
/// ``LiveSeries/summaries(level:)``) and let a frame reduce a visible window of any length to
/// a candidate set whose size depends on the plot width only (the idea behind M4, Jugel et al.
/// VLDB 2014, applied to fixed blocks that earlier frames already built).
///
/// Rules, all exact (tests compare with a brute-force scan):
/// - `first`/`last`: the first and last tick whose value is finite;
/// - `minimum`/`maximum`: the finite tick with the lowest/highest value, the **earliest** on ties;
/// - `firstNonFinite`/`lastNonFinite`: positions of the first and last tick whose value is NaN or
///   ±∞, ``noPosition`` when there is none;
/// - `minTime`/`maxTime`: over every tick of the block, finite value or not.
/// When `finiteCount` is 0 the four points are meaningless.
///
/// A plain value of 21 words.
@frozen
public struct BlockSummary: Sendable, Hashable, BitwiseCopyable {
    /// First finite tick.
    public var first: SummaryPoint
    /// Lowest finite tick (earliest on ties).
    public var minimum: SummaryPoint
    /// Highest finite tick (earliest on ties).
    public var maximum: SummaryPoint
    /// Last finite tick.
    public var last: SummaryPoint
    /// Position of the first tick with a non-finite value, or ``noPosition``.
    public var firstNonFinite: UInt64
    /// Position of the last tick with a non-finite value, or ``noPosition``.
    public var lastNonFinite: UInt64
    /// Number of ticks with a finite value.
    public var finiteCount: UInt64
    /// Earliest time of any tick in the block (`Int64.max` when empty).
    public var minTime: Int64
    /// Latest time of any tick in the block (`Int64.min` when empty).
    public var maxTime: Int64

    /// Marks "no such position" in `firstNonFinite`/`lastNonFinite`.
    public static let noPosition = UInt64.max

    /// The summary of no ticks: folding ticks or child summaries into it builds a block. O(1).
    public static let empty = BlockSummary(
        first: .init(position: 0, time: 0, value: .nan, blockRunningMaxTime: 0),
        minimum: .init(position: 0, time: 0, value: .nan, blockRunningMaxTime: 0),
        maximum: .init(position: 0, time: 0, value: .nan, blockRunningMaxTime: 0),
        last: .init(position: 0, time: 0, value: .nan, blockRunningMaxTime: 0),
        firstNonFinite: noPosition, lastNonFinite: noPosition, finiteCount: 0,
        minTime: .max, maxTime: .min)

    /// Creates a summary from its fields. O(1).
    @inlinable
    public init(
        first: SummaryPoint, minimum: SummaryPoint, maximum: SummaryPoint, last: SummaryPoint,
        firstNonFinite: UInt64, lastNonFinite: UInt64, finiteCount: UInt64, minTime: Int64, maxTime: Int64
    ) {
        self.first = first
        self.minimum = minimum
        self.maximum = maximum
        self.last = last
        self.firstNonFinite = firstNonFinite
        self.lastNonFinite = lastNonFinite
        self.finiteCount = finiteCount
        self.minTime = minTime
        self.maxTime = maxTime
    }

    /// Whether some tick of the block has a non-finite value (the line has a gap here).
    @inlinable
    public var hasNonFinite: Bool { firstNonFinite != Self.noPosition }
}
