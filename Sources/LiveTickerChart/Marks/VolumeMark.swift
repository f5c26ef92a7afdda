import LiveTickerCore
import LiveTickerRender
import LiveTickerScales

/// Volume bars of one series' candles by slot, from 0 up to each candle's volume, as wide as
/// the candle bodies and coloured by the candle's direction (the theme's up colour when the
/// close is at or above the open, down otherwise) at `alpha`. Its values are 0 and the
/// largest visible volume: put it in a pane of its own with ``Pane/Scale/includingZero``.
/// O(visible candles) per frame.
public struct VolumeMark: ChartMark {
    /// Drawn from its inputs alone, so a frame may redraw only what changed.
    public var redrawsChangesOnly: Bool { true }
    /// The series whose candle volumes are drawn.
    public let series: Int
    /// Opacity of the bars (0–255).
    public let alpha: UInt8
    public let inputs: [MarkInput]

    /// Volume bars of series `series`.
    public init(series: Int, alpha: UInt8 = 200) {
        self.series = series
        self.alpha = alpha
        inputs = [MarkInput(series: series, need: .candles)]
    }

    public var stage: ChartStage { .candles }

    public func includeValues(_ data: ChartFrameData, into extent: inout ValueExtent) {
        let candles = data.series(series).candles
        guard !candles.isEmpty else { return }
        extent.include(0)
        for candle in candles where candle.isDrawable { extent.include(candle.volume) }
    }

    public func draw(_ context: MarkContext, into framebuffer: Framebuffer) {
        let frame = context.data.series(series)
        let candles = frame.candles
        guard !candles.isEmpty else { return }
        let bodyWidth = max(1, Int(max(2, 0.6 * context.slotPixels)))
        let base = PixelRect.snap(context.geometry.pixelY(0))
        for i in 0..<candles.count {
            let candle = candles[i]
            guard candle.isDrawable, candle.volume > 0 else { continue }
            let color = candle.close >= candle.open ? context.theme.up : context.theme.down
            let x = context.column(ofSlot: frame.slot(ofCandle: i))
            let top = min(base &- 1, PixelRect.snap(context.geometry.pixelY(ValueSanitizer.clampForScale(candle.volume))))
            let left = x &- (bodyWidth &- 1) / 2
            framebuffer.fill(
                PixelRect(minX: left, minY: top, maxX: left &+ bodyWidth, maxY: base), color: color, alpha: alpha,
                clip: context.clip)
        }
    }

    /// The rows from the taller bar's top (either candle's volume; the colour follows the
    /// close, so the whole bar changes) down to zero, a pixel wider each way for the rounding;
    /// a candle with a non-finite field or no volume draws nothing. nil when a row is unknown.
    public func rowsChanged(byCandle old: Candle, becoming new: Candle, in geometry: ChartGeometry) -> RowSpan? {
        let base = geometry.pixelY(0)
        guard !base.isNaN else { return nil }
        var rows = RowSpan()
        func includeBar(_ candle: Candle) {
            guard candle.isDrawable, candle.volume > 0 else { return }
            rows.include(geometry.pixelY(ValueSanitizer.clampForScale(candle.volume)), margin: 1)
            rows.include(base, margin: 1)
        }
        includeBar(old)
        includeBar(new)
        return rows.isKnown ? rows : nil
    }
}
