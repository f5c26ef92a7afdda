import Testing

@testable import LiveTickerDisplay

@Suite("Error messages")
struct ErrorMessageTests {
    @Test func permissionDeniedSaysWhatToDo() {
        let text = DisplayError.permissionDenied(path: "/dev/dri/card0").description
        #expect(text.hasPrefix("/dev/dri/card0: permission denied"))
        #expect(text.contains("`video` group"))
        #expect(text.contains("seat"))
    }

    @Test func noDeviceNamesTheDirectory() {
        let text = DisplayError.noDRMDevice(directory: "/dev/dri").description
        #expect(text.contains("no DRM device"))
        #expect(text.contains("/dev/dri"))
    }

    @Test func noConnectedConnectorListsConnectorsAndStatus() {
        let text = DisplayError.noConnectedConnector(
            device: "/dev/dri/card1",
            connectors: [
                ConnectorSummary(name: "HDMI-A-1", status: .disconnected, modeCount: 0),
                ConnectorSummary(name: "DP-1", status: .unknown, modeCount: 1),
            ]
        ).description
        #expect(text == "/dev/dri/card1: no connected connector; connectors: HDMI-A-1 (disconnected, 0 modes), DP-1 (unknown, 1 mode)")
        #expect(
            DisplayError.noConnectedConnector(device: "/dev/dri/card0", connectors: []).description
                .contains("has no connectors"))
    }

    @Test func connectorNotFoundListsTheOthers() {
        let text = DisplayError.connectorNotFound(
            device: "/dev/dri/card0", name: "HDMI-A-2",
            connectors: [ConnectorSummary(name: "HDMI-A-1", status: .connected, modeCount: 12)]
        ).description
        #expect(text == "/dev/dri/card0: no connector named HDMI-A-2; connectors: HDMI-A-1 (connected, 12 modes)")
    }

    @Test func modeNotAvailableListsAvailableModes() {
        let text = DisplayError.modeNotAvailable(
            device: "/dev/dri/card0", connector: "Virtual-1", requested: "800x480@75",
            available: [
                DisplayMode(width: 1280, height: 800, refreshMillihertz: 60_000, isPreferred: true),
                DisplayMode(width: 800, height: 480, refreshMillihertz: 60_000),
            ]
        ).description
        #expect(text == "/dev/dri/card0 Virtual-1: mode 800x480@75 not available; available: 1280x800@60, 800x480@60")
    }

    @Test func masterHeldNamesTheDeviceAndTheCause() {
        let text = DisplayError.drmMasterHeld(device: "/dev/dri/card0", errno: 16).description
        #expect(text.hasPrefix("/dev/dri/card0: another process is DRM master"))
        #expect(text.contains("errno 16"))
    }

    @Test func systemCallsCarryTheCallAndErrnoText() {
        let text = DisplayError.systemCall(device: "/dev/fb0", call: "mmap", errno: 12).description
        #expect(text.hasPrefix("/dev/fb0: mmap failed: "))
        #expect(text.hasSuffix("(errno 12)"))
        #expect(text.count > "/dev/fb0: mmap failed: (errno 12)".count)  // strerror text is included
    }

    @Test func otherCasesNameTheirSubject() {
        #expect(DisplayError.deviceNotFound(path: "/dev/fb3").description == "/dev/fb3: no such device")
        #expect(DisplayError.notModesetCapable(path: "/dev/dri/card9").description.hasPrefix("/dev/dri/card9: not a modesetting"))
        #expect(DisplayError.connectorDisconnected(device: "/dev/dri/card0", name: "DP-1").description
            .hasPrefix("/dev/dri/card0: connector DP-1 is disconnected"))
        #expect(DisplayError.noCRTC(device: "/dev/dri/card0", connector: "DP-1").description.contains("no CRTC"))
        #expect(DisplayError.unsupportedPixelFormat(device: "/dev/fb0", detail: "8 bpp").description
            .contains("(8 bpp)"))
        #expect(DisplayError.invalidOutputSpec(text: "hdmi", reason: "nope").description
            .hasPrefix("invalid output 'hdmi': nope; expected drm"))
    }
}
