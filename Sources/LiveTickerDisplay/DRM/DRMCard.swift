import CDRM

#if canImport(Glibc)
import Glibc
#endif

/// An open DRM card node (`/dev/dri/cardN`) and what its mode-setting resources say.
///
/// Owns the file descriptor: it is closed when the card is released.
final class DRMCard {
    /// The device node path, used in every message.
    let path: String
    /// The open descriptor (O_RDWR | O_CLOEXEC).
    let fd: Int32
    /// Connector, encoder and CRTC object ids, in the kernel's order (CRTC indices matter for
    /// `possible_crtcs` masks and vblank requests).
    let connectorIDs: [UInt32]
    let encoderIDs: [UInt32]
    let crtcIDs: [UInt32]

    /// Opens `path` and reads its resources.
    /// - Throws: `deviceNotFound`, `permissionDenied`, `notModesetCapable`.
    init(path: String) throws(DisplayError) {
        let fd = try DeviceFile.openReadWrite(path)
        guard let resources = drmModeGetResources(fd) else {
            Glibc.close(fd)
            throw .notModesetCapable(path: path)
        }
        defer { drmModeFreeResources(resources) }
        let res = resources.pointee
        self.path = path
        self.fd = fd
        self.connectorIDs = Self.ids(res.connectors, Int(res.count_connectors))
        self.encoderIDs = Self.ids(res.encoders, Int(res.count_encoders))
        self.crtcIDs = Self.ids(res.crtcs, Int(res.count_crtcs))
        if connectorIDs.isEmpty || crtcIDs.isEmpty {
            Glibc.close(fd)
            throw .notModesetCapable(path: path)
        }
    }

    deinit {
        Glibc.close(fd)
    }

    /// The `cardN` nodes in `directory`, in numeric order.
    static func cardPaths(in directory: String = "/dev/dri") -> [String] {
        DeviceFile.numberedEntries(in: directory, prefix: "card")
    }

    /// The kernel driver's name (`bochs-drm`, `virtio_gpu`, `i915`, …), or nil.
    var driverName: String? {
        guard let version = drmGetVersion(fd) else { return nil }
        defer { drmFreeVersion(version) }
        guard let name = version.pointee.name else { return nil }
        return String(cString: name)
    }

    /// Reads every connector. `probe: true` asks the kernel to probe outputs (slow on real
    /// hardware: EDID reads); `false` returns the last known state.
    func connectors(probe: Bool) -> [DRMConnector] {
        connectorIDs.compactMap { connector(id: $0, probe: probe) }
    }

    /// Reads one connector, or nil if it vanished (MST hot-unplug removes connectors).
    func connector(id: UInt32, probe: Bool) -> DRMConnector? {
        guard let pointer = probe ? drmModeGetConnector(fd, id) : drmModeGetConnectorCurrent(fd, id)
        else { return nil }
        defer { drmModeFreeConnector(pointer) }
        return DRMConnector(pointer.pointee)
    }

    /// Summaries of every connector for error messages (last known state, no probe).
    func summaries() -> [ConnectorSummary] {
        connectors(probe: false).map(\.summary)
    }

    /// Finds a CRTC that can drive `connector`: the one its current encoder already uses,
    /// else the first CRTC allowed by an encoder's `possible_crtcs` mask that is not lit,
    /// else the first allowed one. Returns the CRTC id and its index in `crtcIDs`.
    func crtc(for connector: DRMConnector) -> (id: UInt32, index: Int)? {
        if connector.encoderID != 0, let encoder = drmModeGetEncoder(fd, connector.encoderID) {
            let crtcID = encoder.pointee.crtc_id
            drmModeFreeEncoder(encoder)
            if crtcID != 0, let index = crtcIDs.firstIndex(of: crtcID) { return (crtcID, index) }
        }
        var fallback: (id: UInt32, index: Int)? = nil
        for encoderID in connector.possibleEncoderIDs {
            guard let encoder = drmModeGetEncoder(fd, encoderID) else { continue }
            let mask = encoder.pointee.possible_crtcs
            drmModeFreeEncoder(encoder)
            for (index, crtcID) in crtcIDs.enumerated() where mask & (1 << UInt32(index)) != 0 {
                if fallback == nil { fallback = (crtcID, index) }
                if let crtc = drmModeGetCrtc(fd, crtcID) {
                    let lit = crtc.pointee.buffer_id != 0
                    drmModeFreeCrtc(crtc)
                    if !lit { return (crtcID, index) }
                }
            }
        }
        return fallback
    }

    /// Copies `count` ids out of a libdrm array.
    private static func ids(_ pointer: UnsafeMutablePointer<UInt32>?, _ count: Int) -> [UInt32] {
        guard let pointer, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: pointer, count: count))
    }
}
