import LiveTickerScales

/// One band of a panel: marks drawn over a plot with its own value scale. The panes of a
/// panel are stacked top to bottom and share its time axis (the same x mapping, in candle
/// slots too); only the bottom one labels it.
public struct Pane {
    /// How a pane maps values to its height.
    public enum Scale: Sendable, Hashable {
        /// The range of what the marks show, padded by 6 % so lines never touch the edges.
        /// From frame to frame the range is kept while the data stays inside it, and moves
        /// with headroom when the data leaves it (see ``LiveTickerChart/resetLayoutHistory()``).
        case auto
        /// Exactly `lower…upper` (swapped if reversed; a degenerate range is widened).
        case fixed(lower: Double, upper: Double)
        /// The marks' range stretched to include 0, with 0 on the edge (no padding beyond
        /// it): volume bars, counts, levels that start at zero.
        case includingZero
        /// Log₁₀ of the positive values, padded like ``auto`` in decades; values ≤ 0 are
        /// gaps. Labels sit on 1-2-5 steps of each decade.
        case logarithmic
    }

    /// The marks, drawn in order.
    public var marks: [any ChartMark]
    /// The value scale.
    public var scale: Scale
    /// Share of the panel's height (relative to the other panes' weights; > 0).
    public var weight: Double

    /// A pane drawing `marks` on `scale`, `weight` high relative to its neighbours.
    public init(marks: [any ChartMark], scale: Scale = .auto, weight: Double = 1) {
        self.marks = marks
        self.scale = scale
        self.weight = weight.isFinite && weight > 0 ? weight : 1
    }
}

/// What one frame decided for one pane: its value domain, scale and geometry.
struct PaneFrame {
    var hasData = false
    var valueLower = 0.0
    var valueUpper = 1.0
    var logarithmic = false
    var valueScale: NiceScale?
    /// The pane's first and last-plus-one pixel rows (its share of the plot band).
    var rows = (0, 0)
    var geometry = ChartGeometry(
        layout: ChartLayout(width: 1, height: 1, textHeight: 1, valueLabelWidth: 1), x: (0, 1), y: (0, 1))
}
