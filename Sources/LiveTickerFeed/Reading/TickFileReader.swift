import LiveTickerDecompression

#if canImport(Glibc)
import Glibc
#endif

/// Opens any tick file: binary (recognised by its magic bytes) or CSV; `-` is standard input.
public enum TickFileReader {
    /// Whether the file at `path` starts with the binary tick magic. Reads 8 bytes.
    public static func isBinary(path: String) -> Bool {
        path != "-" && firstBytes(path: path, 8) == BinaryTickFormat.magic
    }

    /// A reader for `path`: ``BinaryTickReader`` for binary files, a ``CSVTickReader`` over the
    /// decompressed bytes for gzip (`1f 8b`, whatever the name) or over UTF-8 for UTF-16 text
    /// (a byte-order mark first: Excel's "Unicode Text"), else ``CSVTickReader`` (which
    /// also serves pipes and follow mode; `follow` is ignored for binary and gzip files).
    /// Standard input (`-`) is recognised the same way by its first bytes: a binary file is
    /// copied into an unlinked temporary file to be read by record.
    public static func open(
        path: String, options: FeedOptions = FeedOptions(), follow: Bool = false, stop: StopFlag? = nil
    ) throws(FeedError) -> any TickBatchReader {
        if path == "-" { return try openStream(fd: 0, name: "-", closeOnDeinit: false, options: options, follow: follow, stop: stop) }
        if !isRegularFile(path: path) {
            // A FIFO (`<(zcat day.csv.gz)`), a character device: bytes that can be read once,
            // so its first bytes are peeked at as standard input's are (a read at an offset,
            // as below, fails on them and read them as plain text).
            let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw .cannotOpen(path: path, errno: errno) }
            return try openStream(fd: fd, name: path, closeOnDeinit: true, options: options, follow: follow, stop: stop)
        }
        // The first bytes, read once, say which.
        let head = firstBytes(path: path, 8)
        if head == BinaryTickFormat.magic { return try BinaryTickReader(path: path, options: options) }
        if let decoding = textDecoding(forFirstBytes: head) {
            let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw .cannotOpen(path: path, errno: errno) }
            return CSVTickReader(
                stream: decoding(DescriptorByteStream(fileDescriptor: fd, closeOnDeinit: true)), name: path, options: options)
        }
        return try CSVTickReader(path: path, options: options, follow: follow, stop: stop)
    }

    /// The stream that turns text starting with `head` into UTF-8: decompression for gzip
    /// (`1f 8b`), transcoding for UTF-16 (a byte-order mark); nil for text read as it is.
    static func textDecoding(forFirstBytes head: [UInt8]) -> ((TickByteStream) -> TickByteStream)? {
        if GzipReader.isGzip(head) { return { GzipByteStream($0) } }
        if UTF16ByteStream.hasByteOrderMark(head) { return { UTF16ByteStream($0) } }
        return nil
    }

    /// Whether the file at `path` is not text to read as it is: binary ticks, gzip or UTF-16
    /// (``open(path:options:follow:stop:)`` decodes each). Reads 8 bytes.
    public static func needsDecoding(path: String) -> Bool {
        let head = firstBytes(path: path, 8)
        return head == BinaryTickFormat.magic || textDecoding(forFirstBytes: head) != nil
    }

    /// Whether the file at `path` starts with the gzip magic. Reads 2 bytes.
    public static func isGzip(path: String) -> Bool { GzipReader.isGzip(firstBytes(path: path, 2)) }

    /// The first `count` bytes of the file at `path` (fewer when it is shorter or cannot be read).
    static func firstBytes(path: String, _ count: Int) -> [UInt8] {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        let n = bytes.withUnsafeMutableBytes { BinaryTickReader.preadFully(fd, $0.baseAddress!, count, 0) }
        return Array(bytes.prefix(max(n, 0)))
    }

    /// Whether `path` names a regular file (after links); a missing path counts as one (opening
    /// it then says what is wrong).
    static func isRegularFile(path: String) -> Bool {
        var info = stat()
        return stat(path, &info) != 0 || info.st_mode & S_IFMT == S_IFREG
    }

    /// Standard input, a pipe or a device (`fd`, named `name`): peeks at its first bytes
    /// (reading on only while they could still be a magic number) and hands them on to the
    /// reader chosen, which closes `fd` when `closeOnDeinit` (a binary file is copied out
    /// first, and `fd` closed then).
    static func openStream(
        fd: Int32, name: String, closeOnDeinit: Bool, options: FeedOptions, follow: Bool, stop: StopFlag?
    ) throws(FeedError) -> any TickBatchReader {
        var closesHere = closeOnDeinit
        defer { if closesHere { close(fd) } }
        var prefix: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 8)
        while prefix.count < 8 {
            let want = 8 - prefix.count
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, want) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw .readFailed(path: name, errno: errno) }
            if n == 0 { break }
            prefix += chunk[0..<n]
            if !prefix.elementsEqual(BinaryTickFormat.magic.prefix(prefix.count)) { break }
        }
        if prefix == BinaryTickFormat.magic {
            // An unlinked temporary file: gone when the last descriptor closes.
            var template = Array("/tmp/liveticker-stdin-XXXXXX".utf8CString)
            let memory = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard memory >= 0 else { throw .readFailed(path: name, errno: errno) }
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
            defer { close(memory) }
            var data = prefix
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                var offset = 0
                while offset < data.count {
                    let w = data.withUnsafeBytes { write(memory, $0.baseAddress! + offset, data.count - offset) }
                    guard w > 0 else { throw .readFailed(path: name, errno: errno) }
                    offset += w
                }
                let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
                if n < 0 && errno == EINTR {
                    data = []
                    continue
                }
                if n < 0 { throw .readFailed(path: name, errno: errno) }
                if n == 0 { break }
                data = Array(buffer[0..<n])
            }
            return try BinaryTickReader(path: "/proc/self/fd/\(memory)", options: options)
        }
        // From here the reader owns the descriptor.
        closesHere = false
        if let decoding = textDecoding(forFirstBytes: prefix) {
            return CSVTickReader(
                stream: decoding(DescriptorByteStream(fileDescriptor: fd, prefix: prefix, closeOnDeinit: closeOnDeinit)),
                name: name, options: options)
        }
        return CSVTickReader(
            fileDescriptor: fd, name: name, options: options, follow: follow, closeOnDeinit: closeOnDeinit, stop: stop,
            prefix: prefix)
    }
}
