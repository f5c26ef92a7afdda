extension LTTB {
    /// The reference LTTB over a whole y-only series (x = index), unscaled, tuned for speed while
    /// computing bit-identical means and areas (so its indices equal the plain ``kernel``'s).
    ///
    /// Why it is faster, yet exact:
    /// - A bucket mean is a left-to-right sum, one long dependency chain. The sums of 8 consecutive
    ///   buckets are independent chains, so they advance side by side (each still left to right).
    /// - The areas of one bucket are independent, computed 8 at a time in four `SIMD2<Double>`
    ///   (one SSE2 register each; element-wise IEEE operations, no fused multiply-add, the
    ///   reference's operand order). A first pass keeps only the largest magnitude (`maxpd`, no
    ///   index bookkeeping); a second pass recomputes the same areas from the bucket start and stops
    ///   at the first one equal to it: that is the reference's "first strictly greater" winner.
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
            // Next-bucket bounds of current buckets i ..< i+group.
            var starts = SIMD8<Int>(repeating: 0)
            var ends = SIMD8<Int>(repeating: 0)
            for g in 0..<group {
                starts[g] = Int(every * Double(i &+ g &+ 1)) &+ 1
                ends[g] = min(Int(every * Double(i &+ g &+ 2)) &+ 1, n)
            }
            let sums = groupSums(y, starts: starts, ends: ends, group: group)
            if !all((sums - sums) .== SIMD8<Double>(repeating: 0)) { return false }
            for g in 0..<group {
                let nextStart = starts[g]
                let nextEnd = ends[g]
                let meanY = sums[g] / Double(nextEnd &- nextStart)
                let meanX = Double(nextStart &+ nextEnd &- 1) / 2
                let bucketStart = Int(every * Double(i &+ g)) &+ 1
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
            }
            i &+= group
        }
        out[m &- 1] = n &- 1
        return true
    }

    /// Left-to-right sums (from 0, as the reference) of `y[starts[g] ..< ends[g]]` for each
    /// `g < group`, advanced side by side over the length they share, then each finished alone.
    @inline(__always)
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
            while p < ends[g] { s += y[p]; p &+= 1 }
            sums[g] = s
        }
        return sums
    }

    /// The earliest position in `from ..< to` with the largest |d1·y − (ax − j)·d2 − offset|, or
    /// nil when that largest magnitude is not finite.
    @inline(__always)
    private static func argmaxArea(
        _ y: UnsafePointer<Double>, from: Int, to: Int, ax: Double, d1: Double, d2: Double, offset: Double
    ) -> Int? {
        let mask = SIMD2<UInt64>(repeating: 0x7FFF_FFFF_FFFF_FFFF)
        let raw = UnsafeRawPointer(y)
        @inline(__always) func magnitudes(_ j: Int, _ distance: SIMD2<Double>) -> SIMD2<Double> {
            let values = raw.loadUnaligned(fromByteOffset: j &* 8, as: SIMD2<Double>.self)
            let area = d1 * values - distance * d2 - offset
            return SIMD2<Double>(bitPattern: area.bitPattern & mask)
        }
        @inline(__always) func magnitude(_ j: Int) -> Double {
            let area = d1 * y[j] - (ax - Double(j)) * d2 - offset
            return Double(bitPattern: area.bitPattern & 0x7FFF_FFFF_FFFF_FFFF)
        }
        // Pass 1: the largest magnitude. (ax − j) are integers below 2^53: stepping stays exact.
        var best0 = SIMD2<Double>(repeating: 0), best1 = best0, best2 = best0, best3 = best0
        var distance = SIMD2<Double>(ax - Double(from), ax - Double(from &+ 1))
        var j = from
        while j &+ 8 <= to {
            best0 = larger(best0, magnitudes(j, distance))
            best1 = larger(best1, magnitudes(j &+ 2, distance - 2))
            best2 = larger(best2, magnitudes(j &+ 4, distance - 4))
            best3 = larger(best3, magnitudes(j &+ 6, distance - 6))
            distance -= 8
            j &+= 8
        }
        var best = larger(larger(best0, best1), larger(best2, best3)).max()
        while j < to { best = max(best, magnitude(j)); j &+= 1 }
        if !best.isFinite { return nil }
        // Pass 2: the first position reaching it (same arithmetic, so bit-equal).
        let target = SIMD2<Double>(repeating: best)
        distance = SIMD2<Double>(ax - Double(from), ax - Double(from &+ 1))
        j = from
        while j &+ 8 <= to {
            let hit = (magnitudes(j, distance) .== target) .| (magnitudes(j &+ 2, distance - 2) .== target)
                .| (magnitudes(j &+ 4, distance - 4) .== target) .| (magnitudes(j &+ 6, distance - 6) .== target)
            if any(hit) { break }
            distance -= 8
            j &+= 8
        }
        while j < to {
            if magnitude(j) == best { return j }
            j &+= 1
        }
        return nil  // unreachable: the maximum was taken over these very values
    }
}
