import LiveTickerCore
import LiveTickerRender
import LiveTickerScales

/// Something a pane draws: a line, candles, a band… A new kind of mark is a new type
/// conforming to this protocol; the chart itself never changes for it. The built-in marks
/// (``LineMark``, ``AreaMark``, ``CandlesMark``, ``VolumeMark``, ``MovingAverageMark``,
/// ``ThresholdMark``, ``BandMark``, ``LastValueMark``) go through it too.
///
/// Each frame the pane first asks every mark what values it shows
/// (``includeValues(_:into:)``, for auto scales), then draws the marks in order through
/// ``draw(_:into:)`` with the pane's geometry, font, the chart's rasteriser and clip.
///
/// Marks must not allocate while drawing: take scratch memory in ``prepare(plotWidth:)``,
/// which the chart calls when it is built (and when it is rebuilt for another size).
public protocol ChartMark {
    /// The series (indices into the chart's ``LiveTickerChart/series``) this mark reads and
    /// what it reads of each. The chart gathers exactly that per frame. Read once, at init.
    var inputs: [MarkInput] { get }
    /// The series whose area fill this mark is, painted with the plot background in the
    /// same pass (a cost the background pays anyway); nil for every other mark (the default).
    var areaSeries: Int? { get }
    /// The outline an area fill follows over its series' kept points `xs`/`ys` (pixels), when
    /// the line is not drawn straight between them (a step or a curve); nil (the default): the
    /// points joined straight. Must not allocate once ``prepare(plotWidth:)`` has run, but for
    /// a frame with more points than any before.
    func areaOutline(xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>)
        -> (xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>)?
    /// Which Bench stage the mark's drawing time counts in (default ``ChartStage/overlays``).
    var stage: ChartStage { get }
    /// Reserves scratch memory for a plot `plotWidth` pixels wide (default: nothing).
    mutating func prepare(plotWidth: Int)
    /// Widens `extent` by the values this mark shows, for the pane's auto value scale.
    /// The default includes the visible ticks of every input series (and their visible
    /// candles' highs and lows when the chart places data in candle slots).
    func includeValues(_ data: ChartFrameData, into extent: inout ValueExtent)
    /// Draws the mark, clipped to `context.clip`. Must not allocate.
    func draw(_ context: MarkContext, into framebuffer: Framebuffer)
    /// Whether the chart may redraw only the changed part of the plot under this mark
    /// (``LiveTickerChart/drawChanges(into:)``): true promises that the mark's pixels depend
    /// only on the pane's geometry and what its ``inputs`` read, with a `.line` input drawn
    /// within its series' pen width of the line's points, a `.candles` input within its
    /// candles' slots (and the line from the previous candle), and a `.newest` input as at most
    /// one row across the plot at the newest value plus tags in the value strip. Default false:
    /// a chart with the mark draws every frame whole.
    var redrawsChangesOnly: Bool { get }
    /// The rows (pixels, `top` to `bottom`, in `geometry`'s pane) this mark can store to when
    /// one candle it reads changes from `old` to `new` in the same slot, with scales and
    /// layout unchanged; an empty span when it draws neither. Returning rows
    /// promises that the mark draws a candle only within its slot's body width, so a partial
    /// frame redraws just that box. nil (the default): not known, and the candle's columns
    /// are redrawn from the plot's top to its bottom, and from the previous candle on (a line
    /// through the candles). O(1).
    func rowsChanged(byCandle old: Candle, becoming new: Candle, in geometry: ChartGeometry) -> RowSpan?
}

extension ChartMark {
    public var areaSeries: Int? { nil }
    public func areaOutline(xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>)
        -> (xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>)?
    {
        nil
    }
    public var stage: ChartStage { .overlays }
    public mutating func prepare(plotWidth: Int) {}
    public var redrawsChangesOnly: Bool { false }
    public func rowsChanged(byCandle old: Candle, becoming new: Candle, in geometry: ChartGeometry) -> RowSpan? {
        nil
    }

    /// The visible ticks of the input series, and their visible candles in candle-slot charts.
    public func includeValues(_ data: ChartFrameData, into extent: inout ValueExtent) {
        for input in inputs {
            let series = data.series(input.series)
            series.includeTickValues(into: &extent)
            if data.usesCandleSlots { series.includeCandleValues(into: &extent) }
        }
    }
}

/// One series a mark reads and what of it.
public struct MarkInput: Sendable, Hashable {
    /// What a mark reads of a series.
    public enum Need: Sendable, Hashable {
        /// Its visible ticks, downsampled to the plot width (``SeriesFrame/linePixels``).
        case line
        /// Its visible candles; any mark needing candles puts the chart's x axis in candle
        /// slots (each candle one slot, lines placed inside their candles' slots).
        case candles
        /// Only its newest tick and value range.
        case newest
    }

    /// Index of the series in the chart.
    public let series: Int
    /// What is read.
    public var need: Need

    /// `need` of series `series`.
    public init(series: Int, need: Need) {
        self.series = series
        self.need = need
    }
}

/// The Bench's stage buckets a mark's drawing time falls in.
public enum ChartStage: Sendable, Hashable {
    /// Candles and bars.
    case candles
    /// Series lines.
    case lines
    /// Everything drawn over the data (thresholds, bands, tags).
    case overlays
}
