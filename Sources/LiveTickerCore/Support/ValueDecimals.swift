/// How many decimals a value is written with, as a price display should show it.
///
/// A value of at most seven significant digits (`99999.99`, `50.8`, `0.1 + 0.2`: what a
/// float32 holds) is taken as written: the fewest decimals that give it back to double
/// precision, so `99999.99` keeps both decimals (it showed `100000.0`). A value with more
/// digits than a float32 holds is an export's float32 noise where a few decimals give it back
/// within float32 precision, |v − round(v, d)| ≤ |v|·2⁻²³ (Yahoo writes the price 185.64 as
/// `185.639999`: 2 decimals); the tighter bound would miss noise that the export's six printed
/// decimals round up (`16.500001`).
///
/// The one rule behind a CSV reader's sampled decimals and a dashboard's per-series decimals
/// learnt from the values themselves.
public enum ValueDecimals {
    /// 10^`decimals` for 0…10 (exact in a Double). O(1).
    @inlinable
    static func power(_ decimals: Int) -> Double {
        switch decimals {
        case ...0: 1
        case 1: 10
        case 2: 100
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        default: 1e10
        }
    }

    /// Whether `decimals` decimals (0…10) give `value` back within `tolerance` of its
    /// magnitude. O(1).
    @inlinable
    static func roundsBack(_ value: Double, decimals: Int, tolerance: Double) -> Bool {
        let scale = power(decimals)
        return abs((value * scale).rounded() / scale - value) <= abs(value) * tolerance
    }

    /// Whether a finite `value` below 10⁷ in magnitude has at most seven significant digits,
    /// to double precision (the binary error of a parsed decimal, `0.1 + 0.2`, aside): what a
    /// float32 holds, so its digits are the writer's, not float32 noise. Values below 10⁻⁴
    /// (seven digits would need more than ten decimals) count as longer. O(1).
    @inlinable
    static func isShort(_ value: Double) -> Bool {
        let magnitude = abs(value)
        // The decimals seven significant digits reach: 6 − ⌊log₁₀ |v|⌋, by comparison.
        var decimals = 6
        if magnitude >= 1 {
            var bound = 10.0
            while magnitude >= bound {
                decimals &-= 1
                if decimals < 0 { return false }
                bound *= 10
            }
        } else {
            var bound = 1.0
            while magnitude < bound {
                decimals &+= 1
                if decimals > 10 { return false }
                bound /= 10
            }
        }
        return roundsBack(value, decimals: decimals, tolerance: 0x1p-50)
    }

    /// Whether `value` is given back by `decimals` decimals (0…10), by the rule above: to
    /// double precision, or within float32 precision for a value longer than a float32 holds.
    /// A non-finite value fits any count; a value too small to show in `decimals` decimals
    /// (a subnormal, 1e-12) fits none below 10. O(1), no allocation.
    @inlinable
    public static func fits(_ value: Double, decimals: Int) -> Bool {
        // Non-finite values have no digits; from 2⁵² up every Double is a whole number (and
        // scaling 1.7e308 would overflow).
        guard value.isFinite, abs(value) < 0x1p52 else { return true }
        if roundsBack(value, decimals: decimals, tolerance: 0x1p-50) { return true }
        // From 10⁶ up, any decimal is past the seventh digit: the float32 rule alone.
        return roundsBack(value, decimals: decimals, tolerance: 0x1p-23) && (abs(value) >= 1e6 || !isShort(value))
    }

    /// The fewest decimals (0…`limit`, `limit` at most 10) that give `value` back by the rule
    /// above; `limit` when none does; 0 for a non-finite value. O(limit).
    @inlinable
    public static func needed(_ value: Double, atMost limit: Int = 10) -> Int {
        let limit = min(max(limit, 0), 10)
        for decimals in 0..<limit where fits(value, decimals: decimals) { return decimals }
        return limit
    }
}
