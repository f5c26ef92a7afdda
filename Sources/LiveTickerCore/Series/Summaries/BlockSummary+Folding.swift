/// Building summaries on the producer side: ticks fold into the finest level, closed
/// summaries fold into the next coarser one. Both are O(1) and exact, so a coarse summary
/// equals the summary of its ticks computed directly.
extension BlockSummary {
    /// Adds the tick at `position`, which must follow every tick folded in so far. O(1).
    @inlinable @inline(__always)
    mutating func fold(_ tick: Tick, position: UInt64) {
        let time = tick.time
        if time < minTime { minTime = time }
        if time > maxTime { maxTime = time }
        let value = tick.value
        guard value.isFinite else {
            if firstNonFinite == Self.noPosition { firstNonFinite = position }
            lastNonFinite = position
            return
        }
        let point = SummaryPoint(position: position, time: time, value: value, blockRunningMaxTime: maxTime)
        if finiteCount == 0 {
            first = point
            minimum = point
            maximum = point
        } else {
            // Strict comparisons keep the earliest point on ties.
            if value < minimum.value { minimum = point }
            if value > maximum.value { maximum = point }
        }
        last = point
        finiteCount &+= 1
    }

    /// Adds a child block that follows every tick folded in so far. O(1).
    ///
    /// The child's running times restart at its own first tick; here they are combined with
    /// the latest time of the children before it, so they become running times of this block.
    @inlinable @inline(__always)
    mutating func fold(_ child: BlockSummary) {
        let before = maxTime
        if child.minTime < minTime { minTime = child.minTime }
        if child.maxTime > maxTime { maxTime = child.maxTime }
        if child.firstNonFinite != Self.noPosition {
            if firstNonFinite == Self.noPosition { firstNonFinite = child.firstNonFinite }
            lastNonFinite = child.lastNonFinite
        }
        guard child.finiteCount > 0 else { return }
        let childMinimum = child.minimum.runningAfter(before)
        let childMaximum = child.maximum.runningAfter(before)
        if finiteCount == 0 {
            first = child.first.runningAfter(before)
            minimum = childMinimum
            maximum = childMaximum
        } else {
            if childMinimum.value < minimum.value { minimum = childMinimum }
            if childMaximum.value > maximum.value { maximum = childMaximum }
        }
        last = child.last.runningAfter(before)
        finiteCount &+= child.finiteCount
    }
}

extension SummaryPoint {
    /// This point with its running time raised to at least `earlier` (the latest time of the
    /// ticks before its block). O(1).
    @inlinable @inline(__always)
    func runningAfter(_ earlier: Int64) -> SummaryPoint {
        var point = self
        if earlier > point.blockRunningMaxTime { point.blockRunningMaxTime = earlier }
        return point
    }
}
