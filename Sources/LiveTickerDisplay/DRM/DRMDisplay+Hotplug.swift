import CDRM
import LiveTickerRender

extension DRMDisplay {
    /// Time between connector checks while running, and between probes while unplugged.
    /// A check asks libdrm for the connector (a small allocation), so it is kept to once a second
    /// rather than once a frame.
    static var connectorCheckNanoseconds: Int64 { 1_000_000_000 }

    /// True (and the clock restarted) when a connector check is due.
    func connectorCheckDue() -> Bool {
        let now = FramePacer.now()
        guard now - lastConnectorCheck >= Self.connectorCheckNanoseconds else { return false }
        lastConnectorCheck = now
        return true
    }

    /// The connector's state; `probe` forces the kernel to re-detect (slow on real hardware).
    /// A vanished connector (MST unplug) counts as disconnected.
    func currentStatus(probe: Bool) -> ConnectorSummary.Status {
        card.connector(id: connectorID, probe: probe)?.status ?? .disconnected
    }

    /// Stops drawing: the connector is gone. The next frames are dropped until it returns.
    func suspend() {
        guard connected else { return }
        connected = false
        if flipState.pointee.pending {
            _ = waitForFlip(timeoutMilliseconds: 100, stopOnSignal: false)
            flipState.pointee.pending = false
        }
        log("\(card.path) \(connectorName) disconnected; waiting for it to come back")
    }

    /// While unplugged: probe about once a second; on return, modeset afresh and show `frame`.
    /// Otherwise sleep one refresh interval (so a loop does not spin) and drop the frame.
    func presentWhileDisconnected(_ frame: Framebuffer) throws(DisplayError) -> Bool {
        if connectorCheckDue(), let connector = card.connector(id: connectorID, probe: true),
            connector.status == .connected, !connector.modes.isEmpty
        {
            try resume(with: connector)
            return try present(frame)
        }
        pacer.wait()
        return false
    }

    /// Re-selects the mode (falling back to the preferred one if the requested mode is gone),
    /// finds a CRTC, reallocates the buffers if the size changed, and asks for a modeset.
    func resume(with connector: DRMConnector) throws(DisplayError) {
        let newMode: DisplayMode
        if let chosen = modeRequest.select(from: connector.modes) {
            newMode = chosen
        } else {
            newMode = ModeRequest.preferred.select(from: connector.modes)!
            log("\(card.path) \(connectorName): mode \(modeRequest) no longer offered; using \(newMode)")
        }
        if let crtc = card.crtc(for: connector) {
            crtcID = crtc.id
            crtcIndex = crtc.index
        }
        if newMode.width != width || newMode.height != height {
            // Free the old pair first: small boards may not have room for four buffers.
            for buffer in buffers { buffer.destroy(fd: card.fd) }
            buffers.removeAll()
            let first = try DumbBuffer(card: card, width: newMode.width, height: newMode.height)
            buffers = [first]
            buffers.append(try DumbBuffer(card: card, width: newMode.width, height: newMode.height))
            front = 0
        }
        mode = newMode
        modeInfo = connector.modeInfos[newMode.index]
        width = newMode.width
        height = newMode.height
        pacer = FramePacer(interval: newMode.refreshInterval)
        vblankProbed = false
        connected = true
        needsModeset = true
        log("\(card.path) \(connectorName) connected again; \(newMode)")
    }
}
