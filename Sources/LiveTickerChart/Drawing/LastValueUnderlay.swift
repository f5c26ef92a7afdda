import LiveTickerRender

/// The pixels under a chart's last-value line: the one row of the plot the dashed line is
/// drawn over, as it was before the line (a save-under).
///
/// Why: the line moves with nearly every tick, and redrawing the row it left and the row it
/// moved to through every mark costs a full-width pass each (its capsules, area columns and
/// row sweep: a fifth of a partial frame in the Bench kiosk). With the pixels under it kept,
/// a partial frame stores them back, redraws what else changed, and saves and draws the row
/// the line moves to: two row copies and the dashes.
///
/// Valid only where the line is the last thing the frame draws on its row: see
/// `LiveTickerChart.lastValueUnderlayMark`. Plain value; its storage is reserved at init.
struct LastValueUnderlay {
    /// The framebuffer row the pixels came from; `Int.min` when none are held (no line, or
    /// its row outside the plot).
    private(set) var row = Int.min
    /// The first column the pixels came from.
    private(set) var minX = 0
    /// Whether the pixels are the ones under the line of the last frame drawn (false before
    /// the first frame and after one that drew over the line, e.g. a crosshair).
    var current = false
    /// Capacity: the chart's width, reserved at init, so saving never allocates.
    private var pixels: [UInt32] = []

    /// Room for a row of `width` pixels. O(width), one allocation.
    init(width: Int) {
        pixels.reserveCapacity(Swift.max(1, width))
    }

    /// Holds the pixels of `row` of `fb` over `columns`' columns (the plot), cut to the
    /// framebuffer's scissor; holds none when `row` is outside `columns`' rows.
    /// O(width), no allocation (the row fits the reserved room).
    mutating func save(row: Int, columns: PixelRect, from fb: Framebuffer) {
        pixels.removeAll(keepingCapacity: true)
        let span = columns.intersection(fb.scissor)
        guard !span.isEmpty, row >= span.minY, row < span.maxY else {
            self.row = .min
            return
        }
        self.row = row
        minX = span.minX
        pixels.append(contentsOf: UnsafeBufferPointer(start: fb.row(row) + span.minX, count: span.width))
    }

    /// Stores the held pixels back where they came from (cut to the framebuffer's scissor)
    /// and forgets them; returns the rectangle stored to (empty when none were held).
    /// O(width), no allocation.
    mutating func restore(into fb: Framebuffer) -> PixelRect {
        defer { row = .min }
        guard row != .min else { return .empty }
        let held = PixelRect(minX: minX, minY: row, maxX: minX &+ pixels.count, maxY: row &+ 1)
        let area = held.intersection(fb.scissor)
        guard !area.isEmpty else { return .empty }
        pixels.withUnsafeBufferPointer { source in
            (fb.row(row) + area.minX).update(from: source.baseAddress! + (area.minX &- minX), count: area.width)
        }
        return area
    }

    /// Drops the held pixels (the next frame is drawn whole). O(1).
    mutating func forget() {
        row = .min
        current = false
    }
}
