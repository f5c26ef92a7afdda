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

    /// Restores what the output showed before (the previous CRTC, the text console) and frees
    /// every resource. Idempotent; the display must not be used afterwards.
    func close()
}
