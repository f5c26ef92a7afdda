/// An opaque 8-bit-per-channel colour, stored the way XRGB8888 pixels store it (`0x00RRGGBB`).
public struct RGBColor: Sendable, Hashable, BitwiseCopyable {
    /// The pixel value `0x00RRGGBB`.
    public var pixel: UInt32

    /// Creates a colour from its `0xRRGGBB` value; the top byte is dropped.
    @inlinable
    public init(_ rgb: UInt32) { self.pixel = rgb & 0x00FF_FFFF }

    /// Creates a colour from red, green and blue channels.
    @inlinable
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.pixel = UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }

    /// Red channel.
    @inlinable public var red: UInt8 { UInt8(truncatingIfNeeded: pixel >> 16) }
    /// Green channel.
    @inlinable public var green: UInt8 { UInt8(truncatingIfNeeded: pixel >> 8) }
    /// Blue channel.
    @inlinable public var blue: UInt8 { UInt8(truncatingIfNeeded: pixel) }
}
