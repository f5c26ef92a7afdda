/// A dash pattern along a line: up to two dashes and their gaps, in pixels, repeated from the
/// line's start (dash, gap, dash, gap). A dash of length 0 is a dot (a round pen draws it
/// as one). The one piece of code every dashed line goes through: the crosshair's and the
/// last-value lines (straight, ``forEachDash(length:phase:_:)``) and dashed series strokes
/// (``Rasterizer/strokePolyline(xs:ys:width:color:alpha:dash:clip:into:)``).
///
/// A plain value; walking it allocates nothing.
public struct DashPattern: Sendable, Hashable {
    /// First dash (pixels, ≥ 0).
    public var on1: Double
    /// First gap.
    public var off1: Double
    /// Second dash.
    public var on2: Double
    /// Second gap.
    public var off2: Double

    /// Dashes of `on` pixels with `off`-pixel gaps. O(1).
    public init(on: Double, off: Double) {
        self.init(on, off, on, off)
    }

    /// Dash `on1`, gap `off1`, dash `on2`, gap `off2` (a dash-dot: `(6, 3, 0, 3)`), each
    /// clamped to ≥ 0; a pattern whose gaps are both 0 is solid. O(1).
    public init(_ on1: Double, _ off1: Double, _ on2: Double, _ off2: Double) {
        func clean(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 0 }
        self.on1 = clean(on1)
        self.off1 = clean(off1)
        self.on2 = clean(on2)
        self.off2 = clean(off2)
    }

    /// Length of one repeat. O(1).
    public var period: Double { on1 + off1 + on2 + off2 }

    /// Whether the pattern draws the whole line (no gap). O(1).
    public var isSolid: Bool { off1 + off2 <= 0 }

    /// Every length times `factor` (a pattern made for a 1-px pen, widened for a thicker one
    /// or a high-DPI panel). O(1).
    public func scaled(by factor: Double) -> DashPattern {
        DashPattern(on1 * factor, off1 * factor, on2 * factor, off2 * factor)
    }

    /// Calls `body(from, to)` for each dash on a run of `length` pixels that starts `phase`
    /// pixels into the pattern (0 at a line's start), with `from ≤ to` measured from the run's
    /// start (`from == to` is a dot), and returns the phase at the run's end, so a polyline
    /// carries the pattern across its vertices. Runs are half-open: a dash or dot exactly at
    /// the end belongs to the next run. A solid pattern (or one shorter than half a pixel)
    /// calls it once with the whole run. O(dashes on the run), no allocation.
    @inlinable
    @discardableResult
    public func forEachDash(length: Double, phase: Double = 0, _ body: (Double, Double) -> Void) -> Double {
        var dashes = Dashes(self, length: length, phase: phase)
        while let (from, to) = dashes.next() { body(from, to) }
        return dashes.endPhase
    }

    /// The dashes on one run, one at a time: the walk behind ``forEachDash(length:phase:_:)``,
    /// for loops that must not capture their state in a closure (the column sweep collects a
    /// dashed line's pieces this way: a closure's captured counters cost it a dynamic
    /// exclusivity check per dash). A plain value; O(1) per dash, no allocation.
    public struct Dashes: IteratorProtocol, Sendable {
        @usableFromInline let on1: Double
        @usableFromInline let gap1: Double
        @usableFromInline let on2: Double
        @usableFromInline let period: Double
        @usableFromInline var p: Double
        @usableFromInline var end: Double
        @usableFromInline var base = 0.0  // start of the repeat being walked
        @usableFromInline var second = false  // the repeat's second dash is next
        @usableFromInline var whole: Double?  // a solid walk: the run itself, once
        @usableFromInline var endPhaseStorage: Double
        /// The pattern's phase at the run's end (the `phase` the next run starts with).
        public var endPhase: Double { endPhaseStorage }

        /// The dashes of `pattern` on a run of `length` pixels starting `phase` pixels into it.
        @inlinable
        public init(_ pattern: DashPattern, length: Double, phase: Double = 0) {
            on1 = pattern.on1
            gap1 = pattern.off1
            on2 = pattern.on2
            period = pattern.period
            p = 0
            end = 0  // no dash unless the run has a length
            endPhaseStorage = phase
            guard length > 0, length.isFinite else { return }
            guard !pattern.isSolid, period >= 0.5 else {
                whole = length
                return
            }
            var start = phase.isFinite ? phase.truncatingRemainder(dividingBy: period) : 0
            if start < 0 { start += period }
            p = start
            end = start + length
            endPhaseStorage = end.truncatingRemainder(dividingBy: period)
        }

        /// The next dash as `(from, to)` from the run's start, or nil after the last.
        @inlinable
        public mutating func next() -> (Double, Double)? {
            if let length = whole {
                whole = nil
                return (0, length)
            }
            // Each dash of each repeat from the one holding `p`, clipped to [p, end).
            while base < end {
                let start: Double
                let dash: Double
                if second {
                    start = base + on1 + gap1
                    dash = on2
                    base += period
                } else {
                    start = base
                    dash = on1
                }
                second.toggle()
                if dash == 0 {
                    if start >= p && start < end { return (start - p, start - p) }
                } else if start < end && start + dash > p {
                    return (Swift.max(start, p) - p, Swift.min(start + dash, end) - p)
                }
            }
            return nil
        }
    }
}
