import LiveTickerCore
import LiveTickerRender

/// A moving average of one series' candle closes, as a line through the slot centres: simple
/// (the mean of the last `period` closes) or exponential (α = 2 / (period + 1), seeded with
/// the first close). Candles held before the window warm it up; a candle without a finite
/// close is skipped (it neither resets nor moves the average). Puts the chart in candle slots.
/// O(held candles) per frame.
public struct MovingAverageMark: ChartMark {
    /// Drawn from its inputs alone, so a frame may redraw only what changed.
    public var redrawsChangesOnly: Bool { true }
    /// Which average.
    public enum Kind: Sendable, Hashable {
        /// Mean of the last `period` closes (drawn once `period` closes were seen).
        case simple(period: Int)
        /// Exponentially weighted, α = 2 / (period + 1).
        case exponential(period: Int)
    }

    /// The series whose candle closes are averaged.
    public let series: Int
    /// The average.
    public let kind: Kind
    /// Line colour; nil: the series' colour.
    public let color: RGBColor?
    /// Pen width in pixels.
    public let lineWidth: Double
    public let inputs: [MarkInput]
    private let scratch = PolylineScratch()
    private let window = PolylineScratch()

    /// A `kind` average over series `series`'s closes.
    public init(series: Int, kind: Kind, color: RGBColor? = nil, lineWidth: Double = 1.5) {
        self.series = series
        self.kind = kind
        self.color = color
        self.lineWidth = lineWidth
        inputs = [MarkInput(series: series, need: .candles)]
    }

    public var stage: ChartStage { .lines }

    public func draw(_ context: MarkContext, into framebuffer: Framebuffer) {
        let frame = context.data.series(series)
        let all = frame.copiedCandles
        let visible = frame.visibleCandleRange
        guard !visible.isEmpty else { return }
        Self.average(closes: all, kind: kind, into: window)
        scratch.reserve(visible.count)
        for i in visible {
            let value = window.ys[i]
            guard value.isFinite else { continue }
            let x = Double(context.column(ofSlot: frame.slot(ofCandle: i &- visible.lowerBound))) + 0.5
            scratch.append(x, context.geometry.pixelY(value))
        }
        context.rasterizer.strokePolyline(
            xs: scratch.pointsX, ys: scratch.pointsY, width: lineWidth, color: color ?? context.color(ofSeries: series),
            clip: context.clip, into: framebuffer)
    }

    /// The average after each candle of `candles` (NaN where none is drawn), for tests and
    /// for apps that show the figure elsewhere. Allocates the result.
    public static func values(of candles: UnsafeBufferPointer<Candle>, kind: Kind) -> [Double] {
        let out = PolylineScratch()
        average(closes: candles, kind: kind, into: out)
        return Array(UnsafeBufferPointer(rebasing: out.ys[0..<candles.count]))
    }

    /// The average after each candle of `candles` into `out.ys` (NaN before a simple average
    /// has `period` closes, and for candles without a finite close). O(candles).
    static func average(closes candles: UnsafeBufferPointer<Candle>, kind: Kind, into out: PolylineScratch) {
        out.reserve(2 &* candles.count &+ 1)
        out.count = candles.count
        switch kind {
        case .simple(let period):
            // `out.xs` holds the last `period` closes as a ring; each mean is summed afresh
            // from it (O(period) per candle, exact, no drift over long histories).
            let period = max(1, min(period, max(1, candles.count)))
            var seen = 0
            for i in 0..<candles.count {
                let close = candles[i].close
                guard close.isFinite, candles[i].isDrawable else {
                    out.ys[i] = .nan
                    continue
                }
                out.xs[seen % period] = close
                seen &+= 1
                guard seen >= period else {
                    out.ys[i] = .nan
                    continue
                }
                var sum = 0.0
                for k in 0..<period { sum += out.xs[k] }
                out.ys[i] = sum / Double(period)
            }
        case .exponential(let period):
            let alpha = 2 / (Double(max(1, period)) + 1)
            var average = Double.nan
            for i in 0..<candles.count {
                let close = candles[i].close
                guard close.isFinite, candles[i].isDrawable else {
                    out.ys[i] = .nan
                    continue
                }
                average = average.isFinite ? average + alpha * (close - average) : close
                out.ys[i] = average
            }
        }
    }
}
