/// A finite, non-degenerate value interval `lower < upper` to map onto a plot's height.
///
/// Built from a data minimum and maximum:
/// - NaN bounds are ignored (if both are NaN the domain is the empty one, `-1...1`);
///   ±∞ and magnitudes beyond 1e307 are clamped to ±1e307 (`ValueSanitizer`).
/// - bounds given in the wrong order are swapped.
/// - a span too small to scale (below `relativeMinimumSpan` of the magnitude, or below
///   `tinyMagnitude`) is *widened* symmetrically around its centre, so a flat series sits
///   exactly mid-plot: a centre of magnitude m widens by ±10^(floor(log10 m) − 1)
///   (5 → 4.9...5.1, 1000 → 900...1100); a centre closer to zero than `tinyMagnitude`
///   (0, subnormals) widens to `c-1...c+1`. `isWidened` tells which case applied.
/// Otherwise the domain is exactly `min...max`: a range of 0.001 near 1000 keeps the full height.
///
/// Value type, O(1), no allocation.
public struct ValueDomain: Sendable, Equatable {
    /// Lower bound, finite, `< upper`.
    public let lower: Double
    /// Upper bound, finite, `> lower`.
    public let upper: Double
    /// True when the data span was too small and the domain was widened around its centre
    /// (flat series, no data).
    public let isWidened: Bool

    /// Spans below this fraction of the largest magnitude are treated as flat: below it a
    /// double has too few distinct values for ticks and pixels to mean anything
    /// (1e-12 leaves ~4,000 ulps across the plot).
    public static let relativeMinimumSpan: Double = 1e-12

    /// Magnitudes below this are treated as zero for scaling (subnormals included), so nice
    /// steps stay normal doubles with exact powers of ten. Labels still show the true value.
    public static let tinyMagnitude: Double = 1e-290

    /// The domain used when there is no finite value: `-1...1`, widened.
    public static let empty = ValueDomain(lower: -1, upper: 1, isWidened: true)

    /// A domain from a data minimum and maximum (see the type's documentation). O(1).
    public init(min: Double, max: Double) {
        var a = min.isNaN ? max : min
        var b = max.isNaN ? min : max
        if a.isNaN {
            self = .empty
            return
        }
        a = ValueSanitizer.clampForScale(a)
        b = ValueSanitizer.clampForScale(b)
        if a > b { swap(&a, &b) }
        let span = b - a  // <= 2e307, finite
        let magnitude = Swift.max(Swift.abs(a), Swift.abs(b))
        if span >= Swift.max(magnitude * Self.relativeMinimumSpan, Self.tinyMagnitude) {
            self.init(lower: a, upper: b, isWidened: false)
            return
        }
        let centre = a + span / 2
        let half: Double
        if Swift.abs(centre) < Self.tinyMagnitude {
            half = 1
        } else {
            half = powerOfTen(decimalExponent(Swift.abs(centre)) - 1)
        }
        self.init(lower: centre - half, upper: centre + half, isWidened: true)
    }

    /// A domain from explicit bounds, trusted as they are (`lower < upper`, both finite).
    /// O(1).
    public init(lower: Double, upper: Double, isWidened: Bool = false) {
        precondition(lower.isFinite && upper.isFinite && lower < upper, "ValueDomain needs finite lower < upper")
        self.lower = lower
        self.upper = upper
        self.isWidened = isWidened
    }

    /// `upper - lower`, finite and positive.
    public var span: Double { upper - lower }

    /// Where a value sits in the domain, 0 at `lower` and 1 at `upper` (the value is clamped
    /// to ±1e307 first; NaN gives NaN, which callers treat as a gap). O(1).
    @inlinable
    public func fraction(of value: Double) -> Double {
        (ValueSanitizer.clampForScale(value) - lower) / (upper - lower)
    }
}
