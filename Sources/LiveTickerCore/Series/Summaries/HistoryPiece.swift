/// One piece of a walk over a range of history positions: a raw tick, or the summary of a
/// whole position-aligned block (see ``LiveSeries`` walking in `LiveSeries+HistoryWalk.swift`).
@usableFromInline
enum HistoryPiece {
    /// The tick at `position`, read from the history ring.
    case tick(Tick, position: UInt64)
    /// The summary of the block of `size` ticks starting at `start`.
    case block(BlockSummary, start: UInt64, size: UInt64)
}
