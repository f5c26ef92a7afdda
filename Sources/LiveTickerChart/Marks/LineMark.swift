import LiveTickerRender

/// A series' ticks as an anti-aliased line through the points downsampled to the plot width
/// (LTTB by default), NaN values lifting the pen. O(plot width) per frame.
public struct LineMark: ChartMark {
    /// The series drawn.
    public let series: Int

    /// A line through series `series`.
    public init(series: Int) {
        self.series = series
        inputs = [MarkInput(series: series, need: .line)]
    }

    public let inputs: [MarkInput]
    public var stage: ChartStage { .lines }

    public func draw(_ context: MarkContext, into framebuffer: Framebuffer) {
        let (xs, ys) = context.data.series(series).linePixels
        guard !xs.isEmpty else { return }
        context.rasterizer.strokePolyline(
            xs: xs, ys: ys, width: context.lineWidth(ofSeries: series), color: context.color(ofSeries: series),
            clip: context.clip, into: framebuffer)
    }
}
