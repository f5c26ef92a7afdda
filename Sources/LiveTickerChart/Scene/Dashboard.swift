import LiveTickerCore
import LiveTickerRender
import LiveTickerScales

/// A wall of panels in one framebuffer: a ``DashboardGrid`` of ``LiveTickerChart`` panels
/// (each a stack of panes sharing a time axis), an optional title strip, one display and one
/// pass per frame.
///
/// Only panels whose data or view changed are redrawn: each panel remembers the sum of its
/// sources' versions and its view's (its window; its crosshair, and whether it showed its stale badge) at its last draw, and ``draw(into:)`` repaints just
/// the panels where that moved, and within each only what changed since its last frame
/// (``LiveTickerChart/drawChanges(into:in:)``), reporting those rectangles in ``damage``
/// (what a display needs to copy). So one changing panel of a 2×2 wall costs at most about
/// a quarter of the frame. Panels redrawn whole store their backdrops row by row together,
/// left to right across the frame, then their marks and labels.
/// The framebuffer must therefore be the same one frame after frame; a different one (or
/// ``invalidate()``) repaints everything.
///
/// Memory: every panel's scratch, and a rasteriser for each set of panels one above another
/// (a 2×2 wall's two coverage masks hold half a frame), are allocated in `init`; drawing
/// allocates nothing.
///
/// Threading: like a chart, draw from one thread while producers append on theirs.
public final class Dashboard {
    /// Frame width in pixels.
    public let width: Int
    /// Frame height in pixels.
    public let height: Int
    /// The grid the panels are placed in.
    public let grid: DashboardGrid
    /// The panels, in the order given; nil where the frame is too small for the panel's cell.
    public let panels: [LiveTickerChart?]
    /// Each panel's rectangle (empty when its panel is nil).
    public let rects: [PixelRect]
    /// The title strip's rectangle (empty without a title).
    public let titleRect: PixelRect
    /// Rectangles written by the last ``draw(into:)``: the whole frame on a full repaint,
    /// else the changed panels'. Capacity kept between frames.
    public private(set) var damage: [PixelRect] = []

    let theme: ChartTheme
    let font: BitmapFont
    let titleBytes: [UInt8]
    /// The title strip's glyphs: the frame's TrueType text when a maker is given, else the
    /// bitmap font at the frame's scale.
    let titleGlyphs: GlyphAtlas
    var drawnVersions: [UInt64]
    var drawnCrosshairs: [Int64?]
    var drawnStale: [Bool]
    var lastFramebuffer: ObjectIdentifier?
    /// The panels' indices left to right (by first column), the order in which a row of the
    /// frame crosses them; and which panels this frame draws whole.
    let leftToRight: [Int]
    var drawsWhole: [Bool]
    var needsFullRepaint = true

    /// Lays out `panels` on `grid` in a `width × height` frame, under a title strip when
    /// `title` is given. Panels must be placed inside the grid (overlaps are the caller's to
    /// refuse: overlapping panels' pictures are undefined). Allocates every panel's scratch
    /// and the rasterisers (see ``rasterizers(for:)``).
    ///
    /// - Parameter glyphs: makes the label glyphs for a panel of the given size (and for the
    ///   title strip, with the frame's size), e.g. TrueType text through `LiveTickerFreeType`
    ///   sized to the panel, as a standalone chart of that size gets them; nil (or a nil
    ///   answer) draws `font`. Called once per distinct size, here, never per frame.
    public init(
        grid: DashboardGrid, panels: [DashboardPanel], width: Int, height: Int, title: String? = nil,
        theme: ChartTheme = .dark, font: BitmapFont = .builtin,
        glyphs: ((_ width: Int, _ height: Int) -> GlyphAtlas?)? = nil
    ) {
        precondition(width >= 1 && height >= 1, "a dashboard needs at least one pixel")
        self.width = width
        self.height = height
        self.grid = grid
        self.theme = theme
        self.font = font
        let scale = max(1, min(width, height) / 720)
        // One atlas per distinct size: the panels of a regular grid share theirs.
        var atlases: [Int: GlyphAtlas?] = [:]
        func atlas(_ w: Int, _ h: Int) -> GlyphAtlas? {
            guard let glyphs else { return nil }
            let key = w &* 65_536 &+ h
            if let made = atlases[key] { return made }
            let made = glyphs(w, h)
            atlases[key] = made
            return made
        }
        titleGlyphs = atlas(width, height) ?? GlyphAtlas(bitmap: font, scale: scale)
        let textHeight = titleGlyphs.lineHeight
        let bounds = PixelRect(x: 0, y: 0, width: width, height: height)
        let strip = title == nil ? 0 : min(height, textHeight + 2 * max(4, textHeight / 2))
        titleRect = PixelRect(x: 0, y: 0, width: width, height: strip)
        titleBytes = Self.shortened(LabelEncoding.encode(title ?? ""), toFit: width, glyphs: titleGlyphs)
        let gridBounds = PixelRect(minX: 0, minY: strip, maxX: width, maxY: height).intersection(bounds)
        let rects = panels.map { panel in
            let rect = grid.contains(panel.place) ? grid.rect(of: panel.place, in: gridBounds) : .empty
            return rect.isEmpty ? PixelRect.empty : rect
        }
        let rasterizers = Self.rasterizers(for: rects)
        var charts: [LiveTickerChart?] = []
        for (index, panel) in panels.enumerated() {
            let rect = rects[index]
            var options = panel.options
            options.rotation = .none
            charts.append(
                rect.isEmpty
                    ? nil
                    : LiveTickerChart(
                        series: panel.series, panes: panel.panes, width: rect.width, height: rect.height, options: options,
                        font: font, glyphs: atlas(rect.width, rect.height), rasterizer: rasterizers[index]))
        }
        self.rects = rects
        self.panels = charts
        drawnVersions = [UInt64](repeating: .max, count: panels.count)
        drawnCrosshairs = [Int64?](repeating: nil, count: panels.count)
        drawnStale = [Bool](repeating: false, count: panels.count)
        // Up to 16 rectangles per panel (a chart's partial frame lists about a dozen; one with
        // more is listed as its whole rectangle).
        damage.reserveCapacity(16 &* panels.count &+ 2)
        leftToRight = rects.indices.sorted { (rects[$0].minX, $0) < (rects[$1].minX, $1) }
        drawsWhole = [Bool](repeating: false, count: panels.count)
    }

