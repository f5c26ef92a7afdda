import LiveTickerRender
import LiveTickerScales

/// A shaded zone between two values across the plot (an alarm band, a normal range), filled
/// with `color` at `alpha`. Put it first among a pane's marks so the data is drawn over it.
/// It does not widen the value scale unless `widensScale`. O(plot pixels in the band).
public struct BandMark: ChartMark {
    /// Drawn from its inputs alone, so a frame may redraw only what changed.
    public var redrawsChangesOnly: Bool { true }
    /// Lower edge of the zone.
    public let lower: Double
    /// Upper edge of the zone.
    public let upper: Double
    /// Fill colour; nil: the theme's threshold colour.
    public let color: RGBColor?
    /// Opacity (0–255).
    public let alpha: UInt8
    /// Whether the pane's auto scale must show the whole band.
    public let widensScale: Bool
    public let inputs: [MarkInput] = []

    /// A band from `lower` to `upper` (either order; infinite edges reach the plot's).
    public init(lower: Double, upper: Double, color: RGBColor? = nil, alpha: UInt8 = 28, widensScale: Bool = false) {
        self.lower = Swift.min(lower, upper)
        self.upper = Swift.max(lower, upper)
        self.color = color
        self.alpha = alpha
        self.widensScale = widensScale
    }

    public func includeValues(_ data: ChartFrameData, into extent: inout ValueExtent) {
        guard widensScale else { return }
        extent.include(lower)
        extent.include(upper)
    }

    public func draw(_ context: MarkContext, into framebuffer: Framebuffer) {
        guard !lower.isNaN, !upper.isNaN else { return }
        let clip = context.clip
        let top = upper == .infinity ? clip.minY : PixelRect.snap(context.geometry.pixelY(ValueSanitizer.clampForScale(upper)))
        let bottom =
            lower == -.infinity ? clip.maxY : PixelRect.snap(context.geometry.pixelY(ValueSanitizer.clampForScale(lower)))
        let band = PixelRect(minX: clip.minX, minY: max(clip.minY, min(top, bottom)), maxX: clip.maxX, maxY: min(clip.maxY, max(top, bottom)))
        framebuffer.fill(band, color: color ?? context.theme.threshold, alpha: alpha, clip: clip)
    }
}
