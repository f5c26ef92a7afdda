import LiveTickerRender

/// Writes frames as binary PPM (P6): the header `P6\n<w> <h>\n255\n` then `width × height` RGB
/// triples, top row first. Holds its byte buffer so a sequence of frames (`--every N`)
/// allocates only when the frame size grows.
///
/// Not thread-safe; use one encoder per thread.
public final class PPMEncoder {
    /// The last encoded image (header + pixels); valid until the next `encode`.
    public private(set) var bytes: [UInt8] = []

    /// Creates an encoder with an empty buffer.
    public init() {}

    /// Encodes `framebuffer` (ignoring stride padding and each pixel's top byte) into `bytes`.
    /// O(width × height); allocates only when the buffer must grow.
    @discardableResult
    public func encode(_ framebuffer: Framebuffer) -> [UInt8] {
        let header = Array("P6\n\(framebuffer.width) \(framebuffer.height)\n255\n".utf8)
        let total = header.count + framebuffer.width * framebuffer.height * 3
        bytes.removeAll(keepingCapacity: true)
        bytes.reserveCapacity(total)
        bytes.append(contentsOf: header)
        bytes.append(contentsOf: repeatElement(0, count: total - header.count))
        bytes.withUnsafeMutableBufferPointer { out in
            var o = header.count
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

    /// Encodes `framebuffer` and writes it to `path` (created or truncated).
    /// O(width × height); throws with the path and the system's reason.
    public func write(_ framebuffer: Framebuffer, to path: String) throws(ImageIOError) {
        encode(framebuffer)
        try FileIO.write(bytes, to: path)
    }
}
