/// Allocation-free value labels written into `LabelText`.
///
/// Rounding is half to even on the exact binary value, as C's `printf` does (0.125 with two
/// digits is `0.12`; 2.675 is really 2.67499999… and gives `2.67`); exact whenever the
/// decimal scaling stays within 10^±22 (see `DecimalRounding`). Negative values that round to
/// zero, and -0.0, print without a sign. Non-finite values print `NaN`, `inf`, `-inf`
/// (`+∞` is not ASCII). Exponents print without `+` or padding: `1.7e308`, `-2.5e-12`.
///
/// Every formatter is O(1) (at most ~40 digits written), never allocates, and returns a
/// 40-byte value.
public enum ValueLabel {
    /// Fixed notation with `fractionDigits` (clamped to 0...15) digits after the point:
    /// `101.25`, `-0.001`, `1234567.5`. Magnitudes of 1e15 and above do not fit the fixed
    /// form and switch to `scientific` with 15 significant digits, trailing zeros trimmed
    /// (`1.7e308`). Tiny values round to zero (`0.00`): use `trueValue` to show them.
    public static func fixed(_ value: Double, fractionDigits: Int) -> LabelText {
        if let special = nonFinite(value) { return special }
        let digits = min(max(fractionDigits, 0), 15)
        let a = value.magnitude
        if a >= 1e15 { return scientific(value, significantDigits: 15) }
        if digits == 0 {
            // Ties go to the even integer, so the integer part itself must be rounded.
            let rounded = DecimalRounding.scaledRounded(a, powerOfTen: 0)
            var text = LabelText()
            if value < 0 && rounded > 0 { text.append(UInt8(ascii: "-")) }
            text.appendDigits(rounded)
            return text
        }
        var integerPart = a.rounded(.towardZero)
        let fraction = a - integerPart  // exact
        var scaled = DecimalRounding.scaledRounded(fraction, powerOfTen: digits)
        if scaled >= integerPowersOfTen[digits] {  // 0.999… carried into the integer part
            scaled -= integerPowersOfTen[digits]
            integerPart += 1
        }
        var text = LabelText()
        if value < 0 && (integerPart > 0 || scaled > 0) { text.append(UInt8(ascii: "-")) }
        text.appendDigits(UInt64(integerPart))
        text.append(UInt8(ascii: "."))
        text.appendDigits(scaled, minimumWidth: digits)
        return text
    }

    /// Scientific notation `d.ddde±x` with `significantDigits` (clamped to 1...15) digits,
    /// trailing mantissa zeros trimmed unless `trimZeros` is false: `1.7e308`, `-2.5e-12`,
    /// `4.9e-324`. Zero prints `0`.
    public static func scientific(_ value: Double, significantDigits: Int, trimZeros: Bool = true) -> LabelText {
        if let special = nonFinite(value) { return special }
        if value == 0 { return "0" }
        let p = min(max(significantDigits, 1), 15)
        let (significand, exponent) = DecimalRounding.significant(value.magnitude, digits: p)
        var text = LabelText()
        if value < 0 { text.append(UInt8(ascii: "-")) }
        var kept = p
        var digits = significand
        if trimZeros {
            while kept > 1 && digits % 10 == 0 {
                digits /= 10
                kept -= 1
            }
        }
        let leading = digits / integerPowersOfTen[kept - 1]
        text.appendDigits(leading)
        if kept > 1 {
            text.append(UInt8(ascii: "."))
            text.appendDigits(digits % integerPowersOfTen[kept - 1], minimumWidth: kept - 1)
        }
        text.append(UInt8(ascii: "e"))
        text.appendInteger(Int64(exponent))
        return text
    }

    /// The value as it is, for a "last value" label: rounded to `maxSignificantDigits`
    /// (clamped to 1...15, default 8) significant digits with trailing zeros trimmed, but
    /// integers up to 15 digits keep every integer digit (`123456789`, not `123456790`).
    /// Fixed notation for decimal exponents −5...14 (`101.25`, `0.001`, `1234567.5`),
    /// scientific otherwise (`1.7e308`, `-2.5e-12`, `4.9406565e-324`). `NaN`, `inf`, `-inf`;
    /// ±0 prints `0`.
    public static func trueValue(_ value: Double, maxSignificantDigits: Int = 8) -> LabelText {
        if let special = nonFinite(value) { return special }
        if value == 0 { return "0" }
        let a = value.magnitude
        var p = min(max(maxSignificantDigits, 1), 15)
        let estimate = decimalExponent(a)
        if estimate >= p && estimate < 15 { p = estimate + 1 }
        var (significand, exponent) = DecimalRounding.significant(a, digits: p)
        if exponent < -5 || exponent >= 15 {
            return scientific(value, significantDigits: p)
        }
        var kept = p
        while kept > 1 && significand % 10 == 0 {
            significand /= 10
            kept -= 1
        }
        var text = LabelText()
        if value < 0 { text.append(UInt8(ascii: "-")) }
        if exponent < 0 {
            // 0.000ddd
            text.append(UInt8(ascii: "0"))
            text.append(UInt8(ascii: "."))
            for _ in 0..<(-exponent - 1) { text.append(UInt8(ascii: "0")) }
            text.appendDigits(significand, minimumWidth: kept)
            return text
        }
        let integerDigits = exponent + 1
        if kept <= integerDigits {
            text.appendDigits(significand)
            for _ in 0..<(integerDigits - kept) { text.append(UInt8(ascii: "0")) }
        } else {
            let split = integerPowersOfTen[kept - integerDigits]
            text.appendDigits(significand / split)
            text.append(UInt8(ascii: "."))
            text.appendDigits(significand % split, minimumWidth: kept - integerDigits)
        }
        return text
    }

    /// `NaN`, `inf`, `-inf`, or nil for finite values.
    @inline(__always)
    static func nonFinite(_ value: Double) -> LabelText? {
        if value.isNaN { return "NaN" }
        if value == .infinity { return "inf" }
        if value == -.infinity { return "-inf" }
        return nil
    }
}
