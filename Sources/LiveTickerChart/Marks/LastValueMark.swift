import LiveTickerRender

/// For each of its series with a finite newest value: a dashed line across the plot at that
/// value and a tag in the value strip showing it exactly (unclamped, full precision), in the
/// series colour. Axis labels keep clear of the tags. O(series) per frame.
public struct LastValueMark: ChartMark {
    /// Drawn from its inputs alone, so a frame may redraw only what changed.
    public var redrawsChangesOnly: Bool { true }
    /// The series tagged.
    public let series: [Int]

    /// Tags for `series`.
    public init(series: [Int]) {
        self.series = series
        inputs = series.map { MarkInput(series: $0, need: .newest) }
    }

    public let inputs: [MarkInput]

    public func draw(_ context: MarkContext, into framebuffer: Framebuffer) {
        context.chart.drawLastValues(of: series, context.geometry, into: framebuffer)
    }
}
