extension MinMax {
    /// First index of the minimum and of the maximum of `y[lo..<hi]` (non-empty; ties keep the
    /// earliest), and whether every value (and x, when given) was finite.
    ///
    /// Two passes over the bucket (the second usually stops early and runs from cache): the first
    /// keeps only the extreme values, 8 values at a time in `SIMD2<Double>` registers (selects
    /// that lower to `minpd`/`maxpd`), plus a running sum that turns non-finite on any NaN or ±∞
    /// (a finite overflow of that sum only reports "not finite" and sends the caller to the exact
    /// split path, which gives the same picks); the second finds where each extreme first occurs.
    /// O(hi − lo), allocates nothing.
    @inline(__always)
    static func extremes(
        _ y: UnsafePointer<Double>, _ x: UnsafePointer<Double>?, _ lo: Int, _ hi: Int
    ) -> (min: Int, max: Int, finite: Bool) {
        let raw = UnsafeRawPointer(y)
        @inline(__always) func load(_ j: Int) -> SIMD2<Double> {
            raw.loadUnaligned(fromByteOffset: j &* 8, as: SIMD2<Double>.self)
        }
        var low = SIMD2<Double>(repeating: y[lo])
        var high = low
        var sum = SIMD2<Double>(repeating: 0)
        var j = lo
        while j &+ 8 <= hi {
            // A small tree per 8 values keeps one chain per accumulator and no register spills.
            let v0 = load(j), v1 = load(j &+ 2), v2 = load(j &+ 4), v3 = load(j &+ 6)
            low = smaller(low, smaller(smaller(v0, v1), smaller(v2, v3)))
            high = larger(high, larger(larger(v0, v1), larger(v2, v3)))
            sum += (v0 + v1) + (v2 + v3)
            j &+= 8
        }
        var minValue = Swift.min(low[0], low[1])
        var maxValue = Swift.max(high[0], high[1])
        var check = sum[0] + sum[1]
        while j < hi {
            let v = y[j]
            if v < minValue { minValue = v }
            if v > maxValue { maxValue = v }
            check += v
            j &+= 1
        }
        var finite = check.isFinite && minValue.isFinite && maxValue.isFinite
        if let x {
            var xCheck = 0.0
            for k in lo..<hi { xCheck += x[k] * 0 }
            finite = finite && xCheck == 0
        }

        // Pass 2: first occurrences (−0 and +0 compare equal, as in a scalar scan).
        var minIndex = -1
        var maxIndex = -1
        let lowTarget = SIMD2<Double>(repeating: minValue)
        let highTarget = SIMD2<Double>(repeating: maxValue)
        j = lo
        while j < hi {
            if j &+ 8 <= hi {
                let v0 = load(j), v1 = load(j &+ 2), v2 = load(j &+ 4), v3 = load(j &+ 6)
                let hit = (v0 .== lowTarget).bits | (v0 .== highTarget).bits | (v1 .== lowTarget).bits
                    | (v1 .== highTarget).bits | (v2 .== lowTarget).bits | (v2 .== highTarget).bits
                    | (v3 .== lowTarget).bits | (v3 .== highTarget).bits
                if hit[0] | hit[1] == 0 { j &+= 8; continue }
            }
            let stop = Swift.min(j &+ 8, hi)
            while j < stop {
                let v = y[j]
                if minIndex < 0 && v == minValue { minIndex = j }
                if maxIndex < 0 && v == maxValue { maxIndex = j }
                j &+= 1
            }
            if minIndex >= 0 && maxIndex >= 0 { break }
        }
        // Only a NaN-only bucket (seen just on the optimistic path, which then bails out) finds none.
        if minIndex < 0 { minIndex = lo; finite = false }
        if maxIndex < 0 { maxIndex = lo; finite = false }
        return (minIndex, maxIndex, finite)
    }
}
