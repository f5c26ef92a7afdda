import LiveTickerDisplay
import LiveTickerRender

#if canImport(Glibc)
import Glibc
#endif

/// `liveticker pattern`: draws the deterministic test pattern to a display or a file.
enum PatternCommand: Command {
    static let name = "pattern"
    static let summary = "show a test pattern (bars, ramps, grid, border) on a display or in a file"
    static let flags: Set<String> = ["hold"]
    static let help = """
        Usage: liveticker pattern [--output SPEC] [--connector NAME] [--mode WxH[@Hz]]
                                  [--size WxH] [--frames N] [--hold]

        Draws a test pattern: eight colour bars, grey/red/green/blue ramps, a 32-px grid with a
        frame marker that moves each frame, and a 1-px border. The same size and frame always
        give the same pixels, so a screen capture can be compared with a file render.

        Options:
        \(DisplayArguments.helpLines)
          --frames N          present N frames, 1 to N (default 1); with DRM the second and
                              later frames are page flips
          --hold              keep the last frame up until SIGINT or SIGTERM

        Examples:
          liveticker pattern --output drm --hold
          liveticker pattern --output drm:/dev/dri/card1 --connector HDMI-A-1 --mode 800x480 --frames 120
          liveticker pattern --output fbdev --hold
          liveticker pattern --output pattern.ppm --size 800x480
        """

    static func run(_ arguments: inout ParsedArguments) throws -> Int32 {
        let display = try DisplayArguments.read(from: &arguments, defaultOutput: "drm")
        let frames = try arguments.value("frames", expected: "a whole number ≥ 1") { text -> Int? in
            guard let value = Int(text), value >= 1 else { return nil }
            return value
        } ?? 1
        let hold = arguments.flag("hold")
        try arguments.finish()
        guard arguments.operands.isEmpty else {
            throw UsageError("unexpected argument '\(arguments.operands[0])'")
        }

        StopSignal.install()
        let output = try display.open()
        defer { output.close() }
        var framebuffer = Framebuffer(width: output.width, height: output.height)
        var shown = 0
        for frame in 1...frames {
            if StopSignal.isRequested { break }
            if framebuffer.width != output.width || framebuffer.height != output.height {
                framebuffer = Framebuffer(width: output.width, height: output.height)
            }
            TestPattern.draw(into: framebuffer, frame: frame)
            do {
                if try output.present(framebuffer) { shown = frame }
            } catch {
                throw CommandFailure(error.description)
            }
        }
        printOutput("presented frame \(shown) of \(frames) on \(output.summary)")
        fflush(nil)  // the line goes to a pipe or file in scripts: flush before holding
        if hold, !StopSignal.isRequested {
            StopSignal.hold(showing: "frame \(shown) on \(output.summary)")
        }
        return 0
    }
}
