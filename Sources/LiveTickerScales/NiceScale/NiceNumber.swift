/// A "nice" number `mantissa × 10^exponent` with mantissa 1, 2 or 5: the building block of
/// Heckbert's labelling algorithm (Paul S. Heckbert, "Nice numbers for graph labels",
/// Graphics Gems, 1990). Keeping the decimal exponent separate lets ticks be formed exactly
/// (`k × mantissa / 10^-exponent` is one correctly rounded division), so 0.1 steps give 0.3,
/// not 0.30000000000000004.
///
/// Value type, O(1), no allocation.
public struct NiceNumber: Sendable, Equatable {
    /// 1, 2 or 5.
    public let mantissa: Int
    /// Decimal exponent.
    public let exponent: Int

    /// A nice number close to a positive finite normal `x` (Heckbert's `nicenum`).
    /// - rounding `true`: the nearest of 1, 2, 5, 10 (thresholds 1.5, 3, 7) — used for steps;
    /// - rounding `false`: the smallest of 1, 2, 5, 10 not below x — used for the range.
    /// O(1).
    public init(approximating x: Double, rounding: Bool) {
        precondition(x > 0 && x.isFinite, "NiceNumber needs a positive finite value")
        let e = decimalExponent(x)
        let f = x / powerOfTen(e)  // in [1, 10)
        let nice: Int
        if rounding {
            nice = f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10
        } else {
            nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10
        }
        if nice == 10 {
            self.init(mantissa: 1, exponent: e + 1)
        } else {
            self.init(mantissa: nice, exponent: e)
        }
    }

    /// A nice number from its parts (mantissa 1, 2 or 5). O(1).
    public init(mantissa: Int, exponent: Int) {
        precondition(mantissa == 1 || mantissa == 2 || mantissa == 5, "mantissa must be 1, 2 or 5")
        self.mantissa = mantissa
        self.exponent = exponent
    }

    /// The value as a Double (correctly rounded for exponents down to -22). O(1).
    public var value: Double { multiple(1) }

    /// `k × self`, correctly rounded when |k × mantissa| < 2^53 and the exponent is within
    /// ±22 (one exact-operand multiplication or division); the nearest double otherwise. O(1).
    public func multiple(_ k: Double) -> Double {
        let m = k * Double(mantissa)
        return exponent >= 0 ? m * powerOfTen(exponent) : m / powerOfTen(-exponent)
    }
}
