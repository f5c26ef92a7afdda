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
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: [0x50, 0x36, 0x0A])  // "P6\n"
        Self.appendDecimal(framebuffer.width, to: &bytes)
        bytes.append(0x20)
        Self.appendDecimal(framebuffer.height, to: &bytes)
        bytes.append(contentsOf: [0x0A, 0x32, 0x35, 0x35, 0x0A])  // "\n255\n"
        let headerCount = bytes.count
        let total = headerCount + framebuffer.width * framebuffer.height * 3
        bytes.reserveCapacity(total)
        bytes.append(contentsOf: repeatElement(0, count: total - headerCount))
        bytes.withUnsafeMutableBufferPointer { out in
            var o = headerCount
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

    /// Appends the decimal digits of `value` (≥ 0) without making a String.
    private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(0x30 &+ UInt8(truncatingIfNeeded: rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// Encodes `framebuffer` and writes it to `path` (replaced atomically, see ``FileIO/write(_:to:)``).
    /// O(width × height); throws with the path and the system's reason.
    public func write(_ framebuffer: Framebuffer, to path: String) throws(ImageIOError) {
        encode(framebuffer)
        try FileIO.write(bytes, to: path, reusing: &file)
    }
}
