import LiveTickerRender
import LiveTickerScales

extension LiveTickerChart {
    /// Paints the plot's bottom layer in one pass (``Rasterizer/paint(_:areaUnder:ys:baseline:color:alpha:clip:into:)``):
    /// the plot background, a crisp 1-px grid (a row per value tick, a column per time tick),
    /// the axis-coloured outline and, in line modes with ``ChartOptions/areaFill``, the
    /// alpha-blended area between the first series and the plot bottom (gaps stay empty).
    /// Call after ``prepareLine(of:_:)`` in the same frame. O(plot pixels), no allocation.
    func paintPlot(_ geometry: ChartGeometry, area areaSeries: Int?, surround: PlotSurround? = nil, into fb: Framebuffer) {
        let plot = geometry.layout.plot
        let theme = options.theme
        collectGridLines(geometry)
        let backdrop = PlotBackdrop(
            background: theme.plotBackground, gridColor: theme.grid, gridRows: gridRows, gridColumns: gridColumns,
            outline: theme.axis, surround: surround)
        guard let area = areaSeries, scratch[area].keptCount > 0 else {
            rasterizer.paint(backdrop, clip: plot, into: fb)
            return
        }
        // A column's fill depends on the segments over it alone: only the points near the
        // columns this pass stores.
        let first = scratch[area]
        let near = first.keptPoints(near: fb.scissor, reach: 0)
        rasterizer.paint(
            backdrop, areaUnder: UnsafeBufferPointer(rebasing: first.pixelXs[near]),
            ys: UnsafeBufferPointer(rebasing: first.pixelYs[near]), baseline: Double(plot.maxY),
            color: seriesColor(area), alpha: theme.areaAlpha, clip: plot, into: fb)
    }

    /// Fills ``gridRows`` and ``gridColumns`` with this frame's grid lines: the row of each
    /// value tick inside the value domain and the column of each time tick inside the plot
    /// (a label's width apart at least).
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
