import LiveTickerCore

/// The points a frame downsamples slot by slot (``LiveTickerChart/downsampleBySlots(of:count:plotWidth:reusing:points:)``):
/// point `i`'s position in the history, time and value, positions rising with `i`.
///
/// A protocol rather than a closure so that the downsampling is specialised for each kind of
/// point and reads it inline: through a closure every point read was an indirect call into a
/// context that reached the scratch object (about 2 % of the 1080p reference frame).
protocol SlotPoints {
    /// Point `i`: (position, time, value). O(1).
    func point(_ i: Int) -> (UInt64, Int64, Double)
}

/// Raw ticks copied for the frame: consecutive positions from `firstPosition`.
///
/// Invariant: `ticks` holds every index the downsampling asks for, for as long as it runs.
struct RawTickPoints: SlotPoints {
    let ticks: UnsafePointer<Tick>
    let firstPosition: UInt64

    @inline(__always)
    func point(_ i: Int) -> (UInt64, Int64, Double) {
        let tick = ticks[i]
        return (firstPosition &+ UInt64(i), tick.time, tick.value)
    }
}

/// A candidate set collected from block summaries (each candidate carries its position).
///
/// Invariant: `candidates` holds every index the downsampling asks for, for as long as it runs.
struct CandidatePoints: SlotPoints {
    let candidates: UnsafePointer<HistoryCandidate>

    @inline(__always)
    func point(_ i: Int) -> (UInt64, Int64, Double) {
        let candidate = candidates[i]
        return (candidate.position, candidate.time, candidate.value)
    }
}
