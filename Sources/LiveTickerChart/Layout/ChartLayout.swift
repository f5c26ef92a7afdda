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
    /// A frame too small for a strip gives the plot its room: no value axis where its labels
    /// would be wider than the plot (a 120×80 sparkline, a small wall cell: the labels left a
    /// plot of a few pixels), no time axis where the plot would be under two text lines tall. Degenerate sizes give an empty plot rather than a negative
    /// one, so drawing into it is a no-op instead of a crash.
    public init(width: Int, height: Int, textHeight: Int, valueLabelWidth: Int) {
        self.init(frame: PixelRect(x: 0, y: 0, width: width, height: height), textHeight: textHeight, valueLabelWidth: valueLabelWidth)
    }

    /// Lays out the chart drawn into `frame` (a panel's rectangle of a larger framebuffer):
    /// the same regions as ``init(width:height:textHeight:valueLabelWidth:)``, offset to the
    /// rectangle's corner. O(1).
    public init(frame: PixelRect, textHeight: Int, valueLabelWidth: Int) {
        let margin = max(4, textHeight / 2)
        self.frame = frame
        let (left, top, right, bottom) = (frame.minX, frame.minY, frame.maxX, frame.maxY)
        let headerHeight = textHeight + 2 * margin
        let timeAxisHeight = textHeight + 2 * margin
        let valueAxisWidth = valueLabelWidth + 2 * margin
        let plotMinX = left + margin
        let plotMinY = top + headerHeight
        var plotMaxX = max(plotMinX, right - valueAxisWidth)
        var plotMaxY = max(plotMinY, bottom - timeAxisHeight)
        // Each strip is dropped on its own: the time axis by the height alone, so the plot's
        // rows never depend on the value labels' width.
        let keepsValueAxis = plotMaxX - plotMinX >= valueAxisWidth
        let keepsTimeAxis = plotMaxY - plotMinY >= 2 * textHeight
        if !keepsValueAxis { plotMaxX = max(plotMinX, right - margin) }
        if !keepsTimeAxis { plotMaxY = max(plotMinY, bottom - margin) }
        header = PixelRect(minX: left, minY: top, maxX: right, maxY: min(bottom, top + headerHeight))
        plot = PixelRect(minX: plotMinX, minY: plotMinY, maxX: plotMaxX, maxY: plotMaxY)
        valueAxis = PixelRect(minX: keepsValueAxis ? plotMaxX : right, minY: plotMinY, maxX: right, maxY: plotMaxY)
        timeAxis = PixelRect(minX: left, minY: keepsTimeAxis ? plotMaxY : bottom, maxX: right, maxY: bottom)
    }
}
