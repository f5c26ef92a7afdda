/// One downsampling algorithm seen by ``RunDriver``: how it reduces one run of finite points.
///
/// Every run handed to a reducer is non-empty, holds only finite values, and `budget` satisfies
/// `1 ≤ budget < run.count`. The reducer writes at most `budget` strictly increasing indices
/// (``MinMaxLTTB`` also uses the slots after them as scratch: see its `requiredCapacity`).
protocol RunReducer {
    /// Reduces the finite run `run` to at most `budget` indices written at `out`; returns how many.
    func reduceRun(_ run: Range<Int>, budget: Int, into out: UnsafeMutablePointer<Int>) -> Int

    /// Optimistic whole-input attempt: reduce `0..<count` assuming every value is finite (and, for
    /// arithmetic algorithms, that nothing overflows). Returns nil as soon as that assumption is
    /// seen to fail, in which case the driver falls back to splitting the input into runs.
    func reduceAssumingFinite(count: Int, budget: Int, into out: UnsafeMutablePointer<Int>) -> Int?
}
