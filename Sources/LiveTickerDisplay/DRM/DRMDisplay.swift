import CDRM
import LiveTickerRender

#if canImport(Glibc)
import Glibc
#endif

/// What the page-flip event handler writes through its user-data pointer.
struct FlipState {
    /// A flip was queued and its completion event has not been handled yet.
    var pending = false
    /// vblank sequence number of the last completed flip (0 on emulated displays).
    var sequence: UInt32 = 0
}

/// A DRM/KMS output: one connector of `/dev/dri/cardN` driven through libdrm with two dumb
/// XRGB8888 buffers and page flips.
///
/// Frames are rendered by the caller in ordinary memory and copied into the back buffer
/// (dumb buffers are often uncached: never read back), then flipped with
/// `DRM_MODE_PAGE_FLIP_EVENT`; `present` waits for the flip event. When the display has a real
/// vblank the event paces the loop; emulated displays complete flips at once, so a timer at the
/// mode's refresh rate paces it instead.
///
/// The CRTC's previous configuration is saved at open and restored by `close()`. The program
/// installs its own signal handlers (this module keeps no process-global state) and stops its
/// loop on them so SIGINT/SIGTERM reach `close()`; a signal that interrupts the wait for a
/// page flip gives the wait up only when ``stopWaiting`` says so.
///
/// Hot-unplug: the connector state is checked about once a second (without a probe); when it
/// goes disconnected, frames are dropped (`present` returns false) while it is polled, and the
/// first frame after it comes back does a fresh modeset (possibly at a new size).
public final class DRMDisplay: Display {
    /// Width of the current mode.
    public internal(set) var width: Int
    /// Height of the current mode.
    public internal(set) var height: Int
    /// The mode in use.
    public internal(set) var mode: DisplayMode
    /// Refresh interval of the current mode.
    public var refreshInterval: Duration { mode.refreshInterval }
    /// True when `drmWaitVBlank` works on the CRTC, so flip events mark real vertical blanks.
    public internal(set) var hasVBlank = false
    /// Kernel name of the connector, e.g. `HDMI-A-1`.
    public let connectorName: String
    /// The card's device node.
    public var devicePath: String { card.path }
    /// `drm /dev/dri/card0 Virtual-1 1280x800@60`.
    public var summary: String { "drm \(card.path) \(connectorName) \(mode)" }
    /// Where progress messages go (unplug, replug, fallbacks), one line each without a
    /// program prefix; dropped by default (a library prints nothing: the program decides).
    public var log: (String) -> Void = { _ in }
    /// Asked when a signal interrupts the wait for a page-flip event: true gives the wait up
    /// (the caller is stopping), false keeps waiting (e.g. a SIGHUP that only reloads).
    /// Never by default. Called from `present`'s thread.
    public var stopWaiting: () -> Bool = { false }

    let card: DRMCard
    let connectorID: UInt32
    let modeRequest: ModeRequest
    var modeInfo: drmModeModeInfo
    var crtcID: UInt32
    var crtcIndex: Int
    /// The CRTC as it was before we touched it; restored by `close()`.
    var savedCrtc: UnsafeMutablePointer<drmModeCrtc>?
    var buffers: [DumbBuffer]
    /// Index in `buffers` of the buffer being scanned out.
    var front = 0
    /// The next present must `drmModeSetCrtc` (first frame, after replug) instead of flipping.
    var needsModeset = true
    /// Cleared if the driver refuses page flips; every frame then does a modeset.
    var flipsSupported = true
    var vblankProbed = false
    /// Invariant: allocated at init, freed in `close()`; the flip handler writes through it.
    let flipState: UnsafeMutablePointer<FlipState>
    var pacer: FramePacer
    var connected = true
    var lastConnectorCheck: Int64
    var closed = false
    /// What the back buffer lacks when only damaged rectangles are presented with flips.
    var damageHistory = DamageHistory(capacity: DRMDisplay.maxClips)
    /// `drmModeDirtyFB` clip storage. Invariant: allocated at init for `maxClips`, freed in `close()`.
    let clips: UnsafeMutableBufferPointer<drmModeClip>
    /// More damaged rectangles than this in one frame mark the whole buffer dirty.
    static let maxClips = 64

