/// One video mode a connector offers, reduced to what selection and listings need.
///
/// `index` is the mode's position in the connector's own list, so the DRM code can hand the
/// kernel its exact `drmModeModeInfo` back after a pure selection picked it.
public struct DisplayMode: Sendable, Hashable, CustomStringConvertible {
    /// Active width in pixels.
    public var width: Int
    /// Active height in pixels.
    public var height: Int
    /// Refresh rate in millihertz (59 940 for 59.94 Hz); 0 when unknown.
    public var refreshMillihertz: Int
    /// The connector marks this mode preferred (`DRM_MODE_TYPE_PREFERRED`, the panel's native mode).
    public var isPreferred: Bool
    /// Interlaced scan-out (`DRM_MODE_FLAG_INTERLACE`); never chosen over a progressive match.
    public var isInterlaced: Bool
    /// Position in the connector's mode list.
    public var index: Int

    /// Creates a mode description.
    public init(
        width: Int, height: Int, refreshMillihertz: Int,
        isPreferred: Bool = false, isInterlaced: Bool = false, index: Int = 0
    ) {
        self.width = width
        self.height = height
        self.refreshMillihertz = refreshMillihertz
        self.isPreferred = isPreferred
        self.isInterlaced = isInterlaced
        self.index = index
    }

    /// Refresh rate rounded to whole hertz (59.94 → 60), as users type it in `WxH@Hz`.
    public var refreshHertz: Int { (refreshMillihertz + 500) / 1000 }

    /// Time between refreshes; 1/60 s when the refresh rate is unknown.
    public var refreshInterval: Duration {
        refreshMillihertz > 0
            ? .nanoseconds(1_000_000_000_000 / Int64(refreshMillihertz))
            : .nanoseconds(16_666_667)
    }

    /// `1280x800@60`, `1920x1080@59.94i`; no suffix when the rate is unknown.
    public var description: String {
        var text = "\(width)x\(height)"
        if refreshMillihertz > 0 {
            let whole = refreshMillihertz / 1000
            let hundredths = (refreshMillihertz % 1000 + 5) / 10
            switch hundredths {
            case 0: text += "@\(whole)"
            case 100: text += "@\(whole + 1)"
            case let h where h % 10 == 0: text += "@\(whole).\(h / 10)"
            case let h: text += "@\(whole).\(h < 10 ? "0" : "")\(h)"
            }
        }
        if isInterlaced { text += "i" }
        return text
    }

    /// Refresh rate from the mode's timings, in millihertz: pixel clock (kHz) / (htotal × vtotal),
    /// doubled for interlaced and halved for double-scan modes, the way the kernel's
    /// `drm_mode_vrefresh` computes it. Falls back to `vrefresh` (Hz) when totals are zero.
    public static func refreshMillihertz(
        clockKilohertz: Int, htotal: Int, vtotal: Int, vrefresh: Int,
        interlaced: Bool, doubleScan: Bool, vscan: Int
    ) -> Int {
        guard clockKilohertz > 0, htotal > 0, vtotal > 0 else { return max(0, vrefresh) * 1000 }
        var numerator = clockKilohertz * 1_000_000
        var denominator = htotal * vtotal
        if interlaced { numerator *= 2 }
        if doubleScan { denominator *= 2 }
        if vscan > 1 { denominator *= vscan }
        return (numerator + denominator / 2) / denominator
    }
}
