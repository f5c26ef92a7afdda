import LiveTickerTestSupport

/// A seeded random walk of `n` points, x from 0.3 in steps of `dx`, y from `start` moving by up
/// to ±`step` a point: the stroke tests' input (same seed, same points).
func randomWalk(_ n: Int, seed: UInt64, step: Double, start: Double = 32, dx: Double = 1) -> ([Double], [Double]) {
    var g = SplitMix64(seed: seed)
    var y = start
    var xs: [Double] = []
    var ys: [Double] = []
    for i in 0..<n {
        xs.append(Double(i) * dx + 0.3)
        ys.append(y)
        y += g.symmetricUnit() * step
    }
    return (xs, ys)
}
