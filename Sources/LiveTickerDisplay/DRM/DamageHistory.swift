import CDRM
import LiveTickerRender

/// What the back buffer of a double-buffered output lacks, for presenting only damaged
/// rectangles with page flips (the "buffer age" bookkeeping of EGL_EXT_buffer_age, age 2).
///
/// With two buffers the back one holds the frame before the previous one: to bring it up to
/// the new frame, a present copies the new frame's damage *and* the previous frame's. When the
/// previous frame was presented whole (the first frame, a modeset, a frame after a replug, a
/// full repaint), or its damage did not fit the capacity, the back buffer is rewritten whole.
/// Capacity is reserved at init: recording damage allocates nothing.
struct DamageHistory {
    /// The previous frame's damaged rectangles (valid when `previousWasWhole` is false).
    private(set) var previous: [PixelRect] = []
    /// The previous frame changed everywhere (or is unknown): the back buffer needs all of it.
    private(set) var previousWasWhole = true
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        previous.reserveCapacity(capacity)
    }

    /// A frame was presented whole. O(1).
    mutating func presentedWhole() {
        previous.removeAll(keepingCapacity: true)
        previousWasWhole = true
    }

    /// A frame was presented whose change from the one before is `damage`. O(damage).
    mutating func presented(damage: [PixelRect]) {
        previous.removeAll(keepingCapacity: true)
        guard damage.count <= capacity else {
            previousWasWhole = true
            return
        }
        previous.append(contentsOf: damage)
        previousWasWhole = false
    }
}

/// `drmModeDirtyFB` clip rectangles from damaged rectangles, clipped to a `width × height`
/// buffer, written into storage allocated once.
enum DirtyClips {
    /// Fills `clips` with `damage` clipped to the buffer (empty rectangles skipped) and returns
    /// how many it wrote, or nil when they do not fit (the caller then marks the whole buffer).
    /// O(damage), no allocation.
    static func fill(
        _ clips: UnsafeMutableBufferPointer<drmModeClip>, from damage: [PixelRect], width: Int, height: Int
    ) -> Int? {
        let bounds = PixelRect(x: 0, y: 0, width: min(width, Int(UInt16.max)), height: min(height, Int(UInt16.max)))
        var count = 0
        for rect in damage {
            let area = rect.intersection(bounds)
            if area.isEmpty { continue }
            guard count < clips.count else { return nil }
            clips[count] = drmModeClip(
                x1: UInt16(area.minX), y1: UInt16(area.minY), x2: UInt16(area.maxX), y2: UInt16(area.maxY))
            count += 1
        }
        return count
    }
}
