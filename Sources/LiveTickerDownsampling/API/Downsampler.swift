/// The one entry point for all downsampling algorithms (``DownsamplingAlgorithm``).
///
/// Input: `y` values and optional `x` (same length; e.g. timestamps as `Double`). A point whose y
/// (or x) is NaN or ±∞ is a gap: it is never picked and never enters a mean. The input is split
/// into maximal runs of finite points; the budget is shared between runs in proportion to their
/// length, each run first getting its first and last point when the budget allows (the exact rule
/// is in the algorithms' documentation); each run is downsampled on its own; and
/// ``Downsampling/gapMarker`` is written between consecutive kept runs. When there are more runs
/// than the budget can give two points each, runs get a purely proportional share, runs with a
/// share of 0 are dropped (their gap merges with the neighbouring ones) and a share of 1 keeps the
/// run's first point.
///
/// Output: data indices in strictly increasing order plus markers; at most `points` data indices
/// (all finite indices when `points` ≥ their number). `into` must hold
/// ``requiredCapacity(algorithm:count:points:)`` entries. No allocation in any call: all work is
/// done in `into` (MinMaxLTTB builds its candidate list there) and on the stack.
public enum Downsampler {
    /// Downsamples `y` (with optional `x`) to at most `points` indices using `algorithm`, writing
    /// indices and gap markers to `into`; returns how many entries were written.
    /// O(N) time; the gap-free case reads the data once or twice, inputs with gaps add two O(N)
    /// finiteness scans. Allocates nothing.
    public static func downsample(
        algorithm: DownsamplingAlgorithm, x: UnsafeBufferPointer<Double>?, y: UnsafeBufferPointer<Double>,
        points: Int, into out: UnsafeMutableBufferPointer<Int>
    ) -> Int {
        downsample(algorithm: algorithm, x: x, y: y, points: points, into: out, level: .active)
    }

    /// ``downsample(algorithm:x:y:points:into:)`` with the kernels of `level`, which must be
    /// supported (``KernelLevel/isSupported``; a precondition): every level writes the same
    /// entries, so this only moves time (tests and the Bench compare levels with it).
    public static func downsample(
        algorithm: DownsamplingAlgorithm, x: UnsafeBufferPointer<Double>?, y: UnsafeBufferPointer<Double>,
        points: Int, into out: UnsafeMutableBufferPointer<Int>, level: KernelLevel
    ) -> Int {
        precondition(level.isSupported, "kernel level \(level) is not supported by this CPU")
        precondition(x == nil || x!.count == y.count, "x and y must have the same length")
        if algorithm == .minmaxlttb {
            return MinMaxLTTB.downsample(x: x, y: y, points: points, into: out, level: level)
        }
        precondition(out.count >= requiredCapacity(algorithm: algorithm, count: y.count, points: points),
                     "output buffer smaller than Downsampler.requiredCapacity")
        guard let yBase = y.baseAddress, y.count > 0, let outBase = out.baseAddress else { return 0 }
        let series = SeriesView(y: yBase, x: x?.baseAddress, count: y.count, level: level)
        switch algorithm {
        case .lttb:
            return RunDriver.run(LTTB.Reducer(series: series), series: series, points: points, into: outBase)
        case .minmax:
            return RunDriver.run(MinMax.Reducer(series: series), series: series, points: points, into: outBase)
        case .m4:
            return RunDriver.run(M4.Reducer(series: series), series: series, points: points, into: outBase)
        case .minmaxlttb:
            return MinMaxLTTB.downsample(x: x, y: y, points: points, into: out, level: level)
        }
    }

    /// Entries `into` must hold for `count` input points and a budget of `points`:
    /// `min(count, points)` data indices plus up to `min(kept − 1, ⌊(count − 1)/2⌋)` gap markers
    /// (markers sit between kept runs; each kept run has at least one index). MinMaxLTTB needs more
    /// room for its candidates: ``MinMaxLTTB/requiredCapacity(count:points:ratio:)``. O(1).
    public static func requiredCapacity(algorithm: DownsamplingAlgorithm, count: Int, points: Int) -> Int {
        if algorithm == .minmaxlttb { return MinMaxLTTB.requiredCapacity(count: count, points: points) }
        if count <= 0 || points <= 0 { return 0 }
        let kept = min(count, points)
        return kept &+ min(kept &- 1, (count &- 1) / 2)
    }
}