    /// Opens a card, picks a connector and a mode, and prepares two buffers. Nothing is shown
    /// until the first `present`.
    ///
    /// - Parameters:
    ///   - devicePath: `/dev/dri/cardN`; nil picks the first card with a connected connector.
    ///   - connector: a kernel connector name (`HDMI-A-1`); nil picks the first connected one.
    ///   - mode: the connector's preferred mode or `WxH[@Hz]`.
    /// - Throws: `DisplayError` naming the device and the reason.
    /// - Cost: opens the card, probes its connectors, allocates two dumb buffers.
    public init(devicePath: String? = nil, connector: String? = nil, mode request: ModeRequest = .preferred)
        throws(DisplayError)
    {
        let (card, connector) = try Self.openCard(devicePath: devicePath, connector: connector)
        let mode = try request.select(from: connector.modes, device: card.path, connector: connector.name)
        guard let crtc = card.crtc(for: connector) else {
            throw .noCRTC(device: card.path, connector: connector.name)
        }
        if drmIsMaster(card.fd) == 0, drmSetMaster(card.fd) != 0 {
            throw .drmMasterHeld(device: card.path, errno: errno)
        }
        let first = try DumbBuffer(card: card, width: mode.width, height: mode.height)
        let second: DumbBuffer
        do {
            second = try DumbBuffer(card: card, width: mode.width, height: mode.height)
        } catch {
            first.destroy(fd: card.fd)
            throw error
        }
        self.card = card
        self.connectorID = connector.id
        self.connectorName = connector.name
        self.modeRequest = request
        self.mode = mode
        self.modeInfo = connector.modeInfos[mode.index]
        self.width = mode.width
        self.height = mode.height
        self.crtcID = crtc.id
        self.crtcIndex = crtc.index
        self.savedCrtc = drmModeGetCrtc(card.fd, crtc.id)
        self.buffers = [first, second]
        self.flipState = .allocate(capacity: 1)
        self.flipState.initialize(to: FlipState())
        self.pacer = FramePacer(interval: mode.refreshInterval)
        self.lastConnectorCheck = FramePacer.now()
        self.clips = .allocate(capacity: Self.maxClips)
        self.clips.initialize(repeating: drmModeClip())
    }

    deinit {
        close()
    }

    /// Copies `frame` into the back buffer and flips to it (the first frame, and the first
    /// after a replug, do a modeset instead), then waits for the flip and paces.
    /// Returns false (frame dropped) while the connector is disconnected.
    /// - Cost: one frame copy, one flip; no allocation.
    @discardableResult
    public func present(_ frame: Framebuffer) throws(DisplayError) -> Bool {
        precondition(!closed, "present after close")
        if !connected { return try presentWhileDisconnected(frame) }
        if connectorCheckDue(), currentStatus(probe: false) == .disconnected {
            suspend()
            return false
        }
        let target = needsModeset ? front : 1 &- front
        let buffer = buffers[target]
        PixelCopy.copy(
            frame, layout: .xrgb8888, to: buffer.memory, width: buffer.width, height: buffer.height,
            pitch: buffer.pitch)
        damageHistory.presentedWhole()
        return try show(buffer, at: target)
    }

