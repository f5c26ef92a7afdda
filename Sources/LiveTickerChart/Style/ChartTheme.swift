import LiveTickerRender

/// The colours a chart is drawn with.
///
/// Three built-in themes: ``dark`` (the default, for panels in dim rooms), ``light`` and
/// ``colorBlindSafe`` (series and up/down colours from the Okabe–Ito palette, which stays
/// distinguishable under the common colour-vision deficiencies; Okabe & Ito 2008).
public struct ChartTheme: Sendable, Hashable {
    /// Short name used on the command line (`dark`, `light`, `colorblind`).
    public var name: String
    /// Whole-frame background.
    public var background: RGBColor
    /// Background of the plot area.
    public var plotBackground: RGBColor
    /// Grid lines.
    public var grid: RGBColor
    /// Axis lines and the plot frame.
    public var axis: RGBColor
    /// Axis labels.
    public var label: RGBColor
    /// Header text (symbol, last value).
    public var title: RGBColor
    /// Colours of line series, used in order and repeated: eight in every built-in theme, so a
    /// fifth series never takes the first one's colour.
    public var series: [RGBColor]
    /// Opacity of an area fill under a series (0–255).
    public var areaAlpha: UInt8
    /// Candle body and wick when close ≥ open.
    public var up: RGBColor
    /// Candle body and wick when close < open.
    public var down: RGBColor
    /// Threshold (alarm) lines.
    public var threshold: RGBColor
    /// Text drawn on the last-value tag (its background is the series colour).
    public var tagText: RGBColor

    /// Dark background, bright series: the default for kiosk panels.
    public static let dark = ChartTheme(
        name: "dark",
        background: RGBColor(0x0E_1117), plotBackground: RGBColor(0x121722),
        grid: RGBColor(0x232A38), axis: RGBColor(0x3A4356), label: RGBColor(0x9AA4B8),
        title: RGBColor(0xE6EAF2),
        series: [
            RGBColor(0x4FC3F7), RGBColor(0xFFB74D), RGBColor(0xBA68C8), RGBColor(0x81C784),
            RGBColor(0xFFF176), RGBColor(0xF06292), RGBColor(0x4DD0E1), RGBColor(0xBCAAA4),
        ],
        areaAlpha: 77, up: RGBColor(0x26A69A), down: RGBColor(0xEF5350),
        threshold: RGBColor(0xFFD54F), tagText: RGBColor(0x0E_1117))

    /// White background, dark text: for printed reports and bright rooms.
    public static let light = ChartTheme(
        name: "light",
        background: RGBColor(0xFFFFFF), plotBackground: RGBColor(0xFAFBFD),
        grid: RGBColor(0xE3E7EE), axis: RGBColor(0xB8C0CC), label: RGBColor(0x4A5568),
        title: RGBColor(0x1A202C),
        series: [
            RGBColor(0x1565C0), RGBColor(0xE65100), RGBColor(0x6A1B9A), RGBColor(0x2E7D32),
            RGBColor(0xAD1457), RGBColor(0x00838F), RGBColor(0x9E9D24), RGBColor(0x5D4037),
        ],
        areaAlpha: 56, up: RGBColor(0x00897B), down: RGBColor(0xD32F2F),
        threshold: RGBColor(0xB7791F), tagText: RGBColor(0xFFFFFF))

    /// Dark background with the Okabe–Ito palette, all eight: sky blue, orange, bluish green,
    /// reddish purple, yellow, blue, vermillion, and grey for its black (which a black
    /// background would hide); bluish green up, vermillion down; yellow thresholds.
    public static let colorBlindSafe = ChartTheme(
        name: "colorblind",
        background: RGBColor(0x000000), plotBackground: RGBColor(0x0B0B0B),
        grid: RGBColor(0x262626), axis: RGBColor(0x4D4D4D), label: RGBColor(0xBFBFBF),
        title: RGBColor(0xFFFFFF),
        series: [
            RGBColor(0x56B4E9), RGBColor(0xE69F00), RGBColor(0x009E73), RGBColor(0xCC79A7),
            RGBColor(0xF0E442), RGBColor(0x0072B2), RGBColor(0xD55E00), RGBColor(0xBBBBBB),
        ],
        areaAlpha: 77, up: RGBColor(0x009E73), down: RGBColor(0xD55E00),
        threshold: RGBColor(0xF0E442), tagText: RGBColor(0x000000))

    /// Every built-in theme.
    public static let all: [ChartTheme] = [.dark, .light, .colorBlindSafe]

    /// The built-in theme called `name` (also accepts `colour-blind`, `okabe-ito`), or nil.
    public static func named(_ name: String) -> ChartTheme? {
        switch name.lowercased() {
        case "dark": .dark
        case "light": .light
        case "colorblind", "colourblind", "color-blind", "colour-blind", "okabe-ito": .colorBlindSafe
        default: nil
        }
    }

    /// The colour of series number `index` (cycling through ``series``).
    public func seriesColor(_ index: Int) -> RGBColor {
        series[index % series.count]
    }
}
