/// Splits a series into maximal runs of finite points, shares the point budget between them, and
/// lets a ``RunReducer`` reduce each run; writes ``Downsampling/gapMarker`` between kept runs.
///
/// Budget rule (documented in ``Downsampler``): with `F` finite points in `R` runs and a budget of
/// `B` points, where run k has length `L_k` and needs `n_k = min(L_k, 2)` (its first and last):
/// - `B ≥ F`: every finite point is kept.
/// - `B ≥ Σ n_k`: run k gets `n_k` plus its proportional share of the rest `E = B − Σ n_k`, namely
///   `⌊E·C_k/F⌋ − ⌊E·C_(k−1)/F⌋` with `C_k` the cumulative length (the shares sum to `E` exactly).
/// - otherwise (more runs than the budget can give two points each): run k gets
///   `⌊B·C_k/F⌋ − ⌊B·C_(k−1)/F⌋`; runs whose share is 0 are dropped, a share of 1 keeps the run's
///   first point. Dropped runs merge into the surrounding gap (one marker).
/// Shares never exceed `B` in total, so at most `B` data indices are written, plus at most
/// `min(kept runs − 1, ⌊(N−1)/2⌋)` markers.
///
/// Cost: the optimistic whole-input path costs the reducer alone; the split path adds two O(N)
/// finiteness scans. Allocates nothing.
enum RunDriver {
    static func run<R: RunReducer>(
        _ reducer: R, series: SeriesView, points: Int, into out: UnsafeMutablePointer<Int>
    ) -> Int {
        let n = series.count
        if n == 0 || points <= 0 { return 0 }
        if points >= n { return writeAllFinite(series, into: out) }
        if let written = reducer.reduceAssumingFinite(count: n, budget: points, into: out) {
            return written
        }
        return runSplit(reducer, series: series, points: points, into: out)
    }

    /// Every finite index, in order, with markers between runs. O(N).
    static func writeAllFinite(_ series: SeriesView, into out: UnsafeMutablePointer<Int>) -> Int {
        var w = 0
        var next = 0
        while let run = series.nextRun(from: next) {
            if w > 0 { out[w] = Downsampling.gapMarker; w &+= 1 }
            for i in run { out[w] = i; w &+= 1 }
            next = run.upperBound
        }
        return w
    }

    private static func runSplit<R: RunReducer>(
        _ reducer: R, series: SeriesView, points: Int, into out: UnsafeMutablePointer<Int>
    ) -> Int {
        // Pass 1: totals only, so no per-run storage is needed.
        var finite = 0
        var need = 0
        var next = 0
        while let run = series.nextRun(from: next) {
            finite &+= run.count
            need &+= min(run.count, 2)
            next = run.upperBound
        }
        if finite == 0 { return 0 }
        if points >= finite { return writeAllFinite(series, into: out) }

        // Pass 2: hand each run its share, as the type documentation states.
        let roomy = points >= need
        let spread = roomy ? points - need : points
        var cumulative = 0
        var previousShare = 0
        var w = 0
        next = 0
        while let run = series.nextRun(from: next) {
            next = run.upperBound
            cumulative &+= run.count
            let shareSoFar = IntegerMath.mulDiv(spread, cumulative, finite)
            var budget = shareSoFar &- previousShare
            previousShare = shareSoFar
            if roomy { budget &+= min(run.count, 2) }
            if budget <= 0 { continue }
            if w > 0 { out[w] = Downsampling.gapMarker; w &+= 1 }
            if budget >= run.count {
                for i in run { out[w] = i; w &+= 1 }
            } else if budget == 1 {
                out[w] = run.lowerBound; w &+= 1
            } else {
                w &+= reducer.reduceRun(run, budget: budget, into: out + w)
            }
        }
        return w
    }
}
