import LiveTickerCore

extension LiveTickerChart {
    /// Collects the candidate set of series `index`'s visible positions at this frame's level
    /// in a candle-slot chart (``SeriesScratch/candidates``, ``SeriesScratch/candidateCount``,
    /// ``SeriesScratch/tickExtent``). With `skipping`, the candles whose line chunks this frame
    /// will copy from the last one (see ``downsampleBySlots(of:count:plotWidth:reusing:points:)``)
    /// are left out: their tick ranges go to `skippedCandles`, their values' range comes from
    /// the last frame's chunk records. Needs the frame's slots (`frame.slotCount`).
    ///
    /// Why the rest is exact: a skipped candle lies in the closed middle of the window; every
    /// run of positions between skipped candles is collected over the run widened to the
    /// enclosing block boundaries (where the whole window's walk has a piece boundary too),
    /// keeping only the run's own candidates. They have the positions, values and (finite
    /// ones) times of the whole window's set; draw times and a gap point's time may differ,
    /// and slots use neither. The value range is the whole set's: a block's extremes are
    /// candidates. Without skips this is one collection of the window, as before.
    ///
    /// Cost: O(visible candles + the last frame's chunks) to choose, plus collecting what is
    /// not skipped (in a following window about two candles' ticks and the edges). No
    /// allocation.
    func collectSlotCandidates(of index: Int, skipping: Bool) {
        let s = scratch[index]
        let series = sources[index]
        let visible = s.visibleTicks
        s.skippedCount = 0
        s.candidateCount = 0
        if skipping { chooseSkippedCandles(of: s) }
        guard s.skippedCount > 0 else {
            let set = collectCandidates(of: s, from: series, positions: visible, at: 0)
            s.candidateCount = set.count
            s.tickExtent.include(set.minimum)
            s.tickExtent.include(set.maximum)
            return
        }
        let size = max(1, series.candidateBlockSize(level: s.candidateLevel))
        var minimum = Double.infinity
        var maximum = -Double.infinity
        var p = visible.lowerBound
        var k = 0
        while true {
            let q = k < s.skippedCount ? UInt64(s.skippedCandles[k].positions.lowerBound) : visible.upperBound
            if q > p {
                // Skipped candles lie inside the closed blocks, so their bounds widened to
                // block boundaries stay inside the window.
                let lower = p == visible.lowerBound ? p : p / size &* size
                let upper = q == visible.upperBound ? q : (q &+ size &- 1) / size &* size
                let set = collectCandidates(of: s, from: series, positions: lower..<upper, at: s.candidateCount)
                let room = UnsafeMutableBufferPointer(rebasing: s.candidates[s.candidateCount...])
                var first = 0
                while first < set.count, room[first].position < p { first &+= 1 }
                var end = set.count
                while end > first, room[end &- 1].position >= q { end &-= 1 }
                for i in first..<end {
                    let candidate = room[i]
                    if first > 0 { room[i &- first] = candidate }
                    if candidate.value.isFinite {
                        minimum = min(minimum, candidate.value)
                        maximum = max(maximum, candidate.value)
                    }
                }
                s.candidateCount &+= end &- first
            }
            guard k < s.skippedCount else { break }
            minimum = min(minimum, s.skippedCandles[k].minimum)
            maximum = max(maximum, s.skippedCandles[k].maximum)
            p = UInt64(s.skippedCandles[k].positions.upperBound)
            k &+= 1
        }
        s.tickExtent.include(minimum)
        s.tickExtent.include(maximum)
    }

    /// The candidates of `positions` at the frame's level into `s.candidates` from `offset`
    /// on, through the series' candidate cache when it has one. No allocation.
    private func collectCandidates(
        of s: SeriesScratch, from series: any ChartSource, positions: Range<UInt64>, at offset: Int
    ) -> HistoryCandidateSet {
        let room = UnsafeMutableBufferPointer(rebasing: s.candidates[offset...])
        if let cache = s.candidateCache {
            return series.collectCandidates(positions: positions, level: s.candidateLevel, into: room, cache: cache)
        }
        return series.collectCandidates(positions: positions, level: s.candidateLevel, into: room)
    }

    /// Fills `s.skippedCandles` with the visible candles whose chunk this frame's line will
    /// copy: the last frame's chunk of the same candle (in any slot), with the same budget
    /// and frame-wide inputs, both from closed blocks (the test
    /// ``downsampleBySlots(of:count:plotWidth:reusing:points:)`` makes, on the plot width of
    /// the last frame: if this frame's differs, the line collects everything after all).
    /// O(visible candles + the last frame's chunks), no allocation.
    private func chooseSkippedCandles(of s: SeriesScratch) {
        let slotCount = max(1, frame.slotCount)
        let candles = s.visibleCandles
        guard s.reusesSlotChunks, !candles.isEmpty, let last = s.slotChunkFrame, last.usesCandidates,
            last.level == s.candidateLevel, last.algorithm == options.algorithm, last.slotCount == slotCount,
            last.candleWidth == s.candleWidth, last.plotWidth > 0
        else { return }
        let plotWidth = last.plotWidth
        let group = max(1, (Self.minimumChunkColumns &* slotCount &+ plotWidth &- 1) / plotWidth)
        guard group == 1 else { return }
        let budget = Self.slotBudget(plotWidth: plotWidth, slotCount: slotCount)
        let closed = s.closedCandidatePositions
        // Invariant: both halves of slotChunks lie within its allocation (2 × slotChunkCapacity).
        let old = UnsafeMutableBufferPointer(rebasing: s.slotChunks[(s.lineHalf &* s.slotChunkCapacity)...])
        let oldCount = s.lineHalf == 0 ? s.slotChunkCounts.0 : s.slotChunkCounts.1
        var cursor = 0
        var candleStart = firstCandleTick(of: s)
        for candle in candles {
            let start = candleStart
            candleStart &+= Int64(max(0, s.candles[candle].tickCount))
            guard start >= 0, candleStart > start, UInt64(start) >= closed.lowerBound, UInt64(candleStart) <= closed.upperBound,
                s.skippedCount < s.skippedCandles.count
            else { continue }
            // The last frame's chunk of this candle, by its first tick position (see `copyChunk`).
            while cursor < oldCount, old[cursor].positions.lowerBound < start { cursor &+= 1 }
            guard cursor < oldCount else { break }
            let o = old[cursor]
            guard o.inside, o.reusable, o.count > 0,
                o.candleStart == s.candles[candle].startTime, o.candleTicks == s.candles[candle].tickCount,
                o.positions == start..<candleStart, o.budget == budget
            else { continue }
            s.skippedCandles[s.skippedCount] = SlotChunk.Skipped(positions: start..<candleStart, minimum: o.minimum, maximum: o.maximum)
            s.skippedCount &+= 1
        }
    }

    /// The tick position where the oldest visible candle of `s` starts: the newest ends where
    /// the copied candles end, less the newer candles copied but not visible (a fixed window
    /// in the past), and each candle took its tick count. O(copied candles).
    func firstCandleTick(of s: SeriesScratch) -> Int64 {
        let candles = s.visibleCandles
        var start = Int64(truncatingIfNeeded: s.candleTicksEnd)
        for newer in candles.upperBound..<s.copiedCandleCount { start &-= Int64(max(0, s.candles[newer].tickCount)) }
        for c in candles { start &-= Int64(max(0, s.candles[c].tickCount)) }
        return start
    }
}
