// Branch-free float helpers of the column sweep.

// `Swift.min`/`max` on floats must order NaN, which costs a compare and three mask
// operations; these are single `minss`/`maxss`. Inputs are finite by construction.
@inline(__always)
func least(_ a: Float, _ b: Float) -> Float { a < b ? a : b }

@inline(__always)
func greatest(_ a: Float, _ b: Float) -> Float { a > b ? a : b }

// The standard library's `pointwiseMin`/`pointwiseMax` follow IEEE minNum (NaN-aware) and
// compile lane by lane with branches; these compile to one compare and one blend. No NaN
// reaches them: every input is finite by construction.
@inline(__always)
func lanesMin(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> { a.replacing(with: b, where: b .< a) }

@inline(__always)
func lanesMax(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> { a.replacing(with: b, where: b .> a) }

/// √x for four finite x ≥ 0 without a libm call per lane (Swift's `squareRoot` keeps errno
/// semantics, so it cannot be vectorised): x times the inverse square root from a bit-level
/// first guess with one modified Newton step (Moroz et al., "Fast calculation of inverse
/// square root with the use of magic constant", 2018: constant 0x5F1FFFF9, relative error
/// below 6.6·10⁻⁴), plus one ordinary Newton step when `refined` (error below 10⁻⁶).
/// Exactly 0 for 0.
@inline(__always)
func squareRoot(_ x: SIMD4<Float>, refined: Bool) -> SIMD4<Float> {
    let bits = unsafeBitCast(x, to: SIMD4<UInt32>.self)
    var y = unsafeBitCast(0x5F1F_FFF9 &- (bits &>> 1), to: SIMD4<Float>.self)
    y = 0.703952253 * y * (2.38924456 - x * y * y)
    if refined { y = y * (1.5 - (x * 0.5) * y * y) }
    return x * y
}
