extension LTTB {
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

/// The running largest triangle area magnitude over one LTTB bucket, fed 16 positions at a time,
/// remembering where the block that first reached it starts.
///
/// Exactness: each area is the reference's `d1·y − (ax − j)·d2 − offset`, element-wise IEEE
/// operations in that order (no fused multiply-add); `ax − j` are integers below 2^53, so the
/// distances are exact however they are stepped. The magnitude is the area with its sign bit
/// cleared (the reference compares that bit pattern). Per block: 8 `SIMD2<Double>` areas, a
/// `maxpd` tree, one scalar compare (selects, no branch).
struct AreaBlocks {
    let y: UnsafePointer<Double>
    let ax: Double
    let d1: Double
    let d2: Double
    let offset: Double
    var best = -1.0
    var bestBlock: Int

    @inline(__always)
    init(y: UnsafePointer<Double>, ax: Double, d1: Double, d2: Double, offset: Double, start: Int) {
        self.y = y
        self.ax = ax
        self.d1 = d1
        self.d2 = d2
        self.offset = offset
        bestBlock = start
    }

    /// |area| at position `j`, scalar (the rescan and the tail).
    @inline(__always)
    func magnitude(_ j: Int) -> Double {
        let area = d1 * y[j] - (ax - Double(j)) * d2 - offset
        return Double(bitPattern: area.bitPattern & 0x7FFF_FFFF_FFFF_FFFF)
    }

    @inline(__always)
    private func magnitudes(_ values: SIMD2<Double>, _ distance: SIMD2<Double>) -> SIMD2<Double> {
        let area = d1 * values - distance * d2 - offset
        return SIMD2<Double>(bitPattern: area.bitPattern & SIMD2<UInt64>(repeating: 0x7FFF_FFFF_FFFF_FFFF))
    }

    @inline(__always)
    private mutating func offer(_ blockBest: Double, at j: Int) {
        let beyond = blockBest > best
        bestBlock = beyond ? j : bestBlock
        best = beyond ? blockBest : best
    }

    @inline(__always)
    private func areas(_ j: Int, _ k: Int, _ base: SIMD2<Double>) -> SIMD2<Double> {
        let values = UnsafeRawPointer(y + j).loadUnaligned(fromByteOffset: k &* 8, as: SIMD2<Double>.self)
        return magnitudes(values, base - SIMD2<Double>(Double(k), Double(k &+ 1)))
    }

    /// `(ax − j, ax − j)`: distances are built from one broadcast per block, since stepping a
    /// two-lane distance across blocks makes the optimiser split its lanes into scalar code.
    @inline(__always)
    private func base(_ j: Int) -> SIMD2<Double> { SIMD2<Double>(repeating: ax - Double(j)) }

    /// Positions `j ..< j+16`.
    @inline(__always)
    mutating func add16(_ j: Int) {
        let b = base(j)
        let m0 = larger(larger(areas(j, 0, b), areas(j, 2, b)), larger(areas(j, 4, b), areas(j, 6, b)))
        let m1 = larger(larger(areas(j, 8, b), areas(j, 10, b)), larger(areas(j, 12, b), areas(j, 14, b)))
        let m = larger(m0, m1)
        offer(m[1] > m[0] ? m[1] : m[0], at: j)
    }

    /// Positions `j ..< j+8`.
    @inline(__always)
    mutating func add8(_ j: Int) {
        let b = base(j)
        let m = larger(larger(areas(j, 0, b), areas(j, 2, b)), larger(areas(j, 4, b), areas(j, 6, b)))
        offer(m[1] > m[0] ? m[1] : m[0], at: j)
    }

    /// Positions `j ..< j+2`.
    @inline(__always)
    mutating func add2(_ j: Int) {
        let m = areas(j, 0, base(j))
        offer(m[1] > m[0] ? m[1] : m[0], at: j)
    }

    /// Position `j`.
    @inline(__always)
    mutating func add1(_ j: Int) {
        offer(magnitude(j), at: j)
    }

    /// The first position of the recorded block (at most 16 long, ending by `end`) whose
    /// magnitude equals `best`, two at a time with the same arithmetic (so bit-equal); nil if
    /// none does (impossible when `best` was taken over these very values).
    @inline(__always)
    func firstReachingBest(before end: Int) -> Int? {
        let j = bestBlock
        let stop = min(j &+ 16, end)
        let b = base(j)
        var k = 0
        while j &+ k &+ 2 <= stop {
            let m = areas(j, k, b)
            if m[0] == best { return j &+ k }
            if m[1] == best { return j &+ k &+ 1 }
            k &+= 2
        }
        if j &+ k < stop && magnitude(j &+ k) == best { return j &+ k }
        return nil
    }
}
