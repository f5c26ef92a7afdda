extension LTTB {
    /// Average bucket size (points) from which ``fastKernel(_:count:points:into:)`` beats the
    /// plain ``kernel(_:start:count:points:into:)``; below it the plain kernel runs. Both give the
    /// same indices, so this only moves time. The C kernel with x crosses over at about the same
    /// size (AVX-512, Zen 4: 1.2× the plain loop's time at 16 points a bucket, 0.65–0.93× at 24).
    static let fastKernelMinimumBucket = 24

    /// The reference LTTB over a whole y-only series (x = index), unscaled, tuned for speed while
    /// computing bit-identical means and areas (so its indices equal the plain ``kernel``'s).
    ///
    /// Why it is faster, yet exact:
    /// - A bucket mean is a left-to-right sum, one long dependency chain. The sums of 8 consecutive
    ///   buckets are independent chains, so they advance side by side (each still left to right).
    /// - The areas of one bucket are independent, computed 16 at a time in eight `SIMD2<Double>`
    ///   (one SSE2 register each; element-wise IEEE operations, no fused multiply-add, the
    ///   reference's operand order), keeping only the largest magnitude and the block it first
    ///   occurs in; that block is recomputed to find the first position equal to it: the
    ///   reference's "first strictly greater" winner (``AreaBlocks``).
    ///
    /// Failure detection (returns false; the caller then takes the exact split/scaled path):
    /// a sum is finite only if every value in it is, so finite sums (plus a finite sum of bucket 0
    /// and the first point) prove all inputs finite. With finite inputs an area can only be
    /// non-finite through overflow; checking per bucket that `offset` and `|d2|·(largest |ax − j|)`
    /// are finite rules out `∞ − ∞`, so any overflow leaves an infinite area, which is then the
    /// bucket's maximum and is seen. O(N), allocates nothing (all state is on the stack).
    static func fastKernel(
        _ y: UnsafePointer<Double>, count n: Int, points m: Int, into out: UnsafeMutablePointer<Int>
    ) -> Bool {
        let every = Double(n &- 2) / Double(m &- 2)
        let buckets = m &- 2
        // Point 0 and bucket 0 are not covered by any next-bucket sum.
        var head = 0.0
        for p in 0..<(Int(every) &+ 1) { head += y[p] }
        if !head.isFinite { return false }
        out[0] = 0
        var a = 0
        var ay = y[0]
        var i = 0
        while i < buckets {
            let group = min(8, buckets &- i)
            // Bucket i + g spans starts[g] − (its previous bucket) and its next bucket
            // starts[g] ..< ends[g]; each boundary is the reference's truncated product, clipped
            // to n (which only the last next bucket needs), computed once.
            @inline(__always) func bound(_ k: Int) -> Int { min(Int(every * Double(i &+ k)) &+ 1, n) }
            let b1 = bound(1), b2 = bound(2), b3 = bound(3), b4 = bound(4), b5 = bound(5)
            let b6 = bound(6), b7 = bound(7), b8 = bound(8)
            let starts = SIMD8<Int>(b1, b2, b3, b4, b5, b6, b7, b8)
            let ends = SIMD8<Int>(b2, b3, b4, b5, b6, b7, b8, bound(9))
            let sums = groupSums(y, starts: starts, ends: ends, group: group)
            if !all((sums - sums) .== SIMD8<Double>(repeating: 0)) { return false }
            var bucketStart = bound(0)
            for g in 0..<group {
                let nextStart = starts[g]
                let nextEnd = ends[g]
                let meanY = sums[g] / Double(nextEnd &- nextStart)
                let meanX = Double(nextStart &+ nextEnd &- 1) / 2
                let ax = Double(a)
                let d1 = ax - meanX
                let d2 = meanY - ay
                let offset = d1 * ay
                if !offset.isFinite || !(abs(d2) * Double(nextStart &- a)).isFinite { return false }
                guard let pick = argmaxArea(y, from: bucketStart, to: nextStart, ax: ax, d1: d1, d2: d2, offset: offset)
                else { return false }
                a = pick
                ay = y[pick]
                out[i &+ g &+ 1] = pick
                bucketStart = nextStart
            }
            i &+= group
        }
        out[m &- 1] = n &- 1
        return true
    }

    /// Left-to-right sums (from 0, as the reference) of `y[starts[g] ..< ends[g]]` for each
    /// `g < group`, advanced side by side over the length they share, then each finished alone.
    /// Not inlined: on its own, the eight bucket pointers stay in registers.
    @inline(never)
    private static func groupSums(
        _ y: UnsafePointer<Double>, starts: SIMD8<Int>, ends: SIMD8<Int>, group: Int
    ) -> SIMD8<Double> {
        var sums = SIMD8<Double>(repeating: 0)
        var shared = 0
        if group == 8 {
            shared = (ends &- starts).min()
            let p0 = y + starts[0], p1 = y + starts[1], p2 = y + starts[2], p3 = y + starts[3]
            let p4 = y + starts[4], p5 = y + starts[5], p6 = y + starts[6], p7 = y + starts[7]
            var s01 = SIMD2<Double>(repeating: 0), s23 = SIMD2<Double>(repeating: 0)
            var s45 = SIMD2<Double>(repeating: 0), s67 = SIMD2<Double>(repeating: 0)
            var t = 0
            while t < shared {
                s01 += SIMD2(p0[t], p1[t])
                s23 += SIMD2(p2[t], p3[t])
                s45 += SIMD2(p4[t], p5[t])
                s67 += SIMD2(p6[t], p7[t])
                t &+= 1
            }
            sums = SIMD8(lowHalf: SIMD4(lowHalf: s01, highHalf: s23), highHalf: SIMD4(lowHalf: s45, highHalf: s67))
        }
        for g in 0..<group {
            var s = sums[g]
            var p = starts[g] &+ shared
            let end = ends[g]
            while p < end { s += y[p]; p &+= 1 }
            sums[g] = s
        }
        return sums
    }

    /// The earliest position in `from ..< to` with the largest |d1·y − (ax − j)·d2 − offset|, or
    /// nil when that largest magnitude is not finite.
    ///
    /// One pass in blocks of 16 positions (``AreaBlocks``), remembering the start of the block that
    /// first went strictly beyond the running maximum; the bucket's tail is one more block
    /// overlapping the previous one (buckets under 16 positions go 2 and 1 at a time). Then only
    /// that block is recomputed, with the same arithmetic, to find the first position reaching it.
    @inline(never)
    private static func argmaxArea(
        _ y: UnsafePointer<Double>, from: Int, to: Int, ax: Double, d1: Double, d2: Double, offset: Double
    ) -> Int? {
        var blocks = AreaBlocks(y: y, ax: ax, d1: d1, d2: d2, offset: offset, start: from)
        var j = from
        if to &- from >= 8 {
            while j &+ 16 <= to {
                blocks.add16(j)
                j &+= 16
            }
            if j &+ 8 <= to {
                blocks.add8(j)
                j &+= 8
            }
            // Positions seen twice cannot move the recorded block (it must be strictly beyond).
            if j < to { blocks.add8(to &- 8) }
        } else {
            while j &+ 2 <= to {
                blocks.add2(j)
                j &+= 2
            }
            if j < to { blocks.add1(j) }
        }
        let best = blocks.best
        if !best.isFinite { return nil }
        return blocks.firstReachingBest(before: to)
    }
}
