import LiveTickerRender

/// An alpha-blended fill between a series' line and the plot bottom, in the series colour at
/// the theme's area opacity; gaps stay empty. Painted in the same pass as the plot background
/// and grid (each plot pixel is stored once), so it costs almost nothing beyond the backdrop;
/// only the first area mark of a pane is painted. It follows the line as the line is drawn:
/// straight between points, in steps, or along the monotone curve (a step line's fill was cut
/// straight across its steps).
public struct AreaMark: ChartMark {
    /// Drawn from its inputs alone, so a frame may redraw only what changed.
    public var redrawsChangesOnly: Bool { true }
    /// The series filled under.
    public let series: Int
    /// How the line it fills under joins its points (``LineMark/Interpolation``).
    public let interpolation: LineMark.Interpolation
    private let outline: PolylineScratch
    private let tangents: PolylineScratch

    /// A fill under series `series`, whose line joins its points by `interpolation`.
    public init(series: Int, interpolation: LineMark.Interpolation = .linear) {
        self.series = series
        self.interpolation = interpolation
        inputs = [MarkInput(series: series, need: .line)]
        outline = PolylineScratch()
        tangents = PolylineScratch()
    }

    public let inputs: [MarkInput]
    public var areaSeries: Int? { series }

    public func prepare(plotWidth: Int) {
        guard interpolation != .linear else { return }
        outline.reserve(interpolation == .stepAfter ? 8 * plotWidth + 16 : 26 * plotWidth + 16)
        tangents.reserve(4 * plotWidth + 16)
    }

    /// The step or monotone polyline through the points, as ``LineMark`` builds it; nil for
    /// straight segments. O(points).
    public func areaOutline(xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>)
        -> (xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>)?
    {
        switch interpolation {
        case .linear: return nil
        case .stepAfter: LineMark.stepAfter(xs: xs, ys: ys, into: outline)
        case .monotone: LineMark.monotone(xs: xs, ys: ys, into: outline, tangents: tangents)
        }
        return (outline.pointsX, outline.pointsY)
    }

    /// Nothing: the fill is painted with the backdrop.
    public func draw(_ context: MarkContext, into framebuffer: Framebuffer) {}
}