    /// Presents only the `damage` rectangles of `frame` (what changed since the frame
    /// presented before), so a wall where one panel changed costs that panel.
    ///
    /// With a real vblank and page flips the frame stays tear-free: the back buffer gets the
    /// damage of this frame and of the previous one (it is two frames old; ``DamageHistory``)
    /// and is flipped to. Without a vblank (emulated and shadow-buffered outputs, where a
    /// flip is only a copy the kernel makes of the whole buffer) the rectangles are written
    /// into the buffer on screen and flushed with `drmModeDirtyFB` and one clip per rectangle,
    /// so the kernel transfers just those. The first frame, the first after a replug, a frame
    /// of another size or damage covering the frame go through ``present(_:)``.
    /// - Cost: O(damaged area), one ioctl; no allocation.
    @discardableResult
    public func present(_ frame: Framebuffer, damage: [PixelRect]) throws(DisplayError) -> Bool {
        precondition(!closed, "present after close")
        guard connected, !needsModeset, frame.width == width, frame.height == height,
            !damage.coversFrame(width: width, height: height)
        else { return try present(frame) }
        if connectorCheckDue(), currentStatus(probe: false) == .disconnected {
            suspend()
            return false
        }
        if !hasVBlank || !flipsSupported {
            let buffer = buffers[front]
            for rect in damage {
                PixelCopy.copy(
                    frame, rect: rect, layout: .xrgb8888, to: buffer.memory, width: buffer.width, height: buffer.height,
                    pitch: buffer.pitch)
            }
            markDirty(buffer, damage: damage)
            // The back buffer falls behind; the next flip rewrites it whole.
            damageHistory.presentedWhole()
            if hasVBlank { _ = waitVBlank() } else { pacer.wait() }
            return true
        }
        guard !damageHistory.previousWasWhole else { return try present(frame) }
        let target = 1 &- front
        let buffer = buffers[target]
        for rect in damage {
            PixelCopy.copy(
                frame, rect: rect, layout: .xrgb8888, to: buffer.memory, width: buffer.width, height: buffer.height,
                pitch: buffer.pitch)
        }
        for rect in damageHistory.previous {
            PixelCopy.copy(
                frame, rect: rect, layout: .xrgb8888, to: buffer.memory, width: buffer.width, height: buffer.height,
                pitch: buffer.pitch)
        }
        damageHistory.presented(damage: damage)
        return try show(buffer, at: target)
    }

    /// Puts `buffer` (index `target`, already holding the new frame) on screen: a modeset for
    /// the first frame or when flips are refused, else a page flip; then waits and paces.
    func show(_ buffer: DumbBuffer, at target: Int) throws(DisplayError) -> Bool {
        if needsModeset || !flipsSupported {
            guard try setCrtc(to: buffer) else { return false }
            front = target
            needsModeset = false
            paceAfterModeset()
            return true
        }
        let result = drmModePageFlip(
            card.fd, crtcID, buffer.framebufferID, UInt32(DRM_MODE_PAGE_FLIP_EVENT), flipState)
        if result != 0 {
            let code = -result
            if currentStatus(probe: true) != .connected {
                suspend()
                return false
            }
            if code == EINVAL || code == ENOSYS || code == EOPNOTSUPP {
                log("\(card.path): page flips not supported (\(DisplayError.errnoText(code))); using modesets")
                flipsSupported = false
                guard try setCrtc(to: buffer) else { return false }
                front = target
                paceAfterModeset()
                return true
            }
            if code == EACCES || code == EPERM { throw .drmMasterHeld(device: card.path, errno: code) }
            throw .systemCall(device: card.path, call: "drmModePageFlip", errno: code)
        }
        flipState.pointee.pending = true
        _ = waitForFlip(timeoutMilliseconds: 1000, stopOnSignal: true)
        front = target
        if !hasVBlank { pacer.wait() }
        return true
    }

    /// Restores the saved CRTC, frees the buffers and closes the card. Idempotent.
    public func close() {
        guard !closed else { return }
        closed = true
        if flipState.pointee.pending { _ = waitForFlip(timeoutMilliseconds: 200, stopOnSignal: false) }
        restoreCrtc()
        for buffer in buffers { buffer.destroy(fd: card.fd) }
        buffers.removeAll()
        flipState.deinitialize(count: 1)
        flipState.deallocate()
        clips.deallocate()
    }

    // MARK: Internals

    /// Points the CRTC at `buffer` in the current mode, then marks the buffer dirty (virtio-gpu
    /// only shows what was flushed). Returns false if the connector went away meanwhile.
    func setCrtc(to buffer: DumbBuffer) throws(DisplayError) -> Bool {
        var connector = connectorID
        var info = modeInfo
        let result = drmModeSetCrtc(card.fd, crtcID, buffer.framebufferID, 0, 0, &connector, 1, &info)
        if result != 0 {
            let code = -result
            if code == EACCES || code == EPERM || code == EBUSY {
                throw .drmMasterHeld(device: card.path, errno: code)
            }
            if currentStatus(probe: true) != .connected {
                suspend()
                return false
            }
            throw .systemCall(device: card.path, call: "drmModeSetCrtc \(mode) on \(connectorName)", errno: code)
        }
        markDirty(buffer)
        return true
    }

