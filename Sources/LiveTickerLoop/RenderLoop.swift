import LiveTickerChart
import LiveTickerDisplay
import LiveTickerRender
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Stops a ``RenderLoop`` from any thread (a signal handler's flag, a UI button, a test): the
/// caller owns it, so a library keeps no process-global state. One atomic; `Sendable`.
public final class RenderStopToken: Sendable {
    private let flag = Atomic<Bool>(false)
    private let condition: (@Sendable () -> Bool)?

    /// A token stopped only by ``stop()``.
    public init() { condition = nil }

    /// A token that also counts as stopped whenever `condition` is true (e.g. a signal flag).
    public init(alsoWhen condition: @escaping @Sendable () -> Bool) { self.condition = condition }

    /// Asks the loop to return after the frame in progress. O(1).
    public func stop() { flag.store(true, ordering: .releasing) }

    /// Whether the loop should stop. One atomic load (plus the condition).
    public var isStopped: Bool { flag.load(ordering: .acquiring) || (condition?() ?? false) }
}

/// The loop that keeps a ``Dashboard`` on a ``Display``: each turn it runs the caller's
/// `step` (drain a feed, apply a reload), draws when some panel's data or view changed and
/// presents the frame, and otherwise sleeps one refresh interval (20 ms for outputs without
/// one) instead of spinning. When the display comes back at another size (a replugged panel
/// with another mode) it asks `makeScene` for a scene of the new size and allocates a new
/// framebuffer; at a steady size it allocates nothing. It returns when the token stops.
///
/// Threading: call ``run(until:step:)`` on one thread (it is the scene's render thread);
/// producers append to the series on theirs.
public final class RenderLoop {
    /// Where frames go.
    public let display: any Display
    /// The scene drawn; replace it between turns (in `step`) to swap the wall, e.g. after a
    /// configuration reload. It must have the display's size.
    public var scene: Dashboard
    /// Frames presented so far.
    public private(set) var framesPresented = 0
    private let makeScene: (Int, Int) -> Dashboard
    private var framebuffer: Framebuffer

    /// A loop showing `makeScene(width, height)` on `display` (called now for the display's
    /// size, and again whenever that size changes). Allocates the framebuffer.
    public init(display: any Display, makeScene: @escaping (Int, Int) -> Dashboard) {
        self.display = display
        self.makeScene = makeScene
        scene = makeScene(display.width, display.height)
        framebuffer = Framebuffer(width: display.width, height: display.height)
    }

    /// Runs until `token` stops: `step()`, then a frame if something changed, else a sleep.
    /// Returns the frames presented by this call. A display error ends the loop with it.
    @discardableResult
    public func run(until token: RenderStopToken, step: () -> Void = {}) throws(DisplayError) -> Int {
        let start = framesPresented
        while !token.isStopped {
            step()
            if display.width != framebuffer.width || display.height != framebuffer.height {
                scene = makeScene(display.width, display.height)
                framebuffer = Framebuffer(width: display.width, height: display.height)
            }
            if try !drawIfNeeded() { Self.sleep(display.refreshInterval > .zero ? display.refreshInterval : .milliseconds(20)) }
        }
        return framesPresented - start
    }

    /// Draws and presents one frame if the scene changed (or was replaced); returns whether
    /// it drew. For callers that run their own loop. Allocates nothing.
    @discardableResult
    public func drawIfNeeded() throws(DisplayError) -> Bool {
        guard scene.width == framebuffer.width, scene.height == framebuffer.height, scene.needsDraw else { return false }
        scene.draw(into: framebuffer)
        // Only the panels drawn reach the display (DRM: DirtyFB clips; fbdev: their rows).
        if try display.present(framebuffer, damage: scene.damage) { framesPresented += 1 }
        return true
    }

    /// Draws everything and presents it, changed or not (a picture written at the end).
    public func drawNow() throws(DisplayError) {
        guard scene.width == framebuffer.width, scene.height == framebuffer.height else { return }
        scene.invalidate()
        scene.draw(into: framebuffer)
        if try display.present(framebuffer) { framesPresented += 1 }
    }

    static func sleep(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        _ = nanosleep(&request, nil)
    }
}
