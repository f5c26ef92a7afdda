#if canImport(Glibc)
import Glibc
#endif

/// Why a display could not be opened or used. Every message names the device and the reason,
/// and says what to do where there is something to do.
public enum DisplayError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `/dev/dri` is missing or holds no `cardN` node.
    case noDRMDevice(directory: String)
    /// The device node does not exist.
    case deviceNotFound(path: String)
    /// `open` failed with EACCES/EPERM.
    case permissionDenied(path: String)
    /// The device opened but does not do modesetting (a render-only node or a non-DRM file).
    case notModesetCapable(path: String)
    /// No connector on the card reports a connected display.
    case noConnectedConnector(device: String, connectors: [ConnectorSummary])
    /// `--connector NAME` names no connector on the card.
    case connectorNotFound(device: String, name: String, connectors: [ConnectorSummary])
    /// The named connector exists but nothing is plugged in.
    case connectorDisconnected(device: String, name: String)
    /// The requested mode is not in the connector's list.
    case modeNotAvailable(device: String, connector: String, requested: String, available: [DisplayMode])
    /// A `--mode`/`--size` argument that is not `WxH` or `WxH@Hz`.
    case invalidMode(text: String)
    /// No CRTC can drive the connector (all encoders' CRTCs taken or none listed).
    case noCRTC(device: String, connector: String)
    /// Another process (a compositor, another liveticker) is DRM master on the card.
    case drmMasterHeld(device: String, errno: Int32)
    /// The fbdev device uses a pixel layout this program does not write.
    case unsupportedPixelFormat(device: String, detail: String)
    /// An `--output` value that names no known output.
    case invalidOutputSpec(text: String, reason: String)
    /// A picture file could not be written (the message names the file and the reason).
    case pictureFile(message: String)
    /// A system call failed; `call` names it (e.g. `drmModeAddFB2`).
    case systemCall(device: String, call: String, errno: Int32)

    /// The human-readable message (one or more lines, no trailing newline).
    public var description: String {
        switch self {
        case .noDRMDevice(let directory):
            return "no DRM device: \(directory) is missing or holds no cardN node "
                + "(is a KMS driver loaded? try `ls \(directory)` and `lsmod | grep drm`)"
        case .deviceNotFound(let path):
            return "\(path): no such device"
        case .permissionDenied(let path):
            return "\(path): permission denied; add the user to the `video` group "
                + "(`sudo usermod -aG video $USER`, then log in again) or run from a seat (logind)"
        case .notModesetCapable(let path):
            return "\(path): not a modesetting DRM device (no connectors/CRTCs; a render node or not DRM)"
        case .noConnectedConnector(let device, let connectors):
            return "\(device): no connected connector"
                + ConnectorSummary.listing(connectors, empty: "the card has no connectors")
        case .connectorNotFound(let device, let name, let connectors):
            return "\(device): no connector named \(name)"
                + ConnectorSummary.listing(connectors, empty: "the card has no connectors")
        case .connectorDisconnected(let device, let name):
            return "\(device): connector \(name) is disconnected (plug in a display or choose another connector)"
        case .modeNotAvailable(let device, let connector, let requested, let available):
            let list = available.isEmpty
                ? "; the connector reports no modes"
                : "; available: " + available.map(\.description).joined(separator: ", ")
            return "\(device) \(connector): mode \(requested) not available" + list
        case .invalidMode(let text):
            return "invalid mode '\(text)': expected WxH or WxH@Hz, e.g. 1920x1080 or 800x480@60"
        case .noCRTC(let device, let connector):
            return "\(device): no CRTC can drive connector \(connector)"
        case .drmMasterHeld(let device, let errno):
            return "\(device): another process is DRM master (\(Self.errnoText(errno))); "
                + "stop the compositor or display server using it, or switch to a free virtual terminal"
        case .unsupportedPixelFormat(let device, let detail):
            return "\(device): unsupported pixel format (\(detail)); 32 bpp XRGB and 16 bpp RGB565 are supported"
        case .invalidOutputSpec(let text, let reason):
            return "invalid output '\(text)': \(reason); expected drm, drm:/dev/dri/cardN, "
                + "fbdev, fbdev:/dev/fbN, or a file ending in .ppm or .png"
        case .pictureFile(let message):
            return message
        case .systemCall(let device, let call, let errno):
            return "\(device): \(call) failed: \(Self.errnoText(errno))"
        }
    }

    /// `strerror` text plus the symbolic-free number, e.g. `Device or resource busy (errno 16)`.
    static func errnoText(_ code: Int32) -> String {
        #if canImport(Glibc)
        if let text = strerror(code) { return "\(String(cString: text)) (errno \(code))" }
        #endif
        return "errno \(code)"
    }
}
