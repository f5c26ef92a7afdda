/// Largest-Triangle-Three-Buckets (Steinarsson 2013, "Downsampling Time Series for Visual
/// Representation"), with the reference implementation's bucket convention and arithmetic, so its
/// indices equal the reference's exactly (tsdownsample 0.1.5.1 `LTTBDownsampler` without x).
///
/// Convention, for a run of `n` points reduced to `m` (3 ≤ m < n):
/// - the first and last points are kept;
/// - `every = Double(n − 2) / Double(m − 2)`; bucket `i` (0 ≤ i < m − 2) spans positions
///   `[Int(i·every) + 1, Int((i+1)·every) + 1)`, products and truncations done in `Double` as
///   the reference does (so a product just below an integer truncates down, as there);
/// - the "next bucket" of bucket `i` is bucket `i + 1`, clipped to `n` (for the last bucket that is
///   normally just the last point); its mean y and mean x form the third triangle corner;
/// - in bucket `i` the point with the largest |d1·y − (ax − x)·d2 − d1·ay| wins, where
///   `(ax, ay)` is the previous pick, `d1 = ax − meanX`, `d2 = meanY − ay` (the reference's operand
///   order, so near-ties round the same way); ties keep the earliest point;
/// - means are left-to-right sums from 0 divided by the count, as the reference does.
///
/// With explicit x (timestamps) the mean x of the next bucket is used (the reference's with-x
/// variant uses the bucket's first/last x midpoint instead); with x equal to the index both agree.
///
/// Fewer points: `points ≥` finite count keeps every finite point; `points == 2` keeps the first
/// and last finite point of each run; `points == 1` the first; `points ≤ 0` nothing.
/// Non-finite values are gaps: see ``Downsampling`` and ``Downsampler`` for the output format.
/// Overflow: runs whose arithmetic could overflow are pre-scaled by exact powers of two.
public enum LTTB {
    /// Downsamples `y` (and optional `x` of the same length) to at most `points` indices written to
    /// `into`, with gap markers between runs of finite points; returns the number of entries
    /// written. `into.count` must be at least ``requiredCapacity(count:points:)``.
    /// O(N), allocates nothing.
    public static func downsample(
        x: UnsafeBufferPointer<Double>?, y: UnsafeBufferPointer<Double>, points: Int,
        into out: UnsafeMutableBufferPointer<Int>
    ) -> Int {
        Downsampler.downsample(algorithm: .lttb, x: x, y: y, points: points, into: out)
    }

    /// Output entries needed for `count` input points and a budget of `points`: the kept indices
    /// plus the worst-case number of gap markers. O(1).
    public static func requiredCapacity(count: Int, points: Int) -> Int {
        Downsampler.requiredCapacity(algorithm: .lttb, count: count, points: points)
    }

    /// The reference LTTB over positions `start..<start+count` of `input`, `3 ≤ points < count`.
    /// Writes exactly `points` indices to `out`. Returns false as soon as a triangle area is not
    /// finite (a non-finite input or an overflow), leaving `out` partly written.
    ///
    /// In-place use (MinMaxLTTB): `out` may alias the candidate list `input` reads, because output
    /// slot `k` is written only after every position ≤ k has been read for the last time
    /// (`every ≥ 1`, so bucket `i` starts at position ≥ i + 1), and the last index is read first.
    /// O(count), allocates nothing.
    @inline(__always)
    static func kernel<Input: LTTBInput>(
        _ input: Input, start: Int, count n: Int, points m: Int, into out: UnsafeMutablePointer<Int>
    ) -> Bool {
        let lastIndex = input.index(start &+ n &- 1)
        let every = Double(n &- 2) / Double(m &- 2)
        out[0] = input.index(start)
        var ax = input.x(start)
        var ay = input.y(start)
        // The reference compares |area| through its bit pattern as a signed integer: same order as
        // comparing magnitudes, and a NaN area outranks every number (so we see it and bail out).
        let magnitudeMask: UInt64 = 0x7FFF_FFFF_FFFF_FFFF
        let infinityKey = Int64(bitPattern: Double.infinity.bitPattern)
        for i in 0..<(m &- 2) {
            let nextStart = Int(every * Double(i &+ 1)) &+ 1
            let nextEnd = min(Int(every * Double(i &+ 2)) &+ 1, n)
            var sum = 0.0
            for p in (start &+ nextStart)..<(start &+ nextEnd) { sum += input.y(p) }
            let meanY = sum / Double(nextEnd &- nextStart)
            let meanX = input.meanX(start &+ nextStart, start &+ nextEnd)

            let bucketStart = Int(every * Double(i)) &+ 1
            let d1 = ax - meanX
            let d2 = meanY - ay
            let offset = d1 * ay
            var bestKey: Int64 = -1
            var best = start &+ bucketStart
            for p in (start &+ bucketStart)..<(start &+ nextStart) {
                let area = d1 * input.y(p) - (ax - input.x(p)) * d2 - offset
                let key = Int64(bitPattern: area.bitPattern & magnitudeMask)
                if key > bestKey { bestKey = key; best = p }
            }
            if bestKey >= infinityKey { return false }
            ax = input.x(best)
            ay = input.y(best)
            out[i &+ 1] = input.index(best)
        }
        out[m &- 1] = lastIndex
        return true
    }
}
