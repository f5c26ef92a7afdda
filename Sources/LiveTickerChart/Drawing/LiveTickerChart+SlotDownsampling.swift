import LiveTickerDownsampling

extension LiveTickerChart {
    /// Fewest pixel columns a chunk of candle slots is downsampled over: narrower slots are
    /// grouped (a 3 600-slot hour of one-second candles on 1 800 columns), so that a chunk's
    /// budget still holds its extremes and not just its two ends.
    static let minimumChunkColumns = 6

    /// Where a frame's slot-by-slot downsampling stands between chunks.
    struct SlotLineState {
        /// Entries written into the line buffer so far.
        var written = 0
        /// Whether any chunk kept a point yet, and whether a non-finite point lies after the
        /// last one kept (the pen lifts before the next pick).
        var keptAny = false
        var gapPending = false
        /// Chunks recorded in the current half so far, and the next of the last frame's to
        /// compare with.
        var chunks = 0
        var oldCursor = 0
        /// False once a chunk found no room: the rest of the line is left out.
        var going = true
        /// Skipped candles (``SeriesScratch/skippedCandles``) met so far, and whether one
        /// could not be copied.
        var skipped = 0
        var failed = false
    }

    /// Maps the points `points.point(i)` (position, time, value; `count` of them in increasing
    /// position order) of `s` into its candles' slots and downsamples them chunk by chunk, a
    /// chunk being the points of one candle's slot (with the budget every single slot gets,
    /// ``slotBudget(plotWidth:slotCount:)``) or of a group of narrow slots, grouped by the
    /// candles' times (with the budget of the pixel columns its slots cover); writes
    /// the kept points in slot units into the current half of `s.lineXs`/`lineYs` (x NaN for
    /// a gap marker, between chunks where a non-finite value lies between their picks) and
    /// returns how many entries it wrote, or -1 when a candle whose points were not collected
    /// (``SeriesScratch/skippedCandles``) cannot be copied after all (then collect them all
    /// and call again without `reusing`). Points outside the visible candles (left or right of
    /// the plot, clipped) form chunks of their own with a budget of 2.
    ///
    /// Placement: every tick went into exactly one candle, in order, and each candle records
    /// how many it took, so the candles' position ranges follow from the newest copied
    /// candle's end (`candleTicksEnd`); a point sits at its time's fraction of its candle's
    /// window, or at its rank for tick-count candles.
    ///
    /// Why not one call over the window: every algorithm's buckets depend on the whole input
    /// (LTTB's on the point count, M4's and MinMax's on the x extent), so each new tick or a
    /// window start moving by a tick moved picks all along the line, and a panel showing a busy
    /// feed redrew the whole line every refresh. Here a closed candle's chunk gives the same
    /// picks from frame to frame; only the newest candle's (and the first, cut by the window
    /// start) change, which is what partial redraws need (`LiveTickerChart+Damage`).
    ///
    /// And so a chunk whose inputs did not change since the last frame (the same candle with
    /// the same budget, in any slot, its points raw ticks or candidates from closed summary
    /// blocks: see ``ChartSource/closedCandidatePositions(positions:level:)``) copies the last frame's
    /// picks instead of mapping and downsampling its points again: the same entries, bit for
    /// bit, as computing them. A following window then maps and downsamples about two
    /// candles' points a frame, also when a new candle shifts every slot (the downsampler sees
    /// each point's x within its chunk, ``SlotChunk/origin``, and every single slot has the
    /// same budget, so a shifted candle's picks stay valid); all of them when the level, the
    /// slot count, the plot width or the algorithm change.
    ///
    /// Cost: O(visible candles · log count) to find each candle's points, plus O(points) with
    /// one downsampling call per chunk that is not copied, plus O(kept) copies. No allocation
    /// (the buffers are sized at init, see ``SeriesScratch``).
    func downsampleBySlots<Points: SlotPoints>(
        of s: SeriesScratch, count: Int, plotWidth: Int, reusing: Bool = true, points: Points
    ) -> Int {
        @inline(__always) func point(_ i: Int) -> (UInt64, Int64, Double) { points.point(i) }
        let slotCount = max(1, frame.slotCount)
        let candles = s.visibleCandles
        let firstSlot = slot(ofCandle: candles.lowerBound, in: s)
        let group = max(1, (Self.minimumChunkColumns &* slotCount &+ plotWidth &- 1) / max(1, plotWidth))
        let (groupWidth, groupOverflow) = s.candleWidth.multipliedReportingOverflow(by: Int64(group))
        let groupsByTime = group > 1 && s.candleWidth > 0 && !groupOverflow
        let width: Int64? = s.candleWidth > 0 ? s.candleWidth : nil

        // The last frame's chunks are reused only under the same frame-wide inputs; grouped
        // slots (several candles a chunk) are always recomputed.
        let frameKey = SlotChunkFrame(
            usesCandidates: s.usesCandidates, level: s.usesCandidates ? s.candidateLevel : -1, algorithm: options.algorithm,
            slotCount: slotCount, plotWidth: plotWidth, candleWidth: s.candleWidth)
        let reuses = reusing && s.reusesSlotChunks && group == 1 && s.slotChunkFrame == frameKey
        guard reuses || s.skippedCount == 0 else { return -1 }
        let oldHalf = s.lineHalf
        let newHalf = 1 &- oldHalf
        let oldChunkCount = oldHalf == 0 ? s.slotChunkCounts.0 : s.slotChunkCounts.1
        s.lineHalf = newHalf
        // Positions whose points are the same in every frame that holds them: closed blocks'
        // candidates, or the raw ticks copied (a tick never changes once written).
        let rawEnd = s.rawFirstPosition &+ UInt64(s.rawTicks.count)
        let closed = s.usesCandidates ? s.closedCandidatePositions : s.rawFirstPosition..<max(s.rawFirstPosition, rawEnd)
        var state = SlotLineState()

        /// The first point at or after position `bound`, searching `from..<count` (positions
        /// rise with the index, each at least one past the last). O(1) for raw ticks, whose
        /// positions are consecutive (the point `bound − position(from)` on is the answer, as
        /// one look at the point before it confirms); else a binary search, O(log count).
        func firstPoint(atOrAfter bound: Int64, from: Int) -> Int {
            @inline(__always) func position(_ i: Int) -> Int64 { Int64(truncatingIfNeeded: point(i).0) }
            guard from < count else { return count }
            let start = position(from)
            if start >= bound { return from }
            var low = from &+ 1
            var high = count
            let (distance, overflow) = bound.subtractingReportingOverflow(start)
            if !overflow, distance < Int64(count &- from) {
                // Rising by at least one a point, `guess` is at `bound` or later.
                let guess = from &+ Int(distance)
                if position(guess &- 1) < bound { return guess }
                high = guess &- 1
            }
            while low < high {
                let middle = low &+ (high &- low) / 2
                if position(middle) < bound { low = middle &+ 1 } else { high = middle }
            }
            return low
        }
        /// The chunk a slot's points belong to: the slot, or for grouped slots the group of its
        /// candle's start time (stable while the window scrolls, where a group by slot number
        /// would re-pair candles every new candle).
        func groupKey(_ slot: Int) -> Int64 {
            guard group > 1 else { return Int64(slot) }
            if groupsByTime {
                let start = s.candles[candles.lowerBound &+ (slot &- firstSlot)].startTime
                let (q, r) = start.quotientAndRemainder(dividingBy: groupWidth)
                return r < 0 ? q &- 1 : q
            }
            return Int64(slot / group)  // visible slots are ≥ 0
        }
        func firstColumn(_ slot: Int) -> Int { Self.firstColumn(ofSlot: slot, plotWidth: plotWidth, slotCount: slotCount) }
        let singleBudget = Self.slotBudget(plotWidth: plotWidth, slotCount: slotCount)
        /// Writes x = `fraction` (a chunk's own x: its origin is the slot beside the points)
        /// and y for the points `range` into `xs`/`ys`.
        func mapOutside(_ range: Range<Int>, fraction: Double) {
            for i in range {
                s.xs[i] = fraction
                s.ys[i] = point(i).2
            }
        }
        /// Writes x (in slot units from slot `origin`) and y for the points `range` of candle
        /// `candle`, whose ticks start at position `start`.
        func mapCandle(_ range: Range<Int>, candle: Int, start: Int64, origin: Int) {
            let c = s.candles[candle]
            let base = Double(slot(ofCandle: candle, in: s) &- origin)
            for i in range {
                let (rawPosition, time, value) = point(i)
                let fraction: Double
                if let width, width > 0 {
                    fraction = Self.slotFraction(of: time, in: c, width: width)
                } else {
                    fraction = (Double(Int64(truncatingIfNeeded: rawPosition) &- start) + 0.5) / Double(max(1, c.tickCount))
                }
                s.xs[i] = base + fraction
                s.ys[i] = value
            }
        }

        var candleStart = firstCandleTick(of: s)

        // Older than every visible candle: left of the plot, clipped.
        var a = firstPoint(atOrAfter: candleStart, from: 0)
        if a > 0 {
            mapOutside(0..<a, fraction: -1)
            var chunk = SlotChunk()
            chunk.firstSlot = firstSlot &- 1
            chunk.lastSlot = chunk.firstSlot
            chunk.origin = firstSlot
            chunk.budget = 2
            finishChunk(&chunk, points: 0..<a, of: s, state: &state)
        }
        // A group of narrow slots being gathered: its points from `pendingStart` on.
        var pending = SlotChunk()
        var pendingStart = -1
        var pendingKey: Int64 = 0
        var candle = candles.lowerBound
        while candle < candles.upperBound, state.going {
            let ticks = Int64(max(0, s.candles[candle].tickCount))
            let start = candleStart
            candleStart &+= ticks
            let slot = self.slot(ofCandle: candle, in: s)
            // This candle's points: those before the next candle's first tick.
            let b = firstPoint(atOrAfter: candleStart, from: a)
            defer {
                a = b
                candle &+= 1
            }
            if state.skipped < s.skippedCount, s.skippedCandles[state.skipped].positions == start..<candleStart {
                // Not collected: its chunk is copied (collectSlotCandidates made sure it can be).
                state.skipped &+= 1
                var chunk = SlotChunk(candle: s.candles[candle], slot: slot, positions: start..<candleStart, budget: singleBudget)
                chunk.reusable = true
                guard copyChunk(&chunk, of: s, oldHalf: oldHalf, oldCount: oldChunkCount, pointsKnown: false, state: &state)
                else {
                    state.failed = true
                    break
                }
                continue
            }
            guard b > a else { continue }
            if group > 1 {
                let key = groupKey(slot)
                if pendingStart >= 0, key != pendingKey {
                    pending.budget = max(2, firstColumn(pending.lastSlot &+ 1) &- firstColumn(pending.firstSlot))
                    finishChunk(&pending, points: pendingStart..<a, of: s, state: &state)
                    pendingStart = -1
                }
                if pendingStart < 0 {
                    pending = SlotChunk()
                    pending.inside = true
                    pending.firstSlot = slot
                    pending.origin = slot
                    pendingStart = a
                    pendingKey = key
                }
                pending.lastSlot = slot
                mapCandle(a..<b, candle: candle, start: start, origin: pending.origin)
                continue
            }
            var chunk = SlotChunk(
                candle: s.candles[candle], slot: slot, positions: start..<max(start, candleStart), budget: singleBudget)
            chunk.count = b &- a
            chunk.firstPosition = point(a).0
            chunk.lastPosition = point(b &- 1).0
            // Its points come from closed blocks: the same in a later frame with the same key.
            chunk.reusable =
                start >= 0 && UInt64(start) >= closed.lowerBound && candleStart >= start
                && UInt64(candleStart) <= closed.upperBound
            if reuses, chunk.reusable,
                copyChunk(&chunk, of: s, oldHalf: oldHalf, oldCount: oldChunkCount, pointsKnown: true, state: &state)
            {
                continue
            }
            mapCandle(a..<b, candle: candle, start: start, origin: slot)
            finishChunk(&chunk, points: a..<b, of: s, state: &state)
        }
        if pendingStart >= 0, state.going {
            pending.budget = max(2, firstColumn(pending.lastSlot &+ 1) &- firstColumn(pending.firstSlot))
            finishChunk(&pending, points: pendingStart..<a, of: s, state: &state)
        }
        // Newer than the newest visible candle: right of the plot, clipped.
        if a < count, state.going, !candles.isEmpty {
            mapOutside(a..<count, fraction: 1)
            var chunk = SlotChunk()
            chunk.origin = slot(ofCandle: candles.upperBound &- 1, in: s)
            chunk.firstSlot = chunk.origin &+ 1
            chunk.lastSlot = chunk.firstSlot
            chunk.budget = 2
            finishChunk(&chunk, points: a..<count, of: s, state: &state)
        }
        if newHalf == 0 { s.slotChunkCounts.0 = state.chunks } else { s.slotChunkCounts.1 = state.chunks }
        s.slotChunkFrame = frameKey
        guard !state.failed, state.skipped == s.skippedCount else {
            s.slotChunkFrame = nil
            return -1
        }
        return state.written
    }

