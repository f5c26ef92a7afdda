// Bitmap text: each inked font pixel becomes an opaque scale×scale block. Every coordinate is
// computed with saturating arithmetic and every block is intersected with `clip ∩ bounds`
// before it is written, so no x, y or scale (however large or negative) can reach memory
// outside the drawable rectangle or trap.

extension Framebuffer {
    /// Draws `text` (one glyph per byte: ASCII draws its glyph, bytes ≥ 0x80, control
    /// characters and anything else the font lacks draw its replacement glyph) with the top-left
    /// of the first cell at `(x, y)`, each font pixel as a `scale × scale` block of `color`,
    /// clipped to `clip ∩ bounds`.
    ///
    /// Returns the x just after the last glyph, `x + font.width(ofCount: text.count, scale:)`
    /// (saturating), whether or not anything was visible. `scale ≤ 0` draws nothing.
    /// Cost: O(visible glyph pixels) plus O(1) per byte; no allocation.
    @discardableResult
    public func drawText(
        _ text: UnsafeBufferPointer<UInt8>, x: Int, y: Int, font: BitmapFont, scale: Int, color: RGBColor,
        clip: PixelRect
    ) -> Int {
        let end = TextArithmetic.add(x, font.width(ofCount: text.count, scale: scale))
        guard scale > 0, !text.isEmpty else { return end }
        let area = drawable(clip)
        let cellWidth = TextArithmetic.multiply(font.advance, scale)
        let bottom = TextArithmetic.add(y, TextArithmetic.multiply(font.glyphHeight, scale))
        guard !area.isEmpty, y < area.maxY, bottom > area.minY, x < area.maxX, end > area.minX else { return end }
        font.bitmaps.withUnsafeBufferPointer { bitmaps in
            guard let base = bitmaps.baseAddress else { return }
            var pen = x
            for byte in text {
                // Glyphs advance rightwards, so the first one starting past the clip ends the text.
                if pen >= area.maxX { break }
                let next = TextArithmetic.add(pen, cellWidth)
                if next > area.minX {
                    drawGlyph(
                        base + Int(byte) &* font.bytesPerGlyph, font: font, x: pen, y: y, scale: scale,
                        color: color.pixel, area: area)
                }
                pen = next
            }
        }
        return end
    }

    /// Draws one glyph whose bitmap starts at `glyph`, clipped to `area` (already inside the
    /// buffer). Runs of inked bits in a row become one span per pixel row, so a stem at
    /// scale 4 is a handful of `update(repeating:)` calls rather than per-pixel work.
    private func drawGlyph(
        _ glyph: UnsafePointer<UInt8>, font: BitmapFont, x: Int, y: Int, scale: Int, color: UInt32, area: PixelRect
    ) {
        let width = font.glyphWidth
        var row = 0
        while row < font.glyphHeight {
            let top = TextArithmetic.add(y, TextArithmetic.multiply(row, scale))
            if top >= area.maxY { return }
            let bottom = TextArithmetic.add(top, scale)
            if bottom > area.minY {
                let y0 = Swift.max(top, area.minY), y1 = Swift.min(bottom, area.maxY)
                let bits = glyph + row &* font.bytesPerRow
                var column = 0
                while column < width {
                    guard Self.isInked(bits, column) else {
                        column &+= 1
                        continue
                    }
                    var runEnd = column &+ 1
                    while runEnd < width && Self.isInked(bits, runEnd) { runEnd &+= 1 }
                    let left = TextArithmetic.add(x, TextArithmetic.multiply(column, scale))
                    let right = TextArithmetic.add(x, TextArithmetic.multiply(runEnd, scale))
                    let x0 = Swift.max(left, area.minX), x1 = Swift.min(right, area.maxX)
                    if x0 < x1 {
                        // area ⊆ bounds, so y0..<y1 and x0..<x1 index inside the buffer.
                        var py = y0
                        while py < y1 {
                            PixelFill.fill(pixels + (py &* stride &+ x0), with: color, count: x1 &- x0)
                            py &+= 1
                        }
                    }
                    column = runEnd
                }
            }
            row &+= 1
        }
    }

    /// Bit `column` of a glyph row (most significant bit = leftmost pixel).
    @inline(__always)
    private static func isInked(_ bits: UnsafePointer<UInt8>, _ column: Int) -> Bool {
        bits[column &>> 3] & (0x80 &>> UInt8(truncatingIfNeeded: column & 7)) != 0
    }
}

/// Saturating integer arithmetic for text placement: results clamp to `Int.min`/`Int.max`
/// instead of trapping, which keeps ordering (so clipping stays correct) for any input.
enum TextArithmetic {
    /// `a + b`, clamped.
    @inline(__always)
    static func add(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? Int.max : Int.min) : sum
    }

    /// `a × b` for `a ≥ 0`, `b > 0`, clamped at `Int.max`.
    @inline(__always)
    static func multiply(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? Int.max : product
    }
}
