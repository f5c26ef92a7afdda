import CLiveTickerKernels

extension LTTB {
    /// LTTB as a ``RunReducer``: the optimistic path runs the unscaled reference arithmetic on the
    /// whole input; a run of the split path is first measured and pre-scaled (``PowerOfTwoScale``).
    struct Reducer: RunReducer {
        let series: SeriesView

        func reduceAssumingFinite(count: Int, budget: Int, into out: UnsafeMutablePointer<Int>) -> Int? {
            // Budgets below 3 keep run ends, which needs to know where the runs are: use the split path.
            if budget < 3 { return nil }
            let ok: Bool
            let shortBuckets = count &- 2 < LTTB.fastKernelMinimumBucket &* (budget &- 2)
            if series.level != .sse2 && (series.x == nil || !shortBuckets) {
                // The C kernel of the level: the Swift kernels' indices at every bucket size,
                // with x (`LTTB.kernel` over `ExplicitXInput`) or without (`LTTB.fastKernel`).
                // With x and buckets of a few points (a chart's slot chunks) its per-call and
                // per-bucket setup cost more than the plain kernel's loop.
                ok = ltk_lttb(series.level.code, series.y, series.x, count, budget, out)
            } else if let xs = series.x {
                let input = ExplicitXInput(values: series.y, xs: xs, yScale: 1, xScale: 1)
                ok = LTTB.kernel(input, start: 0, count: count, points: budget, into: out)
            } else if shortBuckets {
                // Buckets of a few points: the blocked fast kernel's per-bucket setup costs more
                // than it saves (measured: 2.3× slower at 1 point a bucket, even at 16).
                let input = ImplicitXInput(values: series.y, yScale: 1)
                ok = LTTB.kernel(input, start: 0, count: count, points: budget, into: out)
            } else {
                ok = LTTB.fastKernel(series.y, count: count, points: budget, into: out)
            }
            return ok ? budget : nil
        }

        func reduceRun(_ run: Range<Int>, budget: Int, into out: UnsafeMutablePointer<Int>) -> Int {
            if budget < 3 {
                out[0] = run.lowerBound
                if budget == 1 { return 1 }
                out[1] = run.upperBound &- 1
                return 2
            }
            var maxAbsY = 0.0
            var maxAbsX = Double(run.upperBound &- 1)
            for i in run { maxAbsY = max(maxAbsY, abs(series.y[i])) }
            if let xs = series.x {
                maxAbsX = 0
                for i in run { maxAbsX = max(maxAbsX, abs(xs[i])) }
            }
            let scale = PowerOfTwoScale.factors(count: run.count, maxAbsY: maxAbsY, maxAbsX: maxAbsX)
            // The factors keep every area finite, so the kernel cannot report failure here.
            if let xs = series.x {
                let input = ExplicitXInput(values: series.y, xs: xs, yScale: scale.y, xScale: scale.x)
                _ = LTTB.kernel(input, start: run.lowerBound, count: run.count, points: budget, into: out)
            } else {
                let input = ImplicitXInput(values: series.y, yScale: scale.y)
                _ = LTTB.kernel(input, start: run.lowerBound, count: run.count, points: budget, into: out)
            }
            return budget
        }
    }
}