    /// A rasteriser for each panel (nil for an empty rectangle), shared by panels whose rows
    /// do not overlap, each sized to the largest panel sharing it. Panels that share rows
    /// need their own: their backdrop passes run row by row together, each holding its
    /// measures in its rasteriser's scratch (``paintWholeBackdrops(into:)``); panels one above
    /// another run theirs one after the other, and every other use of the scratch (partial
    /// frames, marks) comes before or after all passes. So a 2×2 wall holds two coverage masks
    /// of a panel's size, half a frame's, and a redrawn panel finds its scratch used by the
    /// frame before more often. Intervals taken by their first row, each to a rasteriser
    /// whose last panel has ended (greedy colouring of an interval graph: as few as rows
    /// overlap). O(panels²) at init.
    static func rasterizers(for rects: [PixelRect]) -> [Rasterizer?] {
        var order = rects.indices.filter { !rects[$0].isEmpty }
        order.sort { (rects[$0].minY, $0) < (rects[$1].minY, $1) }
        var slots: [(end: Int, width: Int, height: Int)] = []
        var slotOf = [Int](repeating: -1, count: rects.count)
        for index in order {
            let rect = rects[index]
            if let free = slots.indices.first(where: { slots[$0].end <= rect.minY }) {
                slots[free] = (rect.maxY, max(slots[free].width, rect.width), max(slots[free].height, rect.height))
                slotOf[index] = free
            } else {
                slots.append((rect.maxY, rect.width, rect.height))
                slotOf[index] = slots.count - 1
            }
        }
        let made = slots.map { Rasterizer(width: $0.width, height: $0.height) }
        return slotOf.map { $0 < 0 ? nil : made[$0] }
    }

    /// Whether some panel's data or view changed since it was last drawn (or nothing was
    /// drawn yet). O(series).
    public var needsDraw: Bool {
        if needsFullRepaint { return true }
        for index in panels.indices where panelChanged(index) { return true }
        return false
    }

    /// Makes the next ``draw(into:)`` repaint the whole frame.
    public func invalidate() {
        needsFullRepaint = true
    }

    /// Forgets what earlier frames decided for every panel's layout (the value strip's width
    /// and the value domains, kept with hysteresis; see
    /// ``LiveTickerChart/resetLayoutHistory()``) and has the next ``draw(into:)`` redraw
    /// every panel, so the frame depends on the data alone (a replay's
    /// last frame on a display then equals a picture file's of the same data). The title
    /// strip is not redrawn: ``damage`` lists the panels. O(panels).
    public func resetLayoutHistory() {
        for index in panels.indices {
            panels[index]?.resetLayoutHistory()
            drawnVersions[index] = .max
        }
    }

