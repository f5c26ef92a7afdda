/// Running minimum and maximum of a bucket, fed a block of values at a time, remembering where
/// the block that first reached each extreme starts (not the position: finding that would cost a
/// compare-and-blend per value, while re-reading one block at the end costs ≤ 16 compares).
///
/// A block replaces an extreme only when strictly beyond it, so the recorded block is the
/// earliest holding the extreme. Per block of 16: a tree of selects that lower to `minpd`/`maxpd`
/// over eight `SIMD2<Double>` (one SSE2 register each), then one scalar compare per extreme.
/// The selects skip NaN, so a sum of all values (`check`…`check3`) is
/// kept: non-finite on any NaN or ±∞; a finite overflow of a lane only reports "not finite" and sends
/// the caller to the exact split path, which gives the same picks.
struct BlockExtremes {
    var minValue: Double
    var maxValue: Double
    var minBlock: Int
    var maxBlock: Int
    // Four accumulators, each value added to one of them: a tree of sums over the block makes
    // the optimiser interleave lanes of different loads (extra shuffles and adds per block).
    var check = SIMD2<Double>(repeating: 0)
    var check1 = SIMD2<Double>(repeating: 0)
    var check2 = SIMD2<Double>(repeating: 0)
    var check3 = SIMD2<Double>(repeating: 0)

    @inline(__always)
    init(first: Double, at index: Int) {
        minValue = first
        maxValue = first
        minBlock = index
        maxBlock = index
    }

    /// Whether every value offered was finite (a finite sum that overflows also answers false).
    @inline(__always)
    var isFinite: Bool {
        let total = (check + check1) + (check2 + check3)
        return all(total - total .== 0)
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
        check += v0; check1 += v1; check2 += v2; check3 += v3
        check += v4; check1 += v5; check2 += v6; check3 += v7
        offer(min: low[1] < low[0] ? low[1] : low[0], max: high[1] > high[0] ? high[1] : high[0], at: j)
    }

    /// Values `y[j ..< j+2]`.
    @inline(__always)
    mutating func add2(_ y: UnsafePointer<Double>, _ j: Int) {
        let v = UnsafeRawPointer(y + j).loadUnaligned(as: SIMD2<Double>.self)
        check += v
        offer(min: v[1] < v[0] ? v[1] : v[0], max: v[1] > v[0] ? v[1] : v[0], at: j)
    }

    /// The value `y[j]`.
    @inline(__always)
    mutating func add1(_ y: UnsafePointer<Double>, _ j: Int) {
        check[0] += y[j]
        offer(min: y[j], max: y[j], at: j)
    }
}
