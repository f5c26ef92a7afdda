import CLiveTickerKernels

/// MinMax downsampling: split a run into `points / 2` buckets of equal index count and keep, per
/// bucket, the index of its minimum and of its maximum, in index order (one index when they are
/// the same point). Ties keep the earliest occurrence.
///
/// Bucket `k` of `B` over a run `lo..<hi` of `n` points spans `lo + ⌊n·k/B⌋ ..< lo + ⌊n·(k+1)/B⌋`
/// (exact integer arithmetic). `points == 1` keeps the first point of the run; `points ≥` finite
/// count keeps every finite point. Non-finite values are gaps (see ``Downsampler``).
/// Output: at most `points` indices, strictly increasing, plus gap markers.
public enum MinMax {
    /// Downsamples `y` to at most `points` indices (2 per bucket) in `into`; returns the number of
    /// entries written. `x` is accepted for symmetry and only used to treat non-finite x as gaps.
    /// `into.count ≥ requiredCapacity(count:points:)`. O(N), allocates nothing.
    public static func downsample(
        x: UnsafeBufferPointer<Double>?, y: UnsafeBufferPointer<Double>, points: Int,
        into out: UnsafeMutableBufferPointer<Int>
    ) -> Int {
        Downsampler.downsample(algorithm: .minmax, x: x, y: y, points: points, into: out)
    }

    /// Output entries needed for `count` points and a budget of `points` (indices + markers). O(1).
    public static func requiredCapacity(count: Int, points: Int) -> Int {
        Downsampler.requiredCapacity(algorithm: .minmax, count: count, points: points)
    }

    /// MinMax over `run` with `buckets` buckets, written at `out`. Returns the count written, or
    /// nil when `checkFinite` is set and a non-finite value was met. O(run.count).
    @inline(__always)
    static func buckets(
        _ series: SeriesView, _ run: Range<Int>, buckets count: Int, checkFinite: Bool,
        into out: UnsafeMutablePointer<Int>
    ) -> Int? {
        let n = run.count
        if series.level != .sse2 && count > 0 {
            // One C call for every bucket: at 10⁵ → 1920 a call per ~100-value bucket cost more
            // than the wide vectors saved.
            let w = ltk_bucket_extremes(
                series.level.code, series.y, series.x, run.lowerBound, n, count, false, checkFinite, out)
            return w < 0 ? nil : w
        }
        var w = 0
        var start = run.lowerBound
        var split = EvenSplit(lo: run.lowerBound, n: n, count: count)
        for _ in 0..<count {
            let end = split.next()
            if end <= start { continue }
            let e = extremes(series.y, checkFinite ? series.x : nil, start, end, level: series.level)
            if checkFinite && !e.finite { return nil }
            let first = min(e.min, e.max)
            let second = max(e.min, e.max)
            out[w] = first; w &+= 1
            if second != first { out[w] = second; w &+= 1 }
            start = end
        }
        return w
    }

    /// MinMax as a ``RunReducer``.
    struct Reducer: RunReducer {
        let series: SeriesView

        func reduceAssumingFinite(count: Int, budget: Int, into out: UnsafeMutablePointer<Int>) -> Int? {
            if budget < 2 { return nil }
            return MinMax.buckets(series, 0..<count, buckets: budget / 2, checkFinite: true, into: out)
        }

        func reduceRun(_ run: Range<Int>, budget: Int, into out: UnsafeMutablePointer<Int>) -> Int {
            if budget < 2 { out[0] = run.lowerBound; return 1 }
            return MinMax.buckets(series, run, buckets: budget / 2, checkFinite: false, into: out) ?? 0
        }
    }
}