    /// Draws what changed into `framebuffer` (`width × height`): everything on the first
    /// frame, into a new framebuffer or after ``invalidate()``; else only the panels whose
    /// sources' versions or crosshair moved. Returns how many panels were drawn; ``damage``
    /// lists the rectangles written. O(pixels of the panels drawn); allocates nothing.
    @discardableResult
    public func draw(into framebuffer: Framebuffer) -> Int {
        precondition(framebuffer.width == width && framebuffer.height == height, "framebuffer size differs from the dashboard's")
        damage.removeAll(keepingCapacity: true)
        let identity = ObjectIdentifier(framebuffer)
        let full = needsFullRepaint || lastFramebuffer != identity
        lastFramebuffer = identity
        needsFullRepaint = false
        if full {
            framebuffer.fill(framebuffer.bounds, color: theme.background, clip: framebuffer.bounds)
            drawTitle(into: framebuffer)
            damage.append(framebuffer.bounds)
        }
        var drawn = 0
        // Each panel gathers its data and, drawn in part, draws; those drawn whole store their
        // backdrops below, row by row across the panels side by side, then their marks.
        for index in drawsWhole.indices { drawsWhole[index] = false }
        for index in panels.indices {
            guard let chart = panels[index], full || panelChanged(index) else { continue }
            drawnVersions[index] = version(of: index)
            drawnCrosshairs[index] = chart.crosshair
            drawn &+= 1
            // Within the panel, only what changed since its last frame (the same bytes).
            if chart.beginFrame(into: framebuffer, in: rects[index], changesOnly: !full) {
                drawsWhole[index] = true
                continue
            }
            if chart.damage.count <= 16 {
                damage.append(contentsOf: chart.damage)
            } else {
                damage.append(rects[index])
            }
            drawnStale[index] = chart.isStale  // after drawing: it reads the ticks just drawn
        }
        paintWholeBackdrops(into: framebuffer)
        for index in panels.indices where drawsWhole[index] {
            guard let chart = panels[index] else { continue }
            chart.finishWholeFrame(into: framebuffer, in: rects[index])
            if !full { damage.append(rects[index]) }
            drawnStale[index] = chart.isStale
        }
        return drawn
    }

    /// Stores the backdrops of the panels this frame draws whole (each begun), row by row: in
    /// each row of the frame, the row of every such panel it crosses, left to right, so that
    /// the framebuffer is stored in memory order (panels painted one after another store half
    /// rows, which costs from an uncached framebuffer about 2.5 times per byte what whole rows
    /// cost: see `Rasterizer+PlotRows`). Rows only one panel crosses go to it in one call.
    /// Panels must not overlap. O(pixels of the panels + rows × panels), no allocation.
    func paintWholeBackdrops(into framebuffer: Framebuffer) {
        var y = Int.max
        var end = Int.min
        for index in leftToRight where drawsWhole[index] {
            y = min(y, rects[index].minY)
            end = max(end, rects[index].maxY)
        }
        while y < end {
            // Up to the next row where a panel starts or ends, the same panels cross each row.
            var next = end
            var crossing = 0
            var only = -1
            for index in leftToRight where drawsWhole[index] {
                let r = rects[index]
                if r.minY > y { next = min(next, r.minY) } else if r.maxY > y {
                    next = min(next, r.maxY)
                    crossing &+= 1
                    only = index
                }
            }
            if crossing == 1, let chart = panels[only] {
                chart.paintBackdropRows(y..<next, into: framebuffer, in: rects[only])
            } else if crossing > 1 {
                for row in y..<next {
                    for index in leftToRight where drawsWhole[index] {
                        let r = rects[index]
                        guard r.minY <= row && row < r.maxY else { continue }
                        panels[index]?.paintBackdropRows(row..<(row &+ 1), into: framebuffer, in: r)
                    }
                }
            }
            y = next
        }
    }

    /// The sum of panel `index`'s sources' versions and its view's (``LiveTickerChart/window``
    /// changes); each only grows, so the sum moves whenever one does. O(series of the panel).
    func version(of index: Int) -> UInt64 {
        guard let chart = panels[index] else { return 0 }
        var sum = chart.viewVersion
        for source in chart.sources { sum &+= source.version }
        return sum
    }

    func panelChanged(_ index: Int) -> Bool {
        guard let chart = panels[index] else { return false }
        return drawnVersions[index] != version(of: index) || drawnCrosshairs[index] != chart.crosshair
            || drawnStale[index] != chart.isStale
    }

    /// `bytes` as a title strip `width` wide shows them: whole when they fit with a space each
    /// side, else shortened with `...` (a long title was cut at both edges), as a panel's
    /// header shortens a name. O(bytes), once per layout.
    static func shortened(_ bytes: [UInt8], toFit width: Int, glyphs: GlyphAtlas) -> [UInt8] {
        let room = width - 2 * glyphs.advance(of: UInt8(ascii: " "))
        guard glyphs.width(of: bytes) > room else { return bytes }
        let dots: [UInt8] = Array("...".utf8)
        let kept = bytes.withUnsafeBufferPointer { glyphs.prefix(of: $0, fitting: room - glyphs.width(of: dots)).count }
        return Array(bytes[..<kept]) + dots
    }

    /// The title centred in its strip (shortened to fit when laid out).
    func drawTitle(into framebuffer: Framebuffer) {
        guard !titleRect.isEmpty, !titleBytes.isEmpty else { return }
        titleBytes.withUnsafeBufferPointer { bytes in
            let textWidth = titleGlyphs.width(of: bytes)
            let x = titleRect.minX + max(0, (titleRect.width - textWidth) / 2)
            let y = titleRect.minY + (titleRect.height - titleGlyphs.lineHeight) / 2
            _ = framebuffer.drawText(bytes, x: x, y: y, atlas: titleGlyphs, color: theme.title, clip: titleRect)
        }
    }
}
