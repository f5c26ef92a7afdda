import Synchronization

/// Producer side, many ticks at once: the `--speed max` replay path.
extension LiveSeries {
    /// Records `ticks` in order: the same history, candles, block summaries and statistics as
    /// `append(_:)` per tick, with `version` published once at the end (it grows by
    /// `ticks.count`).
    ///
    /// What readers see meanwhile: the history ring publishes the whole batch at once (never a
    /// torn or partial prefix); candles that close inside the batch appear with their final
    /// values, and the open candle is republished once, at the end; statistics and `version`
    /// move once. A render loop that compares `version` therefore redraws at most once per
    /// batch. Producer thread only. O(count), lock-free, no allocation, no observation work.
    ///
    /// With time candles and a batch no longer than the history, each tick is read once: one
    /// loop per 64-tick summary block writes the ring slots and folds the block and the open
    /// candle together (``appendInOnePass(_:count:firstPosition:)``); otherwise each part makes
    /// its own pass over the batch.
    public func append(contentsOf ticks: UnsafeBufferPointer<Tick>) {
        guard let base = ticks.baseAddress, ticks.count > 0 else { return }
        // Only the producer writes `shared`, so its relaxed read-back is its own last store.
        let before = shared[Self.versionIndex].load(ordering: .relaxed)
        let count = ticks.count
        let finite: Int
        if count <= history.capacity && aggregator.windowWidth > 0 {
            finite = appendInOnePass(base, count: count, firstPosition: before)
        } else {
            history.append(contentsOf: ticks)
            aggregator.add(contentsOf: ticks)
            finite = summaries.add(contentsOf: ticks, firstPosition: before)
        }
        if finite > 0 {
            var last = count &- 1
            while !base[last].value.isFinite { last &-= 1 }
            shared[Self.lastIndex].store(base[last].value.bitPattern, ordering: .relaxed)
            if Double(bitPattern: shared[Self.firstIndex].load(ordering: .relaxed)).isNaN {
                var first = 0
                while !base[first].value.isFinite { first &+= 1 }
                shared[Self.firstIndex].store(base[first].value.bitPattern, ordering: .relaxed)
            }
        }
        if finite < count {
            let nonFinite = shared[Self.nonFiniteIndex].load(ordering: .relaxed)
            shared[Self.nonFiniteIndex].store(nonFinite &+ UInt64(count &- finite), ordering: .relaxed)
        }
        // Last: a reader that sees this version also sees everything above.
        shared[Self.versionIndex].store(before &+ UInt64(count), ordering: .releasing)
    }

    /// The batch append in one pass (time candles, `count` ≤ history capacity): the batch is cut
    /// at summary block ends and at the ring's wrap; each run's ticks go to their ring slots in
    /// one loop that also takes the run's time range, its extremes (with their indices and
    /// running times), the sum of sizes and a finiteness probe. When every value is finite, the
    /// volume stays finite and the run lies in the open candle's window (the common run), that
    /// is the whole fold: the block and the candle take the run's figures, exactly what the
    /// tick-by-tick folds give. Any other run is folded again by the block's and the
    /// aggregator's own loops. The ring head is published once at the end.
    ///
    /// Why: the three separate passes cost 72 instructions a tick (callgrind, Bench ingest),
    /// with the ring's writes, which miss the cache, not overlapped with any work. Returns how
    /// many values are finite. O(count), no allocation.
    func appendInOnePass(_ base: UnsafePointer<Tick>, count: Int, firstPosition: UInt64) -> Int {
        let ring = history
        let capacity = ring.capacity
        var slotIndex = ring.pendingWrite.slotIndex
        var candles = aggregator.beginBatch()
        let block = summaries.open
        let mask = HistorySummaries.baseBlock &- 1
        var position = firstPosition
        var done = 0
        var finite = 0
        while done < count {
            let room = Int(truncatingIfNeeded: HistorySummaries.baseBlock &- (position & mask))
            let n = min(room, count &- done, capacity &- slotIndex)
            let run = base + done
            if Self.foldCommonRun(
                run, count: n, position: position, ring: ring, slotIndex: slotIndex, block: block,
                candles: &candles)
            {
                finite &+= n
            } else {
                aggregator.fold(run, count: n, into: &candles)
                finite &+= block[0].fold(contentsOf: run, count: n, firstPosition: position)
            }
            done &+= n
            position &+= UInt64(truncatingIfNeeded: n)
            slotIndex &+= n
            if slotIndex == capacity { slotIndex = 0 }
            if position & mask == 0 { summaries.closeBlocks(endingAt: position) }
        }
        ring.publishWrites(upTo: position, nextSlotIndex: slotIndex)
        aggregator.endBatch(candles)
        return finite
    }

