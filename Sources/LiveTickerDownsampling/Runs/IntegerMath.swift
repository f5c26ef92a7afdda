/// Exact integer helpers for bucket boundaries (no floating point, so boundaries never drift).
enum IntegerMath {
    /// ⌊a·b / c⌋ for a, b ≥ 0 and c > 0, exact even when a·b exceeds 64 bits. O(1).
    @inline(__always)
    static func mulDiv(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let wide = UInt(a).multipliedFullWidth(by: UInt(b))
        return Int(UInt(c).dividingFullWidth(wide).quotient)
    }
}
