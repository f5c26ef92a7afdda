import CDRM

#if canImport(Glibc)
import Glibc
#endif

/// What `liveticker displays` shows: every DRM card with its connectors, their state and
/// modes, and every fbdev device with its geometry and pixel layout.
public struct DisplayInventory: Sendable {
    /// One DRM card.
    public struct Card: Sendable {
        /// `/dev/dri/cardN`.
        public var path: String
        /// Kernel driver name, when the card could be opened.
        public var driver: String?
        /// Connectors in the kernel's order.
        public var connectors: [Connector]
        /// Why the card could not be read (permission, not KMS-capable), or nil.
        public var problem: String?
    }

    /// One connector and its modes.
    public struct Connector: Sendable {
        /// Kernel name and state.
        public var summary: ConnectorSummary
        /// Modes in the connector's order (the preferred one is flagged).
        public var modes: [DisplayMode]
        /// Physical size in millimetres, 0 when unknown.
        public var widthMillimetres: Int
        public var heightMillimetres: Int
    }

    /// One fbdev device.
    public struct FramebufferDevice: Sendable {
        /// `/dev/fbN`.
        public var path: String
        /// `800x480 XRGB8888, line length 3200`, or why it could not be read.
        public var detail: String
    }

    /// Cards found under the DRM directory.
    public var cards: [Card]
    /// fbdev devices found under /dev.
    public var framebuffers: [FramebufferDevice]

    /// Looks at every `cardN` in `driDirectory` and every `fbN` in `deviceDirectory`.
    /// Probes connectors (slow on real hardware: EDID reads). Opens fbdev devices read-only
    /// without mapping them. Never throws: problems are reported per device.
    public static func scan(driDirectory: String = "/dev/dri", deviceDirectory: String = "/dev") -> DisplayInventory {
        var cards: [Card] = []
        for path in DRMCard.cardPaths(in: driDirectory) {
            do {
                let card = try DRMCard(path: path)
                let connectors = card.connectors(probe: true).map {
                    Connector(
                        summary: $0.summary, modes: $0.modes, widthMillimetres: $0.widthMillimetres,
                        heightMillimetres: $0.heightMillimetres)
                }
                cards.append(Card(path: path, driver: card.driverName, connectors: connectors, problem: nil))
            } catch {
                cards.append(Card(path: path, driver: nil, connectors: [], problem: error.description))
            }
        }
        var framebuffers: [FramebufferDevice] = []
        for path in DeviceFile.numberedEntries(in: deviceDirectory, prefix: "fb") {
            framebuffers.append(FramebufferDevice(path: path, detail: Self.describeFramebuffer(path)))
        }
        return DisplayInventory(cards: cards, framebuffers: framebuffers)
    }

    /// The listing as text, one item per line, indented by level. O(total modes), allocates.
    public var report: String {
        var lines: [String] = []
        if cards.isEmpty { lines.append("DRM: no cards (no /dev/dri/cardN)") }
        for card in cards {
            lines.append("\(card.path)" + (card.driver.map { " (\($0))" } ?? ""))
            if let problem = card.problem { lines.append("  \(problem)") }
            for connector in card.connectors {
                var line = "  \(connector.summary.name): \(connector.summary.status.rawValue)"
                if connector.widthMillimetres > 0 {
                    line += ", \(connector.widthMillimetres)x\(connector.heightMillimetres) mm"
                }
                lines.append(line)
                for mode in connector.modes {
                    lines.append("    \(mode)" + (mode.isPreferred ? " (preferred)" : ""))
                }
            }
        }
        if framebuffers.isEmpty { lines.append("fbdev: no devices (no /dev/fbN)") }
        for framebuffer in framebuffers {
            lines.append("\(framebuffer.path): \(framebuffer.detail)")
        }
        return lines.joined(separator: "\n")
    }

    /// Geometry and layout of an fbdev device, or the reason it cannot be read.
    private static func describeFramebuffer(_ path: String) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            return code == EACCES || code == EPERM
                ? DisplayError.permissionDenied(path: path).description
                : DisplayError.systemCall(device: path, call: "open", errno: code).description
        }
        defer { close(fd) }
        var variable = fb_var_screeninfo()
        var fixed = fb_fix_screeninfo()
        guard lt_fb_get_var(fd, &variable) == 0, lt_fb_get_fix(fd, &fixed) == 0 else {
            return "not a framebuffer device (\(DisplayError.errnoText(errno)))"
        }
        let id = withUnsafeBytes(of: fixed.id) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        let layout = PixelLayout.fromFBDev(
            bitsPerPixel: Int(variable.bits_per_pixel),
            red: (Int(variable.red.offset), Int(variable.red.length)),
            green: (Int(variable.green.offset), Int(variable.green.length)),
            blue: (Int(variable.blue.offset), Int(variable.blue.length)),
            grayscale: variable.grayscale == 1)
        return "\(variable.xres)x\(variable.yres), \(variable.bits_per_pixel) bpp "
            + (layout.map { "\($0)" } ?? "(unsupported layout)")
            + ", line length \(fixed.line_length)" + (id.isEmpty ? "" : ", driver \(id)")
    }
}
