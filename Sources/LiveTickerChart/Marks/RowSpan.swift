/// The pixel rows a change can reach, from `top` to `bottom` (fractional, ±∞ allowed: past the
/// plot's edge): a span grown row by row, empty until a row is included. A NaN row (a price
/// with no place on a log scale) makes it not known: it then bounds nothing, and the damage
/// falls back to the full height. A value type of three words; every operation O(1).
public struct RowSpan: Sendable, Equatable {
    /// The first row reached; +∞ while empty.
    public private(set) var top = Double.infinity
    /// The last row reached; −∞ while empty.
    public private(set) var bottom = -Double.infinity
    /// False once a NaN row was included.
    public private(set) var isKnown = true

    /// An empty span.
    public init() {}

    /// The rows `top` to `bottom` (either order); not known when either is NaN.
    public init(top: Double, bottom: Double) {
        include(top)
        include(bottom)
    }

    /// Whether no row was included (a known span that bounds nothing).
    public var isEmpty: Bool { top > bottom }

    /// Grows the span to row `y` and `margin` rows either side of it (a NaN `y`: not known).
    public mutating func include(_ y: Double, margin: Double = 0) {
        guard !y.isNaN else {
            isKnown = false
            return
        }
        top = Swift.min(top, y - margin)
        bottom = Swift.max(bottom, y + margin)
    }

    /// Grows the span to cover `other` too (not known when either is not).
    public mutating func include(_ other: RowSpan) {
        isKnown = isKnown && other.isKnown
        top = Swift.min(top, other.top)
        bottom = Swift.max(bottom, other.bottom)
    }
}
