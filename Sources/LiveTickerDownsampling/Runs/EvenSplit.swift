/// The boundaries `lo + ⌊n·k/count⌋` (k = 1…count) of `count` equal-count buckets over `n`
/// positions starting at `lo`, produced one after the other with integer additions only.
///
/// Why: the same boundaries as ``IntegerMath/mulDiv(_:_:_:)`` would give, but without a 128-bit
/// division per bucket (a library call), which costs more than scanning a small bucket.
/// With `n = q·count + r`, `⌊n·k/count⌋ = q·k + ⌊r·k/count⌋`, and the second term grows by at
/// most one per step (`r < count`): one compare per bucket keeps it exact. O(1) per bucket.
struct EvenSplit {
    private var end: Int
    private var remainder = 0
    private let quotient: Int
    private let step: Int
    private let count: Int

    /// Buckets over `lo ..< lo + n`, `n ≥ 0`, `count > 0`.
    @inline(__always)
    init(lo: Int, n: Int, count: Int) {
        end = lo
        quotient = n / count
        step = n % count
        self.count = count
    }

    /// The end of the next bucket (the first call gives the end of bucket 0).
    @inline(__always)
    mutating func next() -> Int {
        end &+= quotient
        remainder &+= step
        if remainder >= count { remainder &-= count; end &+= 1 }
        return end
    }
}
