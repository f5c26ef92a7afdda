import CLiveTickerKernels

extension MinMax {
    /// First index of the minimum and of the maximum of `y[lo..<hi]` (non-empty; ties keep the
    /// earliest), and whether every value (and x, when given) was finite.
    ///
    /// One pass over the values in blocks of 16 (``BlockExtremes``), the last block ending at `hi`
    /// and overlapping the one before when the count is not a multiple of 16 (buckets under 16
    /// values use blocks of 2 and 1). Then only the block recorded for each extreme is read again
    /// to find its first position (``firstEqual16(_:_:at:)``, no branch).
    /// O(hi − lo), allocates nothing.
    /// Above `.sse2`, the C kernel of `level` answers (same indices, same finiteness verdict
    /// except that either may report a finite overflow as "not finite", which only sends the
    /// caller to the exact per-run path).
    @inline(__always)
    static func extremes(
        _ y: UnsafePointer<Double>, _ x: UnsafePointer<Double>?, _ lo: Int, _ hi: Int, level: KernelLevel
    ) -> (min: Int, max: Int, finite: Bool) {
        if level != .sse2 {
            var low = 0
            var high = 0
            let finite = ltk_extremes(level.code, y, x, lo, hi, &low, &high)
            return (low, high, finite)
        }
        return extremes(y, x, lo, hi)
    }

    /// The Swift reference of ``extremes(_:_:_:_:level:)``.
    @inline(__always)
    static func extremes(
        _ y: UnsafePointer<Double>, _ x: UnsafePointer<Double>?, _ lo: Int, _ hi: Int
    ) -> (min: Int, max: Int, finite: Bool) {
        var state = BlockExtremes(first: y[lo], at: lo)
        let wide = hi &- lo >= 16
        if wide {
            // ⌈n/16⌉ − 1 whole blocks, then the block ending at hi. Buckets of similar size run
            // the loop the same number of times, so its exit is predicted; the overlap changes no
            // extreme (a block must be strictly beyond to win, so a later block cannot take an
            // extreme an earlier block reached) and only counts values twice in the check sum.
            let last = hi &- 16
            var j = lo
            while true {
                let start = Swift.min(j, last)  // one call site, so the block is inlined once
                state.add16(y, start)
                if start == last { break }
                j &+= 16
            }
        } else {
            var j = lo
            while j &+ 2 <= hi {
                state.add2(y, j)
                j &+= 2
            }
            if j < hi { state.add1(y, j) }
        }
        var finite = state.isFinite
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
        // short of it); −0 and +0 compare equal, as in a scalar scan. The scans stay inside the
        // block, so NaN input (seen only on the optimistic path, which then bails out) cannot
        // run past it.
        if wide {
            return (firstEqual16(y, state.minValue, at: state.minBlock),
                    firstEqual16(y, state.maxValue, at: state.maxBlock), finite)
        }
        return (
            // A narrow bucket is shorter than one block: the scan runs to its end.
            firstEqual(y, state.minValue, from: state.minBlock, to: hi),
            firstEqual(y, state.maxValue, from: state.maxBlock, to: hi),
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

    /// The first position in `b ..< b + 16` holding `value` (`==`, so −0 matches +0), or
    /// `b + 15` when none does (only possible for NaN, on a path that discards the answer).
    ///
    /// Why no loop: where the value sits is random, so a scanning loop mispredicts its exit once
    /// per call, which costs more than the whole search. Instead 8 `cmpeqpd`, each mask keeping
    /// its own two bits of a 16-bit word (and, or), then one trailing-zero count.
    /// O(1), allocates nothing.
    @inline(__always)
    static func firstEqual16(_ y: UnsafePointer<Double>, _ value: Double, at b: Int) -> Int {
        let raw = UnsafeRawPointer(y + b)
        let v = SIMD2<Double>(repeating: value)
        // Value 2k + lane sets bit 2k + lane (no generic SIMD conversions: they are not always
        // inlined, and a call per block costs more than the search).
        @inline(__always) func bits(_ k: Int) -> SIMD2<Int64> {
            let lanes = raw.loadUnaligned(fromByteOffset: k &* 16, as: SIMD2<Double>.self)
            let weight = SIMD2<Int64>(1 &<< (2 &* k), 2 &<< (2 &* k))
            return SIMD2<Int64>(repeating: 0).replacing(with: weight, where: lanes .== v)
        }
        let all = ((bits(0) | bits(1)) | (bits(2) | bits(3))) | ((bits(4) | bits(5)) | (bits(6) | bits(7)))
        let word = all[0] | all[1] | 0x8000  // bit 15 set: "not found" lands on the last value
        return b &+ word.trailingZeroBitCount
    }
}
