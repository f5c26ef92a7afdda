/// Exact decimal rounding of doubles for the label formatters, without big integers.
///
/// The scaled value `a × 10^k` is carried as an unevaluated sum `hi + lo` that is *exact*
/// whenever 10^|k| is an exact double (|k| <= 22): for k > 0 an error-free product
/// (`hi = a·P`, `lo = fma(a, P, −hi)`), for k < 0 a quotient and its exact fma remainder.
/// Rounding `hi + lo` to an integer half-to-even then matches C's `printf` on the exact binary
/// value. Beyond ±22 the scaling takes one or two rounded steps (error ≤ ~2 ulp before the
/// final rounding), which only matters for decimal ties no double near there represents.
enum DecimalRounding {
    /// `round(hi + lo)` half to even, where `0 <= hi`, `hi + lo` is the exact value and
    /// `|lo| <= ulp(hi)/2`. Exact for hi < 2^53; above, every double is an integer and lo
    /// is rounded on its own. O(1).
    static func roundHalfEven(hi: Double, lo: Double) -> UInt64 {
        if hi >= 9_007_199_254_740_992 {  // 2^53: hi is an even integer here
            let adjust = lo.rounded(.toNearestOrEven)
            return adjust < 0 ? UInt64(hi) - UInt64(-adjust) : UInt64(hi) + UInt64(adjust)
        }
        let base = hi.rounded(.down)
        let frac = hi - base  // exact
        // Exact for hi >= 0.25 (Sterbenz, or both multiples of ulp(hi) >= 2^-52); below, lo is far
        // too small for the comparison to matter.
        let toHalf = 0.5 - frac
        var n = UInt64(base)
        if lo > toHalf || (lo == toHalf && n & 1 == 1) {
            n += 1
        } else if frac == 0 && lo == -0.5 && n & 1 == 1 {
            n -= 1  // exact tie below an odd integer (only when ulp(hi) == 1)
        }
        return n
    }

    /// `round(a × 10^k)` half to even for finite `a >= 0`; the result must fit in UInt64
    /// (callers keep it below 10^16). O(1) for |k| <= 22; a few multiplications beyond.
    static func scaledRounded(_ a: Double, powerOfTen k: Int) -> UInt64 {
        if k == 0 { return roundHalfEven(hi: a, lo: 0) }
        if k > 0 && k <= 22 {
            let p = exactPowersOfTen[k]
            let hi = a * p
            let lo = (-hi).addingProduct(a, p)  // exact product error
            return roundHalfEven(hi: hi, lo: lo)
        }
        if k < 0 && k >= -22 {
            let p = exactPowersOfTen[-k]
            let q = a / p
            let r = a.addingProduct(-q, p)  // exact remainder a − q·p
            // r/p is rounded, but its sign and its size against the half-way point are kept:
            // a true tie would make q exact and r zero.
            return roundHalfEven(hi: q, lo: r / p)
        }
        var scaled = a
        var remaining = k
        while remaining > 300 { scaled *= 1e300; remaining -= 300 }  // subnormals climb first
        scaled = remaining >= 0 ? scaled * powerOfTen(remaining) : scaled / powerOfTen(-remaining)
        return roundHalfEven(hi: scaled, lo: 0)
    }

    /// The `digits` (1...15) leading significant decimal digits of a finite `a > 0`, rounded
    /// half to even, as an integer in `10^(digits-1) ..< 10^digits`, with the decimal exponent of
    /// the first digit: `a ≈ significand × 10^(exponent − digits + 1)`. O(1).
    static func significant(_ a: Double, digits: Int) -> (significand: UInt64, exponent: Int) {
        var e = decimalExponent(a)
        let upperLimit = integerPowersOfTen[digits]
        let lowerLimit = integerPowersOfTen[digits - 1]
        for _ in 0..<4 {
            let s = scaledRounded(a, powerOfTen: digits - 1 - e)
            if s >= upperLimit { e += 1; continue }  // 9.99… rounded up to 10.0…: one more digit
            if s < lowerLimit { e -= 1; continue }  // log10 estimate one too high
            return (s, e)
        }
        // Unreachable for finite positive input: the estimate is off by at most one.
        return (lowerLimit, e)
    }
}