    /// `drmModeDirtyFB` over the whole buffer. Drivers that scan out directly answer ENOSYS
    /// (nothing to flush), which is fine; other failures only risk a stale picture, so they are
    /// ignored too.
    func markDirty(_ buffer: DumbBuffer) {
        _ = drmModeDirtyFB(card.fd, buffer.framebufferID, nil, 0)
    }

    /// `drmModeDirtyFB` with one clip per damaged rectangle (the whole buffer when there are
    /// more than ``maxClips``); failures are ignored as in ``markDirty(_:)``.
    func markDirty(_ buffer: DumbBuffer, damage: [PixelRect]) {
        guard let count = DirtyClips.fill(clips, from: damage, width: buffer.width, height: buffer.height) else {
            markDirty(buffer)
            return
        }
        guard count > 0 else { return }
        _ = drmModeDirtyFB(card.fd, buffer.framebufferID, clips.baseAddress, UInt32(count))
    }

    /// After a modeset: learn once whether the CRTC has a working vblank, then pace.
    func paceAfterModeset() {
        if !vblankProbed {
            vblankProbed = true
            hasVBlank = probeVBlank()
        }
        if hasVBlank { _ = waitVBlank() } else { pacer.wait() }
    }

    /// Whether `drmWaitVBlank` (relative 0: "what is the count now") works on our CRTC.
    /// Emulated displays (bochs, virtio-gpu) fail it; a failure is never fatal.
    func probeVBlank() -> Bool {
        var request = drmVBlank()
        request.request.type = vblankType(relative: true)
        request.request.sequence = 0
        return drmWaitVBlank(card.fd, &request) == 0
    }

    /// Waits for the next vblank on our CRTC (used when flips are not available).
    func waitVBlank() -> Bool {
        var request = drmVBlank()
        request.request.type = vblankType(relative: true)
        request.request.sequence = 1
        return drmWaitVBlank(card.fd, &request) == 0
    }

    /// The vblank request type selecting our CRTC by index (secondary flag or high-CRTC bits).
    func vblankType(relative: Bool) -> drmVBlankSeqType {
        var raw = relative ? DRM_VBLANK_RELATIVE.rawValue : DRM_VBLANK_ABSOLUTE.rawValue
        if crtcIndex == 1 {
            raw |= DRM_VBLANK_SECONDARY.rawValue
        } else if crtcIndex > 1 {
            raw |= (UInt32(crtcIndex) << UInt32(DRM_VBLANK_HIGH_CRTC_SHIFT)) & DRM_VBLANK_HIGH_CRTC_MASK.rawValue
        }
        return drmVBlankSeqType(rawValue: raw)
    }

    /// Waits until the pending flip's event has been handled, a timeout, or (if asked) a stop
    /// signal. Returns true when the flip completed.
    func waitForFlip(timeoutMilliseconds: Int, stopOnSignal: Bool) -> Bool {
        let deadline = FramePacer.now() + Int64(timeoutMilliseconds) * 1_000_000
        while flipState.pointee.pending {
            let left = (deadline - FramePacer.now()) / 1_000_000
            if left <= 0 { return false }
            var descriptor = pollfd(fd: card.fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(left))
            if ready < 0 {
                if errno == EINTR, !(stopOnSignal && stopWaiting()) { continue }
                return false
            }
            if ready == 0 { return false }
            var context = drmEventContext()
            context.version = 2
            context.page_flip_handler = { _, sequence, _, _, userData in
                guard let state = userData?.assumingMemoryBound(to: FlipState.self) else { return }
                state.pointee.pending = false
                state.pointee.sequence = sequence
            }
            _ = drmHandleEvent(card.fd, &context)
        }
        return true
    }

    /// Puts the CRTC back the way `init` found it (the console, another program's picture), or
    /// switches it off if it was off.
    func restoreCrtc() {
        guard let saved = savedCrtc else { return }
        var crtc = saved.pointee
        if crtc.mode_valid != 0, crtc.buffer_id != 0 {
            var connector = connectorID
            _ = drmModeSetCrtc(card.fd, crtc.crtc_id, crtc.buffer_id, crtc.x, crtc.y, &connector, 1, &crtc.mode)
        } else {
            _ = drmModeSetCrtc(card.fd, crtc.crtc_id, 0, 0, 0, nil, 0, nil)
        }
        drmModeFreeCrtc(saved)
        savedCrtc = nil
    }
}
