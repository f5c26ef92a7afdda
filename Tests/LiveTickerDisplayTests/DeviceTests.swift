import LiveTickerRender
import LiveTickerTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@testable import LiveTickerDisplay

/// Real files standing in for devices: these run on any machine, with or without a GPU.
@Suite("Devices and files")
struct DeviceTests {
    @Test func missingCardIsReportedByPath() {
        #expect(throws: DisplayError.deviceNotFound(path: "/nonexistent/card0")) {
            try DRMDisplay(devicePath: "/nonexistent/card0")
        }
    }

    @Test func aFileThatIsNotDRMIsNotModesetCapable() {
        #expect(throws: DisplayError.notModesetCapable(path: "/dev/null")) { try DRMDisplay(devicePath: "/dev/null") }
    }

    @Test func aFileThatIsNotAFramebufferSaysWhichCallFailed() {
        do {
            _ = try FBDevDisplay(devicePath: "/dev/null", takeConsole: false)
            Issue.record("expected an error")
        } catch {
            guard case .systemCall(let device, let call, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(device == "/dev/null")
            #expect(call == "FBIOGET_VSCREENINFO")
        }
    }

    @Test func cardListingIsNumericAndIgnoresOtherNodes() throws {
        let directory = try makeDirectory()
        defer { removeTree(directory) }
        for name in ["card10", "card2", "renderD128", "card", "cardX", "card0"] { touch("\(directory)/\(name)") }
        #expect(DRMCard.cardPaths(in: directory) == ["\(directory)/card0", "\(directory)/card2", "\(directory)/card10"])
        #expect(DRMCard.cardPaths(in: "\(directory)/missing").isEmpty)
    }

    @Test func inventoryOfAnEmptySystemSaysSo() throws {
        let directory = try makeDirectory()
        defer { removeTree(directory) }
        let inventory = DisplayInventory.scan(driDirectory: "\(directory)/dri", deviceDirectory: directory)
        #expect(inventory.cards.isEmpty)
        #expect(inventory.framebuffers.isEmpty)
        #expect(inventory.report.contains("no cards"))
        #expect(inventory.report.contains("fbdev: no devices"))
    }

    @Test func inventoryReportsUnreadableDevicesPerDevice() throws {
        let directory = try makeDirectory()
        defer { removeTree(directory) }
        touch("\(directory)/card0")
        touch("\(directory)/fb0")
        let inventory = DisplayInventory.scan(driDirectory: directory, deviceDirectory: directory)
        #expect(inventory.cards.count == 1)
        #expect(inventory.cards[0].problem?.contains("not a modesetting") == true)
        #expect(inventory.framebuffers.count == 1)
        #expect(inventory.framebuffers[0].detail.contains("not a framebuffer"))
    }

    @Test func pictureFileHoldsTheLastFrame() throws {
        let directory = try makeDirectory()
        defer { removeTree(directory) }
        let path = "\(directory)/out.ppm"
        let display = PictureFileDisplay(path: path, width: 2, height: 2)
        let frame = Framebuffer(width: 2, height: 2)
        frame.clear(to: 0x11_2233)
        try display.present(frame)
        frame[1, 1] = 0xFF_0080
        try display.present(frame)
        let bytes = try readFile(path)
        #expect(Array(bytes.prefix(11)) == Array("P6\n2 2\n255\n".utf8))
        #expect(Array(bytes.dropFirst(11)) == [0x11, 0x22, 0x33, 0x11, 0x22, 0x33, 0x11, 0x22, 0x33, 0xFF, 0x00, 0x80])
    }

    @Test func pictureFileCropsAndPadsOtherSizes() throws {
        let directory = try makeDirectory()
        defer { removeTree(directory) }
        let path = "\(directory)/pad.ppm"
        let display = PictureFileDisplay(path: path, width: 3, height: 1)
        let frame = Framebuffer(width: 2, height: 2)
        frame.clear(to: 0x01_0203)
        try display.present(frame)
        let bytes = try readFile(path)
        #expect(Array(bytes.dropFirst(11)) == [1, 2, 3, 1, 2, 3, 0, 0, 0])
    }

    @Test func pictureFileInAMissingDirectoryNamesThePath() {
        let display = PictureFileDisplay(path: "/nonexistent/dir/x.ppm", width: 1, height: 1)
        do {
            try display.present(Framebuffer(width: 1, height: 1))
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("/nonexistent/dir/x.ppm"))
        }
    }
}

// MARK: - File helpers (no Foundation)

private func makeDirectory() throws -> String {
    var template = Array("/tmp/liveticker-display-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    guard made != nil else { throw DisplayError.systemCall(device: "/tmp", call: "mkdtemp", errno: errno) }
    return String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

private func touch(_ path: String) {
    let fd = open(path, O_WRONLY | O_CREAT, 0o644)
    if fd >= 0 { close(fd) }
}

private func removeTree(_ directory: String) { TemporaryFiles.removeTree(directory) }

private func readFile(_ path: String) throws -> [UInt8] {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw DisplayError.systemCall(device: path, call: "open", errno: errno) }
    defer { close(fd) }
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, 4096) }
        if count <= 0 { break }
        result += chunk[0..<count]
    }
    return result
}
