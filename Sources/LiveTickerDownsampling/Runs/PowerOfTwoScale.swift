/// Chooses exact power-of-two factors that keep LTTB's arithmetic finite.
///
/// Why powers of two: multiplying by 2^k changes only the exponent, so every sum, difference and
/// product of scaled values is the scaled result of the unscaled operation (as long as nothing
/// overflows or drops into the subnormal range). Areas compare the same, indices stay the same.
/// Factors are only ever ≤ 1: data whose arithmetic cannot overflow is left untouched and gives
/// exactly the reference's indices.
enum PowerOfTwoScale {
    /// Factors `(y, x)` for a run of `count` points whose largest |y| is `maxAbsY` and whose
    /// largest |x| is `maxAbsX`, such that with `Y = maxAbsY·yScale`, `X = maxAbsX·xScale`:
    /// - `count·Y < 2^1023` and `count·X < 2^1023` (bucket sums cannot overflow), and
    /// - `8·X·Y < 2^1023` (LTTB's `d1·y − (ax − x)·d2 − d1·ay` and every partial result, whose
    ///   terms are bounded by 2X·Y, 4X·Y and 2X·Y, cannot overflow).
    /// O(1).
    static func factors(count: Int, maxAbsY: Double, maxAbsX: Double) -> (y: Double, x: Double) {
        let countBits = Int.bitWidth - count.leadingZeroBitCount  // count < 2^countBits
        let sumLimit = 1022 - countBits  // a value < 2^(sumLimit+1) summed count times stays < 2^1023
        var xExponent = maxAbsX > 0 ? Int(maxAbsX.exponent) : -1074
        var xShift = 0
        if xExponent > sumLimit { xShift = xExponent - sumLimit; xExponent = sumLimit }
        var yExponent = maxAbsY > 0 ? Int(maxAbsY.exponent) : -1074
        // X < 2^(xE+1), Y < 2^(yE+1): 8·X·Y < 2^(xE+yE+5) ≤ 2^1023 needs xE + yE ≤ 1018.
        let yLimit = min(sumLimit, 1018 - xExponent)
        var yShift = 0
        if yExponent > yLimit { yShift = yExponent - yLimit; yExponent = yLimit }
        return (factor(yShift), factor(xShift))
    }

    /// 2^−shift for 0 ≤ shift ≤ 2098 (small enough never to be 0 for the shifts chosen above).
    @inline(__always)
    static func factor(_ shift: Int) -> Double {
        if shift == 0 { return 1 }
        return Double(sign: .plus, exponent: -shift, significand: 1)
    }
}
