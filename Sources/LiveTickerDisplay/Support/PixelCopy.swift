import CLiveTickerKernels
import LiveTickerRender

#if canImport(Glibc)
import Glibc
#endif

/// Copies a finished frame into display memory (a mapped DRM dumb buffer or fbdev) row by row,
/// honouring the destination's pitch.
///
/// Display memory is often uncached or write-combined, so these functions only ever *write* to
/// the destination, in ascending addresses: they never read it back or read-modify-write it.
/// Bytes between the end of a row's pixels and the pitch are left untouched.
public enum PixelCopy {
    /// Copies `frame` into `width × height` destination pixels, rows `pitch` bytes apart.
    ///
    /// The part of the frame that fits is converted to `layout`; destination pixels the frame
    /// does not cover are written black.
    /// - Precondition: `pitch ≥ width × layout.bytesPerPixel`; the destination holds
    ///   `pitch × height` bytes.
    /// - Cost: O(width × height), no allocation; XRGB8888 is one row copy per row
    ///   (``ltk_copy_rows``: whole lines stored streaming on x86-64).
    public static func copy(
        _ frame: Framebuffer, layout: PixelLayout,
        to destination: UnsafeMutableRawPointer, width: Int, height: Int, pitch: Int
    ) {
        precondition(width >= 0 && height >= 0 && pitch >= width &* layout.bytesPerPixel)
        let copyWidth = min(width, frame.width)
        let copyHeight = min(height, frame.height)
        let bytesPerPixel = layout.bytesPerPixel
        if case .xrgb8888 = layout, copyWidth > 0, copyHeight > 0 {
            ltk_copy_rows(destination, pitch, frame.pixels, frame.stride &* 4, copyWidth &* 4, copyHeight, 0, 0)
        }
        for y in 0..<height {
            let row = destination + y &* pitch
            var done = 0
            if y < copyHeight {
                let source = frame.row(y)
                switch layout {
                case .xrgb8888:
                    break  // copied above
                case .rgb565:
                    let out = row.assumingMemoryBound(to: UInt16.self)
                    for x in 0..<copyWidth { out[x] = rgb565(source[x]) }
                case .other32(let redShift, let greenShift, let blueShift):
                    let out = row.assumingMemoryBound(to: UInt32.self)
                    for x in 0..<copyWidth {
                        out[x] = reorder(source[x], redShift: redShift, greenShift: greenShift, blueShift: blueShift)
                    }
                }
                done = copyWidth
            }
            if done < width {
                memset(row + done &* bytesPerPixel, 0, (width &- done) &* bytesPerPixel)
            }
        }
    }

    /// Copies the part of `frame` inside `rect` into the same place of the destination
    /// (`width × height` pixels, rows `pitch` bytes apart), converting to `layout`: a damaged
    /// region of a picture already on screen. Outside `rect`, only XRGB8888 rows are written,
    /// and only beside it on the same 64-byte destination lines, with the frame's own pixels
    /// (what a display showing the frame already holds there), so that whole lines are stored
    /// without reading them first; nothing outside the destination's `width` pixels of a row
    /// (its pitch padding) or the frame is ever written.
    ///
    /// `rect` is clipped to the frame and to the destination, so any rectangle is safe.
    /// - Cost: O(area of `rect`), no allocation; XRGB8888 is one row copy per row of it
    ///   (``ltk_copy_rows``).
    public static func copy(
        _ frame: Framebuffer, rect: PixelRect, layout: PixelLayout,
        to destination: UnsafeMutableRawPointer, width: Int, height: Int, pitch: Int
    ) {
        precondition(width >= 0 && height >= 0 && pitch >= width &* layout.bytesPerPixel)
        let area = rect.intersection(PixelRect(x: 0, y: 0, width: min(width, frame.width), height: min(height, frame.height)))
        guard !area.isEmpty else { return }
        let bytesPerPixel = layout.bytesPerPixel
        let count = area.maxX &- area.minX
        let rows = area.minY..<area.maxY
        @inline(__always) func destinationRow(_ y: Int) -> UnsafeMutableRawPointer {
            destination + y &* pitch + area.minX &* bytesPerPixel
        }
        switch layout {
        case .xrgb8888:
            // Widened at most to the row's pixels both buffers hold.
            let rowEnd = min(width, frame.width)
            ltk_copy_rows(
                destinationRow(area.minY), pitch, frame.row(area.minY) + area.minX, frame.stride &* 4, count &* 4, rows.count,
                area.minX &* 4, (rowEnd &- area.maxX) &* 4)
        case .rgb565:
            for y in rows {
                let out = destinationRow(y).assumingMemoryBound(to: UInt16.self)
                let source = frame.row(y) + area.minX
                for x in 0..<count { out[x] = rgb565(source[x]) }
            }
        case .other32(let redShift, let greenShift, let blueShift):
            for y in rows {
                let out = destinationRow(y).assumingMemoryBound(to: UInt32.self)
                let source = frame.row(y) + area.minX
                for x in 0..<count {
                    out[x] = reorder(source[x], redShift: redShift, greenShift: greenShift, blueShift: blueShift)
                }
            }
        }
    }

    /// XRGB8888 → RGB565 by truncating each channel to its top 5/6/5 bits (what the kernel's
    /// `drm_fb_xrgb8888_to_rgb565` does, so both paths show the same colours). O(1).
    @inlinable
    public static func rgb565(_ pixel: UInt32) -> UInt16 {
        let red = (pixel >> 8) & 0xF800  // bits 23…19 → 15…11
        let green = (pixel >> 5) & 0x07E0  // bits 15…10 → 10…5
        let blue = (pixel >> 3) & 0x001F  // bits 7…3 → 4…0
        return UInt16(truncatingIfNeeded: red | green | blue)
    }

    /// XRGB8888 → a 32-bit pixel with 8-bit channels at the given bit offsets. O(1).
    @inlinable
    public static func reorder(_ pixel: UInt32, redShift: Int, greenShift: Int, blueShift: Int) -> UInt32 {
        let red = (pixel >> 16) & 0xFF
        let green = (pixel >> 8) & 0xFF
        let blue = pixel & 0xFF
        return red << UInt32(redShift) | green << UInt32(greenShift) | blue << UInt32(blueShift)
    }
}
