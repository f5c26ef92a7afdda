import CDRM
import LiveTickerRender

#if canImport(Glibc)
import Glibc
#endif

/// A Linux framebuffer device (`/dev/fb0`): for boards and small SPI panels with no KMS driver,
/// and DRM drivers' fbdev emulation.
///
/// The visible screen (at the current pan offset) is mapped and each frame is written into it
/// row by row at the device's `line_length`, converted to its layout (32-bpp XRGB or another
/// 8-bit channel order, or 16-bpp RGB565). fbdev has no page flips or vblank events here, so
/// frames are paced by a timer at the refresh rate the timings give (60 Hz if unknown).
///
/// The text console (fbcon) draws on the same memory: while open, the display switches the
/// current virtual terminal to graphics mode (`KDSETMODE KD_GRAPHICS`, when /dev/tty0 can be
/// opened) and restores text mode on `close()`.
public final class FBDevDisplay: Display {
    /// Visible width (`xres`).
    public let width: Int
    /// Visible height (`yres`).
    public let height: Int
    /// From the device's timings when it reports a pixel clock, else 1/60 s.
    public let refreshInterval: Duration
    /// Always false: no vblank events are used on fbdev.
    public var hasVBlank: Bool { false }
    /// The device's pixel layout.
    public let layout: PixelLayout
    /// Bytes per row (`line_length`).
    public let lineLength: Int
    /// The device node.
    public let devicePath: String
    /// `fbdev /dev/fb0 800x480 XRGB8888`.
    public var summary: String { "fbdev \(devicePath) \(width)x\(height) \(layout)" }

    private let fd: Int32
    /// Invariant: `mapping` is valid for `mappingSize` bytes until `close()`.
    private let mapping: UnsafeMutableRawPointer
    private let mappingSize: Int
    /// Start of the visible screen inside the mapping (pan offset applied).
    private let visible: UnsafeMutableRawPointer
    private var consoleFD: Int32 = -1
    private var previousConsoleMode: Int32 = -1
    private var pacer: FramePacer
    private var closed = false

