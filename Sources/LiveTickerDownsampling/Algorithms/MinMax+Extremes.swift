extension MinMax {
    /// First index of the minimum and of the maximum of `y[lo..<hi]` (non-empty; ties keep the
    /// earliest), and whether every value (and x, when given) was finite.
    ///
    /// One pass over the values in blocks of 16 (``BlockExtremes``); the tail is one more block
    /// overlapping the previous one (buckets under 16 values use blocks of 2 and 1). Then only the
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
            // Values seen twice change no extreme (a block must be strictly beyond to win, so
            // the overlap cannot move a recorded block) and only count twice in the check sum.
            if j < hi { state.add16(y, hi &- 16) }
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

/// Running minimum and maximum of a bucket, fed a block of values at a time, remembering where
/// the block that first reached each extreme starts (not the position: finding that would cost a
/// compare-and-blend per value, while re-reading one block at the end costs ≤ 16 compares).
///
/// A block replaces an extreme only when strictly beyond it, so the recorded block is the
/// earliest holding the extreme. Per block of 16: a tree of selects that lower to `minpd`/`maxpd`
/// over eight `SIMD2<Double>` (one SSE2 register each), then one scalar compare per extreme.
/// The selects skip NaN, so a sum of all values (`check`) is kept: non-finite on any NaN or ±∞;
/// a finite overflow of it only reports "not finite" and sends the caller to the exact split
/// path, which gives the same picks.
struct BlockExtremes {
    var minValue: Double
    var maxValue: Double
    var minBlock: Int
    var maxBlock: Int
    var check = 0.0

    @inline(__always)
    init(first: Double, at index: Int) {
        minValue = first
        maxValue = first
        minBlock = index
        maxBlock = index
    }

    @inline(__always)
    private mutating func offer(min blockMin: Double, max blockMax: Double, at j: Int) {
        // Written as selects (minsd/maxsd and cmov): which block wins is data-dependent.
        let newMin = blockMin < minValue
        let newMax = blockMax > maxValue
        minBlock = newMin ? j : minBlock
        maxBlock = newMax ? j : maxBlock
        minValue = newMin ? blockMin : minValue
        maxValue = newMax ? blockMax : maxValue
    }

    /// Values `y[j ..< j+16]`.
    @inline(__always)
    mutating func add16(_ y: UnsafePointer<Double>, _ j: Int) {
        let raw = UnsafeRawPointer(y + j)
        @inline(__always) func load(_ k: Int) -> SIMD2<Double> {
            raw.loadUnaligned(fromByteOffset: k &* 8, as: SIMD2<Double>.self)
        }
        let v0 = load(0), v1 = load(2), v2 = load(4), v3 = load(6)
        let v4 = load(8), v5 = load(10), v6 = load(12), v7 = load(14)
        let low = smaller(smaller(smaller(v0, v1), smaller(v2, v3)), smaller(smaller(v4, v5), smaller(v6, v7)))
        let high = larger(larger(larger(v0, v1), larger(v2, v3)), larger(larger(v4, v5), larger(v6, v7)))
        // Reduced to a scalar per block: a vector accumulator read out after the loop makes the
        // optimiser regroup the lanes with extra shuffles.
        let sum = ((v0 + v1) + (v2 + v3)) + ((v4 + v5) + (v6 + v7))
        check += sum[0] + sum[1]
        offer(min: low[1] < low[0] ? low[1] : low[0], max: high[1] > high[0] ? high[1] : high[0], at: j)
    }

    /// Values `y[j ..< j+2]`.
    @inline(__always)
    mutating func add2(_ y: UnsafePointer<Double>, _ j: Int) {
        let v = UnsafeRawPointer(y + j).loadUnaligned(as: SIMD2<Double>.self)
        check += v[0] + v[1]
        offer(min: v[1] < v[0] ? v[1] : v[0], max: v[1] > v[0] ? v[1] : v[0], at: j)
    }

    /// The value `y[j]`.
    @inline(__always)
    mutating func add1(_ y: UnsafePointer<Double>, _ j: Int) {
        check += y[j]
        offer(min: y[j], max: y[j], at: j)
    }
}
