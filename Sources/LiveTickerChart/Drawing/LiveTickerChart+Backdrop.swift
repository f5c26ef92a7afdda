import LiveTickerRender
import LiveTickerScales

/// How far a chart's backdrop has been stored in the frame under way: the pane whose plot is
/// next or current, whether its plot has begun, and the rows the rasteriser's row pass streams
/// (empty when the plot was stored whole, under a scissor, or reached nothing).
struct BackdropCursor {
    var pane = 0
    var plotBegun = false
    var streamed = 0..<0
}

extension LiveTickerChart {
    /// Stores rows `rows` of the frame's bottom layer in `rect`: the theme's background, and
    /// in each pane's plot rows the plot's backdrop (``beginPlot(_:in:into:)``) with the
    /// background beside it stored in the same pass, so that each row is stored once, left to
    /// right. Only inside the framebuffer's scissor.
    ///
    /// Rows come in order, each once, the first call starting at `rect.minY`, after
    /// ``beginFrame(into:in:changesOnly:)``: a chart alone stores all its rows in one call; a
    /// wall calls its side-by-side panels a row at a time in turn, so that the framebuffer is
    /// stored in memory order (see `Rasterizer+PlotRows`). A plot the scissor narrows is
    /// stored whole when its first row comes. O(pixels of the rows), no allocation.
    func paintBackdropRows(_ rows: Range<Int>, into fb: Framebuffer, in rect: PixelRect) {
        if rows.lowerBound == rect.minY { backdropCursor = BackdropCursor() }
        var cursor = backdropCursor
        defer { backdropCursor = cursor }
        let background = options.theme.background
        @inline(__always) func fillRows(_ from: Int, _ to: Int) {
            fb.fill(PixelRect(minX: rect.minX, minY: from, maxX: rect.maxX, maxY: to), color: background, clip: rect)
        }
        var y = rows.lowerBound
        while y < rows.upperBound {
            guard cursor.pane < paneFrames.count else {
                fillRows(y, rows.upperBound)
                return
            }
            let plot = paneFrames[cursor.pane].geometry.layout.plot
            if y < plot.minY {
                let end = Swift.min(rows.upperBound, plot.minY)
                fillRows(y, end)
                y = end
                continue
            }
            if y >= plot.maxY {
                cursor = BackdropCursor(pane: cursor.pane &+ 1)
                continue
            }
            if !cursor.plotBegun {
                cursor.plotBegun = true
                cursor.streamed = beginPlot(cursor.pane, in: rect, into: fb)
            }
            let end = Swift.min(rows.upperBound, plot.maxY)
            let streamed = cursor.streamed.clamped(to: y..<end)
            if !streamed.isEmpty { rasterizer.paintPlotRows(streamed) }
            y = end
        }
    }

    /// Begins the plot of pane `pane` in a frame into `rect`: its background, a crisp 1-px
    /// grid (a row per value tick, a column per time tick), the axis-coloured outline and, in
    /// line modes with ``ChartOptions/areaFill``, the alpha-blended area between the first
    /// series and the plot bottom (gaps stay empty), with the theme's background beside the
    /// plot across `rect` in its rows (``PlotSurround``), all in one pass
    /// (``Rasterizer/beginPlotRows(_:areaUnder:ys:baseline:color:alpha:clip:into:)``).
    /// Returns the framebuffer rows left to the rasteriser's row pass
    /// (``Rasterizer/paintPlotRows(_:)``); none when the framebuffer's scissor narrows the
    /// plot (the rasteriser then stores the plot and its sides at once, inside the scissor).
    /// Call after ``prepareLine(of:_:)`` in the same frame. O(plot pixels when stored at once,
    /// else grid lines + rows), no allocation.
    func beginPlot(_ pane: Int, in rect: PixelRect, into fb: Framebuffer) -> Range<Int> {
        let geometry = paneFrames[pane].geometry
        let plot = geometry.layout.plot
        let theme = options.theme
        let scissor = fb.scissor
        guard !plot.intersection(scissor).isEmpty else {
            // The plot stores nothing; its sides in its rows are the background.
            let band = PixelRect(minX: rect.minX, minY: plot.minY, maxX: rect.maxX, maxY: plot.maxY)
            fb.fill(band, color: theme.background, around: plot, clip: rect)
            return 0..<0
        }
        selectPane(pane)
        collectGridLines(geometry)
        let backdrop = PlotBackdrop(
            background: theme.plotBackground, gridColor: theme.grid, gridRows: gridRows, gridColumns: gridColumns,
            outline: theme.axis, surround: PlotSurround(color: theme.background, minX: rect.minX, maxX: rect.maxX))
        guard let area = areaSeries[pane], scratch[area].keptCount > 0 else {
            return rasterizer.beginPlotRows(backdrop, clip: plot, into: fb)
        }
        let first = scratch[area]
        let kept = (UnsafeBufferPointer(rebasing: first.pixelXs[0..<first.keptCount]), UnsafeBufferPointer(rebasing: first.pixelYs[0..<first.keptCount]))
        if let outline = areaMarks[pane]?.areaOutline(xs: kept.0, ys: kept.1) {
            // A step or a curve: the whole outline (its vertices are not the kept points).
            return rasterizer.beginPlotRows(
                backdrop, areaUnder: outline.xs, ys: outline.ys, baseline: Double(plot.maxY), color: seriesColor(area),
                alpha: theme.areaAlpha, clip: plot, into: fb)
        }
        // A column's fill depends on the segments over it alone: only the points near the
        // columns this pass stores.
        let near = first.keptPoints(near: scissor, reach: 0)
        return rasterizer.beginPlotRows(
            backdrop, areaUnder: UnsafeBufferPointer(rebasing: first.pixelXs[near]),
            ys: UnsafeBufferPointer(rebasing: first.pixelYs[near]), baseline: Double(plot.maxY), color: seriesColor(area),
            alpha: theme.areaAlpha, clip: plot, into: fb)
    }

    /// Fills ``gridRows`` and ``gridColumns`` with this frame's grid lines of the pane of
    /// `geometry`: the row of each value tick inside the value domain and the column of each
    /// time tick inside the plot (a label's width apart at least). A frame drawn in parts (a
    /// rectangle per change) calls this once a part: the time ticks come from the frame's one
    /// walk (``forEachTimeTick(_:_:)``). O(value ticks + time ticks); no allocation.
    func collectGridLines(_ geometry: ChartGeometry) {
        gridRows.removeAll(keepingCapacity: true)
        gridColumns.removeAll(keepingCapacity: true)
        if let scale = frame.valueScale {
            for i in 0..<scale.tickCount {
                let value = scale.tick(at: i)
                guard value >= frame.valueLower, value <= frame.valueUpper else { continue }
                gridRows.append(PixelRect.snap(geometry.pixelY(value) - 0.5))
            }
        }
        if frame.logarithmic {
            forEachLogTick { value in gridRows.append(PixelRect.snap(geometry.pixelY(value) - 0.5)) }
        }
        // Time grid lines at least a label apart: a narrow panel's finer step (taken so three
        // labels fit) would otherwise rule the plot more densely than it is labelled.
        let spacing = textWidth("09:30") &+ max(4, textHeight / 2)
        forEachTimeTick(geometry) { x, _, _ in
            if let last = gridColumns.last, x &- last < spacing { return }
            gridColumns.append(x)
        }
    }
}
