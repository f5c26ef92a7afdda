import LiveTickerDownsampling

extension LiveTickerChart {
    /// Fewest pixel columns a chunk of candle slots is downsampled over: narrower slots are
    /// grouped (a 3 600-slot hour of one-second candles on 1 800 columns), so that a chunk's
    /// budget still holds its extremes and not just its two ends.
    static let minimumChunkColumns = 6

    /// Downsamples the slot-mapped points `xs`/`ys[0..<count]` of `s` chunk by chunk, a chunk
    /// being the points of one candle's slot (or of a group of narrow slots, grouped by the
    /// candles' times), each with the budget of the pixel columns its slots cover; writes
    /// indices into `s.indices` (a gap marker between chunks where a non-finite value lies
    /// between their kept points) and returns how many entries it wrote.
    ///
    /// Why not one call over the window: every algorithm's buckets depend on the whole input
    /// (LTTB's on the point count, M4's and MinMax's on the x extent), so each new tick or a
    /// window start moving by a tick moved picks all along the line, and a panel showing a busy
    /// feed redrew the whole line every refresh. Here a closed candle's chunk gives the same
    /// picks from frame to frame; only the newest candle's (and the first, cut by the window
    /// start) change, which is what partial redraws need (`LiveTickerChart+Damage`).
    ///
    /// Points outside the visible candles (left or right of the plot, clipped) form chunks of
    /// their own with a budget of 2. O(count) with one downsampling call per chunk; no
    /// allocation (`indices` is sized for this at init, see ``SeriesScratch``).
    func downsampleBySlots(of s: SeriesScratch, count: Int, plotWidth: Int) -> Int {
        let slotCount = max(1, frame.slotCount)
        let firstSlot = slot(ofCandle: s.visibleCandles.lowerBound, in: s)
        let visibleSlots = firstSlot..<(firstSlot &+ s.visibleCandles.count)
        let group = max(1, (Self.minimumChunkColumns &* slotCount &+ plotWidth &- 1) / max(1, plotWidth))
        let (groupWidth, groupOverflow) = s.candleWidth.multipliedReportingOverflow(by: Int64(group))
        let groupsByTime = group > 1 && s.candleWidth > 0 && !groupOverflow

        /// The chunk a slot's points belong to: outside slots each on their own; inside, the
        /// slot, or for grouped slots the group of its candle's start time (stable while the
        /// window scrolls, where a group by slot number would re-pair candles every new candle).
        func chunkKey(_ slot: Int) -> (inside: Bool, key: Int64) {
            guard visibleSlots.contains(slot) else { return (false, Int64(slot)) }
            guard group > 1 else { return (true, Int64(slot)) }
            if groupsByTime {
                let start = s.candles[s.visibleCandles.lowerBound &+ (slot &- firstSlot)].startTime
                let (q, r) = start.quotientAndRemainder(dividingBy: groupWidth)
                return (true, r < 0 ? q &- 1 : q)
            }
            return (true, Int64(slot / group))  // visible slots are ≥ 0
        }
        /// The first pixel column of slot `slot` (columns split evenly among the slots).
        func firstColumn(_ slot: Int) -> Int {
            Int((Double(slot) * Double(plotWidth) / Double(slotCount)).rounded(.down))
        }

        let out = s.indices
        var written = 0
        var lastKept = -1  // index into xs/ys of the last point kept so far
        var a = 0
        while a < count {
            let firstSlotOfChunk = Int(s.xs[a].rounded(.down))
            let key = chunkKey(firstSlotOfChunk)
            var b = a &+ 1
            var lastSlotOfChunk = firstSlotOfChunk
            while b < count {
                let slot = Int(s.xs[b].rounded(.down))
                if slot != lastSlotOfChunk {
                    guard chunkKey(slot) == key else { break }
                    lastSlotOfChunk = slot
                }
                b &+= 1
            }
            var budget =
                key.inside ? max(2, firstColumn(lastSlotOfChunk &+ 1) &- firstColumn(firstSlotOfChunk)) : 2
            // Room for this chunk's call (its scratch included) and a marker before it; sized
            // at init so that this never has to shrink a budget, kept as the guard of the
            // buffer's bound.
            while budget > 1,
                Downsampler.requiredCapacity(algorithm: options.algorithm, count: b &- a, points: budget) &+ 1
                    > out.count &- written
            {
                budget /= 2
            }
            guard Downsampler.requiredCapacity(algorithm: options.algorithm, count: b &- a, points: budget) &+ 1
                <= out.count &- written
            else { break }
            let chunkOut = UnsafeMutableBufferPointer(rebasing: out[(written &+ 1)...])
            let kept = Downsampler.downsample(
                algorithm: options.algorithm,
                x: UnsafeBufferPointer(rebasing: s.xs[a..<b]),
                y: UnsafeBufferPointer(rebasing: s.ys[a..<b]),
                points: budget, into: chunkOut)
            if kept > 0 {
                let first = chunkOut[0] &+ a
                // The pen lifts between chunks where a gap (a non-finite value) lies between
                // the previous chunk's last kept point and this chunk's first.
                var gap = false
                if lastKept >= 0 {
                    var p = lastKept &+ 1
                    while p < first {
                        if !s.ys[p].isFinite || !s.xs[p].isFinite { gap = true; break }
                        p &+= 1
                    }
                }
                // The chunk was written one entry further on, leaving room for that marker.
                if gap {
                    out[written] = Downsampling.gapMarker
                    written &+= 1
                }
                for k in 0..<kept {
                    let index = chunkOut[k]
                    out[written] = index == Downsampling.gapMarker ? index : index &+ a
                    if index != Downsampling.gapMarker { lastKept = index &+ a }
                    written &+= 1
                }
            }
            a = b
        }
        return written
    }
}
