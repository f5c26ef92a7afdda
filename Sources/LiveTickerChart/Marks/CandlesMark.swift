import LiveTickerCore
import LiveTickerRender
import LiveTickerScales

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

    /// The rows between either candle's highest and lowest price (open, high, low and close:
    /// a candle read from a file need not be consistent), a pixel wider each way for the
    /// rounding to rows and the 1-px minimum body and wick; a candle with a non-finite field
    /// draws nothing. nil when a price has no row (a logarithmic scale below zero).
    public func rowsChanged(byCandle old: Candle, becoming new: Candle, in geometry: ChartGeometry) -> RowSpan? {
        var rows = RowSpan()
        func includePrice(_ value: Double) {
            rows.include(geometry.pixelY(ValueSanitizer.clampForScale(value)), margin: 1)
        }
        func includeCandle(_ candle: Candle) {
            guard candle.isDrawable else { return }
            includePrice(candle.open)
            includePrice(candle.high)
            includePrice(candle.low)
            includePrice(candle.close)
        }
        includeCandle(old)
        includeCandle(new)
        return rows.isKnown ? rows : nil
    }
}
