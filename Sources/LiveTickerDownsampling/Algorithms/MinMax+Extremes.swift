extension MinMax {
    /// First index of the minimum and of the maximum of `y[lo..<hi]` (non-empty; ties keep the
    /// earliest), and whether every value (and x, when given) was finite.
    ///
    /// One pass over the values in blocks of 16 (``BlockExtremes``); the tail is a block of 8 and
    /// one more block of 8 overlapping the previous one (buckets under 16 values use blocks of 2
    /// and 1). Then only the
    /// block recorded for each extreme (≤ 16 values) is read again to find its first position.
    /// O(hi − lo), allocates nothing.
    @inline(__always)
    static func extremes(
        _ y: UnsafePointer<Double>, _ x: UnsafePointer<Double>?, _ lo: Int, _ hi: Int
    ) -> (min: Int, max: Int, finite: Bool) {
        var state = BlockExtremes(first: y[lo], at: lo)
        var j = lo
        if hi &- lo >= 16 {
            while j &+ 16 <= hi {
                state.add16(y, j)
                j &+= 16
            }
            if j &+ 8 <= hi {
                state.add8(y, j)
                j &+= 8
            }
            // Values seen twice change no extreme (a block must be strictly beyond to win, so
            // the overlap cannot move a recorded block) and only count twice in the check sum.
            if j < hi { state.add8(y, hi &- 8) }
        } else {
            while j &+ 2 <= hi {
                state.add2(y, j)
                j &+= 2
            }
            if j < hi { state.add1(y, j) }
        }
        var finite = state.check.isFinite
        if let x {
            // x·0 is 0 for finite x and NaN otherwise (a sum of x could overflow).
            var xCheck = SIMD2<Double>(repeating: 0)
            var k = lo
            while k &+ 2 <= hi {
                xCheck += UnsafeRawPointer(x).loadUnaligned(fromByteOffset: k &* 8, as: SIMD2<Double>.self) * 0
                k &+= 2
            }
            var xTotal = xCheck[0] + xCheck[1]
            if k < hi { xTotal += x[k] * 0 }
            finite = finite && xTotal == 0
        }
        // The value first occurs in the block recorded for it (earlier blocks stayed strictly
        // short of it); −0 and +0 compare equal, as in a scalar scan. The scans are bounded by
        // the block so that NaN input (seen only on the optimistic path, which then bails out)
        // cannot run past it.
        return (
            firstEqual(y, state.minValue, from: state.minBlock, to: Swift.min(state.minBlock &+ 16, hi)),
            firstEqual(y, state.maxValue, from: state.maxBlock, to: Swift.min(state.maxBlock &+ 16, hi)),
            finite
        )
    }

    /// The first position in `from ..< to` holding `value`, or `from` when none does. O(to − from).
    @inline(__always)
    static func firstEqual(_ y: UnsafePointer<Double>, _ value: Double, from: Int, to: Int) -> Int {
        var k = from
        while k < to {
            if y[k] == value { return k }
            k &+= 1
        }
        return from
    }
}
