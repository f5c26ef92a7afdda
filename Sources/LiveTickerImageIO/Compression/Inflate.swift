import CZlib

/// Decompression of gzip (`.gz`, RFC 1952) and zlib (RFC 1950) streams with Debian's zlib;
/// used to read Linux console fonts (`/usr/share/consolefonts/*.psf.gz`).
public enum Inflate {
    /// The largest output accepted (guards against decompression bombs): 64 MiB.
    public static let maximumOutput = 64 << 20

    /// True when `bytes` start with the gzip magic 0x1f 0x8b.
    public static func isGzip(_ bytes: some Collection<UInt8>) -> Bool {
        var it = bytes.makeIterator()
        return it.next() == 0x1F && it.next() == 0x8B
    }

    /// Decompresses a whole gzip or zlib stream (detected from its header). Throws on
    /// corrupt or truncated input and on output beyond `maximumOutput`. O(output); allocates
    /// the result.
    public static func decompress(_ bytes: some Collection<UInt8>) throws(ImageIOError) -> [UInt8] {
        var input = Array(bytes)
        var stream = z_stream()
        // windowBits 15 + 32: accept both zlib and gzip headers.
        var rc = inflateInit2_(&stream, 15 + 32, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard rc == Z_OK else { throw .zlib(operation: "inflateInit2", code: rc, message: "cannot start inflate") }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Swift.max(4096, input.count * 4))
        var produced = 0
        rc = input.withUnsafeMutableBufferPointer { (inp: inout UnsafeMutableBufferPointer<UInt8>) -> Int32 in
            stream.next_in = inp.baseAddress
            stream.avail_in = UInt32(inp.count)
            while true {
                if produced == output.count {
                    guard output.count < maximumOutput else { return Z_BUF_ERROR }
                    output += [UInt8](repeating: 0, count: Swift.min(output.count, maximumOutput - output.count))
                }
                let step: Int32 = output.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress! + produced
                    stream.avail_out = UInt32(out.count - produced)
                    let r = inflate(&stream, Z_NO_FLUSH)
                    produced = out.count - Int(stream.avail_out)
                    return r
                }
                if step == Z_STREAM_END { return step }
                if step == Z_BUF_ERROR && stream.avail_in == 0 { return Z_DATA_ERROR }  // truncated
                if step != Z_OK && step != Z_BUF_ERROR { return step }
            }
        }
        guard rc == Z_STREAM_END else {
            let message =
                stream.msg.map { String(cString: $0) }
                ?? (rc == Z_DATA_ERROR ? "corrupt or truncated data" : "output too large")
            throw .zlib(operation: "inflate", code: rc, message: message)
        }
        output.removeSubrange(produced...)
        return output
    }
}
