import LiveTickerRender

/// A deterministic test picture for checking a display end to end (`liveticker pattern`):
/// the same size and frame number always give the same bytes, so a screen capture can be
/// compared pixel for pixel with a PPM of the same frame.
///
/// Layout, top to bottom: eight colour bars (white, yellow, cyan, green, magenta, red, blue,
/// black) over the top half; grey, red, green and blue ramps (0 at the left edge to 255 at the
/// right) over the next quarter; a 32-px grid on dark grey over the last quarter, holding a
/// frame marker whose place and bit pattern change with the frame number (so a capture shows
/// which frame is up). A 1-px border in a colour used nowhere else outlines the whole picture,
/// so cropping or an offset shows at once.
public enum TestPattern {
    /// The bar colours, left to right.
    public static let barColors: [UInt32] = [
        0xFF_FFFF, 0xFF_FF00, 0x00_FFFF, 0x00_FF00, 0xFF_00FF, 0xFF_0000, 0x00_00FF, 0x00_0000,
    ]
    /// The border colour (appears nowhere else).
    public static let borderColor: UInt32 = 0x00_FF80
    /// Grid line colour and spacing.
    public static let gridColor: UInt32 = 0x80_8080
    public static let gridSpacing = 32
    /// Background of the grid area.
    public static let gridBackground: UInt32 = 0x10_1010
    /// Frame marker colour.
    public static let markerColor: UInt32 = 0xFF_8000

    /// Draws frame number `frame` (1-based by convention) into all of `framebuffer`.
    /// - Cost: O(width × height), writes every pixel once or twice; no allocation.
    public static func draw(into framebuffer: Framebuffer, frame: Int) {
        let width = framebuffer.width
        let height = framebuffer.height
        let barsBottom = height / 2
        let rampsBottom = height * 3 / 4
        let rampBand = max(1, (rampsBottom - barsBottom) / 4)
        for y in 0..<height {
            let row = framebuffer.row(y)
            if y < barsBottom {
                for x in 0..<width { row[x] = barColors[x &* 8 / width] }
            } else if y < rampsBottom {
                let band = min(3, (y &- barsBottom) / rampBand)
                for x in 0..<width {
                    let level = width > 1 ? UInt32(x &* 255 / (width &- 1)) : 0
                    switch band {
                    case 0: row[x] = level << 16 | level << 8 | level
                    case 1: row[x] = level << 16
                    case 2: row[x] = level << 8
                    default: row[x] = level
                    }
                }
            } else {
                let onLine = y % gridSpacing == 0
                for x in 0..<width {
                    row[x] = onLine || x % gridSpacing == 0 ? gridColor : gridBackground
                }
            }
        }
        drawMarker(into: framebuffer, frame: frame, top: rampsBottom)
        drawBorder(into: framebuffer)
    }

    /// A 24-px square that moves 48 px per frame, followed by the low 8 bits of the frame
    /// number as 6-px cells (set = marker colour, clear = black), all clipped to the picture.
    private static func drawMarker(into framebuffer: Framebuffer, frame: Int, top: Int) {
        let width = framebuffer.width
        let span = max(1, width - 120)
        let left = 8 + (frame &* 48) % span
        let markerTop = top + 8
        fill(framebuffer, x: left, y: markerTop, width: 24, height: 24, color: markerColor)
        for bit in 0..<8 {
            let set = (frame >> (7 - bit)) & 1 == 1
            fill(framebuffer, x: left + 28 + bit * 8, y: markerTop + 9, width: 6, height: 6, color: set ? markerColor : 0)
        }
    }

    /// Fills a rectangle, clipped to the framebuffer.
    private static func fill(_ framebuffer: Framebuffer, x: Int, y: Int, width: Int, height: Int, color: UInt32) {
        let minX = max(0, x)
        let maxX = min(framebuffer.width, x + width)
        let minY = max(0, y)
        let maxY = min(framebuffer.height, y + height)
        guard minX < maxX, minY < maxY else { return }
        for row in minY..<maxY {
            let pixels = framebuffer.row(row)
            for column in minX..<maxX { pixels[column] = color }
        }
    }

    /// The outermost ring of pixels.
    private static func drawBorder(into framebuffer: Framebuffer) {
        let width = framebuffer.width
        let height = framebuffer.height
        fill(framebuffer, x: 0, y: 0, width: width, height: 1, color: borderColor)
        fill(framebuffer, x: 0, y: height - 1, width: width, height: 1, color: borderColor)
        fill(framebuffer, x: 0, y: 0, width: 1, height: height, color: borderColor)
        fill(framebuffer, x: width - 1, y: 0, width: 1, height: height, color: borderColor)
    }
}
