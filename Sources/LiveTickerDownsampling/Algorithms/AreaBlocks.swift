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
