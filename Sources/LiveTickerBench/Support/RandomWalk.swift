/// SplitMix64 (Steele, Lea, Flood 2014): a tiny reproducible generator, so every Bench run
/// (and the Python peers it is compared with) sees the same data.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [-1, 1).
    mutating func symmetricUnit() -> Double {
        Double(next() >> 11) * (2.0 / 9_007_199_254_740_992.0) - 1.0
    }
}

/// A random walk of `count` f64 values starting at 100, the series the reference figures were measured on.
func randomWalk(count: Int, seed: UInt64 = 42) -> [Double] {
    var generator = SplitMix64(seed: seed)
    var values = [Double](repeating: 0, count: count)
    var level = 100.0
    for index in 0..<count {
        level += generator.symmetricUnit()
        values[index] = level
    }
    return values
}
