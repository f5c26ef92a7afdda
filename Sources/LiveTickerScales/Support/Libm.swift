// The few libm functions the scales need, behind one guarded import so no other file depends on
// the platform module (no Foundation in this module).
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Floor of the decimal logarithm of a positive finite value (subnormals included), corrected
/// for libm rounding at exact powers of ten so that `10^result <= value < 10^(result+1)`.
/// O(1), no allocation.
@inline(__always)
func decimalExponent(_ value: Double) -> Int {
    var e = Int(log10(value).rounded(.down))
    // log10 is accurate to about an ulp, so the estimate is off by at most one; powerOfTen is
    // exact up to 1e22 and the nearest double beyond, which is all the precision this needs.
    if e >= -307, e <= 308, powerOfTen(e) > value { e -= 1 }
    if e + 1 <= 308, powerOfTen(e + 1) <= value { e += 1 }
    return e
}

/// `10^exponent` for -330...308 (0 beyond the subnormal range, the nearest double otherwise);
/// exact for 0...22. Negative exponents are formed as a quotient so 10^-k is correctly rounded
/// for k <= 22. O(1), no allocation.
@inline(__always)
func powerOfTen(_ exponent: Int) -> Double {
    if exponent >= 0 && exponent <= 22 { return exactPowersOfTen[exponent] }
    if exponent < 0 && exponent >= -22 { return 1.0 / exactPowersOfTen[-exponent] }
    return pow(10.0, Double(exponent))
}

/// 10^0 ... 10^22: every power of ten a Double represents exactly (5^22 < 2^53).
/// A tuple-backed lookup would avoid the one-time array initialisation; this is read only.
let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

/// 10^0 ... 10^19 as integers (all that fit in UInt64).
let integerPowersOfTen: [UInt64] = [
    1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
    10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000,
    100_000_000_000_000, 1_000_000_000_000_000, 10_000_000_000_000_000,
    100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
]
