import LiveTickerRender

/// A series' ticks as an anti-aliased line through the points downsampled to the plot width
/// (LTTB by default), NaN values lifting the pen. O(plot width) per frame; the step and
/// monotone forms build their polyline in scratch kept between frames.
public struct LineMark: ChartMark {
    /// Drawn from its inputs alone, so a frame may redraw only what changed.
    public var redrawsChangesOnly: Bool { true }
    /// How consecutive points are joined.
    public enum Interpolation: String, Sendable, Hashable, CaseIterable {
        /// Straight segments.
        case linear
        /// Horizontal then vertical: each value holds until the next sample (a level or a
        /// setpoint that changes in steps). Vertices (x₀,y₀) (x₁,y₀) (x₁,y₁) …
        case stepAfter = "step"
        /// A monotone cubic through the points (Fritsch–Carlson 1980, see ``MonotoneCubic``):
        /// smooth, and never beyond the data between two points.
        case monotone
    }

    /// The series drawn.
    public let series: Int
    /// How points are joined.
    public let interpolation: Interpolation
    public let inputs: [MarkInput]
    private let scratch: PolylineScratch
    private let tangents: PolylineScratch
    /// The lone points of a frame, each followed by a gap (see ``loneDotWidth(forLineWidth:)``).
    private let dots: PolylineScratch

    /// The diameter of the dot a lone point is drawn with (a finite point with no finite
    /// neighbour: a series of one tick, a reading between gaps), for a pen `width` wide. A dot
    /// only as wide as the pen (1.5 px) could not be found on a panel read across a room. O(1).
    public static func loneDotWidth(forLineWidth width: Double) -> Double { Swift.max(width * 3, 5) }

    /// A line through series `series`.
    public init(series: Int, interpolation: Interpolation = .linear) {
        self.series = series
        self.interpolation = interpolation
        inputs = [MarkInput(series: series, need: .line)]
        scratch = PolylineScratch()
        tangents = PolylineScratch()
        dots = PolylineScratch()
    }

    public var stage: ChartStage { .lines }

    public func prepare(plotWidth: Int) {
        dots.reserve(2 * plotWidth + 16)
        guard interpolation != .linear else { return }
        // Room for the usual frame (about one kept point per column), grown later if needed.
        scratch.reserve(interpolation == .stepAfter ? 8 * plotWidth + 16 : 26 * plotWidth + 16)
        tangents.reserve(4 * plotWidth + 16)
    }

    public func draw(_ context: MarkContext, into framebuffer: Framebuffer) {
        let line = context.data.series(series)
        let (xs, ys) = line.linePixels
        guard !xs.isEmpty else { return }
        let width = context.lineWidth(ofSeries: series)
        let color = context.color(ofSeries: series)
        let dash = context.dash(ofSeries: series, width: width)
        switch interpolation {
        case .linear:
            // A solid stroke stores half its pen's width beside a point (and its anti-aliasing):
            // only the points whose segments come that near the columns this pass stores. A
            // dash pattern's phase runs from the first point: all of them.
            let (near, nearYs) = dash == nil ? line.linePixels(near: framebuffer.scissor, reach: width) : (xs, ys)
            context.rasterizer.strokePolyline(xs: near, ys: nearYs, width: width, color: color, dash: dash, clip: context.clip, into: framebuffer)
            // Lone points are judged on the whole line (`near`'s ends lost their neighbours), but
            // only those within a dot of the columns this pass stores are looked at.
            drawLoneDots(
                xs: xs, ys: ys, among: line.linePixelIndices(near: framebuffer.scissor, reach: Self.loneDotWidth(forLineWidth: width)),
                width: width, color: color, context, into: framebuffer)
            return
        case .stepAfter:
            Self.stepAfter(xs: xs, ys: ys, into: scratch)
        case .monotone:
            Self.monotone(xs: xs, ys: ys, into: scratch, tangents: tangents)
        }
        context.rasterizer.strokePolyline(
            xs: scratch.pointsX, ys: scratch.pointsY, width: width, color: color, dash: dash, clip: context.clip, into: framebuffer)
        drawLoneDots(xs: xs, ys: ys, among: 0..<xs.count, width: width, color: color, context, into: framebuffer)
    }

