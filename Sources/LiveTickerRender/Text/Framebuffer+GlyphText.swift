// Anti-aliased text from a GlyphAtlas: each glyph's coverage blends `color` over the frame.
// Coordinates use saturating arithmetic and every glyph is intersected with `clip ∩ bounds`
// before a pixel is touched, so no position can write outside the drawable rectangle.

extension Framebuffer {
    /// Draws `text` with the top of its line at `y` and the pen starting at `x`, blending each
    /// glyph's coverage of `color`, clipped to `clip ∩ bounds`. Returns the x after the last
    /// glyph (`x + atlas.width(of: text)`, saturating).
    /// Cost: O(visible glyph pixels) plus O(1) per byte; no allocation.
    @discardableResult
    public func drawText(
        _ text: UnsafeBufferPointer<UInt8>, x: Int, y: Int, atlas: GlyphAtlas, color: RGBColor, clip: PixelRect
    ) -> Int {
        let area = drawable(clip)
        var pen = x
        guard !area.isEmpty, y < area.maxY, TextArithmetic.add(y, atlas.lineHeight) > area.minY else {
            return TextArithmetic.add(x, atlas.width(of: text))
        }
        let pixel = color.pixel
        atlas.coverage.withUnsafeBufferPointer { coverage in
            guard let base = coverage.baseAddress else { return }
            for byte in text {
                let b = Int(byte)
                let advance = Int(atlas.advances[b])
                if pen < area.maxX {
                    let w = Int(atlas.widths[b])
                    let h = Int(atlas.heights[b])
                    let gx = TextArithmetic.add(pen, Int(atlas.left[b]))
                    let gy = TextArithmetic.add(y, Int(atlas.top[b]))
                    let x0 = Swift.max(gx, area.minX)
                    let x1 = Swift.min(TextArithmetic.add(gx, w), area.maxX)
                    let y0 = Swift.max(gy, area.minY)
                    let y1 = Swift.min(TextArithmetic.add(gy, h), area.maxY)
                    if x0 < x1, y0 < y1 {
                        let image = base + Int(atlas.offsets[b])
                        var py = y0
                        while py < y1 {
                            // x0 - gx < w and py - gy < h: inside this glyph's image.
                            let source = image + ((py &- gy) &* w &+ (x0 &- gx))
                            let row = pixels + py &* stride
                            var px = x0
                            if atlas.isBinary {
                                // Inked or not: four pixels a step take the colour where inked
                                // and keep their own elsewhere, with no branch on a pixel (a
                                // bitmap glyph's 0s and 255s were a branch each, taken at
                                // random: 3.5 % of the 1080p reference frame).
                                while px &+ 4 <= x1 {
                                    let inked = SIMD4<UInt32>(
                                        truncatingIfNeeded: UnsafeRawPointer(source + (px &- x0)).loadUnaligned(
                                            as: SIMD4<UInt8>.self)) .!= 0
                                    let p = UnsafeMutableRawPointer(row + px)
                                    let d = p.loadUnaligned(as: SIMD4<UInt32>.self)
                                    p.storeBytes(of: d.replacing(with: pixel, where: inked), as: SIMD4<UInt32>.self)
                                    px &+= 4
                                }
                            }
                            while px < x1 {
                                let a = UInt32(source[px &- x0])
                                if a == 255 {
                                    row[px] = pixel
                                } else if a != 0 {
                                    row[px] = PixelBlend.blend(row[px], pixel, alpha: a)
                                }
                                px &+= 1
                            }
                            py &+= 1
                        }
                    }
                }
                pen = TextArithmetic.add(pen, advance)
            }
        }
        return pen
    }
}
