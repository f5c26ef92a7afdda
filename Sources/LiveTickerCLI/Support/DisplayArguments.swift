import LiveTickerDisplay

/// The display options every drawing command shares: `--output SPEC`, `--connector NAME`,
/// `--mode WxH[@Hz]`, `--size WxH`. Read them with `read(from:defaultOutput:)`, open with
/// `open()`, so `pattern` and `replay` accept exactly the same spellings.
struct DisplayArguments {
    /// Help text lines describing the options, for a command's `--help`.
    static let helpLines = helpLines(defaultSize: "1280x720")

    /// The display options' help, with the picture size a command draws without `--size`.
    static func helpLines(defaultSize: String) -> String {
        """
          --output SPEC       drm | drm:/dev/dri/cardN | fbdev | fbdev:/dev/fbN | FILE.ppm | FILE.png
                              (drm picks the first card with a connected connector)
          --connector NAME    DRM connector by kernel name, e.g. HDMI-A-1, DP-1, Virtual-1
          --mode WxH[@Hz]     DRM mode (default: the connector's preferred mode)
          --size WxH          picture size for file outputs (default \(defaultSize))
        """
    }

    /// Where frames go.
    var output: OutputSpec
    /// Connector, mode and file size.
    var options: DisplayOptions

    /// Reads (and consumes) the display options. Invalid values are usage errors quoting them.
    static func read(from arguments: inout ParsedArguments, defaultOutput: String) throws(UsageError) -> DisplayArguments {
        let outputText = arguments.value("output") ?? defaultOutput
        let output: OutputSpec
        do {
            output = try OutputSpec(parsing: outputText)
        } catch {
            throw UsageError(error.description)
        }
        var options = DisplayOptions()
        options.connector = arguments.value("connector")
        if let mode = arguments.value("mode") {
            do {
                options.mode = try ModeRequest(parsing: mode)
            } catch {
                throw UsageError("--mode: \(error.description)")
            }
        }
        if let size = arguments.value("size") {
            do {
                try options.setFileSize(size)
            } catch {
                throw UsageError(Self.sizeUsage(size))
            }
        }
        return DisplayArguments(output: output, options: options)
    }

    /// The usage error of a `--size` that is not a picture size: the form and the limit.
    static func sizeUsage(_ text: String) -> String {
        "--size needs WxH, e.g. 800x480, each side 1 to \(ModeRequest.largestSide); got '\(text)'"
    }

    /// How the program shows a display's progress lines (unplugged, back, fallbacks): on
    /// standard error with the program's prefix (the KMS stage waits for these words).
    static func logDisplay(_ line: String) { printError("liveticker: " + line) }

    /// Opens the display; a device or file problem becomes a `CommandFailure` (exit 1) with the
    /// display's own message.
    func open() throws(CommandFailure) -> any Display {
        do {
            return try output.openDisplay(options: options, log: Self.logDisplay, stopWaiting: { StopSignal.isRequested })
        } catch {
            throw CommandFailure(error.description)
        }
    }
}
