/// One point of a candidate set built from block summaries (see
/// ``LiveSeries/collectCandidates(positions:level:into:)``).
@frozen
public struct HistoryCandidate: Sendable, Hashable, BitwiseCopyable {
    /// The tick's position in the history.
    public var position: UInt64
    /// The tick's own time, ns since the epoch (for a gap point: the latest time before it).
    public var time: Int64
    /// Where a chart draws it: the largest time from the first position of the collected
    /// range up to this tick (times that go backwards are drawn as a vertical step, so the
    /// line keeps arrival order). Non-decreasing along the set.
    public var drawTime: Int64
    /// The tick's value; NaN for a gap point (a tick with a NaN or ±∞ value: lift the pen).
    public var value: Double

    /// Creates a candidate. O(1).
    @inlinable
    public init(position: UInt64, time: Int64, drawTime: Int64, value: Double) {
        self.position = position
        self.time = time
        self.drawTime = drawTime
        self.value = value
    }
}

/// What ``LiveSeries/collectCandidates(positions:level:into:)`` produced.
public struct HistoryCandidateSet: Sendable, Equatable {
    /// Number of candidates written, oldest first.
    public var count = 0
    /// Lowest and highest finite value of **every** tick in the range (not only the
    /// candidates' values: they are the same by construction, block minima and maxima are
    /// candidates), `+∞`/`−∞` when there is none.
    public var minimum = Double.infinity
    /// See ``minimum``.
    public var maximum = -Double.infinity
    /// The latest time of any tick in the range (`Int64.min` when empty).
    public var maxTime = Int64.min
    /// True when the buffer was too small and the set was cut short (never with a buffer of
    /// ``LiveSeries/candidateCapacity(minimumBlocks:)`` and the level from
    /// ``LiveSeries/summaryLevel(forCount:minimumBlocks:)``).
    public var truncated = false

    /// An empty set. O(1).
    public init() {}
}
