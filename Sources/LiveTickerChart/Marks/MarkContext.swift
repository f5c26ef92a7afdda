import LiveTickerCore
import LiveTickerRender
import LiveTickerScales

/// What a frame gathered from the chart's series, for marks to read: per series its newest
/// tick, visible ticks and candles, and its line downsampled to pixels. Valid during the frame
/// it is handed out for; holds no copies (O(1) to make and pass).
public struct ChartFrameData {
    let chart: LiveTickerChart

    /// Whether x is in candle slots (some mark reads candles) rather than time.
    public var usesCandleSlots: Bool { chart.usesCandleSlots }
    /// The visible window's first time, ns since the epoch.
    public var windowStart: Int64 { chart.frame.windowStart }
    /// The visible window's last time, ns since the epoch.
    public var windowEnd: Int64 { chart.frame.windowEnd }
    /// Candle slots across the plot (candle-slot charts).
    public var slotCount: Int { chart.frame.slotCount }
    /// Number of series in the chart.
    public var seriesCount: Int { chart.scratch.count }

    /// The frame's view of series `index`. O(1).
    public func series(_ index: Int) -> SeriesFrame {
        SeriesFrame(scratch: chart.scratch[index], slotBase: chart.frame.slotCount &- chart.scratch[index].visibleCandles.count)
    }
}

/// One series as this frame sees it. Buffers are the chart's scratch: read them during the
/// frame only.
public struct SeriesFrame {
    let scratch: SeriesScratch
    /// Slot of the first visible candle.
    let slotBase: Int

    /// The newest tick held, if any.
    public var newest: Tick? { scratch.newest }
    /// Ticks in the visible window (counted, not necessarily copied).
    public var visibleTickCount: Int { scratch.visibleTicks.count }
    /// The visible candles, oldest first (empty unless the chart uses candle slots).
    public var candles: UnsafeBufferPointer<Candle> {
        UnsafeBufferPointer(rebasing: scratch.candles[scratch.visibleCandles])
    }
    /// Every candle copied this frame, oldest first: the visible ones are
    /// ``visibleCandleRange`` of it, older ones warm up moving averages.
    public var copiedCandles: UnsafeBufferPointer<Candle> {
        UnsafeBufferPointer(rebasing: scratch.candles[0..<scratch.copiedCandleCount])
    }
    /// Where the visible candles sit in ``copiedCandles``.
    public var visibleCandleRange: Range<Int> { scratch.visibleCandles }
    /// The slot (x in candle units from the plot's left edge) of visible candle `i`. O(1).
    public func slot(ofCandle i: Int) -> Int { slotBase &+ i }
    /// The series' line as drawn: kept points in pixels, NaN where the pen lifts (empty
    /// unless a mark reads the series' line).
    public var linePixels: (xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>) {
        (
            UnsafeBufferPointer(rebasing: scratch.pixelXs[0..<scratch.keptCount]),
            UnsafeBufferPointer(rebasing: scratch.pixelYs[0..<scratch.keptCount])
        )
    }

    /// The indices into ``linePixels`` of the points ``linePixels(near:reach:)`` gives, for a
    /// mark that must see their neighbours too. O(log points).
    public func linePixelIndices(near scissor: PixelRect, reach: Double) -> Range<Int> {
        scratch.keptPoints(near: scissor, reach: reach)
    }

    /// The part of ``linePixels`` a pass storing only inside `scissor` (the framebuffer's)
    /// needs for a solid stroke whose pen stores up to `reach` px beside its points (its width
    /// is safe) or a fill (`reach` 0): every segment near the scissor's columns whole, the rest
    /// left out (all of it when x turns back; none when the scissor is empty). Over the slice
    /// such a pass stores, inside the scissor, the bytes it stores over the whole line; a
    /// partial frame's narrow pass then walks a few points instead of all. Dashes (whose phase
    /// runs from the first point) and curves through the points (whose tangents read the
    /// neighbours) need ``linePixels``. O(log kept points × the longest run of gap markers),
    /// no allocation.
    public func linePixels(near scissor: PixelRect, reach: Double) -> (xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>) {
        let range = scratch.keptPoints(near: scissor, reach: reach)
        return (UnsafeBufferPointer(rebasing: scratch.pixelXs[range]), UnsafeBufferPointer(rebasing: scratch.pixelYs[range]))
    }

    /// Widens `extent` by the visible ticks' values (exact, also on the summary path). O(1).
    public func includeTickValues(into extent: inout ValueExtent) {
        extent.include(scratch.tickExtent.min)
        extent.include(scratch.tickExtent.max)
    }

    /// Widens `extent` by the visible drawable candles' highs and lows. O(1).
    public func includeCandleValues(into extent: inout ValueExtent) {
        extent.include(scratch.candleExtent.min)
        extent.include(scratch.candleExtent.max)
    }
}

/// Everything a mark draws with: the frame's data, the pane's geometry (the one time↔pixel
/// and value↔pixel mapping, in candle slots too), the theme, font, the shared scratch
/// rasteriser and the clip. O(1) to make; nothing in it allocates.
public struct MarkContext {
    let chart: LiveTickerChart
    /// The frame's series data.
    public let data: ChartFrameData
    /// The pane's mapping between data and pixels.
    public let geometry: ChartGeometry
    /// Where the mark may draw (the pane's plot).
    public let clip: PixelRect

    init(chart: LiveTickerChart, geometry: ChartGeometry) {
        self.chart = chart
        self.data = ChartFrameData(chart: chart)
        self.geometry = geometry
        self.clip = geometry.layout.plot
    }

    /// The chart's colours.
    public var theme: ChartTheme { chart.options.theme }
    /// The anti-aliasing rasteriser, shared by every mark and panel of the frame.
    public var rasterizer: Rasterizer { chart.rasterizer }
    /// The label font.
    public var font: BitmapFont { chart.font }
    /// The integer scale labels are drawn at.
    public var textScale: Int { chart.textScale }
    /// The label glyphs every text of the frame is drawn with (rasterised at chart creation).
    public var glyphs: GlyphAtlas { chart.glyphs }
    /// Colour of series `index`: its style's, else the theme's for its index.
    public func color(ofSeries index: Int) -> RGBColor { chart.seriesColor(index) }
    /// Pen width of series `index`: its style's, else the chart's.
    public func lineWidth(ofSeries index: Int) -> Double { chart.seriesStyles[index].lineWidth ?? chart.options.lineWidth }
    /// The dash pattern of series `index`'s line (nil: solid), for a pen of `width`. O(1).
    public func dash(ofSeries index: Int, width: Double) -> DashPattern? { chart.seriesDash(index, lineWidth: width) }
    /// Width of one candle slot in pixels.
    public var slotPixels: Double { Double(clip.width) / Double(max(1, chart.frame.slotCount)) }
    /// Pixel column through the middle of slot `slot`. O(1).
    public func column(ofSlot slot: Int) -> Int {
        PixelRect.snap(geometry.pixelX(Double(slot) + 0.5) - 0.5)
    }
    /// Pixel row of `value` (clamped for the scale) as a crisp 1-px line. O(1).
    public func row(ofValue value: Double) -> Int {
        PixelRect.snap(geometry.pixelY(ValueSanitizer.clampForScale(value)) - 0.5)
    }
    /// Draws `text` at (`x`, `y`) in the chart's font, clipped to `clip`; returns the x after it.
    @discardableResult
    public func drawText(_ text: LabelText, x: Int, y: Int, color: RGBColor, into framebuffer: Framebuffer) -> Int {
        chart.drawText(text, x: x, y: y, color: color, clip: clip, into: framebuffer)
    }
}
