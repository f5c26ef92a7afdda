/// A value axis with "nice" bounds and ticks, after Paul S. Heckbert, "Nice numbers for graph
/// labels", Graphics Gems (1990): the range is rounded up to a nice number, the step is the
/// nice number nearest `range / (targetTickCount − 1)`, and ticks are the step's multiples.
/// Heckbert's example: 105…543 with ~5 ticks gives 100…600 by 100.
///
/// Inputs go through `ValueDomain` first, so the scale is always finite and non-degenerate:
/// NaN bounds are ignored, ±∞ and magnitudes beyond 1e307 are clamped to ±1e307, a flat series
/// is widened symmetrically and sits exactly mid-plot (its bounds are then the widened domain
/// and the ticks are the step's multiples inside it). With `.loose` fit a data bound may lie
/// outside `lower...upper` by the rounding error of `bound / step` (under 1e-9 step plus a
/// few ulps), never by a visible amount.
///
/// Ticks are not stored: `tickCount` and `tick(at:)` (or the non-allocating `ticks` sequence)
/// compute tick i as `(firstMultiple + i) × step` from the integer multiple, never by
/// accumulation, so there is no drift. `label(at:)` formats tick i into an inline `LabelText`.
///
/// Value type; init O(1); every member O(1); nothing allocates.
public struct NiceScale: Sendable, Equatable {
    /// How the bounds relate to the data.
    public enum Fit: Sendable, Equatable {
        /// Heckbert's loose labelling: bounds are the step multiples just outside the data, so
        /// the first and last ticks are the bounds (the default; data may use a little less
        /// than the full height).
        case loose
        /// Bounds are the data domain itself (full height); ticks are the multiples inside.
        case tight
    }

    /// Lower end of the axis (maps to the bottom of the plot). Finite.
    public let lower: Double
    /// Upper end of the axis (maps to the top of the plot). Finite, `> lower`.
    public let upper: Double
    /// The tick step as a nice number (1, 2 or 5 × 10^e).
    public let niceStep: NiceNumber
    /// The step as a Double.
    public let step: Double
    /// Fractional digits a fixed-notation label needs to tell ticks apart: max(0, −e).
    public let fractionDigits: Int
    /// Number of ticks: >= 2 with `.loose` fit; a `.tight` or widened (flat) axis with a
    /// target of 2 may hold fewer.
    public let tickCount: Int
    /// How labels are written (decided once for the whole axis so every label looks alike).
    public let labelStyle: LabelStyle
    /// Index of the first tick as a multiple of `step` (an integral Double).
    @usableFromInline let firstMultiple: Double

    /// How tick labels are written.
    public enum LabelStyle: Sendable, Equatable {
        /// Fixed notation with this many fractional digits, e.g. `101.25`.
        case fixed(fractionDigits: Int)
        /// Scientific notation with just enough mantissa digits for the step, e.g. `1.5e307`.
        case scientific
        /// Compact notation for large values: the value in units of 10^`exponent` (6, 9 or 12)
        /// with a suffix (`M`, `B`, `T`) and this many fractional digits, e.g. `1.2035B`.
        case compact(exponent: Int, fractionDigits: Int)

        /// The suffix of a compact exponent: `M`, `B`, `T`.
        static func suffix(ofExponent exponent: Int) -> StaticString { exponent >= 12 ? "T" : exponent >= 9 ? "B" : "M" }
    }

    /// A scale over the data bounds `min...max` with about `targetTickCount` ticks
    /// (clamped to 2...1000). See the type's documentation for NaN, ±∞, huge and flat input.
    /// O(1), no allocation.
    public init(min: Double, max: Double, targetTickCount: Int = 5, fit: Fit = .loose) {
        self.init(domain: ValueDomain(min: min, max: max), targetTickCount: targetTickCount, fit: fit)
    }

    /// A scale over the finite values of a window (NaN/±∞ ignored). O(n), no allocation.
    @inlinable
    public init<S: Sequence>(values: S, targetTickCount: Int = 5, fit: Fit = .loose) where S.Element == Double {
        self.init(domain: ValueExtent(of: values).domain, targetTickCount: targetTickCount, fit: fit)
    }

