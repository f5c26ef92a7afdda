/// A borrowed view of one series: `y` values and optional explicit `x` values of the same length.
///
/// Invariant (why the unsafe pointers are fine): a `SeriesView` only lives for the duration of one
/// downsampling call, inside which the caller guarantees both buffers stay valid and unmodified.
/// `count > 0` whenever a view is built (empty input returns before one is made).
struct SeriesView {
    let y: UnsafePointer<Double>
    let x: UnsafePointer<Double>?
    let count: Int
    /// Which kernels run (``KernelLevel/active`` unless a test asks for another).
    var level: KernelLevel = .active

    /// A point is usable when its value (and its x, if any) is finite; anything else is a gap.
    @inline(__always)
    func isFinite(_ i: Int) -> Bool {
        if let x { return y[i].isFinite && x[i].isFinite }
        return y[i].isFinite
    }

    /// The x coordinate the algorithms use: the explicit x, or the index itself.
    @inline(__always)
    func xValue(_ i: Int) -> Double {
        if let x { return x[i] }
        return Double(i)
    }

    /// The maximal run of finite points starting at or after `start`, or nil when none is left.
    /// O(length of the run plus the gap before it).
    @inline(__always)
    func nextRun(from start: Int) -> Range<Int>? {
        var lo = start
        while lo < count && !isFinite(lo) { lo &+= 1 }
        if lo >= count { return nil }
        var hi = lo &+ 1
        while hi < count && isFinite(hi) { hi &+= 1 }
        return lo..<hi
    }
}
