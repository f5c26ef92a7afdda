import LiveTickerCore

#if canImport(Glibc)
import Glibc
#endif

/// Where the last frame's time went, stage by stage, in nanoseconds (filled only when
/// ``LiveTickerChart/measuresStages`` is on; each mark costs one `clock_gettime`).
public struct ChartStageTimes: Sendable, Equatable {
    /// All stages zero.
    public init() {}

    /// Copying the visible ticks and candles out of the rings, window and value domain.
    public var collect: UInt64 = 0
    /// Downsampling the visible ticks to the plot width and mapping them to pixels.
    public var downsample: UInt64 = 0
    /// Painting the frame: the background, and the plot's background, grid, outline and
    /// alpha-blended area fill, all in one pass.
    public var background: UInt64 = 0
    /// Anti-aliased series lines.
    public var lines: UInt64 = 0
    /// Candles.
    public var candles: UInt64 = 0
    /// Thresholds and last-value lines and tags.
    public var overlays: UInt64 = 0
    /// Axis labels, the crosshair and the header.
    public var labels: UInt64 = 0
    /// Turning the frame for a rotated panel.
    public var rotation: UInt64 = 0

    /// Every stage with its name, in drawing order.
    public var named: [(name: String, nanoseconds: UInt64)] {
        [
            ("collect", collect), ("downsample", downsample), ("background", background),
            ("lines", lines), ("candles", candles), ("overlays", overlays), ("labels", labels),
            ("rotation", rotation),
        ]
    }

    /// Nanoseconds on CLOCK_MONOTONIC.
    static func now() -> UInt64 { UInt64(SystemClock.monotonic.nanoseconds()) }
}
