import CDRM

/// A connector's state copied out of libdrm's `drmModeConnector` (so no C memory is held).
struct DRMConnector {
    /// Object id.
    let id: UInt32
    /// Kernel name, e.g. `Virtual-1`.
    let name: String
    /// Plugged-in state.
    let status: ConnectorSummary.Status
    /// Modes in the connector's order, for selection and listings.
    let modes: [DisplayMode]
    /// The same modes as the kernel gave them, to hand back to `drmModeSetCrtc`.
    let modeInfos: [drmModeModeInfo]
    /// Encoder currently attached (0 if none).
    let encoderID: UInt32
    /// Encoders that can drive this connector.
    let possibleEncoderIDs: [UInt32]
    /// Physical size in millimetres (0 when unknown).
    let widthMillimetres: Int
    let heightMillimetres: Int

    init(_ raw: drmModeConnector) {
        id = raw.connector_id
        name = ConnectorName.name(type: raw.connector_type, typeID: raw.connector_type_id)
        switch raw.connection {
        case DRM_MODE_CONNECTED: status = .connected
        case DRM_MODE_DISCONNECTED: status = .disconnected
        default: status = .unknown
        }
        let infos: [drmModeModeInfo] =
            raw.modes.map { Array(UnsafeBufferPointer(start: $0, count: Int(raw.count_modes))) } ?? []
        modeInfos = infos
        modes = infos.enumerated().map { Self.mode($1, index: $0) }
        encoderID = raw.encoder_id
        possibleEncoderIDs =
            raw.encoders.map { Array(UnsafeBufferPointer(start: $0, count: Int(raw.count_encoders))) } ?? []
        widthMillimetres = Int(raw.mmWidth)
        heightMillimetres = Int(raw.mmHeight)
    }

    /// Summary for messages and listings.
    var summary: ConnectorSummary {
        ConnectorSummary(name: name, status: status, modeCount: modes.count)
    }

    /// Converts a kernel mode to a `DisplayMode`, computing the exact refresh rate from timings.
    static func mode(_ info: drmModeModeInfo, index: Int) -> DisplayMode {
        let interlaced = info.flags & UInt32(DRM_MODE_FLAG_INTERLACE) != 0
        let doubleScan = info.flags & UInt32(DRM_MODE_FLAG_DBLSCAN) != 0
        return DisplayMode(
            width: Int(info.hdisplay), height: Int(info.vdisplay),
            refreshMillihertz: DisplayMode.refreshMillihertz(
                clockKilohertz: Int(info.clock), htotal: Int(info.htotal), vtotal: Int(info.vtotal),
                vrefresh: Int(info.vrefresh), interlaced: interlaced, doubleScan: doubleScan,
                vscan: Int(info.vscan)),
            isPreferred: info.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0,
            isInterlaced: interlaced, index: index)
    }
}
