import LiveTickerRender

/// OHLC candles of one series by slot: a 1-px wick from low to high and a body from open to
/// close, `max(2, 0.6 × slot)` wide and at least 1 px tall, in the theme's up/down colours;
/// a candle with a non-finite field keeps its slot empty. Puts the chart in candle slots.
/// O(visible candles) per frame.
public struct CandlesMark: ChartMark {
    /// Drawn from its inputs alone, so a frame may redraw only what changed.
    public var redrawsChangesOnly: Bool { true }
    /// The series whose candles are drawn.
    public let series: Int

    /// Candles of series `series`.
    public init(series: Int) {
        self.series = series
        inputs = [MarkInput(series: series, need: .candles)]
    }

    public let inputs: [MarkInput]
    public var stage: ChartStage { .candles }

    public func draw(_ context: MarkContext, into framebuffer: Framebuffer) {
        context.chart.drawCandles(of: series, context.geometry, into: framebuffer)
    }
}
