/// The opaque bottom layer of a plot: a plain background crossed by crisp 1-px grid lines and
/// framed by a 1-px outline, painted (together with an optional area fill) by
/// ``Rasterizer/paint(_:clip:into:)``.
///
/// Where marks cross, the later layer wins, as if drawn in this order: background, horizontal
/// grid lines, vertical grid lines, outline (the first and last rows and columns of the clip).
///
/// The line positions are framebuffer coordinates; lines outside the clip are ignored. The
/// arrays are only read, so a caller that keeps them (`removeAll(keepingCapacity: true)` and
/// refill) paints every frame without allocating.
public struct PlotBackdrop: Sendable {
    /// The plot's background colour.
    public var background: RGBColor
    /// The colour of the grid lines.
    public var gridColor: RGBColor
    /// Rows (y) of horizontal grid lines.
    public var gridRows: [Int]
    /// Columns (x) of vertical grid lines.
    public var gridColumns: [Int]
    /// The colour of the outline, or nil for none.
    public var outline: RGBColor?
    /// Columns beside the plot, in its rows, filled in the same pass (a chart's margins), or
    /// nil for none.
    public var surround: PlotSurround?

    /// Creates a backdrop; with no lines, no outline and no surround it is a plain fill. O(1).
    public init(
        background: RGBColor, gridColor: RGBColor, gridRows: [Int] = [], gridColumns: [Int] = [],
        outline: RGBColor? = nil, surround: PlotSurround? = nil
    ) {
        self.background = background
        self.gridColor = gridColor
        self.gridRows = gridRows
        self.gridColumns = gridColumns
        self.outline = outline
        self.surround = surround
    }
}

/// The columns `minX ..< maxX` (framebuffer coordinates, around the clip's) of a plot's rows
/// that the plot's row pass fills with `color` left and right of the clip, each row in one go
/// with the plot's own part of it.
///
/// Why: filled in a pass of their own before the plot (as a frame around it), every row was
/// visited twice, its two short ends first; from a framebuffer that other work had pushed out of
/// the caches, that took 0.60 ms at 1080p where whole rows took 0.26 (a C test on a Zen 4 VM).
public struct PlotSurround: Sendable, Equatable {
    /// The colour beside the plot.
    public var color: RGBColor
    /// First column filled, at or left of the clip's first.
    public var minX: Int
    /// One past the last column filled, at or right of the clip's end.
    public var maxX: Int

    /// Creates a surround over the columns `minX ..< maxX`. O(1).
    public init(color: RGBColor, minX: Int, maxX: Int) {
        self.color = color
        self.minX = minX
        self.maxX = maxX
    }
}
