/// Keeps values that reach a scale finite and inside ±1e307, so that spans (`max - min`), nice
/// steps and tick positions never overflow to ∞ or NaN. Labels keep showing the *true* value:
/// clamp only the copy that goes into the scale or the pixel mapping.
///
/// All members are O(1) and allocate nothing.
public enum ValueSanitizer {
    /// The largest magnitude a scale sees. Chosen so that the span of two clamped values
    /// (at most 2e307) and a loose nice bound one step beyond (at most ~1.2e308) stay finite.
    public static let limit: Double = 1e307

    /// The value clamped to `-limit...limit`; ±∞ become ±`limit`; NaN stays NaN (it is a gap,
    /// callers skip it). -0.0 is returned unchanged.
    @inlinable
    public static func clampForScale(_ value: Double) -> Double {
        if value > limit { return limit }
        if value < -limit { return -limit }
        return value
    }

    /// Whether a value can be drawn as a point of a series: finite (NaN and ±∞ are gaps).
    @inlinable
    public static func isPlottable(_ value: Double) -> Bool { value.isFinite }
}