    /// Draws each lone point of `xs`/`ys` among the indices `among` (finite, with no finite
    /// neighbour) as a dot ``loneDotWidth(forLineWidth:)`` wide over the stroke's own
    /// pen-wide one, in one stroke of dots separated by gaps. O(`among`); strokes only when
    /// there is one; allocates only when a frame has more points than any before.
    private func drawLoneDots(
        xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>, among: Range<Int>, width: Double, color: RGBColor,
        _ context: MarkContext, into framebuffer: Framebuffer
    ) {
        let n = xs.count
        @inline(__always) func finite(_ k: Int) -> Bool { k >= 0 && k < n && xs[k].isFinite && ys[k].isFinite }
        dots.reserve(2 &* among.count)
        for i in among where finite(i) && !finite(i &- 1) && !finite(i &+ 1) {
            dots.append(xs[i], ys[i])
            dots.append(.nan, .nan)
        }
        guard dots.count > 0 else { return }
        context.rasterizer.strokePolyline(
            xs: dots.pointsX, ys: dots.pointsY, width: Self.loneDotWidth(forLineWidth: width), color: color, dash: nil,
            clip: context.clip, into: framebuffer)
    }

    /// The step-after polyline of `xs`/`ys` into `out`: after each point, a horizontal run to
    /// the next point's x, then the vertical step. A non-finite point lifts the pen (no step
    /// across a gap). O(n).
    static func stepAfter(xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>, into out: PolylineScratch) {
        out.reserve(2 &* xs.count &+ 1)
        var previousY = Double.nan
        for i in 0..<xs.count {
            let x = xs[i]
            let y = ys[i]
            if x.isFinite && y.isFinite {
                if previousY.isFinite { out.append(x, previousY) }
                out.append(x, y)
                previousY = y
            } else {
                out.append(.nan, .nan)
                previousY = .nan
            }
        }
    }

    /// The monotone cubic (Fritsch–Carlson) through each run of finite points with increasing
    /// x, sampled about once per pixel column (at most 24 samples a segment). Where x does not
    /// increase the points are joined straight; non-finite points lift the pen. O(n + pixels).
    static func monotone(
        xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>, into out: PolylineScratch,
        tangents: PolylineScratch
    ) {
        let n = xs.count
        out.reserve(25 &* n &+ 2)
        tangents.reserve(n)
        var start = 0
        while start < n {
            guard xs[start].isFinite, ys[start].isFinite else {
                out.append(.nan, .nan)
                start &+= 1
                continue
            }
            var end = start &+ 1  // past the run of finite points with strictly increasing x
            while end < n, xs[end].isFinite, ys[end].isFinite, xs[end] > xs[end &- 1] { end &+= 1 }
            let runX = UnsafeBufferPointer(rebasing: xs[start..<end])
            let runY = UnsafeBufferPointer(rebasing: ys[start..<end])
            let m = UnsafeMutableBufferPointer(rebasing: tangents.xs[0..<runX.count])
            MonotoneCubic.tangents(xs: runX, ys: runY, into: m)
            out.append(runX[0], runY[0])
            for k in 0..<(runX.count &- 1) {
                let x0 = runX[k]
                let x1 = runX[k &+ 1]
                let steps = max(1, min(24, Int((x1 - x0).rounded(.up))))
                for step in 1..<steps {
                    let t = Double(step) / Double(steps)
                    out.append(
                        x0 + t * (x1 - x0),
                        MonotoneCubic.value(t: t, x0: x0, y0: runY[k], m0: m[k], x1: x1, y1: runY[k &+ 1], m1: m[k &+ 1]))
                }
                out.append(x1, runY[k &+ 1])
            }
            // A point whose x does not increase starts the next run, joined straight to this one.
            start = end
        }
    }
}
