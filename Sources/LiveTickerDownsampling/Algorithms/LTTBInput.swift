/// Where the LTTB kernel reads its points from. Positions are what the kernel buckets over; each
/// position maps to a data index, a y and an x (already multiplied by the run's power-of-two scale).
///
/// Invariant (unsafe pointers): built and used only inside one downsampling call, over buffers the
/// caller keeps valid for that call; every position the kernel asks for is inside them.
protocol LTTBInput {
    /// The data index written to the output for position `p`.
    func index(_ p: Int) -> Int
    /// The (scaled) y value at position `p`.
    func y(_ p: Int) -> Double
    /// The (scaled) x value at position `p`.
    func x(_ p: Int) -> Double
    /// The mean x of positions `start..<end` (non-empty).
    func meanX(_ start: Int, _ end: Int) -> Double
}

/// Positions are data indices and x is the index itself (y-only input).
struct ImplicitXInput: LTTBInput {
    let values: UnsafePointer<Double>
    let yScale: Double

    @inline(__always) func index(_ p: Int) -> Int { p }
    @inline(__always) func y(_ p: Int) -> Double { values[p] * yScale }
    @inline(__always) func x(_ p: Int) -> Double { Double(p) }
    /// The mean of consecutive integers, in closed form; equal to the summed mean bit for bit
    /// (the sum is an exact integer and the half-integer result is representable).
    @inline(__always) func meanX(_ start: Int, _ end: Int) -> Double {
        Double(start &+ end &- 1) / 2
    }
}

/// Positions are data indices; x comes from the caller's array (e.g. timestamps).
struct ExplicitXInput: LTTBInput {
    let values: UnsafePointer<Double>
    let xs: UnsafePointer<Double>
    let yScale: Double
    let xScale: Double

    @inline(__always) func index(_ p: Int) -> Int { p }
    @inline(__always) func y(_ p: Int) -> Double { values[p] * yScale }
    @inline(__always) func x(_ p: Int) -> Double { xs[p] * xScale }
    @inline(__always) func meanX(_ start: Int, _ end: Int) -> Double {
        var sum = 0.0
        for p in start..<end { sum += xs[p] * xScale }
        return sum / Double(end &- start)
    }
}

/// Positions index a list of candidate data indices (MinMaxLTTB's preselection), which may be the
/// very buffer the kernel writes its output into: see ``LTTB/kernel(_:start:count:points:into:)``.
struct CandidateInput: LTTBInput {
    let candidates: UnsafePointer<Int>
    let values: UnsafePointer<Double>
    let xs: UnsafePointer<Double>?
    let yScale: Double
    let xScale: Double

    @inline(__always) func index(_ p: Int) -> Int { candidates[p] }
    @inline(__always) func y(_ p: Int) -> Double { values[candidates[p]] * yScale }
    @inline(__always) func x(_ p: Int) -> Double {
        if let xs { return xs[candidates[p]] * xScale }
        return Double(candidates[p])
    }
    @inline(__always) func meanX(_ start: Int, _ end: Int) -> Double {
        var sum = 0.0
        for p in start..<end { sum += x(p) }
        return sum / Double(end &- start)
    }
}
