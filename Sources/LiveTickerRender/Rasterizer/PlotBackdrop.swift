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

    /// Creates a backdrop; with no lines and no outline it is a plain fill. O(1).
    public init(
        background: RGBColor, gridColor: RGBColor, gridRows: [Int] = [], gridColumns: [Int] = [],
        outline: RGBColor? = nil
    ) {
        self.background = background
        self.gridColor = gridColor
        self.gridRows = gridRows
        self.gridColumns = gridColumns
        self.outline = outline
    }
}
