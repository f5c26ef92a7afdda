import LiveTickerCore
import LiveTickerDownsampling
import LiveTickerRender
import LiveTickerScales

/// Draws one or more ``LiveSeries`` as a whole frame, in one pass, into a ``Framebuffer``.
///
/// Each frame, in a fixed order: background, grid and area fill (painted in one pass), candles, series lines (over the
/// candles, so a line stays readable across a body), overlays (thresholds, last-value line and
/// tag), axis labels, the crosshair and the header. Every mark is clipped to
/// its layout region (``ChartLayout``), and every data-to-pixel conversion goes through one
/// ``ChartGeometry``.
///
/// Per frame, for each series: the visible window of the history is copied out of the ring,
/// downsampled to the plot width (LTTB by default), mapped to pixels and stroked anti-aliased.
/// Non-finite values are gaps (never bridged); values are clamped to ±1e307 before they reach
/// a scale, while the labels show the true values.
///
/// Memory: every buffer a frame needs (tick and candle copies, coordinates, indices, the
/// rasteriser's coverage mask, the rotation buffer) is allocated in `init` for the given
/// frame size and series capacities, so drawing allocates nothing.
///
/// Threading: `draw(into:)` is the consumer side of each series' ring; call it from one
/// thread (the render loop) while producers append on theirs.
public final class LiveTickerChart {
    /// The series drawn, first one on top of the legend and with the area fill.
    public let series: [LiveSeries]
    /// The panel size the frame is presented at (before rotation).
    public let width: Int
    /// The panel height.
    public let height: Int
    /// What to draw and how.
    public let options: ChartOptions
    /// The geometry of the last frame drawn (for hit tests, crosshairs and tests).
    public private(set) var lastGeometry: ChartGeometry?
    /// When true, every frame records where its time went in ``stageTimes`` (for the Bench).
    public var measuresStages = false
    /// The last frame's per-stage times; zero unless ``measuresStages`` is on.
    public private(set) var stageTimes = ChartStageTimes()
    /// A time (ns since the epoch) marked by a crosshair: dashed lines through it and the first
    /// series' value there, with tags on both axes. Starts as ``ChartOptions/crosshair``; an
    /// app with a pointer or touch panel may change it between frames (map a pixel back with
    /// ``lastGeometry``). nil draws none.
    public var crosshair: Int64?
    /// A status word shown in the header (e.g. "disconnected" while a network feed is down);
    /// set it with ``setBadge(_:)``.
    var badgeBytes: [UInt8] = []

    let font: BitmapFont
    let textScale: Int
    let rasterizer: Rasterizer
    /// Upright frame when the panel is rotated; nil when no rotation is needed.
    let rotationBuffer: Framebuffer?
    var scratch: [SeriesScratch]
    var frame = FrameState()
    /// This frame's grid lines (framebuffer rows and columns); capacity kept between frames.
    var gridRows: [Int] = []
    var gridColumns: [Int] = []

    /// Creates a chart of `series` for a `width × height` panel.
    ///
    /// - Parameter font: the bitmap font for labels; the built-in font by default (a PSF2
    ///   console font loaded with ``BitmapFont/psf2(_:)`` also works).
    /// - Cost: allocates the per-frame scratch once: O(panel width + candle capacity)
    ///   per series plus O(width × height) for the rasteriser.
    public init(series: [LiveSeries], width: Int, height: Int, options: ChartOptions = ChartOptions(), font: BitmapFont = .builtin) {
        precondition(width >= 1 && height >= 1, "a chart needs at least one pixel")
        self.series = series
        self.width = width
        self.height = height
        self.options = options
        self.font = font
        let logical = options.rotation.logicalSize(width: width, height: height)
        self.textScale = options.textScale ?? max(1, min(logical.width, logical.height) / 720)
        self.rasterizer = Rasterizer(width: logical.width, height: logical.height)
        self.rotationBuffer =
            options.rotation == .none ? nil : Framebuffer(width: logical.width, height: logical.height)
        self.scratch = series.map { SeriesScratch(series: $0, plotWidth: logical.width, algorithm: options.algorithm) }
        self.crosshair = options.crosshair
        gridRows.reserveCapacity(256)
        gridColumns.reserveCapacity(256)
    }

    /// Draws the current state of every series into `framebuffer`, which must be the panel
    /// size given at init. O(visible ticks + pixels); allocates nothing.
    public func draw(into framebuffer: Framebuffer) {
        precondition(framebuffer.width == width && framebuffer.height == height, "framebuffer size differs from the chart's")
        guard let upright = rotationBuffer else {
            drawUpright(into: framebuffer)
            return
        }
        drawUpright(into: upright)
        let start = measuresStages ? ChartStageTimes.now() : 0
        options.rotation.apply(from: upright, to: framebuffer)
        if measuresStages { stageTimes.rotation = ChartStageTimes.now() &- start }
    }

    /// Sets the name shown in the header for series `index` (e.g. its symbol). Copies the
    /// text once; call it when the name becomes known, not per frame.
    public func setTitle(_ title: String, forSeries index: Int) {
        scratch[index].titleBytes = Array(title.utf8)
    }

    /// The whole one-pass frame into an upright framebuffer.
    func drawUpright(into fb: Framebuffer) {
        var clock = StageClock(enabled: measuresStages)
        stageTimes = ChartStageTimes()
        collectVisibleData()
        let geometry = makeGeometry(frameWidth: fb.width, frameHeight: fb.height)
        lastGeometry = geometry
        let layout = geometry.layout
        stageTimes.collect = clock.lap()

        if options.kind != .candles {
            for index in scratch.indices { prepareLine(of: index, geometry) }
        }
        stageTimes.downsample = clock.lap()

        // Each pixel is stored once: the frame around the plot, then the plot with its grid,
        // outline and area fill in one pass.
        fb.fill(fb.bounds, color: options.theme.background, around: layout.plot, clip: fb.bounds)
        paintPlot(geometry, into: fb)
        stageTimes.background = clock.lap()

        // Candles belong to the first series: several candle sets on one axis cannot be read.
        if options.kind != .line, !scratch.isEmpty {
            drawCandles(of: 0, geometry, into: fb)
        }
        stageTimes.candles = clock.lap()

        if options.kind != .candles {
            for index in scratch.indices { drawLine(of: index, geometry, into: fb) }
        }
        stageTimes.lines = clock.lap()

        drawThresholds(geometry, into: fb)
        drawLastValues(geometry, into: fb)
        stageTimes.overlays = clock.lap()

        drawAxisLabels(geometry, into: fb)
        drawCrosshair(geometry, into: fb)
        if options.showsHeader { drawHeader(geometry, into: fb) }
        stageTimes.labels = clock.lap()
    }
}

/// Laps of the stage clock; reads no clock when disabled, so an unmeasured frame pays nothing.
struct StageClock {
    let enabled: Bool
    var last: UInt64

    init(enabled: Bool) {
        self.enabled = enabled
        last = enabled ? ChartStageTimes.now() : 0
    }

    /// Nanoseconds since the previous lap (0 when disabled).
    mutating func lap() -> UInt64 {
        guard enabled else { return 0 }
        let now = ChartStageTimes.now()
        defer { last = now }
        return now &- last
    }
}
