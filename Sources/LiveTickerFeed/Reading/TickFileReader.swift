#if canImport(Glibc)
import Glibc
#endif

/// Opens any tick file: binary (recognised by its magic bytes) or CSV; `-` is standard input.
public enum TickFileReader {
    /// Whether the file at `path` starts with the binary tick magic. Reads 8 bytes.
    public static func isBinary(path: String) -> Bool {
        guard path != "-" else { return false }
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 8)
        let n = bytes.withUnsafeMutableBytes { BinaryTickReader.preadFully(fd, $0.baseAddress!, 8, 0) }
        return n == 8 && bytes == BinaryTickFormat.magic
    }

    /// A reader for `path`: ``BinaryTickReader`` for binary files, else ``CSVTickReader``
    /// (which also serves `-`, pipes, and follow mode; `follow` is ignored for binary files).
    public static func open(
        path: String, options: FeedOptions = FeedOptions(), follow: Bool = false, stop: StopFlag? = nil
    ) throws(FeedError) -> any TickBatchReader {
        if isBinary(path: path) { return try BinaryTickReader(path: path, options: options) }
        return try CSVTickReader(path: path, options: options, follow: follow, stop: stop)
    }
}