    /// Opens and maps an fbdev device.
    /// - Parameters:
    ///   - devicePath: the node, `/dev/fb0` by default.
    ///   - takeConsole: switch the VT to graphics mode so fbcon does not draw over the frames.
    /// - Throws: `deviceNotFound`, `permissionDenied`, `unsupportedPixelFormat`, `systemCall`.
    public init(devicePath: String = "/dev/fb0", takeConsole: Bool = true) throws(DisplayError) {
        let fd = try DeviceFile.openReadWrite(devicePath)
        var variable = fb_var_screeninfo()
        var fixed = fb_fix_screeninfo()
        guard lt_fb_get_var(fd, &variable) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw .systemCall(device: devicePath, call: "FBIOGET_VSCREENINFO", errno: code)
        }
        guard lt_fb_get_fix(fd, &fixed) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw .systemCall(device: devicePath, call: "FBIOGET_FSCREENINFO", errno: code)
        }
        let bitsPerPixel = Int(variable.bits_per_pixel)
        let truecolor = fixed.visual == UInt32(FB_VISUAL_TRUECOLOR) || fixed.visual == UInt32(FB_VISUAL_DIRECTCOLOR)
        guard truecolor,
            let layout = PixelLayout.fromFBDev(
                bitsPerPixel: bitsPerPixel,
                red: (Int(variable.red.offset), Int(variable.red.length)),
                green: (Int(variable.green.offset), Int(variable.green.length)),
                blue: (Int(variable.blue.offset), Int(variable.blue.length)),
                grayscale: variable.grayscale == 1)
        else {
            Glibc.close(fd)
            throw .unsupportedPixelFormat(
                device: devicePath,
                detail: "\(bitsPerPixel) bpp, visual \(fixed.visual), red \(variable.red.offset)/\(variable.red.length) "
                    + "green \(variable.green.offset)/\(variable.green.length) blue \(variable.blue.offset)/\(variable.blue.length)")
        }
        let width = Int(variable.xres)
        let height = Int(variable.yres)
        let lineLength = Int(fixed.line_length)
        let offset = Int(variable.yoffset) * lineLength + Int(variable.xoffset) * layout.bytesPerPixel
        let size = max(Int(fixed.smem_len), lineLength * Int(variable.yres_virtual))
        guard width > 0, height > 0, lineLength >= width * layout.bytesPerPixel,
            offset + lineLength * (height - 1) + width * layout.bytesPerPixel <= size
        else {
            Glibc.close(fd)
            throw .unsupportedPixelFormat(
                device: devicePath, detail: "\(width)x\(height) with line length \(lineLength) in \(size) bytes")
        }
        guard let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED else {
            let code = errno
            Glibc.close(fd)
            throw .systemCall(device: devicePath, call: "mmap", errno: code)
        }
        self.fd = fd
        self.devicePath = devicePath
        self.width = width
        self.height = height
        self.layout = layout
        self.lineLength = lineLength
        self.mapping = mapped
        self.mappingSize = size
        self.visible = mapped + offset
        self.refreshInterval = Self.refreshInterval(variable)
        self.pacer = FramePacer(interval: refreshInterval)
        if takeConsole { enterGraphicsMode() }
    }

    deinit {
        close()
    }

    /// Converts `frame` into the visible screen, then waits for the next refresh tick.
    /// - Cost: one pass over the frame (a memcpy per row for XRGB8888); no allocation.
    @discardableResult
    public func present(_ frame: Framebuffer) throws(DisplayError) -> Bool {
        precondition(!closed, "present after close")
        PixelCopy.copy(frame, layout: layout, to: visible, width: width, height: height, pitch: lineLength)
        pacer.wait()
        return true
    }

    /// Writes only the `damage` rectangles of `frame` to the screen (the rest of the screen
    /// already shows the previous frame), then waits for the next refresh tick. A frame of
    /// another size, or damage covering all of it, goes through ``present(_:)``.
    /// - Cost: O(damaged area); no allocation.
    @discardableResult
    public func present(_ frame: Framebuffer, damage: [PixelRect]) throws(DisplayError) -> Bool {
        precondition(!closed, "present after close")
        guard frame.width == width, frame.height == height, !damage.coversFrame(width: width, height: height) else {
            return try present(frame)
        }
        for rect in damage {
            PixelCopy.copy(frame, rect: rect, layout: layout, to: visible, width: width, height: height, pitch: lineLength)
        }
        pacer.wait()
        return true
    }

    /// Unmaps the screen, gives the console back its text mode and closes the device.
    /// The picture stays on screen until something else draws. Idempotent.
    public func close() {
        guard !closed else { return }
        closed = true
        munmap(mapping, mappingSize)
        if consoleFD >= 0 {
            if previousConsoleMode >= 0 { _ = lt_kd_set_mode(consoleFD, previousConsoleMode) }
            Glibc.close(consoleFD)
            consoleFD = -1
        }
        Glibc.close(fd)
    }

    /// Best effort: without /dev/tty0 access the console may draw over frames, which is not fatal.
    private func enterGraphicsMode() {
        let console = open("/dev/tty0", O_RDWR | O_CLOEXEC)
        guard console >= 0 else { return }
        var mode: Int32 = 0
        guard lt_kd_get_mode(console, &mode) == 0, lt_kd_set_mode(console, LT_KD_GRAPHICS) == 0 else {
            Glibc.close(console)
            return
        }
        consoleFD = console
        previousConsoleMode = mode
    }

    /// Refresh interval from the fbdev timings (pixclock is in picoseconds per pixel).
    private static func refreshInterval(_ variable: fb_var_screeninfo) -> Duration {
        let horizontal = Int64(variable.xres) + Int64(variable.left_margin) + Int64(variable.right_margin)
            + Int64(variable.hsync_len)
        let vertical = Int64(variable.yres) + Int64(variable.upper_margin) + Int64(variable.lower_margin)
            + Int64(variable.vsync_len)
        let picoseconds = Int64(variable.pixclock) * horizontal * vertical
        guard variable.pixclock > 0, picoseconds >= 1_000_000_000, picoseconds <= 1_000_000_000_000 else {
            return .nanoseconds(16_666_667)
        }
        return .nanoseconds(picoseconds / 1000)
    }
}
