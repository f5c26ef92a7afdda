import LiveTickerDownsampling
import LiveTickerTestSupport

/// A Gaussian-ish random walk (sum of uniform steps) starting at 100.
func randomWalk(_ n: Int, seed: UInt64) -> [Double] {
    var rng = SplitMix64(seed: seed)
    var v = 100.0
    var out = [Double](repeating: 0, count: n)
    for i in 0..<n {
        v += Double.random(in: -1...1, using: &rng) + Double.random(in: -1...1, using: &rng)
        out[i] = v
    }
    return out
}

/// Runs the public entry point with a buffer of exactly `requiredCapacity` entries.
func downsample(_ algorithm: DownsamplingAlgorithm, x: [Double]? = nil, _ y: [Double], points: Int) -> [Int] {
    let capacity = Downsampler.requiredCapacity(algorithm: algorithm, count: y.count, points: points)
    var out = [Int](repeating: Int.min, count: capacity)
    let written = y.withUnsafeBufferPointer { yb in
        out.withUnsafeMutableBufferPointer { ob in
            if let x {
                return x.withUnsafeBufferPointer { xb in
                    Downsampler.downsample(algorithm: algorithm, x: xb, y: yb, points: points, into: ob)
                }
            }
            return Downsampler.downsample(algorithm: algorithm, x: nil, y: yb, points: points, into: ob)
        }
    }
    return Array(out[0..<written])
}

/// LTTB written the plain way, one statement per step of the convention, as an independent check
/// of the optimised module. Arithmetic is in the reference's operand order:
/// area = d1·y − (ax − x)·d2 − d1·ay with d1 = ax − meanX, d2 = meanY − ay.
/// `x == nil` means x is the index (mean x of the next bucket is (start + end − 1)/2).
func plainLTTB(_ y: [Double], x: [Double]? = nil, points m: Int) -> [Int] {
    let n = y.count
    if m >= n { return Array(0..<n) }
    if m <= 0 { return [] }
    if m == 1 { return [0] }
    if m == 2 { return [0, n - 1] }
    func xv(_ i: Int) -> Double { x?[i] ?? Double(i) }
    let every = Double(n - 2) / Double(m - 2)
    var picks = [0]
    var a = 0
    for i in 0..<(m - 2) {
        let bucketStart = Int(every * Double(i)) + 1
        let nextStart = Int(every * Double(i + 1)) + 1
        let nextEnd = min(Int(every * Double(i + 2)) + 1, n)
        var sumY = 0.0
        var sumX = 0.0
        for j in nextStart..<nextEnd {
            sumY += y[j]
            sumX += xv(j)
        }
        let meanY = sumY / Double(nextEnd - nextStart)
        let meanX = x == nil ? Double(nextStart + nextEnd - 1) / 2 : sumX / Double(nextEnd - nextStart)
        let ax = xv(a)
        let ay = y[a]
        let d1 = ax - meanX
        let d2 = meanY - ay
        var bestArea = -1.0
        var best = bucketStart
        for j in bucketStart..<nextStart {
            let area = abs(d1 * y[j] - (ax - xv(j)) * d2 - d1 * ay)
            if area > bestArea {
                bestArea = area
                best = j
            }
        }
        picks.append(best)
        a = best
    }
    picks.append(n - 1)
    return picks
}

/// Splits an output into its runs of indices at the gap markers.
func runs(_ output: [Int]) -> [[Int]] {
    output.split(separator: Downsampling.gapMarker, omittingEmptySubsequences: false).map(Array.init)
}

/// The plain scalar scan the kernels must agree with: the first index of the minimum and of
/// the maximum of `y[range]` (`<` and `>`, so −0 ties +0 and the earliest of equal values wins).
func scalarExtremes(_ y: [Double], _ range: Range<Int>) -> (Int, Int) {
    var lo = range.lowerBound
    var hi = range.lowerBound
    for i in range {
        if y[i] < y[lo] { lo = i }
        if y[i] > y[hi] { hi = i }
    }
    return (lo, hi)
}
