#if canImport(Glibc)
import Glibc
#endif

/// Monotone cubic interpolation after Fritsch & Carlson (1980), "Monotone Piecewise Cubic
/// Interpolation", SIAM J. Numer. Anal. 17(2).
///
/// Tangents start as the mean of the neighbouring secants and are set to **zero where those
/// secants change sign** (a local extremum) or where one is flat; then any pair of tangents
/// outside the circle of radius 3 (in units of their secant) is scaled back onto it. The
/// curve is then monotone on every interval, so it never overshoots the data: through (0,0),
/// (1,2), (2,1) it stays ≤ 2 (a port that skips the sign rule reaches 2.022 there).
public enum MonotoneCubic {
    /// The tangent at every point of `xs`/`ys` (strictly increasing `xs`, finite values),
    /// written into `tangents`. O(n), no allocation.
    public static func tangents(
        xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>, into tangents: UnsafeMutableBufferPointer<Double>
    ) {
        let n = min(xs.count, ys.count, tangents.count)
        guard n > 1 else {
            if n == 1 { tangents[0] = 0 }
            return
        }
        @inline(__always) func secant(_ k: Int) -> Double { (ys[k &+ 1] - ys[k]) / (xs[k &+ 1] - xs[k]) }
        tangents[0] = secant(0)
        tangents[n &- 1] = secant(n &- 2)
        if n > 2 {
            for k in 1..<(n &- 1) {
                let before = secant(k &- 1)
                let after = secant(k)
                tangents[k] = before * after > 0 ? (before + after) / 2 : 0
            }
        }
        for k in 0..<(n &- 1) {
            let d = secant(k)
            if d == 0 || !d.isFinite {
                tangents[k] = 0
                tangents[k &+ 1] = 0
                continue
            }
            let alpha = tangents[k] / d
            let beta = tangents[k &+ 1] / d
            let radius = alpha * alpha + beta * beta
            if radius > 9 {
                let tau = 3 / radius.squareRoot()
                tangents[k] = tau * alpha * d
                tangents[k &+ 1] = tau * beta * d
            }
        }
    }

    /// The curve's value at `t ∈ [0, 1]` of the interval from (x0, y0) with tangent m0 to
    /// (x1, y1) with tangent m1 (cubic Hermite basis). O(1).
    @inline(__always)
    public static func value(
        t: Double, x0: Double, y0: Double, m0: Double, x1: Double, y1: Double, m1: Double
    ) -> Double {
        let h = x1 - x0
        let t2 = t * t
        let t3 = t2 * t
        let h00 = 2 * t3 - 3 * t2 + 1
        let h10 = t3 - 2 * t2 + t
        let h01 = -2 * t3 + 3 * t2
        let h11 = t3 - t2
        return h00 * y0 + h10 * h * m0 + h01 * y1 + h11 * h * m1
    }
}