    /// A scale over a sanitised domain. A widened (flat) domain is kept exactly, so the flat
    /// value stays mid-plot, whatever `fit` says. O(1), no allocation.
    public init(domain: ValueDomain, targetTickCount: Int = 5, fit: Fit = .loose) {
        let ticks = Swift.min(Swift.max(targetTickCount, 2), 1000)
        let range = NiceNumber(approximating: domain.span, rounding: false).value
        let nice = NiceNumber(approximating: range / Double(ticks - 1), rounding: true)
        let step = nice.value
        // min/step carries a relative rounding error of a few ulps; without a tolerance
        // 1000.001/0.0002 = 5000005.000000001 would add a whole empty step.
        func tolerance(_ t: Double) -> Double { 1e-9 + Swift.abs(t) * 5e-16 }
        let lowT = domain.lower / step
        let highT = domain.upper / step
        let first: Double
        let last: Double
        if fit == .loose && !domain.isWidened {
            first = (lowT + tolerance(lowT)).rounded(.down)
            last = (highT - tolerance(highT)).rounded(.up)
            self.lower = nice.multiple(first)
            self.upper = nice.multiple(last)
        } else {
            first = (lowT - tolerance(lowT)).rounded(.up)
            last = (highT + tolerance(highT)).rounded(.down)
            self.lower = domain.lower
            self.upper = domain.upper
        }
        self.niceStep = nice
        self.step = step
        self.firstMultiple = first
        self.tickCount = Swift.max(Int(last - first) + 1, 0)
        self.fractionDigits = Swift.max(0, -nice.exponent)
        let magnitude = Swift.max(Swift.abs(lower), Swift.abs(upper))
        // Fixed notation while it stays short and readable: not for huge values, and not for
        // tiny ones where it would be a row of zeros (0.0000002); 1000 ± 1e-10 still reads best
        // fixed (`1000.0000000002`), so large-enough values allow more fractional digits.
        // Values of a million and more read compact (`1.2035B`, not `1203500000`), one notation
        // for the whole axis, while the step needs at most 4 digits after the point.
        let exponent = magnitude >= 1e12 ? 12 : magnitude >= 1e9 ? 9 : 6
        if magnitude >= 1e6 && magnitude < 1e15 && exponent - nice.exponent <= 4 {
            self.labelStyle = .compact(exponent: exponent, fractionDigits: Swift.max(0, exponent - nice.exponent))
        } else if magnitude < 1e15 && fractionDigits <= 12 && (fractionDigits <= 6 || magnitude >= 1) {
            self.labelStyle = .fixed(fractionDigits: fractionDigits)
        } else {
            self.labelStyle = .scientific
        }
    }

    /// The value of tick `i` (0 ..< tickCount), formed from its integer multiple of the step
    /// (no accumulated drift). O(1).
    public func tick(at i: Int) -> Double {
        niceStep.multiple(firstMultiple + Double(i))
    }

    /// The label of tick `i` in this axis' `labelStyle`: `fixed` gives e.g. `101.25` with
    /// `fractionDigits` digits; `scientific` gives e.g. `1.5e307`, `2e-12`, `0`. O(1), no allocation.
    public func label(at i: Int) -> LabelText {
        let value = tick(at: i)
        switch labelStyle {
        case .fixed(let digits):
            return ValueLabel.fixed(value, fractionDigits: digits)
        case .compact(let exponent, let digits):
            return Self.compact(value, exponent: exponent, fractionDigits: digits)
        case .scientific:
            if value == 0 { return "0" }
            // Enough mantissa digits to reach the step's decimal place.
            let digits = decimalExponent(Swift.abs(value)) - niceStep.exponent + 1
            return ValueLabel.scientific(value, significantDigits: Swift.min(Swift.max(digits, 1), 15))
        }
    }

    /// `value` in units of 10^`exponent` with `fractionDigits` digits and the exponent's
    /// suffix: `compact(1_203_500_000, exponent: 9, fractionDigits: 4)` is `1.2035B`. O(1), no
    /// allocation.
    public static func compact(_ value: Double, exponent: Int, fractionDigits: Int) -> LabelText {
        var text = ValueLabel.fixed(value / (exponent >= 12 ? 1e12 : exponent >= 9 ? 1e9 : 1e6), fractionDigits: fractionDigits)
        text.append(LabelStyle.suffix(ofExponent: exponent))
        return text
    }

    /// Where a value sits on the axis: 0 at `lower`, 1 at `upper` (clamped to ±1e307 first;
    /// NaN gives NaN). Multiply by the plot height for a pixel offset. O(1).
    public func fraction(of value: Double) -> Double {
        (ValueSanitizer.clampForScale(value) - lower) / (upper - lower)
    }

    /// The ticks as a non-allocating sequence of values.
    public var ticks: Ticks { Ticks(scale: self) }

    /// The ticks of a `NiceScale`, computed on demand (no storage, no allocation).
    public struct Ticks: Sequence, IteratorProtocol, Sendable {
        @usableFromInline let scale: NiceScale
        @usableFromInline var index = 0

        @usableFromInline init(scale: NiceScale) { self.scale = scale }

        /// The next tick value, or nil after the last. O(1).
        public mutating func next() -> Double? {
            guard index < scale.tickCount else { return nil }
            defer { index += 1 }
            return scale.tick(at: index)
        }

        /// Exactly `tickCount`.
        public var underestimatedCount: Int { scale.tickCount - index }
    }
}
