import LiveTickerRender

import Glibc

/// The one mapping between data and pixels that everything in a frame draws with, and its
/// inverse (for crosshairs and hit tests).
///
/// x is a Double in the chart's x units (nanoseconds relative to ``timeOrigin`` for time axes,
/// slot index for candles); y is a value. Pixel coordinates are continuous: pixel column `i`
/// covers `[i, i+1)`, so its centre is `i + 0.5`. y grows upwards in data and downwards in
/// pixels. Both domains are non-degenerate and finite by construction, so the mapping never
/// divides by zero or produces NaN from finite input.
public struct ChartGeometry: Sendable, Hashable {
    /// The regions of the frame.
    public var layout: ChartLayout
    /// Lowest x shown, at the plot's left edge.
    public private(set) var xLower: Double
    /// Highest x shown, at the plot's right edge.
    public private(set) var xUpper: Double
    /// Lowest value shown, at the plot's bottom edge.
    public private(set) var yLower: Double
    /// Highest value shown, at the plot's top edge.
    public private(set) var yUpper: Double
    /// The time (ns since the epoch) that x = 0 stands for, so nanosecond times keep full
    /// precision as Doubles near the window.
    public var timeOrigin: Int64
    /// Whether values map by their base-10 logarithm (``yLower``/``yUpper`` are then log₁₀
    /// units, and values ≤ 0 map to no pixel: NaN or −∞, which lift the pen).
    public private(set) var logarithmic: Bool

    /// A geometry mapping `[xLower, xUpper] × [yLower, yUpper]` onto `layout.plot`.
    ///
    /// Bounds are sanitised: non-finite bounds become 0…1, reversed bounds are swapped, and an
    /// empty span is widened so the mapping stays invertible.
    public init(
        layout: ChartLayout, x: (lower: Double, upper: Double), y: (lower: Double, upper: Double),
        timeOrigin: Int64 = 0, logarithmic: Bool = false
    ) {
        self.layout = layout
        self.timeOrigin = timeOrigin
        self.logarithmic = logarithmic
        (xLower, xUpper) = Self.sanitised(x.lower, x.upper)
        (yLower, yUpper) = Self.sanitised(y.lower, y.upper)
    }

    private static func sanitised(_ lower: Double, _ upper: Double) -> (Double, Double) {
        guard lower.isFinite, upper.isFinite else { return (0, 1) }
        var (low, high) = lower <= upper ? (lower, upper) : (upper, lower)
        if !(high - low).isFinite {
            // Both near ±Double.greatestFiniteMagnitude: keep a span that stays finite.
            low /= 2
            high /= 2
        }
        if high - low <= Swift.max(abs(low), abs(high)) * 1e-12 || high == low {
            let pad = low == 0 ? 1 : abs(low) * 0.5
            low -= pad
            high += pad
        }
        return (low, high)
    }

    /// Pixel x (continuous) of data x. O(1).
    @inlinable
    public func pixelX(_ x: Double) -> Double {
        let plot = layout.plot
        return Double(plot.minX) + (x - xLower) / (xUpper - xLower) * Double(plot.width)
    }

    /// Data x at pixel x (continuous); the inverse of ``pixelX(_:)``. O(1).
    @inlinable
    public func dataX(atPixel pixel: Double) -> Double {
        let plot = layout.plot
        return xLower + (pixel - Double(plot.minX)) / Double(Swift.max(1, plot.width)) * (xUpper - xLower)
    }

    /// Pixel y (continuous) of value y; larger values are higher up. O(1).
    @inlinable
    public func pixelY(_ value: Double) -> Double {
        let plot = layout.plot
        let y = logarithmic ? Self.log10(value) : value
        return Double(plot.maxY) - (y - yLower) / (yUpper - yLower) * Double(plot.height)
    }

    /// Value at pixel y (continuous); the inverse of ``pixelY(_:)``. O(1).
    @inlinable
    public func dataY(atPixel pixel: Double) -> Double {
        let plot = layout.plot
        let y = yLower + (Double(plot.maxY) - pixel) / Double(Swift.max(1, plot.height)) * (yUpper - yLower)
        return logarithmic ? Self.exp10(y) : y
    }

    /// log₁₀ (NaN below 0, −∞ at 0). O(1).
    @usableFromInline
    static func log10(_ value: Double) -> Double {
        Glibc.log10(value)
    }

    /// 10 to the `exponent`. O(1).
    @usableFromInline
    static func exp10(_ exponent: Double) -> Double {
        Glibc.pow(10, exponent)
    }

    /// x (relative to ``timeOrigin``) of an absolute time in ns. O(1).
    @inlinable
    public func x(forTime time: Int64) -> Double {
        Double(time &- timeOrigin)
    }

    /// Absolute time in ns of a relative x. O(1).
    @inlinable
    public func time(forX x: Double) -> Int64 {
        timeOrigin &+ Int64(Swift.min(9e18, Swift.max(-9e18, x.rounded())))
    }
}
