import Synchronization

/// Consumer side of `LiveSeries`: publishing the producer's statistics to observers.
extension LiveSeries {
    /// Publishes the newest statistics to the observed properties if any tick arrived since
    /// the last call. Consumer thread only (observers run on it).
    ///
    /// Observers are notified only for properties whose value changed, and `observedVersion`
    /// changes on every refresh that found new ticks, so one `withObservationTracking` on it
    /// fires once per such refresh however many ticks arrived.
    ///
    /// Cost: O(1) when nothing changed; otherwise O(levels + capacity / top block size + 126)
    /// ring reads for the held min/max (block summaries plus raw ticks at both ends). No
    /// allocation.
    ///
    /// - Returns: `true` when something was published.
    @discardableResult
    public func refreshObservedState() -> Bool {
        let version = self.version
        guard version != publishedVersion else { return false }
        publishedVersion = version

        let last = newestFiniteValue()
        let first = Double(bitPattern: shared[Self.firstIndex].load(ordering: .relaxed))
        let nonFinite = shared[Self.nonFiniteIndex].load(ordering: .relaxed)
        let extent = heldExtent()

        // Assign only what changed so observers of unchanged properties are not notified.
        if Self.differs(lastValue, last) { lastValue = last }
        let change = last - first
        if Self.differs(self.change, change) { self.change = change }
        let minimum = extent.isEmpty ? Double.nan : extent.minimum
        if Self.differs(self.minimum, minimum) { self.minimum = minimum }
        let maximum = extent.isEmpty ? Double.nan : extent.maximum
        if Self.differs(self.maximum, maximum) { self.maximum = maximum }
        if tickCount != version { tickCount = version }
        let candles = aggregator.candles.writtenCount
        if candleCount != candles { candleCount = candles }
        if nonFiniteCount != nonFinite { nonFiniteCount = nonFinite }
        observedVersion = version
        return true
    }

    /// Whether publishing `new` over `old` is a change (NaN equals NaN here).
    private static func differs(_ old: Double, _ new: Double) -> Bool {
        !(old == new || (old.isNaN && new.isNaN))
    }

    /// Min/max of the finite values held in the history, from the coarsest block summaries
    /// that fit plus the raw ticks at both ends of the held range. Consumer only.
    ///
    /// Blocks or ticks the writer overwrites during the walk are skipped: they are no longer held.
    func heldExtent() -> ValueExtent {
        var extent = ValueExtent.empty
        walkPieces(in: publishedHeldPositions, maxLevel: summaries.levelCount &- 1) { tick, _ in
            if tick.value.isFinite { extent.include(tick.value) }
            return true
        } block: { summary in
            if summary.finiteCount > 0 {
                extent.include(summary.minimum.value)
                extent.include(summary.maximum.value)
            }
            return true
        }
        return extent
    }
}
