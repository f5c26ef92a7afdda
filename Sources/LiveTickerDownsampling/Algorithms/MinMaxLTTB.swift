/// MinMaxLTTB (Van Der Donckt et al. 2023, "MinMaxLTTB: Leveraging MinMax-Preselection to Scale
/// LTTB"): a cheap MinMax pass picks candidates, then LTTB (``LTTB``'s convention) chooses among
/// them.
///
/// For a run `lo..<hi` and a budget `m ≥ 3`: if `ratio·m + 2 ≥` run length, plain LTTB is used.
/// Otherwise the candidates are the run's first point, the ``MinMax`` picks of the interior
/// `lo+1 ..< hi−1` with a budget of `ratio·m` (so `ratio·m/2` equal-count buckets), and the last
/// point; LTTB then reduces the candidate list to `m`, with each candidate's x being its index (or
/// its explicit x) and the next bucket's mean taken over candidates. So the points that can be
/// picked are exactly: the run's first and last point, and the minimum or maximum of one of the
/// `ratio·m/2` preselection buckets. (The reference library uses the next bucket's x midpoint in
/// this second step, so its indices may differ.)
/// The candidates are built in the output buffer itself and reduced in place, which is why this
/// algorithm needs the larger ``requiredCapacity(count:points:ratio:)``.
public enum MinMaxLTTB {
    /// The preselection ratio ``Downsampler`` uses: 4 candidates per output point, the default of
    /// the MinMaxLTTB paper and of tsdownsample.
    public static let defaultRatio = 4

    /// Downsamples to at most `points` indices in `into` with `ratio·points` MinMax candidates;
    /// returns the number of entries written. `into.count ≥ requiredCapacity(count:points:ratio:)`.
    /// O(N), allocates nothing.
    public static func downsample(
        x: UnsafeBufferPointer<Double>?, y: UnsafeBufferPointer<Double>, points: Int,
        ratio: Int = defaultRatio, into out: UnsafeMutableBufferPointer<Int>
    ) -> Int {
        downsample(x: x, y: y, points: points, ratio: ratio, into: out, level: .active)
    }

    /// ``downsample(x:y:points:ratio:into:)`` with the kernels of a supported `level` (tests).
    static func downsample(
        x: UnsafeBufferPointer<Double>?, y: UnsafeBufferPointer<Double>, points: Int,
        ratio: Int = defaultRatio, into out: UnsafeMutableBufferPointer<Int>, level: KernelLevel
    ) -> Int {
        precondition(ratio >= 1, "MinMaxLTTB ratio must be at least 1")
        precondition(x == nil || x!.count == y.count, "x and y must have the same length")
        precondition(out.count >= requiredCapacity(count: y.count, points: points, ratio: ratio),
                     "output buffer smaller than MinMaxLTTB.requiredCapacity")
        guard let yBase = y.baseAddress, y.count > 0, let outBase = out.baseAddress else { return 0 }
        let series = SeriesView(y: yBase, x: x?.baseAddress, count: y.count, level: level)
        return RunDriver.run(Reducer(series: series, ratio: ratio), series: series, points: points, into: outBase)
    }

    /// Output entries needed: room for the candidate list of the largest run (`ratio·points + 2`,
    /// at most the input length), plus the worst-case gap markers. O(1).
    public static func requiredCapacity(count: Int, points: Int, ratio: Int = defaultRatio) -> Int {
        if count <= 0 || points <= 0 { return 0 }
        let kept = min(count, points)
        let markers = min(kept &- 1, (count &- 1) / 2)
        let (scaled, overflow) = ratio.multipliedReportingOverflow(by: kept)
        let candidates = overflow ? count : min(count, scaled &+ 2)
        return max(kept, candidates) &+ markers
    }

    /// MinMaxLTTB as a ``RunReducer``.
    struct Reducer: RunReducer {
        let series: SeriesView
        let ratio: Int

        private func preselects(_ length: Int, _ budget: Int) -> Bool {
            let (scaled, overflow) = ratio.multipliedReportingOverflow(by: budget)
            return !overflow && scaled &+ 2 < length
        }

        func reduceAssumingFinite(count: Int, budget: Int, into out: UnsafeMutablePointer<Int>) -> Int? {
            if budget < 3 { return nil }
            let lttb = LTTB.Reducer(series: series)
            if !preselects(count, budget) {
                return lttb.reduceAssumingFinite(count: count, budget: budget, into: out)
            }
            if !series.isFinite(0) || !series.isFinite(count &- 1) { return nil }
            out[0] = 0
            guard let picked = MinMax.buckets(
                series, 1..<(count &- 1), buckets: ratio &* budget / 2, checkFinite: true, into: out + 1)
            else { return nil }
            out[picked &+ 1] = count &- 1
            let candidates = picked &+ 2
            if candidates <= budget { return candidates }
            let input = CandidateInput(candidates: out, values: series.y, xs: series.x, yScale: 1, xScale: 1)
            return LTTB.kernel(input, start: 0, count: candidates, points: budget, into: out) ? budget : nil
        }

        func reduceRun(_ run: Range<Int>, budget: Int, into out: UnsafeMutablePointer<Int>) -> Int {
            let lttb = LTTB.Reducer(series: series)
            if budget < 3 || !preselects(run.count, budget) {
                return lttb.reduceRun(run, budget: budget, into: out)
            }
            out[0] = run.lowerBound
            let interior = (run.lowerBound &+ 1)..<(run.upperBound &- 1)
            let picked = MinMax.buckets(
                series, interior, buckets: ratio &* budget / 2, checkFinite: false, into: out + 1) ?? 0
            out[picked &+ 1] = run.upperBound &- 1
            let candidates = picked &+ 2
            if candidates <= budget { return candidates }
            var maxAbsY = 0.0
            var maxAbsX = Double(run.upperBound &- 1)
            for p in 0..<candidates { maxAbsY = max(maxAbsY, abs(series.y[out[p]])) }
            if let xs = series.x {
                maxAbsX = 0
                for p in 0..<candidates { maxAbsX = max(maxAbsX, abs(xs[out[p]])) }
            }
            let scale = PowerOfTwoScale.factors(count: candidates, maxAbsY: maxAbsY, maxAbsX: maxAbsX)
            let input = CandidateInput(
                candidates: out, values: series.y, xs: series.x, yScale: scale.y, xScale: scale.x)
            _ = LTTB.kernel(input, start: 0, count: candidates, points: budget, into: out)
            return budget
        }
    }
}
