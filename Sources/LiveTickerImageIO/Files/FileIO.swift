import LiveTickerFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Whole-file reads and writes through POSIX `open`/`read`/`write`, with errors that name the
/// path and the system's reason. No Foundation.
public enum FileIO {
    /// Writes `bytes` as the whole new content of `path`, atomically: see ``ReplacementFile``
    /// (a temporary file in the same directory, `fsync`, `rename`; devices and FIFOs are written
    /// directly; symbolic links are followed). A failure leaves the previous file intact. O(n).
    public static func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws(ImageIOError) {
        var file: ReplacementFile?
        try write(bytes, to: path, reusing: &file)
    }

    /// ``write(_:to:)`` that keeps the resolved target in `file` between calls, so rewriting
    /// the same path (a picture every frame) allocates nothing after the first time.
    public static func write(_ bytes: UnsafeRawBufferPointer, to path: String, reusing file: inout ReplacementFile?)
        throws(ImageIOError)
    {
        do throws(FileWriteError) {
            if file?.path != path { file = try ReplacementFile(path: path) }
            try file!.replace(with: bytes)
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
    }

    /// Writes `bytes` to `path` (see the raw-buffer overload). O(n).
    public static func write(_ bytes: [UInt8], to path: String) throws(ImageIOError) {
        try bytes.withUnsafeBytes { raw in Result { () throws(ImageIOError) in try write(raw, to: path) } }.get()
    }

    /// ``write(_:to:reusing:)`` over an array. O(n).
    public static func write(_ bytes: [UInt8], to path: String, reusing file: inout ReplacementFile?)
        throws(ImageIOError)
    {
        var result: Result<Void, ImageIOError> = .success(())
        bytes.withUnsafeBytes { raw in
            do throws(ImageIOError) { try write(raw, to: path, reusing: &file) } catch { result = .failure(error) }
        }
        try result.get()
    }

    /// Reads the whole file at `path`. O(n); allocates the result.
    public static func read(_ path: String) throws(ImageIOError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(path: path, reason: ImageIOError.systemReason()) }
        defer { close(fd) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, reason: ImageIOError.systemReason())
            }
            if n == 0 { break }
            result.append(contentsOf: chunk[0..<n])
        }
        return result
    }
}
