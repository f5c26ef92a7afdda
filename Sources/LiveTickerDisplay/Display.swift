import LiveTickerRender

/// A place finished frames are shown: a DRM/KMS connector, an fbdev device or a picture file.
///
/// The replay and live loops render a chart at `width × height` into their own `Framebuffer`
/// and hand it to `present(_:)`, which copies it out (the caller keeps ownership and may draw
/// the next frame at once). `present` may block to pace frames to the display's refresh.
///
/// A display is used from one thread at a time. `width`/`height` can change between frames
/// (a panel replugged with another preferred mode): read them before rendering each frame.
public protocol Display: AnyObject {
    /// Width in pixels the chart must be rendered at.
    var width: Int { get }
    /// Height in pixels the chart must be rendered at.
    var height: Int { get }
    /// Time between two refreshes; `.zero` for outputs with no refresh (picture files).
    var refreshInterval: Duration { get }
    /// True when `present` is paced by a real vertical blank (page-flip events from scan-out);
    /// false when pacing falls back to a timer (emulated displays) or there is none (files).
    var hasVBlank: Bool { get }
    /// One line naming the output for logs, e.g. `drm /dev/dri/card0 Virtual-1 1280x800@60`.
    var summary: String { get }

    /// Copies `frame` to the output and returns once it is on screen (or written).
    ///
    /// The area of the frame that fits is copied; any part of the display the frame does not
    /// cover is cleared to black. Returns `false` when the frame was dropped because the output
    /// is not showing anything right now (a disconnected connector); the display keeps trying
    /// to come back and later frames are shown once it does.
    /// - Cost: one copy of the frame (O(width × height)); no allocation.
    @discardableResult
    func present(_ frame: Framebuffer) throws(DisplayError) -> Bool

    /// Shows `frame`, of which only the rectangles in `damage` changed since the frame
    /// presented before it (what ``Dashboard`` lists after drawing only its changed panels).
    ///
    /// A display that can update part of its picture copies just those rectangles (DRM marks
    /// them with `drmModeDirtyFB` clips, fbdev writes only their rows); the others present
    /// the whole frame (the default implementation). The first frame, a frame after the
    /// display came back or changed size, and a frame of another size must be presented
    /// whole: pass the frame's bounds (or call ``present(_:)``).
    /// - Cost: O(damaged area) where supported, else as ``present(_:)``; no allocation.
    @discardableResult
    func present(_ frame: Framebuffer, damage: [PixelRect]) throws(DisplayError) -> Bool

    /// Restores what the output showed before (the previous CRTC, the text console) and frees
    /// every resource. Idempotent; the display must not be used afterwards.
    func close()
}

extension Display {
    /// The whole frame: a display without partial updates ignores `damage`.
    @discardableResult
    public func present(_ frame: Framebuffer, damage: [PixelRect]) throws(DisplayError) -> Bool {
        try present(frame)
    }
}

extension [PixelRect] {
    /// Whether these rectangles cover all of a `width × height` frame in one (a full repaint
    /// lists the bounds), so the frame is presented whole. O(count).
    func coversFrame(width: Int, height: Int) -> Bool {
        contains { $0.minX <= 0 && $0.minY <= 0 && $0.maxX >= width && $0.maxY >= height }
    }
}
