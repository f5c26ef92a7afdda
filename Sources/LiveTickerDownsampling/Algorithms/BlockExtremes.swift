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

    /// Values `y[j ..< j+8]`.
    @inline(__always)
    mutating func add8(_ y: UnsafePointer<Double>, _ j: Int) {
        let raw = UnsafeRawPointer(y + j)
        @inline(__always) func load(_ k: Int) -> SIMD2<Double> {
            raw.loadUnaligned(fromByteOffset: k &* 8, as: SIMD2<Double>.self)
        }
        let v0 = load(0), v1 = load(2), v2 = load(4), v3 = load(6)
        let low = smaller(smaller(v0, v1), smaller(v2, v3))
        let high = larger(larger(v0, v1), larger(v2, v3))
        let sum = (v0 + v1) + (v2 + v3)
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
