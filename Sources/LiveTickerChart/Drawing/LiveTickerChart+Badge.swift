import LiveTickerRender

extension LiveTickerChart {
    /// Shows `text` as a badge in the header, left of the tick count (nil or "" removes it),
    /// e.g. "disconnected" while a network feed reconnects. Copies the text; call it when the
    /// state changes, not per frame.
    public func setBadge(_ text: String?) {
        badgeBytes = Array((text ?? "").utf8)
    }

    /// The badge, if any: its text in the theme's down colour on a box outlined in it,
    /// right-aligned at `rightEdge`. Allocates nothing.
    func drawBadge(rightEdge: Int, y: Int, clip: PixelRect, into fb: Framebuffer) {
        guard !badgeBytes.isEmpty else { return }
        let theme = options.theme
        let width = badgeBytes.count &* font.advance &* textScale
        let height = font.glyphHeight &* textScale
        let pad = 2 &* textScale
        let left = rightEdge &- width
        let box = PixelRect(x: left &- pad, y: y &- pad, width: width &+ 2 &* pad, height: height &+ 2 &* pad)
        fb.fill(box, color: theme.down, clip: clip)
        fb.fill(PixelRect(x: box.minX &+ 1, y: box.minY &+ 1, width: box.width &- 2, height: box.height &- 2),
            color: theme.background, clip: clip)
        _ = drawBytes(badgeBytes, x: left, y: y, color: theme.down, clip: clip, into: fb)
    }
}
