/// When a part of a live chart kept wider than its data needs (the value strip's width, a
/// pane's value domain) may narrow: only after it could have for ``delay`` of data time, so a
/// value whose digits come and go, or an extreme scrolling out of view, does not relayout the
/// plot every few frames.
///
/// Data time, not wall time: a replay at any speed narrows at the same ticks, and a paused
/// feed never narrows on its own. Plain value, O(1) per frame, no allocation.
struct NarrowingDelay {
    /// How long, in data time (nanoseconds), the part must have been narrower than it is.
    let delay: Int64
    /// The newest tick time since which every frame could have narrowed; nil: the last one
    /// could not.
    private var since: Int64?

    /// Whether the last frame could narrow and the wait is running. O(1).
    var isWaiting: Bool { since != nil }

    /// A delay of `delay` nanoseconds of data time.
    init(delay: Int64) { self.delay = delay }

    /// For a frame that could narrow, given the newest tick time in view (`.min`: no tick
    /// carries a time): true when it should narrow now, which starts the wait anew. That is
    /// at once without times, once the data has moved on by ``delay`` since the first such
    /// frame, and when time went back before it (a feed started again, a replay looped). O(1).
    mutating func shouldNarrow(newest: Int64) -> Bool {
        guard newest != .min else {
            since = nil
            return true
        }
        guard let since else {
            self.since = newest
            return false
        }
        guard newest &- since >= delay || newest < since else { return false }
        self.since = nil
        return true
    }

    /// For a frame that could not narrow (or widened): the wait starts again. O(1).
    mutating func cancel() { since = nil }
}
