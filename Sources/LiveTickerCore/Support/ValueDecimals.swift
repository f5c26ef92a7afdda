/// How many decimals a value is written with, as a price display should show it: the fewest
/// decimals `d` that give the value back within float32 precision, |v − round(v, d)| ≤ |v|·2⁻²³,
/// so the float32 noise of an export (Yahoo writes the price 185.64 as `185.639999`) and the
/// binary error of a parsed decimal (`0.1 + 0.2`) are not taken for digits.
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

    /// Whether `value` is given back by `decimals` decimals (0…10) within float32 precision.
    /// A non-finite value fits any count; a value too small to show in `decimals` decimals
    /// (a subnormal, 1e-12) fits none below 10. O(1), no allocation.
    @inlinable
    public static func fits(_ value: Double, decimals: Int) -> Bool {
        // Non-finite values have no digits; from 2⁵² up every Double is a whole number (and
        // scaling 1.7e308 would overflow).
        guard value.isFinite, abs(value) < 0x1p52 else { return true }
        let scale = power(decimals)
        return abs((value * scale).rounded() / scale - value) <= abs(value) * 0x1p-23
    }

    /// The fewest decimals (0…`limit`, `limit` at most 10) that give `value` back within
    /// float32 precision; `limit` when none does; 0 for a non-finite value. O(limit).
    @inlinable
    public static func needed(_ value: Double, atMost limit: Int = 10) -> Int {
        let limit = min(max(limit, 0), 10)
        for decimals in 0..<limit where fits(value, decimals: decimals) { return decimals }
        return limit
    }
}