    /// Writes the `count` (≥ 1) ticks of `run` to the ring as `position…` from slot `slotIndex`
    /// (no wrap inside), and, when the run is common (see
    /// ``appendInOnePass(_:count:firstPosition:)``), folds it into the open level-0 block and
    /// the open candle and returns true; otherwise returns false with both unchanged.
    ///
    /// Exactness: the run's lowest and highest values are found with strict compares (the
    /// earliest on ties) and replace the block's or the candle's only when strictly beyond
    /// them, so the point kept is the one the tick-by-tick fold keeps; running times are the
    /// block's latest time before the run raised by the run's running maximum; the volume is
    /// summed in tick order from the candle's, and ends finite only when every size was finite
    /// and nothing overflowed (∞ plus a finite size stays ∞), when `Candle.add(_:)` would have
    /// added each size plainly. O(count).
    ///
    /// Its scan is `BlockSummary.fold(contentsOf:count:firstPosition:)`'s, fused with the ring
    /// write and the volume sum so each tick is read once (the point of this path): the two
    /// scans must change together (`LiveSeriesBatchTests` compares this path with single appends).
    @inline(__always)
    static func foldCommonRun(
        _ run: UnsafePointer<Tick>, count: Int, position: UInt64, ring: RingBuffer<Tick>, slotIndex: Int,
        block: UnsafeMutablePointer<BlockSummary>, candles: inout CandleAggregator.Batch
    ) -> Bool {
        var minTime = Int64.max
        var maxTime = Int64.min
        var low = Double.infinity
        var high = -Double.infinity
        var lowIndex = 0
        var lowRun = Int64.min
        var highIndex = 0
        var highRun = Int64.min
        var volume = candles.candle.volume
        // `v - v` is 0 for a finite v and NaN for NaN or ±∞, and NaN sticks through the sum.
        var finiteProbe = 0.0
        var i = 0
        repeat {
            let tick = run[i]
            ring.write(tick, position: position &+ UInt64(truncatingIfNeeded: i), slotIndex: slotIndex &+ i)
            minTime = min(minTime, tick.time)
            maxTime = max(maxTime, tick.time)
            let value = tick.value
            finiteProbe += value - value
            if value < low {
                low = value
                lowIndex = i
                lowRun = maxTime
            }
            if value > high {
                high = value
                highIndex = i
                highRun = maxTime
            }
            volume += tick.size
            i &+= 1
        } while i < count
        // The run is common: finite values (so both indices were set at i = 0 or later), a
        // finite volume, an open candle with a finite open, every time in its window.
        guard finiteProbe == 0, volume.isFinite, candles.candle.open.isFinite, minTime >= candles.first,
            maxTime <= candles.last
        else { return false }

        var candle = candles.candle
        if high > candle.high { candle.high = high }
        if low < candle.low { candle.low = low }
        candle.close = run[count &- 1].value
        candle.volume = volume
        candle.tickCount &+= count
        candles.candle = candle
        candles.dirty = true

        var summary = block.pointee
        let before = summary.maxTime
        @inline(__always)
        func point(_ index: Int, _ runningMax: Int64) -> SummaryPoint {
            SummaryPoint(
                position: position &+ UInt64(truncatingIfNeeded: index), time: run[index].time,
                value: run[index].value, blockRunningMaxTime: max(before, runningMax))
        }
        if summary.finiteCount == 0 {
            summary.first = point(0, run[0].time)
            summary.minimum = point(lowIndex, lowRun)
            summary.maximum = point(highIndex, highRun)
        } else {
            if low < summary.minimum.value { summary.minimum = point(lowIndex, lowRun) }
            if high > summary.maximum.value { summary.maximum = point(highIndex, highRun) }
        }
        summary.last = point(count &- 1, maxTime)
        summary.minTime = min(summary.minTime, minTime)
        summary.maxTime = max(before, maxTime)
        summary.finiteCount &+= UInt64(truncatingIfNeeded: count)
        block.pointee = summary
        return true
    }
}
