import LiveTickerRender

extension LiveTickerChart {
    /// Shows `text` as a badge in the header (nil or "" removes it), e.g. "disconnected" while
    /// a network feed reconnects. Copies the text; call it when the state changes, not per frame.
    public func setBadge(_ text: String?) {
        badgeBytes = LabelEncoding.encode(text ?? "")
    }

    /// The badge, if any, right-aligned at `right` like the stale badge (the theme's down colour
    /// behind tag-coloured text), drawn only where it clears `left`. Returns the right edge left
    /// for what follows; with no framebuffer, only that. Allocates nothing.
    func drawBadge(right: Int, left: Int, y: Int, header: PixelRect, into fb: Framebuffer?) -> Int {
        guard !badgeBytes.isEmpty else { return right }
        let space = glyphs.digitAdvance
        let width = badgeBytes.withUnsafeBufferPointer { glyphs.width(of: $0) } &+ 2 &* space
        let box = PixelRect(x: right &- width, y: header.minY &+ 2, width: width, height: max(1, header.height &- 4))
        guard box.minX >= left else { return right }
        guard let fb else { return box.minX &- space }
        fb.fill(box, color: options.theme.down, clip: header)
        drawBytes(badgeBytes, x: box.minX &+ space, y: y, color: options.theme.tagText, clip: header, into: fb)
        return box.minX &- space
    }
}
