/// Where `--output` sends frames, parsed from its text:
/// `drm`, `drm:/dev/dri/card1`, `fbdev`, `fbdev:/dev/fb1`, `chart.ppm`, `chart.png`.
public enum OutputSpec: Sendable, Hashable, CustomStringConvertible {
    /// DRM/KMS on the given card, or the first card with a connected connector.
    case drm(devicePath: String?)
    /// A Linux framebuffer device.
    case fbdev(devicePath: String)
    /// A binary PPM file.
    case ppm(path: String)
    /// A PNG file.
    case png(path: String)

    /// Parses an `--output` value. `drm:cardN` and `fbdev:fbN` are accepted as short forms.
    /// - Throws: `DisplayError.invalidOutputSpec` with the reason.
    /// - Cost: O(length of text).
    public init(parsing text: String) throws(DisplayError) {
        if text.isEmpty { throw .invalidOutputSpec(text: text, reason: "empty") }
        if let (kind, device) = Self.split(text), kind == "drm" || kind == "fbdev" {
            guard let device else {
                self = kind == "drm" ? .drm(devicePath: nil) : .fbdev(devicePath: "/dev/fb0")
                return
            }
            guard !device.isEmpty else { throw .invalidOutputSpec(text: text, reason: "no device after ':'") }
            let full = device.hasPrefix("/") ? device : (kind == "drm" ? "/dev/dri/" : "/dev/") + device
            self = kind == "drm" ? .drm(devicePath: full) : .fbdev(devicePath: full)
            return
        }
        let lower = text.lowercased()
        if lower.hasSuffix(".ppm"), lower.count > 4 {
            self = .ppm(path: text)
        } else if lower.hasSuffix(".png"), lower.count > 4 {
            self = .png(path: text)
        } else {
            throw .invalidOutputSpec(text: text, reason: "not a device kind or a known file extension")
        }
    }

    /// Splits `kind[:device]` when `kind` has no `/` or `.` (so file paths are not split).
    private static func split(_ text: String) -> (kind: String, device: String?)? {
        guard let colon = text.firstIndex(of: ":") else {
            return text.contains(where: { $0 == "/" || $0 == "." }) ? nil : (text, nil)
        }
        let kind = String(text[..<colon])
        guard !kind.contains(where: { $0 == "/" || $0 == "." }) else { return nil }
        return (kind, String(text[text.index(after: colon)...]))
    }

    /// True for picture files, which need a size (`--size`) instead of a mode.
    public var isFile: Bool {
        switch self {
        case .ppm, .png: return true
        case .drm, .fbdev: return false
        }
    }

    /// The canonical text, e.g. `drm:/dev/dri/card1`.
    public var description: String {
        switch self {
        case .drm(let path): return path.map { "drm:\($0)" } ?? "drm"
        case .fbdev(let path): return "fbdev:\(path)"
        case .ppm(let path), .png(let path): return path
        }
    }
}
