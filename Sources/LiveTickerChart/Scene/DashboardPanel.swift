/// One panel of a ``Dashboard``: where it sits in the grid, the series it reads, its panes
/// (stacked, sharing the time axis) and its options (window, theme, algorithm, header…).
public struct DashboardPanel {
    /// Cells covered.
    public var place: GridPlace
    /// The series its marks name by index.
    public var series: [ChartSeries]
    /// Panes top to bottom.
    public var panes: [Pane]
    /// Window, theme, downsampling, text scale, header and time zone of the panel.
    public var options: ChartOptions

    /// A panel at `place`.
    public init(place: GridPlace, series: [ChartSeries], panes: [Pane], options: ChartOptions = ChartOptions()) {
        self.place = place
        self.series = series
        self.panes = panes
        self.options = options
    }
}
