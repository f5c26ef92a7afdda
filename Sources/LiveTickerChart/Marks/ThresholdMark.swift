import LiveTickerRender
import LiveTickerScales

/// Horizontal alarm lines at fixed values across the plot, each labelled with its value at
/// the left, in the theme's threshold colour (or `color`). They do not widen the value scale:
/// a threshold far from the data is off the plot, not squeezing it, and its value is written
/// at the edge it lies beyond (`86 (above)`). O(values) per frame.
public struct ThresholdMark: ChartMark {
    /// Drawn from its inputs alone, so a frame may redraw only what changed.
    public var redrawsChangesOnly: Bool { true }
    /// The values marked.
    public var values: [Double]
    /// Line and label colour; nil: the theme's threshold colour.
    public var color: RGBColor?

    /// Lines at `values`.
    public init(values: [Double], color: RGBColor? = nil) {
        self.values = values
        self.color = color
    }

    public let inputs: [MarkInput] = []

    public func includeValues(_ data: ChartFrameData, into extent: inout ValueExtent) {}

    public func draw(_ context: MarkContext, into framebuffer: Framebuffer) {
        context.chart.drawThresholds(values, color: color ?? context.theme.threshold, context.geometry, into: framebuffer)
    }
}
