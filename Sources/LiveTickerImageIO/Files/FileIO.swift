#if canImport(Glibc)
    import Glibc
#endif

/// Whole-file reads and writes through POSIX `open`/`read`/`write`, with errors that name the
/// path and the system's reason. No Foundation.
public enum FileIO {
    /// Writes `bytes` to `path`, creating or truncating it (mode 0644). Retries short writes and
    /// `EINTR`. O(n), no allocation (the path is passed as its own NUL-terminated storage).
    public static func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws(ImageIOError) {
        let fd = path.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { throw .cannotOpen(path: path, reason: ImageIOError.systemReason()) }
        var done = 0
        while done < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                let reason = ImageIOError.systemReason()
                close(fd)
                throw .cannotWrite(path: path, reason: reason)
            }
            done += n
        }
        if close(fd) != 0 {
            throw .cannotWrite(path: path, reason: ImageIOError.systemReason())
        }
    }

    /// Writes `bytes` to `path` (see the raw-buffer overload). O(n).
    public static func write(_ bytes: [UInt8], to path: String) throws(ImageIOError) {
        try bytes.withUnsafeBytes { raw in Result { () throws(ImageIOError) in try write(raw, to: path) } }.get()
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
