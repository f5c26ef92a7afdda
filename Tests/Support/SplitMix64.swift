/// Deterministic pseudo-random numbers for the tests (SplitMix64, Steele, Lea and Flood 2014),
/// so a failing random case is reproducible from its seed. One copy for every test target.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's whole state: it advances by a fixed odd constant per number.
    public var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits. O(1).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), on the 2⁻⁵³ grid.
    public mutating func nextDouble() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in [-1, 1).
    public mutating func symmetricUnit() -> Double { Double(next() >> 11) * 0x1p-52 - 1 }
}