    /// The budget of a chunk of one slot: the pixel columns a slot covers on average (at least
    /// 2), the same for every slot, so that a candle's picks stay valid when a new candle
    /// shifts the slots (where each slot's own column count, alternating 7 and 8 at 7.5
    /// columns a slot, would change every chunk's). O(1).
    static func slotBudget(plotWidth: Int, slotCount: Int) -> Int {
        max(2, plotWidth / max(1, slotCount))
    }

    /// The first pixel column of slot `slot` when `plotWidth` columns are split evenly among
    /// `slotCount` slots: ⌊slot · plotWidth / slotCount⌋ (one definition for the chunks and
    /// their reuse check, which must agree). The floor without a libm call (`rounded(.down)`
    /// calls `floor` on the baseline x86-64 target, which has no `roundsd`). O(1).
    static func firstColumn(ofSlot slot: Int, plotWidth: Int, slotCount: Int) -> Int {
        let column = Double(slot) * Double(plotWidth) / Double(slotCount)
        let truncated = Int(column)
        return Double(truncated) > column ? truncated &- 1 : truncated
    }

    /// Downsamples the mapped points `xs`/`ys[points]` of `chunk` with its budget (halved
    /// while its call would not fit in what is left of `indices`), appends the picks to the
    /// current half of the line buffer (after a gap marker where a non-finite point lies
    /// between the last pick and this chunk's first) and records the chunk. O(points), no
    /// allocation.
    private func finishChunk(_ chunk: inout SlotChunk, points: Range<Int>, of s: SeriesScratch, state: inout SlotLineState) {
        let a = points.lowerBound
        let b = points.upperBound
        var budget = chunk.budget
        let out = s.indices
        let written = state.written
        // Room for this chunk's call (its scratch included) and a marker before it; sized at
        // init so that this never has to shrink a budget, kept as the guard of the buffer's bound.
        while budget > 1,
            Downsampler.requiredCapacity(algorithm: options.algorithm, count: b &- a, points: budget) &+ 1 > out.count &- written
        {
            budget /= 2
        }
        guard Downsampler.requiredCapacity(algorithm: options.algorithm, count: b &- a, points: budget) &+ 1 <= out.count &- written
        else {
            state.going = false
            return
        }
        if budget != chunk.budget { chunk.reusable = false }
        if chunk.inside {
            // In locals: through `chunk` (inout) each step stored and reloaded both fields, a
            // store-to-load chain that was a third of this function in the reference frame.
            var low = chunk.minimum
            var high = chunk.maximum
            for i in a..<b where s.ys[i].isFinite {
                low = min(low, s.ys[i])
                high = max(high, s.ys[i])
            }
            chunk.minimum = low
            chunk.maximum = high
        }
        let chunkOut = UnsafeMutableBufferPointer(rebasing: out[(written &+ 1)...])
        let kept = Downsampler.downsample(
            algorithm: options.algorithm,
            x: UnsafeBufferPointer(rebasing: s.xs[a..<b]),
            y: UnsafeBufferPointer(rebasing: s.ys[a..<b]),
            points: budget, into: chunkOut)
        /// Whether a point of `range` is a gap (a non-finite value).
        func hasGap(_ range: Range<Int>) -> Bool {
            for p in range where !s.ys[p].isFinite || !s.xs[p].isFinite { return true }
            return false
        }
        let base = s.lineHalf &* s.lineCapacity
        var w = written
        if kept > 0 {
            // Runs start with a pick, never with a marker.
            chunk.gapBefore = hasGap(a..<(a &+ chunkOut[0]))
            chunk.gapAfter = hasGap((a &+ chunkOut[kept &- 1] &+ 1)..<b)
            // The pen lifts between chunks where a gap lies between the last pick and this one.
            if state.keptAny, state.gapPending || chunk.gapBefore {
                s.lineXs[base &+ w] = .nan
                s.lineLocalXs[base &+ w] = .nan
                s.lineYs[base &+ w] = .nan
                w &+= 1
            }
            chunk.offset = w
            let origin = Double(chunk.origin)
            for k in 0..<kept {
                let index = chunkOut[k]
                if index == Downsampling.gapMarker {
                    s.lineXs[base &+ w] = .nan
                    s.lineLocalXs[base &+ w] = .nan
                    s.lineYs[base &+ w] = .nan
                } else {
                    let local = s.xs[a &+ index]
                    // The one expression for a pick's x: `copyChunk` places copies with it.
                    s.lineXs[base &+ w] = origin + local
                    s.lineLocalXs[base &+ w] = local
                    s.lineYs[base &+ w] = s.ys[a &+ index]
                }
                w &+= 1
            }
            state.keptAny = true
            state.gapPending = chunk.gapAfter
        } else {
            chunk.offset = w
            chunk.gapBefore = false
            chunk.gapAfter = hasGap(a..<b)
            state.gapPending = state.gapPending || chunk.gapAfter
        }
        chunk.kept = kept
        state.written = w
        record(chunk, of: s, state: &state)
    }

