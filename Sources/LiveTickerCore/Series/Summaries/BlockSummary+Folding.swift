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

    /// Adds `count` ticks at positions `firstPosition ..< firstPosition + count`, which must
    /// follow every tick folded in so far. The result equals folding them one by one with
    /// `fold(_:position:)`; the scan keeps only values, indices and running times in locals
    /// (registers) and builds the points once at the end. Returns how many of the values are
    /// finite. O(count), no allocation.
    @usableFromInline @inline(never)
    mutating func fold(contentsOf ticks: UnsafePointer<Tick>, count: Int, firstPosition: UInt64) -> Int {
        guard count > 0 else { return 0 }
        var finite = 0
        var done = 0
        if finiteCount == 0 {
            // Until the block has a finite point there is no extreme to compare with.
            if ticks[0].value.isFinite { finite = 1 }
            fold(ticks[0], position: firstPosition)
            done = 1
        }
        let rest = count &- done
        let start = firstPosition &+ UInt64(truncatingIfNeeded: done)
        if finiteCount > 0 && foldAllFinite(ticks + done, count: rest, firstPosition: start) {
            return finite &+ rest
        }
        return finite &+ foldAny(ticks + done, count: rest, firstPosition: start)
    }

    /// The common case of `fold(contentsOf:count:firstPosition:)`: the block already has a
    /// finite point and every new value is finite. Keeps only the time range, the extremes,
    /// their indices and running times in locals; returns false (and changes nothing) when
    /// some value is not finite. O(count).
    @inline(__always)
    mutating func foldAllFinite(_ ticks: UnsafePointer<Tick>, count: Int, firstPosition: UInt64) -> Bool {
        guard count > 0 else { return true }
        var minTime = self.minTime
        var maxTime = self.maxTime
        var low = minimum.value
        var high = maximum.value
        var lowIndex = -1
        var lowRun = Int64.min
        var highIndex = -1
        var highRun = Int64.min
        // `v - v` is 0 for a finite v and NaN for NaN or ±∞, and NaN sticks through the sum:
        // one subtract and one add per tick instead of a branch.
        var finiteProbe = 0.0
        var i = 0
        while i < count {
            let time = ticks[i].time
            minTime = min(minTime, time)
            maxTime = max(maxTime, time)
            let value = ticks[i].value
            finiteProbe += value - value
            // Strict comparisons keep the earliest point on ties; NaN never compares true.
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
            i &+= 1
        }
        guard finiteProbe == 0 else { return false }
        @inline(__always)
        func point(_ index: Int, _ run: Int64) -> SummaryPoint {
            SummaryPoint(
                position: firstPosition &+ UInt64(truncatingIfNeeded: index), time: ticks[index].time,
                value: ticks[index].value, blockRunningMaxTime: run)
        }
        if lowIndex >= 0 { minimum = point(lowIndex, lowRun) }
        if highIndex >= 0 { maximum = point(highIndex, highRun) }
        last = point(count &- 1, maxTime)
        self.minTime = minTime
        self.maxTime = maxTime
        finiteCount &+= UInt64(truncatingIfNeeded: count)
        return true
    }

    /// `fold(contentsOf:count:firstPosition:)` for any values (NaN, ±∞ among them). O(count).
    mutating func foldAny(_ ticks: UnsafePointer<Tick>, count: Int, firstPosition: UInt64) -> Int {
        var minTime = self.minTime
        var maxTime = self.maxTime
        var hasFinite = finiteCount > 0
        var low = minimum.value
        var high = maximum.value
        // Chunk indices of the new first/lowest/highest/last finite ticks (-1: unchanged) and
        // the block's running maximum time at each of them.
        var firstIndex = -1
        var firstRun = Int64.min
        var lowIndex = -1
        var lowRun = Int64.min
        var highIndex = -1
        var highRun = Int64.min
        var lastIndex = -1
        var lastRun = Int64.min
        var firstGap = -1
        var lastGap = -1
        var finite = 0
        var i = 0
        while i < count {
            let time = ticks[i].time
            if time < minTime { minTime = time }
            if time > maxTime { maxTime = time }
            let value = ticks[i].value
            if value.isFinite {
                if hasFinite {
                    // Strict comparisons keep the earliest point on ties.
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
                } else {
                    hasFinite = true
                    low = value
                    high = value
                    firstIndex = i
                    firstRun = maxTime
                    lowIndex = i
                    lowRun = maxTime
                    highIndex = i
                    highRun = maxTime
                }
                lastIndex = i
                lastRun = maxTime
                finite &+= 1
            } else {
                if firstGap < 0 { firstGap = i }
                lastGap = i
            }
            i &+= 1
        }
        @inline(__always)
        func point(_ index: Int, _ run: Int64) -> SummaryPoint {
            SummaryPoint(
                position: firstPosition &+ UInt64(truncatingIfNeeded: index), time: ticks[index].time,
                value: ticks[index].value, blockRunningMaxTime: run)
        }
        if firstIndex >= 0 { first = point(firstIndex, firstRun) }
        if lowIndex >= 0 { minimum = point(lowIndex, lowRun) }
        if highIndex >= 0 { maximum = point(highIndex, highRun) }
        if lastIndex >= 0 { last = point(lastIndex, lastRun) }
        if firstGap >= 0 {
            if firstNonFinite == Self.noPosition {
                firstNonFinite = firstPosition &+ UInt64(truncatingIfNeeded: firstGap)
            }
            lastNonFinite = firstPosition &+ UInt64(truncatingIfNeeded: lastGap)
        }
        self.minTime = minTime
        self.maxTime = maxTime
        finiteCount &+= UInt64(truncatingIfNeeded: finite)
        return finite
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
