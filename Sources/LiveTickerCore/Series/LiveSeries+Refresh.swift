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
    /// Cost: O(1) when nothing changed; otherwise O(capacity / 1024 + 1024) ring reads for
    /// the held min/max (block index plus the partial blocks at both ends). No allocation.
    ///
    /// - Returns: `true` when something was published.
    @discardableResult
    public func refreshObservedState() -> Bool {
        let version = self.version
        guard version != publishedVersion else { return false }
        publishedVersion = version

        let last = Double(bitPattern: shared[Self.lastIndex].load(ordering: .relaxed))
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

    /// Min/max of the finite values held in the history, from complete block extents plus a
    /// direct scan of the partial blocks at both ends of the held range. Consumer only.
    ///
    /// Items the writer overwrites during the scan are skipped: they are no longer held.
    func heldExtent() -> ValueExtent {
        let block = Self.extentBlock
        // Blocks first: the producer closes block b after appending its last tick, so every
        // block counted here has all its ticks below the head loaded next.
        let blocksClosed = extents.writtenCount
        let head = history.writtenCount
        let oldest = head > UInt64(capacity) ? head - UInt64(capacity) : 0
        var extent = ValueExtent.empty

        let firstWholeBlock = (oldest + block - 1) / block
        let wholeBlocks = firstWholeBlock < blocksClosed ? firstWholeBlock ..< blocksClosed : 0 ..< 0
        if wholeBlocks.isEmpty {
            scanTicks(oldest ..< head, into: &extent)
            return extent
        }
        scanTicks(oldest ..< wholeBlocks.lowerBound * block, into: &extent)
        var next = wholeBlocks.lowerBound
        while next < wholeBlocks.upperBound {
            let got = extents.copy(positions: next ..< wholeBlocks.upperBound, into: scratchExtents)
            if got.count == 0 { break }
            for i in 0..<got.count { extent.include(scratchExtents[i]) }
            next = got.positions.upperBound
        }
        scanTicks(wholeBlocks.upperBound * block ..< head, into: &extent)
        return extent
    }

    /// Folds the finite values of the ticks at `positions` (those still held) into `extent`.
    private func scanTicks(_ positions: Range<UInt64>, into extent: inout ValueExtent) {
        var next = positions.lowerBound
        while next < positions.upperBound {
            let got = history.copy(positions: next ..< positions.upperBound, into: scratchTicks)
            if got.count == 0 { break }
            for i in 0..<got.count {
                let value = scratchTicks[i].value
                if value.isFinite { extent.include(value) }
            }
            next = got.positions.upperBound
        }
    }
}
