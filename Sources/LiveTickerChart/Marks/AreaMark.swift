import LiveTickerRender

/// An alpha-blended fill between a series' line and the plot bottom, in the series colour at
/// the theme's area opacity; gaps stay empty. Painted in the same pass as the plot background
/// and grid (each plot pixel is stored once), so it costs almost nothing beyond the backdrop;
/// only the first area mark of a pane is painted.
public struct AreaMark: ChartMark {
    /// Drawn from its inputs alone, so a frame may redraw only what changed.
    public var redrawsChangesOnly: Bool { true }
    /// The series filled under.
    public let series: Int

    /// A fill under series `series`.
    public init(series: Int) {
        self.series = series
        inputs = [MarkInput(series: series, need: .line)]
    }

    public let inputs: [MarkInput]
    public var areaSeries: Int? { series }

    /// Nothing: the fill is painted with the backdrop.
    public func draw(_ context: MarkContext, into framebuffer: Framebuffer) {}
}
