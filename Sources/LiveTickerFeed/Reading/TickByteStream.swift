import LiveTickerDecompression

#if canImport(Glibc)
import Glibc
#endif

/// Where a text reader's bytes come from when not straight from a descriptor: standard input
/// after its first bytes were looked at, or decompressed gzip.
public protocol TickByteStream: AnyObject {
    /// Fills `buffer` with up to `count` bytes; returns how many, 0 at the end, -1 on failure.
    func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int
    /// Why the last read failed, for the message.
    var failureDescription: String { get }
    /// Whether the last read failed because compressed data ends early (cut off): what came
    /// before is whole, and a reader ends there as at the end of a file.
    var endedEarly: Bool { get }
}

extension TickByteStream {
    /// Plain bytes cannot end early: false.
    public var endedEarly: Bool { false }
}

/// A descriptor's bytes, after some bytes already read from it (the magic-byte peek).
public final class DescriptorByteStream: TickByteStream {
    let fd: Int32
    private var prefix: [UInt8]
    private var prefixOffset = 0
    private let closeOnDeinit: Bool
    private var lastErrno: Int32 = 0

    /// Reads `prefix`, then `fd`; closes `fd` on release when `closeOnDeinit`.
    public init(fileDescriptor fd: Int32, prefix: [UInt8] = [], closeOnDeinit: Bool) {
        self.fd = fd
        self.prefix = prefix
        self.closeOnDeinit = closeOnDeinit
    }

    deinit { if closeOnDeinit { close(fd) } }

    public func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        if prefixOffset < prefix.count {
            let n = min(count, prefix.count - prefixOffset)
            prefix.withUnsafeBytes { _ = memcpy(buffer, $0.baseAddress! + prefixOffset, n) }
            prefixOffset += n
            return n
        }
        while true {
            let n = Glibc.read(fd, buffer, count)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { lastErrno = errno }
            return n
        }
    }

    public var failureDescription: String { FeedError.errnoText(lastErrno) }
}

/// The decompressed bytes of a gzip stream read from another stream.
public final class GzipByteStream: TickByteStream {
    private let inner: TickByteStream
    private let gzip: GzipReader

    /// Decompresses what `inner` yields.
    public init(_ inner: TickByteStream) {
        self.inner = inner
        gzip = GzipReader(source: { [inner] buffer, count in inner.read(into: buffer, count: count) })
    }

    public func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        gzip.read(into: buffer, count: count)
    }

    public var endedEarly: Bool { gzip.failure == .cutOff }

    public var failureDescription: String {
        switch gzip.failure {
        case let .corrupt(message)?: "corrupt gzip data: \(message)"
        case .cutOff?: "the gzip data ends early (the file was cut off)"
        case .sourceFailed?: inner.failureDescription
        case nil: "no error"
        }
    }
}
