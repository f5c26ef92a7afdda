import Synchronization

/// Producer side, many ticks at once: the `--speed max` replay path.
extension LiveSeries {
    /// Records `ticks` in order: the same history, candles, block summaries and statistics as
    /// `append(_:)` per tick, with each part written in one pass over the batch and `version`
    /// published once at the end (it grows by `ticks.count`).
    ///
    /// What readers see meanwhile: the history ring publishes the whole batch at once (never a
    /// torn or partial prefix); candles that close inside the batch appear with their final
    /// values, and the open candle is republished once, at the end; statistics and `version`
    /// move once. A render loop that compares `version` therefore redraws at most once per
    /// batch. Producer thread only. O(count), lock-free, no allocation, no observation work.
    public func append(contentsOf ticks: UnsafeBufferPointer<Tick>) {
        guard let base = ticks.baseAddress, ticks.count > 0 else { return }
        // Only the producer writes `shared`, so its relaxed read-back is its own last store.
        let before = shared[Self.versionIndex].load(ordering: .relaxed)
        history.append(contentsOf: ticks)
        aggregator.add(contentsOf: ticks)
        let finite = summaries.add(contentsOf: ticks, firstPosition: before)
        let count = ticks.count
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
}
