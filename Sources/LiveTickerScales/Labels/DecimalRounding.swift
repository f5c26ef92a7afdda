/// Exact decimal rounding of doubles for the label formatters, without big integers.
///
/// The scaled value `a × 10^k` is carried as an unevaluated double-double sum `hi + lo`, built
/// from exact factors 10^j (j <= 22) with error-free fma products (`hi·P` plus its exact
/// error) and quotients with their exact fma remainders. For |k| <= 22 the sum is exact, so
/// rounding it half to even matches C's `printf` on the exact binary value; beyond, it is
/// within ~2^-100 relative, and no double lies on a decimal tie there (a tie would need a
/// factor 5^23 > 2^53 in a 53-bit significand), so the digits still match `printf`.
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
    /// (callers keep it below 10^16). O(|k| / 22): one step per exact factor 10^22.
    static func scaledRounded(_ a: Double, powerOfTen k: Int) -> UInt64 {
        var hi = a
        var lo = 0.0
        var remaining = k
        while remaining > 0 {
            let p = exactPowersOfTen[min(remaining, 22)]
            let product = hi * p
            let error = (-product).addingProduct(hi, p)  // exact: hi·p − product
            (hi, lo) = fastTwoSum(product, lo * p + error)
            remaining -= min(remaining, 22)
        }
        while remaining < 0 {
            let p = exactPowersOfTen[min(-remaining, 22)]
            let quotient = hi / p
            let remainder = hi.addingProduct(-quotient, p)  // exact: hi − quotient·p
            // (remainder + lo)/p is rounded, but keeps its sign and its size against the
            // half-way point: a true tie would make the quotient exact and the remainder zero.
            (hi, lo) = fastTwoSum(quotient, (remainder + lo) / p)
            remaining += min(-remaining, 22)
        }
        return roundHalfEven(hi: hi, lo: lo)
    }

    /// `(s, e)` with `s = fl(a + b)` and `s + e == a + b` exactly, for `|a| >= |b|`
    /// (Dekker's Fast2Sum). O(1).
    @inline(__always)
    static func fastTwoSum(_ a: Double, _ b: Double) -> (Double, Double) {
        let s = a + b
        return (s, b - (s - a))
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
            if s >= upperLimit {
                e += 1
                continue
            }  // 9.99… rounded up to 10.0…: one more digit
            if s < lowerLimit {
                e -= 1
                continue
            }  // log10 estimate one too high
            return (s, e)
        }
        // Unreachable for finite positive input: the estimate is off by at most one.
        return (lowerLimit, e)
    }
}
