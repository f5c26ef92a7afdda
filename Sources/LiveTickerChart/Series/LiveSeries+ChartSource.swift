import LiveTickerCore

/// A live series is the usual chart source: its rings, candle aggregator and block summaries
/// answer every requirement without allocating (the summaries keep a frame's cost flat in the
/// history size).
extension LiveSeries: ChartSource {
    /// The history ring's capacity. O(1).
    public var tickCapacity: Int { capacity }

    /// The history ring's written count. O(1).
    public var tickPositionsWritten: UInt64 { ticks.writtenCount }

    /// Copies from the history ring (a consistent snapshot even while the producer laps it).
    public func copyTicks(positions: Range<UInt64>, into buffer: UnsafeMutableBufferPointer<Tick>) -> RingBufferRange {
        ticks.copy(positions: positions, into: buffer)
    }

    /// Copies the newest candles from the candle ring. O(copied candles).
    public func copyNewestCandles(into buffer: UnsafeMutableBufferPointer<Candle>) -> Int {
        candles.copyNewest(into: buffer).count
    }

    /// Copies the newest candles from the candle ring, as ``copyNewestCandles(into:)`` does,
    /// taking the closed ones `held` has (the aggregator rewrites only its open candle, the
    /// newest) and reading the rest; a whole copy when `held` does not reach the newest
    /// candles wanted or a read fails. O(candles read + candles taken), no allocation.
    public func copyNewestCandles(
        into buffer: UnsafeMutableBufferPointer<Candle>, reusing held: UnsafeBufferPointer<Candle>,
        at heldPositions: Range<UInt64>
    ) -> Range<UInt64>? {
        let ring = candles
        let head = ring.writtenCount
        // The positions `copyNewest(into:)` copies when nothing laps it.
        let wanted = UInt64(Swift.min(buffer.count, ring.capacity))
        let first = head > wanted ? head &- wanted : 0
        let closedEnd = heldPositions.isEmpty ? 0 : heldPositions.upperBound &- 1
        if heldPositions.lowerBound <= first, first < closedEnd, closedEnd <= head,
            heldPositions.count <= held.count, let target = buffer.baseAddress, let source = held.baseAddress
        {
            let kept = Int(closedEnd &- first)
            target.update(from: source + Int(first &- heldPositions.lowerBound), count: kept)
            let fresh = closedEnd..<head
            let read = ring.copy(positions: fresh, into: UnsafeMutableBufferPointer(rebasing: buffer[kept...]))
            if read.firstPosition == fresh.lowerBound, read.count == fresh.count { return first..<head }
        }
        return ring.copyNewest(into: buffer).positions
    }

    /// ``LiveSeries/summaryBlockSize(level:)``. O(1).
    public func candidateBlockSize(level: Int) -> UInt64 { Self.summaryBlockSize(level: level) }

    /// The width of the coarsest folded candles held: the refolding interval's once a candle
    /// was refolded, else the folding interval's (time candles), else 0. O(1).
    public var foldedCandleWidth: Int64 {
        if let refolded = refoldedCandles, refolded.writtenCount > 0, case .time(let nanoseconds)? = refoldedCandleInterval {
            return nanoseconds
        }
        if case .time(let nanoseconds)? = foldedCandleInterval { return nanoseconds }
        return 0
    }

    /// The folded and refolded rings' capacities, 0 without folding. O(1).
    public var foldedCandleCapacity: Int { (foldedCandles?.capacity ?? 0) &+ (refoldedCandles?.capacity ?? 0) }

    /// Copies the refolded candles, then the folded ones (older first, as the rings fold them:
    /// a candle refolded between the two copies is missing for one frame, never counted
    /// twice). O(copied candles).
    public func copyFoldedCandles(into buffer: UnsafeMutableBufferPointer<Candle>) -> Int {
        let refolded = refoldedCandles?.copyNewest(into: buffer).count ?? 0
        guard let folded = foldedCandles else { return refolded }
        return refolded &+ folded.copyNewest(into: UnsafeMutableBufferPointer(rebasing: buffer[refolded...])).count
    }
}
