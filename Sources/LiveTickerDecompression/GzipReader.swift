import CZlib

/// Streams the decompressed bytes of gzip (RFC 1952) or zlib (RFC 1950) data read from a
/// source, through Debian's zlib: the one job of this module, so the feed readers stay free of C.
///
/// Concatenated gzip members (what `cat a.gz b.gz` and `gzip` of appended logs produce) are read
/// one after another. Memory is two fixed buffers (the input chunk and zlib's state); nothing is
/// allocated per read. Not thread-safe: one thread reads.
public final class GzipReader {
    /// Why reading stopped early.
    public enum Failure: Error, Sendable, Equatable {
        /// The compressed data is corrupt; `message` is zlib's.
        case corrupt(message: String)
        /// The compressed data ends before its end mark: the file was cut off (a download
        /// stopped, a log compressed while it was written). What came before decoded whole.
        case cutOff
        /// The source failed (its `errno`).
        case sourceFailed(errno: Int32)
    }

    /// The compressed bytes: fills the buffer with up to `count` bytes and returns how many,
    /// 0 at the end, or -1 (with `errno` set) on failure.
    public typealias Source = (UnsafeMutableRawPointer, Int) -> Int

    private let source: Source
    private let stream: UnsafeMutablePointer<z_stream>
    private let input: UnsafeMutablePointer<UInt8>
    private let inputCapacity = 1 << 16
    private var initialised = false
    private var sourceEnded = false
    private var memberEnded = false
    /// The failure that ended the stream, if any.
    public private(set) var failure: Failure?

    /// Reads compressed bytes from `source`.
    public init(source: @escaping Source) {
        self.source = source
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        input = .allocate(capacity: inputCapacity)
    }

    deinit {
        if initialised { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
        input.deallocate()
    }

    /// Whether `bytes` start with the gzip magic (`1f 8b`).
    public static func isGzip<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var i = bytes.makeIterator()
        return i.next() == 0x1F && i.next() == 0x8B
    }

    /// Fills `buffer` with up to `count` decompressed bytes; returns how many, 0 at the end of
    /// the data, or -1 on failure (see ``failure``). O(count).
    public func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        if failure != nil { return -1 }
        if !initialised {
            // 15 + 32: a window of 32 KiB, gzip or zlib header detected automatically.
            let rc = inflateInit2_(stream, 15 + 32, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
            guard rc == Z_OK else {
                failure = .corrupt(message: "inflateInit2 failed (\(rc))")
                return -1
            }
            initialised = true
        }
        stream.pointee.next_out = buffer.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(min(count, Int(UInt32.max)))
        while stream.pointee.avail_out > 0 {
            if stream.pointee.avail_in == 0 && !sourceEnded {
                let n = source(UnsafeMutableRawPointer(input), inputCapacity)
                if n < 0 {
                    failure = .sourceFailed(errno: 0)
                    return -1
                }
                if n == 0 {
                    sourceEnded = true
                } else {
                    stream.pointee.next_in = input
                    stream.pointee.avail_in = uInt(n)
                }
            }
            if memberEnded {
                // Another member follows only if bytes remain.
                if stream.pointee.avail_in == 0 && sourceEnded { break }
                inflateReset(stream)
                memberEnded = false
            }
            if stream.pointee.avail_in == 0 && sourceEnded {
                failure = .cutOff
                let produced = count - Int(stream.pointee.avail_out)
                return produced > 0 ? produced : -1
            }
            let rc = inflate(stream, Z_NO_FLUSH)
            if rc == Z_STREAM_END {
                memberEnded = true
                continue
            }
            if rc != Z_OK && rc != Z_BUF_ERROR {
                let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(rc)"
                failure = .corrupt(message: message)
                let produced = count - Int(stream.pointee.avail_out)
                return produced > 0 ? produced : -1
            }
        }
        return count - Int(stream.pointee.avail_out)
    }
}
