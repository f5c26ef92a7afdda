import CLiveTickerKernels

/// M4 downsampling (Jugel, Jerzak, Hackenbroich, Markl: "M4: A Visualization-Oriented Time Series
/// Data Aggregation", VLDB 2014): per pixel column keep the first, minimum, maximum and last point,
/// which draws the same line chart as the full data at that width.
///
/// A run is split into `points / 4` columns: by equal index count (`⌊n·k/C⌋` boundaries) when no x
/// is given, or by equal x-range between the run's first and last x when x is given (column `c`
/// holds the points with `x ∈ [x₀ + (x₁−x₀)·c/C, x₀ + (x₁−x₀)·(c+1)/C)`, the last column closed).
/// x is assumed non-decreasing; backwards timestamps still give contiguous, ordered columns (found
/// by binary search) but columns may then be uneven. If the run's x does not increase at all,
/// index columns are used. Within a column the four picks are emitted in index order and duplicate
/// picks collapse to one; empty columns emit nothing. Ties keep the earliest min/max.
/// `points` 2…3 keep a run's first and last point; 1 its first. Non-finite values are gaps.
public enum M4 {
    /// Downsamples to at most `points` indices (4 per column) in `into`; returns the number of
    /// entries written. `into.count ≥ requiredCapacity(count:points:)`. O(N), allocates nothing.
    public static func downsample(
        x: UnsafeBufferPointer<Double>?, y: UnsafeBufferPointer<Double>, points: Int,
        into out: UnsafeMutableBufferPointer<Int>
    ) -> Int {
        Downsampler.downsample(algorithm: .m4, x: x, y: y, points: points, into: out)
    }

    /// Output entries needed for `count` points and a budget of `points` (indices + markers). O(1).
    public static func requiredCapacity(count: Int, points: Int) -> Int {
        Downsampler.requiredCapacity(algorithm: .m4, count: count, points: points)
    }

    /// Writes the sorted, de-duplicated first/min/max/last of column `start..<end` (non-empty).
    /// Returns the count written, or nil if `checkFinite` and a non-finite value was met.
    @inline(__always)
    static func column(
        _ series: SeriesView, _ start: Int, _ end: Int, checkFinite: Bool,
        into out: UnsafeMutablePointer<Int>
    ) -> Int? {
        let e = MinMax.extremes(series.y, checkFinite ? series.x : nil, start, end, level: series.level)
        if checkFinite && !e.finite { return nil }
        let low = min(e.min, e.max)
        let high = max(e.min, e.max)
        var w = 0
        out[w] = start; w &+= 1
        if low != start { out[w] = low; w &+= 1 }
        if high != low { out[w] = high; w &+= 1 }
        if end &- 1 != high { out[w] = end &- 1; w &+= 1 }
        return w
    }

    /// First index in `lo..<hi` whose x is ≥ `bound`, assuming x sorted there. O(log(hi − lo)).
    @inline(__always)
    static func partitionPoint(_ x: UnsafePointer<Double>, _ lo: Int, _ hi: Int, _ bound: Double) -> Int {
        var lo = lo
        var hi = hi
        while lo < hi {
            let mid = lo &+ (hi &- lo) / 2
            if x[mid] < bound { lo = mid &+ 1 } else { hi = mid }
        }
        return lo
    }

    /// M4 over `run` with `columns` columns, written at `out`; nil when `checkFinite` and a
    /// non-finite value was met. O(run.count + columns·log N).
    static func columns(
        _ series: SeriesView, _ run: Range<Int>, columns count: Int, checkFinite: Bool,
        into out: UnsafeMutablePointer<Int>
    ) -> Int? {
        var w = 0
        var start = run.lowerBound
        let hi = run.upperBound
        if let xs = series.x, xs[hi &- 1] > xs[run.lowerBound] {
            let x0 = xs[run.lowerBound]
            let x1 = xs[hi &- 1]
            if checkFinite && !(x0.isFinite && x1.isFinite) { return nil }
            let span = x1 - x0
            for c in 0..<count {
                var end = hi
                if c &+ 1 < count {
                    let t = Double(c &+ 1) / Double(count)
                    // x1 − x0 can overflow for extreme x; the blend cannot.
                    let bound = span.isFinite ? x0 + span * t : x0 * (1 - t) + x1 * t
                    end = partitionPoint(xs, start, hi, bound)
                }
                if end > start {
                    guard let written = column(series, start, end, checkFinite: checkFinite, into: out + w)
                    else { return nil }
                    w &+= written
                    start = end
                }
            }
            if start < hi {  // unsorted x can leave a tail: it belongs to the last column
                guard let written = column(series, start, hi, checkFinite: checkFinite, into: out + w)
                else { return nil }
                w &+= written
            }
            return w
        }
        if series.level != .sse2 && count > 0 {
            // Index columns: one C call for all (see MinMax.buckets).
            let w = ltk_bucket_extremes(
                series.level.code, series.y, series.x, run.lowerBound, run.count, count, true, checkFinite, out)
            return w < 0 ? nil : w
        }
        var split = EvenSplit(lo: run.lowerBound, n: run.count, count: count)
        for _ in 0..<count {
            let end = split.next()
            if end <= start { continue }
            guard let written = column(series, start, end, checkFinite: checkFinite, into: out + w)
            else { return nil }
            w &+= written
            start = end
        }
        return w
    }

    /// M4 as a ``RunReducer``.
    struct Reducer: RunReducer {
        let series: SeriesView

        func reduceAssumingFinite(count: Int, budget: Int, into out: UnsafeMutablePointer<Int>) -> Int? {
            if budget < 4 { return nil }
            return M4.columns(series, 0..<count, columns: budget / 4, checkFinite: true, into: out)
        }

        func reduceRun(_ run: Range<Int>, budget: Int, into out: UnsafeMutablePointer<Int>) -> Int {
            if budget < 4 {
                out[0] = run.lowerBound
                if budget == 1 { return 1 }
                out[1] = run.upperBound &- 1
                return 2
            }
            return M4.columns(series, run, columns: budget / 4, checkFinite: false, into: out) ?? 0
        }
    }
}
