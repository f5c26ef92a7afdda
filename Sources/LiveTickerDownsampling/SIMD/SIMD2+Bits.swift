/// Lane-wise maximum of magnitudes written as the select `maxpd` implements exactly (the library's
/// `pointwiseMax` handles NaN differently and is not lowered to one instruction).
@inline(__always)
func larger(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> {
    a.replacing(with: b, where: b .> a)
}

extension SIMD2 where Scalar == Double {
    /// Reinterprets 2 bit patterns as doubles (no conversion).
    @inline(__always)
    init(bitPattern: SIMD2<UInt64>) { self = unsafeBitCast(bitPattern, to: SIMD2<Double>.self) }

    /// The 2 lanes' bit patterns (no conversion).
    @inline(__always)
    var bitPattern: SIMD2<UInt64> { unsafeBitCast(self, to: SIMD2<UInt64>.self) }
}

/// Lane-wise minimum written as the select `minpd` implements exactly.
@inline(__always)
func smaller(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> {
    a.replacing(with: b, where: b .< a)
}
