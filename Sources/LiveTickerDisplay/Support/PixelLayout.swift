/// How a destination stores a pixel: the XRGB8888 layout of DRM dumb buffers and most 32-bpp
/// framebuffers, 16-bit RGB565 of small SPI panels, or another 32-bpp channel order.
public enum PixelLayout: Sendable, Hashable, CustomStringConvertible {
    /// 32 bpp, `0x00RRGGBB` little-endian: rows are copied as they are.
    case xrgb8888
    /// 16 bpp, `RRRRRGGGGGGBBBBB` little-endian.
    case rgb565
    /// 32 bpp with 8-bit channels at other bit offsets (e.g. BGR order: 0, 8, 16).
    case other32(redShift: Int, greenShift: Int, blueShift: Int)

    /// Bytes per pixel.
    public var bytesPerPixel: Int {
        switch self {
        case .xrgb8888, .other32: return 4
        case .rgb565: return 2
        }
    }

    /// `XRGB8888`, `RGB565`, `32bpp r@0 g@8 b@16`.
    public var description: String {
        switch self {
        case .xrgb8888: return "XRGB8888"
        case .rgb565: return "RGB565"
        case .other32(let r, let g, let b): return "32bpp r@\(r) g@\(g) b@\(b)"
        }
    }

    /// Chooses the layout for an fbdev device from its `fb_var_screeninfo` fields, or nil if
    /// the device uses something else (palettes, 24 bpp, grayscale, other 16-bpp orders).
    public static func fromFBDev(
        bitsPerPixel: Int, red: (offset: Int, length: Int), green: (offset: Int, length: Int),
        blue: (offset: Int, length: Int), grayscale: Bool
    ) -> PixelLayout? {
        guard !grayscale else { return nil }
        switch bitsPerPixel {
        case 32:
            guard red.length == 8, green.length == 8, blue.length == 8,
                [red.offset, green.offset, blue.offset].allSatisfy({ $0 >= 0 && $0 <= 24 && $0 % 8 == 0 }),
                Set([red.offset, green.offset, blue.offset]).count == 3
            else { return nil }
            if red.offset == 16, green.offset == 8, blue.offset == 0 { return .xrgb8888 }
            return .other32(redShift: red.offset, greenShift: green.offset, blueShift: blue.offset)
        case 16:
            guard red.offset == 11, red.length == 5, green.offset == 5, green.length == 6,
                blue.offset == 0, blue.length == 5
            else { return nil }
            return .rgb565
        default:
            return nil
        }
    }
}
