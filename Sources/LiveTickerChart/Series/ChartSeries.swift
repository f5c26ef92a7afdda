import LiveTickerRender

/// One series a chart shows: a stable id (what marks and config files name it by), the title
/// in the panel's header, how it is drawn, and the storage it is read from.
public struct ChartSeries {
    /// Stable name of the series (e.g. `acme` or `boiler.temperature`).
    public var id: String
    /// Name shown in the header (e.g. the symbol); may change later through
    /// ``LiveTickerChart/setTitle(_:forSeries:)``.
    public var title: String
    /// Colour and pen of the series' marks.
    public var style: SeriesStyle
    /// Where the ticks and candles come from (a ``LiveSeries`` or an app's own storage).
    public var source: any ChartSource

    /// A series read from `source`. O(1).
    public init(id: String, title: String = "", style: SeriesStyle = SeriesStyle(), source: any ChartSource) {
        self.id = id
        self.title = title
        self.style = style
        self.source = source
    }
}

/// How a series is drawn: nil fields take the theme's (the colour of the series' index in the
/// theme's palette, the chart's line width).
public struct SeriesStyle: Sendable, Hashable {
    /// Colour of its lines, area and last-value tag; nil: the theme's colour for its index.
    public var color: RGBColor?
    /// Pen width of its lines in pixels; nil: ``ChartOptions/lineWidth``.
    public var lineWidth: Double?

    /// A style; by default everything comes from the theme and options.
    public init(color: RGBColor? = nil, lineWidth: Double? = nil) {
        self.color = color
        self.lineWidth = lineWidth
    }
}
