import LiveTickerScales

/// A pane's automatic value domain kept from frame to frame with hysteresis, so a live chart's
/// value axis stands still while the data moves inside it.
///
/// Fitting every frame to the exact range in view moves the axis whenever an extreme enters or
/// leaves the window: on a 60 s window of a busy feed that is several times a second, and each
/// time every label and every pixel of the plot moves (a whole frame to draw and to copy to the
/// panel, and an axis that never settles when read from across a room). Instead:
/// - the first frame, and the first after ``reset()``, fits the data (the frame a one-shot
///   render or a replay's picture gets);
/// - the domain is kept while the data stays inside it;
/// - a side the data leaves moves past it by ``headroom`` of the fitted span, so the next new
///   extremes land inside;
/// - it narrows (fits again, with headroom) only once the data has used less than
///   ``narrowingUse`` of it for ``narrowingDelay`` of data time (at once when no tick carries
///   a time), so an extreme scrolling out of view does not rescale at once.
/// A side pinned at zero (``Pane/Scale/includingZero``) stays on zero. O(1) per frame.
struct SteadyValueDomain {
    /// Share of the fitted span added beyond a side the data leaves.
    static let headroom = 0.15
    /// Share of the domain's span at either edge that data inside it still counts as leaving
    /// it by: a line drawn on the edge row would lose half its stroke.
    static let edgeMargin = 0.01
    /// Below this share of the domain used by the data, the domain narrows (after the delay).
    static let narrowingUse = 0.5
    /// How long, in data time, the data must use too little of the domain before it narrows.
    static let narrowingDelay: Int64 = 10_000_000_000

    private(set) var lower = 0.0
    private(set) var upper = 1.0
    /// False before the first fit and after ``reset()``: the next frame fits the data.
    private(set) var isSet = false
    /// When the domain, used too little by the data, narrows.
    private var narrowing = NarrowingDelay(delay: narrowingDelay)

    /// Forgets the kept domain: the next frame fits its data. O(1).
    mutating func reset() {
        isSet = false
        narrowing.cancel()
    }

    /// The domain to draw this frame given the `fitted` one (the data's range padded as the
    /// pane's scale pads it, and the data's range itself), the newest tick time in view
    /// (`.min`: none carries a time) and whether the lower side is pinned at zero. The data
    /// leaves the domain when it comes within ``edgeMargin`` of an edge. O(1).
    mutating func steady(fitted: FittedDomain, newest: Int64, lowerPinnedAtZero: Bool) -> (Double, Double) {
        let span = fitted.upper - fitted.lower
        guard isSet, span > 0, span.isFinite, upper > lower else { return fit(fitted, headroom: 0, pinned: lowerPinnedAtZero) }
        let extra = span * Self.headroom
        let margin = (upper - lower) * Self.edgeMargin
        var widened = false
        if fitted.dataLower < lower + margin, !(lowerPinnedAtZero && fitted.lower == 0 && lower == 0) {
            lower = Self.lowerSide(fitted, extra: extra, pinned: lowerPinnedAtZero)
            widened = true
        }
        if fitted.dataUpper > upper - margin {
            upper = ValueSanitizer.clampForScale(fitted.upper + extra)
            widened = true
        }
        if widened || fitted.dataUpper - fitted.dataLower >= Self.narrowingUse * (upper - lower) {
            narrowing.cancel()
        } else if narrowing.shouldNarrow(newest: newest) {
            return fit(fitted, headroom: Self.headroom, pinned: lowerPinnedAtZero)
        }
        return (lower, upper)
    }

    /// The lower side `extra` below the fitted one, or zero when it is pinned there. O(1).
    private static func lowerSide(_ fitted: FittedDomain, extra: Double, pinned: Bool) -> Double {
        pinned && fitted.lower == 0 ? 0 : ValueSanitizer.clampForScale(fitted.lower - extra)
    }

    /// Takes `fitted` widened by `headroom` of its span on each side not pinned at zero.
    private mutating func fit(_ fitted: FittedDomain, headroom: Double, pinned: Bool) -> (Double, Double) {
        let extra = (fitted.upper - fitted.lower) * headroom
        lower = Self.lowerSide(fitted, extra: extra, pinned: pinned)
        upper = ValueSanitizer.clampForScale(fitted.upper + extra)
        if !(upper > lower) || !extra.isFinite { (lower, upper) = (fitted.lower, fitted.upper) }
        isSet = true
        narrowing.cancel()
        return (lower, upper)
    }
}

/// A value domain fitted to one frame's data: the range drawn (`lower…upper`, the data padded
/// as the pane's scale pads it) and the data's own range inside it, both in the scale's units.
struct FittedDomain: Equatable {
    var lower: Double
    var upper: Double
    var dataLower: Double
    var dataUpper: Double
}