    /// Copies the last frame's picks of `chunk` when it recorded the same chunk (same candle,
    /// points and budget, both from closed blocks; in any slot) and this frame's call would have
    /// had room at its full budget, placed at this chunk's origin; returns false to have the
    /// chunk computed. Without
    /// `pointsKnown` (its points were not collected) the chunk takes their count and bounds
    /// from the record. O(its picks + the last frame's chunks skipped), no allocation.
    private func copyChunk(
        _ chunk: inout SlotChunk, of s: SeriesScratch, oldHalf: Int, oldCount: Int, pointsKnown: Bool,
        state: inout SlotLineState
    ) -> Bool {
        // Invariant: both halves of slotChunks lie within its allocation (2 × slotChunkCapacity).
        let old = UnsafeMutableBufferPointer(rebasing: s.slotChunks[(oldHalf &* s.slotChunkCapacity)...])
        // Found by its first tick position (single candles' chunks rise in it; the ones beside
        // the visible candles, 0..<0, are never reused).
        var c = state.oldCursor
        while c < oldCount, old[c].positions.lowerBound < chunk.positions.lowerBound { c &+= 1 }
        state.oldCursor = c
        guard c < oldCount else { return false }
        let o = old[c]
        if !pointsKnown {
            chunk.count = o.count
            chunk.firstPosition = o.firstPosition
            chunk.lastPosition = o.lastPosition
        }
        // `reusable` is only ever set on one candle's chunk, so both are single slots.
        guard o.inside, o.reusable,
            o.candleStart == chunk.candleStart, o.candleTicks == chunk.candleTicks, o.positions == chunk.positions,
            o.count == chunk.count, o.firstPosition == chunk.firstPosition, o.lastPosition == chunk.lastPosition,
            o.budget == chunk.budget,
            Downsampler.requiredCapacity(algorithm: options.algorithm, count: chunk.count, points: chunk.budget) &+ 1
                <= s.indices.count &- state.written
        else { return false }
        let from = oldHalf &* s.lineCapacity &+ o.offset
        let base = s.lineHalf &* s.lineCapacity
        var w = state.written
        if o.kept > 0 {
            if state.keptAny, state.gapPending || o.gapBefore {
                s.lineXs[base &+ w] = .nan
                s.lineLocalXs[base &+ w] = .nan
                s.lineYs[base &+ w] = .nan
                w &+= 1
            }
            // The two halves do not overlap: the copy reads the last frame's, writes this one's.
            // x as `finishChunk` computes it from the same local x (a marker's NaN stays NaN).
            // The ys in the same loop: a chunk holds a candle's few picks, which a memmove call
            // costs more to set up than to copy (1080p reference frame: 4 % of it in such calls).
            let origin = Double(chunk.origin)
            let xs = s.lineXs.baseAddress!
            let localXs = s.lineLocalXs.baseAddress!
            let ys = s.lineYs.baseAddress!
            for k in 0..<o.kept {
                let local = localXs[from &+ k]
                xs[base &+ w &+ k] = origin + local
                localXs[base &+ w &+ k] = local
                ys[base &+ w &+ k] = ys[from &+ k]
            }
            chunk.offset = w
            w &+= o.kept
            state.keptAny = true
            state.gapPending = o.gapAfter
        } else {
            chunk.offset = w
            state.gapPending = state.gapPending || o.gapAfter
        }
        chunk.kept = o.kept
        chunk.gapBefore = o.gapBefore
        chunk.gapAfter = o.gapAfter
        chunk.minimum = o.minimum
        chunk.maximum = o.maximum
        state.written = w
        s.slotChunksCopied &+= 1
        record(chunk, of: s, state: &state)
        return true
    }

    /// Appends `chunk` to the current half's records (none past the capacity: such a chunk is
    /// only never reused). O(1).
    private func record(_ chunk: SlotChunk, of s: SeriesScratch, state: inout SlotLineState) {
        guard state.chunks < s.slotChunkCapacity else { return }
        s.slotChunks[s.lineHalf &* s.slotChunkCapacity &+ state.chunks] = chunk
        state.chunks &+= 1
    }
}
