import LiveTickerFiles
import LiveTickerRender

/// Writes frames as binary PPM (P6): the header `P6\n<w> <h>\n255\n` then `width × height` RGB
/// triples, top row first. Holds its byte buffer so a sequence of frames (`--every N`)
/// allocates only when the frame size grows.
///
/// Not thread-safe; use one encoder per thread.
public final class PPMEncoder {
    /// The last encoded image (header + pixels); valid until the next `encode`.
    public private(set) var bytes: [UInt8] = []
    /// The file last written, kept so rewriting it every frame allocates nothing.
    private var file: ReplacementFile?

    /// Creates an encoder with an empty buffer.
    public init() {}

    /// Encodes `framebuffer` (ignoring stride padding and each pixel's top byte) into `bytes`.
    /// O(width × height); allocates only when the buffer must grow.
    @discardableResult
    public func encode(_ framebuffer: Framebuffer) -> [UInt8] {
        // The header is built in place (no String): a frame sequence must not allocate per frame.
        // The buffer keeps its bytes from the last frame and is only resized, so the pixels are
        // written once, not over a fresh zero fill (a pass over the whole image each frame).
        let widthDigits = Self.digitCount(framebuffer.width)
        let heightDigits = Self.digitCount(framebuffer.height)
        let header = 3 + widthDigits + 1 + heightDigits + 5  // "P6\nW H\n255\n"
        let total = header + framebuffer.width * framebuffer.height * 3
        if bytes.count < total {
            bytes.append(contentsOf: repeatElement(0, count: total - bytes.count))
        } else if bytes.count > total {
            bytes.removeLast(bytes.count - total)
        }
        bytes.withUnsafeMutableBufferPointer { out in
            out[0] = 0x50  // "P6\n"
            out[1] = 0x36
            out[2] = 0x0A
            Self.writeDigits(framebuffer.width, into: out, endingAt: 3 + widthDigits)
            out[3 + widthDigits] = 0x20
            var o = 4 + widthDigits + heightDigits
            Self.writeDigits(framebuffer.height, into: out, endingAt: o)
            out[o] = 0x0A  // "\n255\n"
            out[o &+ 1] = 0x32
            out[o &+ 2] = 0x35
            out[o &+ 3] = 0x35
            out[o &+ 4] = 0x0A
            o &+= 5
            for y in 0..<framebuffer.height {
                let src = framebuffer.row(y)
                for x in 0..<framebuffer.width {
                    let p = src[x]
                    out[o] = UInt8(truncatingIfNeeded: p >> 16)
                    out[o &+ 1] = UInt8(truncatingIfNeeded: p >> 8)
                    out[o &+ 2] = UInt8(truncatingIfNeeded: p)
                    o &+= 3
                }
            }
        }
        return bytes
    }

    /// How many decimal digits `value` (≥ 0) has.
    private static func digitCount(_ value: Int) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    /// Writes the decimal digits of `value` (≥ 0) so that the last is just before `end`, last
    /// digit first (the caller has counted them, ``digitCount(_:)``).
    private static func writeDigits(_ value: Int, into out: UnsafeMutableBufferPointer<UInt8>, endingAt end: Int) {
        var rest = value
        var o = end
        repeat {
            o -= 1
            out[o] = 0x30 &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while rest > 0
    }

    /// Encodes `framebuffer` and writes it to `path` (replaced atomically, see ``FileIO/write(_:to:)``).
    /// O(width × height); throws with the path and the system's reason.
    public func write(_ framebuffer: Framebuffer, to path: String) throws(ImageIOError) {
        encode(framebuffer)
        try FileIO.write(bytes, to: path, reusing: &file)
    }
}
