import LiveTickerCore
import LiveTickerDownsampling
import LiveTickerRender
import LiveTickerScales

/// Draws one or more ``LiveSeries`` as a whole frame, in one pass, into a ``Framebuffer``.
///
/// Each frame, in a fixed order: background, grid and area fill (painted in one pass), then
/// the panes' marks in order (by default series lines, then candles over them so a busy line
/// never hides a body, then overlays: thresholds, last-value line and tag), axis labels, the
/// crosshair and the header. Every mark is clipped to
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
    /// The series drawn, in the order marks name them by index.
    public let series: [ChartSeries]
    /// The panes stacked top to bottom, sharing the time axis. In each, the marks are drawn
    /// in order after the plot background (and the pane's first area fill, painted with it)
    /// and before the axis labels; the crosshair and header come last.
    public let panes: [Pane]
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
    /// The time span shown. Starts as ``ChartOptions/window``; an app may change it between
    /// frames (zoom out to a day, pan to a fixed range, back to following the newest ten
    /// minutes); the next frame is then drawn whole and ``viewVersion`` grows, so a
    /// ``Dashboard`` redraws the panel. O(1).
    public var window: ChartOptions.Window = .everything {
        didSet {
            guard window != oldValue else { return }
            drawn.valid = false
            viewVersion &+= 1
            // A new view is laid out anew: its first frame may narrow the strip at once, and
            // fits the value domains to what it shows.
            stripNarrowsAtOnce = true
            for index in steadyDomains.indices { steadyDomains[index].reset() }
        }
    }
    /// Grows by one at every change of ``window``: what a scene compares, with the sources'
    /// versions and the crosshair, to tell whether the chart needs drawing.
    public private(set) var viewVersion: UInt64 = 0
    /// Decimals the header's values and the last-value tags show, e.g. the decimals a price file
    /// writes its closes with (2 for a Yahoo export); nil (the default) takes the most any
    /// series' last value needs, at most 6. Values of a million or more stay compact (`1.23M`).
    /// May change between frames. At most 10 are used.
    public var dataDecimals: Int?
    /// A status word shown in the header (e.g. "disconnected" while a network feed is down);
    /// set it with ``setBadge(_:)``.
    var badgeBytes: [UInt8] = []
    /// ``ChartOptions/caption`` as label text, made once.
    let captionBytes: [UInt8]

    let font: BitmapFont
    let textScale: Int
    /// Every label's glyphs, rasterised when the chart was made (TrueType through FreeType, or
    /// ``font`` at ``textScale``); frames only read it.
    let glyphs: GlyphAtlas
    let rasterizer: Rasterizer
    /// Upright frame when the panel is rotated; nil when no rotation is needed.
    let rotationBuffer: Framebuffer?
    var scratch: [SeriesScratch]
    /// Each series' source and style, index for index with ``series`` (read per frame without
    /// copying the `ChartSeries` values).
    let sources: [any ChartSource]
    let seriesStyles: [SeriesStyle]
    /// Whether some mark reads candles: x is then in candle slots, not time.
    let usesCandleSlots: Bool
    /// Most candles the ladder puts across the plot (``ChartOptions/automaticCandles``): 150,
    /// or fewer on a narrow panel, so a slot stays about 6 px wide (a 400-px plot: 66).
    let ladderMaxCandles: Int
    /// Per series: whether a mark reads it at all, and whether one reads its line.
    let readsSeries: [Bool]
    let readsLine: [Bool]
    /// Per pane: the series of its first area mark, painted with the backdrop.
    let areaSeries: [Int?]
    /// Per pane, the mark whose area is painted (its ``ChartMark/areaOutline(xs:ys:)``).
    let areaMarks: [(any ChartMark)?]
    /// Per series: the pane whose geometry its line is mapped with (the first reading it).
    let linePane: [Int]
    var frame = FrameState()
    /// Per pane, this frame's domain and geometry (written in place: no allocation).
    var paneFrames: [PaneFrame]
    /// Per pane, the automatic value domain kept across frames with hysteresis.
    var steadyDomains: [SteadyValueDomain]
    /// Whether the pane being drawn labels the time axis (only the bottom one does).
    var labelsTimeAxis = true
    /// This frame's grid lines (framebuffer rows and columns); capacity kept between frames.
    var gridRows: [Int] = []
    var gridColumns: [Int] = []
    /// This frame's time labels (left and right pixel), for collision tests; capacity kept.
    var timeLabelSpans: [(left: Int, right: Int)] = []
    /// This frame's time-axis ticks over the plot columns ``timeTicksColumns`` (nil until
    /// walked: each frame starts without), walked once and read by the grid, the labels and
    /// every part of a partial frame; capacity kept between frames.
    var timeTicks: [TimeAxisTick] = []
    var timeTicksColumns: Range<Int>?
    /// Width of the value strip's labels, kept between frames for hysteresis (see makeGeometry).
    var valueStripWidth = 0
    /// When the value strip, wider than its labels need, narrows: once they have fit a
    /// narrower strip for ``stripNarrowingDelay`` of data time.
    var stripNarrowing = NarrowingDelay(delay: stripNarrowingDelay)
    /// How long, in data time, the labels must fit a narrower strip before it narrows: a
    /// live value whose digits come and go (a sensor's float, a price printed at its shortest)
    /// otherwise flipped the strip and the plot's width every few frames, each flip a whole
    /// frame and a visible jump of the plot.
    static let stripNarrowingDelay: Int64 = 10_000_000_000
    /// Whether the next frame narrows the strip without the delay (after a change of
    /// ``window``, which draws the frame whole anyway).
    var stripNarrowsAtOnce = false
    /// This frame's last-value tags, in row order (series indices); capacity: the series count.
    var tagOrder: [Int] = []
    /// How far the backdrop of the frame under way has got (``paintBackdropRows(_:into:in:)``).
    var backdropCursor = BackdropCursor()
    /// The stage clock between ``beginFrame(into:in:changesOnly:)`` and
    /// ``finishWholeFrame(into:in:)``.
    var frameClock = StageClock(enabled: false)

    /// Rectangles (framebuffer coordinates) the last draw stored to: the chart's whole rectangle
    /// after a whole frame, else the parts ``drawChanges(into:)`` redrew. Capacity kept.
    public internal(set) var damage: [PixelRect] = []
    /// What the last frame drew, for ``drawChanges(into:)`` to compare with.
    var drawn = DrawnFrame()
    /// Where this frame's header holds text and badges: laid out once a frame, by the damage
    /// (a partial frame) or by the header's drawing (a whole one), and kept for the next.
    var headerExtent = HeaderExtent(itemsEnd: 0, rightStart: 0)
    /// Whether every mark declares ``ChartMark/redrawsChangesOnly`` (else every frame is whole).
    let marksRedrawChangesOnly: Bool
    /// The widest pen of any line (series, moving averages), for how far a changed point reaches.
    let penReach: Double
    /// Per series: whether its line is drawn only solid and straight, so that a frame redraws
    /// just around its changed segments (see `LiveTickerChart+Damage`).
    let localLine: [Bool]
    /// Whether a line joins the candles (a moving average): a changed candle then changes the
    /// line from the candle before it.
    let linesThroughCandles: Bool
    /// How many last-value tags the marks ask for, over all panes (one: a partial frame redraws
    /// the value strip only around it, see `LiveTickerChart+Damage`).
    let lastValueTagCount: Int
    /// The pane and series of the one last-value line a partial frame moves by save-under
    /// (``LastValueUnderlay``), nil when the marks do not allow it: a single series whose only
    /// ``LastValueMark`` is its pane's last mark (so nothing of the frame is drawn over its
    /// row in the plot: axis labels, tags and the header lie outside it, and a frame with a
    /// crosshair is drawn whole), upright.
    let lastValueUnderlayMark: (pane: Int, series: Int)?
    /// The pixels under that line in the last frame.
    var lastValueUnderlay: LastValueUnderlay
    /// Set while a partial frame's passes run: the last-value line is left out of them and
    /// drawn after, over its saved row (``redrawLastValueLine(into:removed:)``).
    var defersLastValueLine = false
    /// This frame's changed boxes (pixels: columns from, to, rows from, to), while the damage
    /// is worked out; capacity kept.
    var changedSpans: [(Double, Double, Double, Double)] = []
    /// The plot's columns (spans are cut to them) and how close two spans join, this frame.
    var spanBounds = (0.0, 0.0, 0.0)
    var spanGap = 16.0
    /// How often the changed boxes overflowed their room and were joined (this chart's life).
    var compactions = 0

    /// Forgets what earlier frames decided for the layout (the value strip's width and the
    /// panes' automatic value domains, both kept with hysteresis), so the next frame depends on
    /// the data alone: a replay's final frame on a display then equals the one a file output of
    /// the same data gets. O(panes).
    public func resetLayoutHistory() {
        valueStripWidth = 0
        stripNarrowing.cancel()
        for index in steadyDomains.indices { steadyDomains[index].reset() }
    }

    /// Creates a chart of `series` for a `width × height` panel, drawing `marks` (nil: the
    /// marks ``ChartOptions`` describes, see ``defaultMarks(seriesCount:options:)``).
    ///
    /// - Parameter font: the bitmap font for labels; the built-in font by default (a PSF2
    ///   console font loaded with ``BitmapFont/psf2(_:)`` also works).
    /// - Parameter glyphs: anti-aliased label glyphs rasterised beforehand (e.g. a TrueType
    ///   font through `LiveTickerFreeType`); used instead of `font` when given.
    /// - Parameter rasterizer: the anti-aliasing scratch to draw with; charts drawn one after
    ///   another into the same framebuffer may share one (sized for it), holding one coverage
    ///   mask, not one each. nil makes one for this chart. (A ``Dashboard`` shares one among
    ///   panels one above another; panels side by side get their own, since it stores their
    ///   backgrounds row by row together, each pass in its rasteriser's scratch.)
    /// - Cost: allocates the per-frame scratch once: O(panel width + candle capacity)
    ///   per series plus O(width × height) for the rasteriser when none is given.
    public convenience init(
        series: [ChartSeries], marks: [any ChartMark]? = nil, width: Int, height: Int,
        options: ChartOptions = ChartOptions(), font: BitmapFont = .builtin, glyphs: GlyphAtlas? = nil,
        rasterizer: Rasterizer? = nil
    ) {
        self.init(
            series: series, panes: [Pane(marks: marks ?? Self.defaultMarks(seriesCount: series.count, options: options))],
            width: width, height: height, options: options, font: font, glyphs: glyphs, rasterizer: rasterizer)
    }

    /// Creates a panel of `series` for a `width × height` rectangle: `panes` stacked top to
    /// bottom (by their weights) under one header, sharing one time axis labelled under the
    /// bottom pane. A series' line is mapped with the first pane that reads it.
    /// Same cost as ``init(series:marks:width:height:options:font:glyphs:rasterizer:)``.
    public init(
        series: [ChartSeries], panes: [Pane], width: Int, height: Int,
        options: ChartOptions = ChartOptions(), font: BitmapFont = .builtin, glyphs: GlyphAtlas? = nil,
        rasterizer: Rasterizer? = nil
    ) {
        precondition(width >= 1 && height >= 1, "a chart needs at least one pixel")
        self.series = series
        self.width = width
        self.height = height
        self.options = options
        self.font = font
        let logical = options.rotation.logicalSize(width: width, height: height)
        let scale = options.textScale ?? max(1, min(logical.width, logical.height) / 720)
        self.textScale = scale
        self.glyphs = glyphs ?? GlyphAtlas(bitmap: font, scale: scale)
        self.rasterizer = rasterizer ?? Rasterizer(width: logical.width, height: logical.height)
        self.rotationBuffer =
            options.rotation == .none ? nil : Framebuffer(width: logical.width, height: logical.height)
        self.sources = series.map(\.source)
        self.seriesStyles = series.map(\.style)
        var panes = panes.isEmpty ? [Pane(marks: [])] : panes
        for p in panes.indices {
            for i in panes[p].marks.indices { panes[p].marks[i].prepare(plotWidth: logical.width) }
        }
        self.panes = panes
        var reads = [Bool](repeating: false, count: series.count)
        var lines = reads
        var linePane = [Int](repeating: 0, count: series.count)
        var slots = false
        var tags = 0
        for (p, pane) in panes.enumerated().reversed() {
            for mark in pane.marks {
                for input in mark.inputs where series.indices.contains(input.series) {
                    reads[input.series] = true
                    if input.need == .newest { tags &+= 1 }
                    switch input.need {
                    case .line:
                        lines[input.series] = true
                        linePane[input.series] = p
                    case .candles: slots = true
                    case .newest: break
                    }
                }
            }
        }
        self.readsSeries = reads
        self.readsLine = lines
        self.linePane = linePane
        self.usesCandleSlots = slots
        self.lastValueTagCount = tags
        // The plot takes about 85 % of the width (the value strip the rest).
        self.ladderMaxCandles = max(20, min(150, logical.width * 85 / 100 / 6))
        // A pane's first area mark, when it fills under one of the chart's series.
        self.areaMarks = panes.map { pane in
            pane.marks.first { $0.areaSeries != nil }.flatMap { series.indices.contains($0.areaSeries!) ? $0 : nil }
        }
        self.areaSeries = areaMarks.map { $0?.areaSeries }
        self.paneFrames = [PaneFrame](repeating: PaneFrame(), count: panes.count)
        self.steadyDomains = [SteadyValueDomain](repeating: SteadyValueDomain(), count: panes.count)
        self.scratch = series.map {
            SeriesScratch(source: $0.source, plotWidth: logical.width, algorithm: options.algorithm, keepsCandles: slots)
        }
        var redraws = true
        var reach = 1.0
        var throughCandles = false
        for pane in panes {
            for mark in pane.marks {
                redraws = redraws && mark.redrawsChangesOnly
                if let average = mark as? MovingAverageMark {
                    reach = Swift.max(reach, average.lineWidth)
                    throughCandles = true
                }
            }
        }
        for style in series.map(\.style) { reach = Swift.max(reach, style.lineWidth ?? options.lineWidth) }
        // A series whose line is drawn only solid and straight (line marks, its area fill)
        // changes only near its changed segments.
        var local = [Bool](repeating: true, count: series.count)
        for index in series.indices where options.dashesSeries && index > 0 { local[index] = false }
        for pane in panes {
            for mark in pane.marks {
                for input in mark.inputs where input.need == .line && series.indices.contains(input.series) {
                    let straight =
                        (mark as? LineMark).map { $0.interpolation == .linear } ?? (mark as? AreaMark).map { $0.interpolation == .linear }
                        ?? false
                    if !straight { local[input.series] = false }
                }
            }
        }
        self.localLine = local
        var underlayMark: (pane: Int, series: Int)?
        if series.count == 1, tags == 1, options.rotation == .none {
            for (p, pane) in panes.enumerated() {
                if let last = pane.marks.last as? LastValueMark, last.series == [0] { underlayMark = (p, 0) }
            }
        }
        self.lastValueUnderlayMark = underlayMark
        self.lastValueUnderlay = LastValueUnderlay(width: underlayMark == nil ? 0 : logical.width)
        self.marksRedrawChangesOnly = redraws
        self.linesThroughCandles = throughCandles
        self.penReach = reach.isFinite ? Swift.min(reach, 4096) : 4096
        drawn.tagRows = [Int](repeating: .min, count: panes.count &* series.count)
        drawn.panes = [PaneFrame](repeating: PaneFrame(), count: panes.count)
        damage.reserveCapacity(16)
        changedSpans.reserveCapacity(4096)
        for (index, one) in series.enumerated() { scratch[index].titleBytes = LabelEncoding.encode(one.title) }
        self.captionBytes = LabelEncoding.encode(options.caption ?? "")
        self.crosshair = options.crosshair
        self.window = options.window
        gridRows.reserveCapacity(256)
        gridColumns.reserveCapacity(256)
        timeLabelSpans.reserveCapacity(256)
        timeTicks.reserveCapacity(256)
        tagOrder.reserveCapacity(max(1, series.count))
    }

    /// Creates a chart of live series drawn as ``ChartOptions`` says (the one-panel shorthand
    /// of the command line): series `i` gets the id `"i"` and no title until
    /// ``setTitle(_:forSeries:)``. Same cost as the designated initialiser.
    public convenience init(
        series: [LiveSeries], width: Int, height: Int, options: ChartOptions = ChartOptions(), font: BitmapFont = .builtin,
        glyphs: GlyphAtlas? = nil
    ) {
        self.init(
            series: series.enumerated().map { ChartSeries(id: String($0.offset), source: $0.element) },
            width: width, height: height, options: options, font: font, glyphs: glyphs)
    }

    /// The marks ``ChartOptions`` describes, in drawing order: an area under series 0 (line
    /// modes with ``ChartOptions/areaFill``), a line per series (line modes), candles of
    /// series 0 (candle modes: several candle sets on one axis cannot be read; over the lines
    /// in ``ChartOptions/Kind/both``, so a busy line never hides a body), the thresholds, and
    /// a last-value tag per series.
    public static func defaultMarks(seriesCount: Int, options: ChartOptions) -> [any ChartMark] {
        var marks: [any ChartMark] = []
        guard seriesCount > 0 else { return marks }
        if options.kind != .candles, options.areaFill { marks.append(AreaMark(series: 0)) }
        if options.kind != .candles {
            for index in 0..<seriesCount { marks.append(LineMark(series: index)) }
        }
        if options.kind != .line { marks.append(CandlesMark(series: 0)) }
        if !options.thresholds.isEmpty { marks.append(ThresholdMark(values: options.thresholds)) }
        marks.append(LastValueMark(series: Array(0..<seriesCount)))
        return marks
    }

    /// Draws the current state of every series into `framebuffer`, which must be the panel
    /// size given at init. O(visible ticks + pixels); allocates nothing.
    public func draw(into framebuffer: Framebuffer) {
        draw(into: framebuffer, changesOnly: false)
    }

    /// Draws the current state into `framebuffer` like ``draw(into:)``, but when this chart
    /// drew the last frame into the same framebuffer, only what changed since: the header, the
    /// value strip, the plot's columns from the first one whose data changed to the right edge
    /// and the rows its last-value lines left and moved to. Each of those rectangles is drawn by
    /// the whole frame's code, stored only inside it, so the framebuffer ends byte for byte as
    /// a whole frame would leave it; ``damage`` lists them (what a display must copy). A frame
    /// whose layout, scales, x mapping, crosshair or stale state moved, the first one into a
    /// framebuffer, one after ``invalidate()``, a rotated chart's and one with a mark that does
    /// not declare ``ChartMark/redrawsChangesOnly`` are drawn whole.
    /// O(visible ticks + pixels redrawn); allocates nothing.
    public func drawChanges(into framebuffer: Framebuffer) {
        draw(into: framebuffer, changesOnly: true)
    }

    /// ``drawChanges(into:)`` into `rect` of `framebuffer` (a panel of a wall), with the
    /// preconditions of ``draw(into:in:)``.
    public func drawChanges(into framebuffer: Framebuffer, in rect: PixelRect) {
        precondition(rect.width == width && rect.height == height, "rectangle size differs from the chart's")
        precondition(rect.intersection(framebuffer.bounds) == rect, "rectangle outside the framebuffer")
        precondition(rotationBuffer == nil, "a chart drawn into a rectangle must be upright")
        drawUpright(into: framebuffer, in: rect, changesOnly: true)
    }

    /// Makes the next ``drawChanges(into:)`` draw the whole frame (call it when something else
    /// wrote into the framebuffer). O(1).
    public func invalidate() {
        drawn.valid = false
    }

    func draw(into framebuffer: Framebuffer, changesOnly: Bool) {
        precondition(framebuffer.width == width && framebuffer.height == height, "framebuffer size differs from the chart's")
        guard let upright = rotationBuffer else {
            drawUpright(into: framebuffer, in: framebuffer.bounds, changesOnly: changesOnly)
            return
        }
        // Rotated: the upright frame is drawn and turned whole.
        drawUpright(into: upright, in: upright.bounds)
        drawn.valid = false
        damage.removeAll(keepingCapacity: true)
        damage.append(framebuffer.bounds)
        let start = measuresStages ? ChartStageTimes.now() : 0
        options.rotation.apply(from: upright, to: framebuffer)
        if measuresStages { stageTimes.rotation = ChartStageTimes.now() &- start }
    }

    /// Draws the current state into `rect` of `framebuffer` (a panel of a wall sharing one
    /// framebuffer); nothing outside `rect` is written. `rect` must have the chart's size and
    /// lie inside the framebuffer; the chart must be upright (a wall turns as a whole).
    /// O(visible ticks + pixels of `rect`); allocates nothing.
    public func draw(into framebuffer: Framebuffer, in rect: PixelRect) {
        precondition(rect.width == width && rect.height == height, "rectangle size differs from the chart's")
        precondition(rect.intersection(framebuffer.bounds) == rect, "rectangle outside the framebuffer")
        precondition(rotationBuffer == nil, "a chart drawn into a rectangle must be upright")
        drawUpright(into: framebuffer, in: rect)
    }

    /// Sets the name shown in the header for series `index` (e.g. its symbol). Copies the
    /// text once; call it when the name becomes known, not per frame.
    public func setTitle(_ title: String, forSeries index: Int) {
        scratch[index].titleBytes = LabelEncoding.encode(title)
    }

    /// Colour of series `index`: its style's, else the theme's for its index.
    func seriesColor(_ index: Int) -> RGBColor {
        seriesStyles[index].color ?? options.theme.seriesColor(index)
    }

    /// The whole one-pass frame into `rect` of an upright framebuffer; with `changesOnly`, only
    /// the rectangles that changed since the last frame this chart drew into the same
    /// framebuffer and rectangle (see ``drawChanges(into:)``), when it can tell. Sets ``damage``.
    func drawUpright(into fb: Framebuffer, in rect: PixelRect, changesOnly: Bool = false) {
        guard beginFrame(into: fb, in: rect, changesOnly: changesOnly) else { return }
        paintBackdropRows(rect.minY..<rect.maxY, into: fb, in: rect)
        finishWholeFrame(into: fb, in: rect)
    }

    /// The first part of a frame into `rect` of an upright framebuffer: gathers the visible
    /// data and the geometry, then, with `changesOnly` and when the frame can be drawn in part,
    /// draws those parts and returns false. True means the whole frame is left to draw: its
    /// backdrop, ``paintBackdropRows(_:into:in:)`` over every row of `rect` in order (a wall
    /// interleaves its panels' rows), then ``finishWholeFrame(into:in:)``. Sets ``damage``.
    /// O(visible ticks), plus the partial frame's pixels; allocates nothing.
    func beginFrame(into fb: Framebuffer, in rect: PixelRect, changesOnly: Bool) -> Bool {
        var clock = StageClock(enabled: measuresStages)
        stageTimes = ChartStageTimes()
        // The last frame's points and candles become the drawn ones (`recordDrawnFrame` keeps
        // the rest of what it was drawn from).
        for s in scratch { s.retireDrawnFrame() }
        timeTicksColumns = nil
        collectVisibleData()
        makeGeometries(frame: rect)
        lastGeometry = paneFrames[0].geometry
        stageTimes.collect = clock.lap()

        for index in scratch.indices where readsLine[index] {
            prepareLine(of: index, paneFrames[linePane[index]].geometry)
            scratch[index].noteKeptOrder()
        }
        stageTimes.downsample = clock.lap()

        damage.removeAll(keepingCapacity: true)
        // Whether the last frame left the pixels under its last-value line (held only until
        // this frame decides: a whole frame saves them anew).
        let underlaid = lastValueUnderlayMark != nil && lastValueUnderlay.current
        lastValueUnderlay.current = false
        if changesOnly && collectDamage(into: fb, in: rect, lastValueLineUnderlaid: underlaid) {
            // Each damaged rectangle through the same drawing code as a whole frame, stored
            // only inside it (the framebuffer's scissor), so its pixels are the whole frame's.
            // The last-value line is taken away first and drawn after, over its new row.
            let saved = fb.scissor
            let removed = underlaid ? lastValueUnderlay.restore(into: fb) : .empty
            defersLastValueLine = underlaid
            for r in damage {
                fb.scissor = saved.intersection(r)
                paintBackdropRows(rect.minY..<rect.maxY, into: fb, in: rect)
                stageTimes.background &+= clock.lap()
                paintMarks(into: fb, in: rect, clock: &clock)
            }
            fb.scissor = saved
            defersLastValueLine = false
            if underlaid { redrawLastValueLine(into: fb, removed: removed) }
            recordDrawnFrame(fb, rect)
            return false
        }
        damage.append(rect)
        // ``drawLastValues(of:_:into:)`` saves what its line covers (a crosshair is drawn
        // over it: none then).
        lastValueUnderlay.forget()
        lastValueUnderlay.current = lastValueUnderlayMark != nil && crosshair == nil
        frameClock = clock
        return true
    }

    /// The rest of a whole frame begun by ``beginFrame(into:in:changesOnly:)`` once its
    /// backdrop is stored: marks, labels, crosshair, header. O(visible points + labels).
    func finishWholeFrame(into fb: Framebuffer, in rect: PixelRect) {
        var clock = frameClock
        stageTimes.background &+= clock.lap()
        paintMarks(into: fb, in: rect, clock: &clock)
        recordDrawnFrame(fb, rect)
    }

    /// Everything a frame stores over its backdrop, in order: each pane's marks and labels,
    /// then the crosshair and the header.
    func paintMarks(into fb: Framebuffer, in rect: PixelRect, clock: inout StageClock) {
        let first = paneFrames[0].geometry
        // State one pass of the marks leaves for the labels (the tags' rows), reset so that
        // every pass sees what a single whole frame sees.
        for s in scratch { s.tagRect = .empty }
        let scissor = fb.scissor
        @inline(__always) func reaches(_ region: PixelRect) -> Bool { !region.intersection(scissor).isEmpty }
        // A layer whose region misses the scissor stores nothing: skipped (a partial frame's
        // pass over one damaged rectangle then costs only what reaches it).
        for pane in panes.indices {
            selectPane(pane)
            let geometry = paneFrames[pane].geometry
            let layout = geometry.layout
            // Marks draw into the plot and the value strip (tags), which the labels then avoid.
            let marksReach = reaches(layout.plot) || reaches(layout.valueAxis)
            let context = MarkContext(chart: self, geometry: geometry)
            for mark in panes[pane].marks where marksReach {
                mark.draw(context, into: fb)
                let spent = clock.lap()
                switch mark.stage {
                case .candles: stageTimes.candles &+= spent
                case .lines: stageTimes.lines &+= spent
                case .overlays: stageTimes.overlays &+= spent
                }
            }
            labelsTimeAxis = pane == panes.count &- 1
            if reaches(layout.valueAxis) || reaches(layout.timeAxis) {
                drawAxisLabels(geometry, into: fb)
                if paneFrames[pane].logarithmic { drawLogLabels(geometry, into: fb) }
            }
            stageTimes.labels &+= clock.lap()
        }
        selectPane(0)
        labelsTimeAxis = true
        if !frame.hasData, reaches(first.layout.plot) { drawNoData(first.layout.plot, into: fb) }
        drawCrosshair(first, into: fb)
        if options.showsHeader, reaches(first.layout.header) { headerExtent = drawHeader(first, into: fb) }
        stageTimes.labels &+= clock.lap()
    }

    /// The geometry pane `index` was drawn with in the last frame (nil before the first frame
    /// or for a pane that does not exist). O(1).
    public func geometry(ofPane index: Int) -> ChartGeometry? {
        guard lastGeometry != nil, paneFrames.indices.contains(index) else { return nil }
        return paneFrames[index].geometry
    }

    /// Makes pane `index`'s value domain and scale the ones the grid and value labels use.
    func selectPane(_ index: Int) {
        frame.valueLower = paneFrames[index].valueLower
        frame.valueUpper = paneFrames[index].valueUpper
        frame.valueScale = paneFrames[index].valueScale
        frame.logarithmic = paneFrames[index].logarithmic
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
