import LiveTickerRender

/// The regions of a chart frame, in pixels: everything that draws is clipped to one of them.
///
/// ```
/// ┌──────────────────────────────────────────┐
/// │ header: symbol, last value, change       │
/// ├───────────────────────────────┬──────────┤
/// │                               │ value    │
/// │ plot                          │ axis     │
/// │                               │ labels   │
/// ├───────────────────────────────┼──────────┘
/// │ time axis labels              │
/// └───────────────────────────────┘
/// ```
/// The value axis sits on the right, where a trader's eye expects the last price.
public struct ChartLayout: Sendable, Hashable {
    /// The whole frame.
    public var frame: PixelRect
    /// Annotation strip above the plot (title, last value, change, counts).
    public var header: PixelRect
    /// Where data is drawn.
    public var plot: PixelRect
    /// Value labels, right of the plot.
    public var valueAxis: PixelRect
    /// Time labels, below the plot.
    public var timeAxis: PixelRect

    /// Lays out a `width × height` frame for text `textHeight` pixels tall whose widest
    /// value label is `valueLabelWidth` pixels. O(1).
    ///
    /// Degenerate sizes (a frame smaller than the strips) give an empty plot rather than a
    /// negative one, so drawing into it is a no-op instead of a crash.
    public init(width: Int, height: Int, textHeight: Int, valueLabelWidth: Int) {
        let margin = max(4, textHeight / 2)
        frame = PixelRect(x: 0, y: 0, width: width, height: height)
        let headerHeight = textHeight + 2 * margin
        let timeAxisHeight = textHeight + 2 * margin
        let valueAxisWidth = valueLabelWidth + 2 * margin
        let plotMinX = margin
        let plotMinY = headerHeight
        let plotMaxX = max(plotMinX, width - valueAxisWidth)
        let plotMaxY = max(plotMinY, height - timeAxisHeight)
        header = PixelRect(minX: 0, minY: 0, maxX: width, maxY: min(height, headerHeight))
        plot = PixelRect(minX: plotMinX, minY: plotMinY, maxX: plotMaxX, maxY: plotMaxY)
        valueAxis = PixelRect(minX: plotMaxX, minY: plotMinY, maxX: width, maxY: plotMaxY)
        timeAxis = PixelRect(minX: 0, minY: plotMaxY, maxX: width, maxY: height)
    }
}
