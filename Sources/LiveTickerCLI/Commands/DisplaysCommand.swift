import LiveTickerDisplay

/// `liveticker displays`: what this machine can show frames on.
enum DisplaysCommand: Command {
    static let name = "displays"
    static let summary = "list DRM cards, connectors with their state and modes, and fbdev devices"
    static let help = """
        Usage: liveticker displays

        Lists every DRM card (/dev/dri/cardN) with its driver, each connector by the kernel's
        name (HDMI-A-1, DP-1, Virtual-1, ...) with its state and modes (the preferred one is
        marked), and every fbdev device (/dev/fbN) with its size and pixel layout. Use the names
        and modes with --output, --connector and --mode of `pattern` and `replay`.
        Probing connectors can take a moment on real hardware (EDID reads).
        """

    static func run(_ arguments: inout ParsedArguments) throws -> Int32 {
        try arguments.finish()
        guard arguments.operands.isEmpty else {
            throw UsageError("unexpected argument '\(arguments.operands[0])'")
        }
        printOutput(DisplayInventory.scan().report)
        return 0
    }
}
