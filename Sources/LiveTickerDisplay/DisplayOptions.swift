/// The display-related command-line options: `--connector`, `--mode` (devices) and `--size`
/// (files), with the defaults every command shares.
public struct DisplayOptions: Sendable, Hashable {
    /// Picture size used for files when `--size` is not given.
    public static let defaultFileSize = (width: 1280, height: 720)

    /// `--connector NAME` (DRM), nil for the first connected one.
    public var connector: String?
    /// `--mode WxH[@Hz]` (DRM), preferred by default.
    public var mode: ModeRequest
    /// `--size WxH` for picture files.
    public var fileWidth: Int
    public var fileHeight: Int
    /// fbdev: switch the console to graphics mode while drawing.
    public var takeConsole: Bool

    /// Creates options; every parameter has the command-line default.
    public init(
        connector: String? = nil, mode: ModeRequest = .preferred,
        fileWidth: Int = DisplayOptions.defaultFileSize.width,
        fileHeight: Int = DisplayOptions.defaultFileSize.height, takeConsole: Bool = true
    ) {
        self.connector = connector
        self.mode = mode
        self.fileWidth = fileWidth
        self.fileHeight = fileHeight
        self.takeConsole = takeConsole
    }

    /// Sets `fileWidth`/`fileHeight` from `WxH`.
    /// - Throws: `DisplayError.invalidMode` for anything that is not `WxH`.
    public mutating func setFileSize(_ text: String) throws(DisplayError) {
        guard let size = ModeRequest.parseSize(text) else { throw .invalidMode(text: text) }
        fileWidth = size.width
        fileHeight = size.height
    }
}

extension OutputSpec {
    /// Opens the display this spec names with `options`.
    ///
    /// `--connector` and `--mode` apply to DRM only; `--size` to files only. `log` receives
    /// the display's progress lines (a DRM connector unplugged and back; nothing by default)
    /// and `stopWaiting` says whether a signal that interrupts a wait for the display should
    /// end it (see ``DRMDisplay/stopWaiting``): the program owns both, this module prints
    /// nothing and installs no signal handler.
    /// - Throws: any `DisplayError` the output raises while opening.
    /// - Cost: opening a device probes it and allocates its buffers; a file output allocates
    ///   one row.
    public func openDisplay(
        options: DisplayOptions = DisplayOptions(), log: @escaping (String) -> Void = { _ in },
        stopWaiting: @escaping () -> Bool = { false }
    ) throws(DisplayError) -> any Display {
        switch self {
        case .drm(let path):
            let display = try DRMDisplay(devicePath: path, connector: options.connector, mode: options.mode)
            display.log = log
            display.stopWaiting = stopWaiting
            return display
        case .fbdev(let path):
            return try FBDevDisplay(devicePath: path, takeConsole: options.takeConsole)
        case .ppm(let path):
            return PictureFileDisplay(path: path, width: options.fileWidth, height: options.fileHeight)
        case .png(let path):
            return PictureFileDisplay(path: path, width: options.fileWidth, height: options.fileHeight, format: .png)
        }
    }
}
