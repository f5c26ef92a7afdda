/// UTF-16 text read as UTF-8: what Excel's "Unicode Text" export and other Windows tools write
/// (tab-separated, a byte-order mark first). The mark says little- or big-endian and is not
/// passed on; a surrogate without its partner, or a last odd byte, becomes U+FFFD, so no input
/// stops the reader. O(bytes); allocates its buffers once.
public final class UTF16ByteStream: TickByteStream {
    private let inner: TickByteStream
    /// Decided by the byte-order mark (nil until the first two bytes are read).
    private var bigEndian: Bool?
    private var input = [UInt8](repeating: 0, count: 1 << 15)
    /// Bytes of `input` not yet transcoded: at most one (half a code unit) between reads.
    private var carried = 0
    private var output: [UInt8] = []
    private var outputStart = 0
    /// A high surrogate waiting for its low half.
    private var high: UInt32?
    private var ended = false

    /// Whether `bytes` start with a UTF-16 byte-order mark (`FF FE` or `FE FF`).
    public static func hasByteOrderMark(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF))
    }

    /// Transcodes what `inner` yields, which starts with the byte-order mark.
    public init(_ inner: TickByteStream) {
        self.inner = inner
        output.reserveCapacity(input.count * 2)
    }

    public func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        while outputStart == output.count {
            if ended { return 0 }
            output.removeAll(keepingCapacity: true)
            outputStart = 0
            let n = input.withUnsafeMutableBytes { inner.read(into: $0.baseAddress! + carried, count: $0.count - carried) }
            if n < 0 { return -1 }
            if n == 0 {
                ended = true
                if carried > 0 || high != nil { append(0xFFFD) }
                carried = 0
                high = nil
                continue
            }
            transcode(carried + n)
        }
        let n = min(count, output.count - outputStart)
        output.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress! + outputStart, byteCount: n) }
        outputStart += n
        return n
    }

    public var failureDescription: String { inner.failureDescription }
    public var endedEarly: Bool { inner.endedEarly }

    /// Transcodes the first `available` bytes of `input`, keeping an odd last byte.
    private func transcode(_ available: Int) {
        var i = 0
        if bigEndian == nil && available >= 2 {
            // The stream starts with the mark (`FE FF` big-endian, `FF FE` little): read past.
            bigEndian = input[0] == 0xFE
            i = 2
        }
        let big = bigEndian ?? false
        while i + 1 < available {
            let unit = big ? UInt32(input[i]) << 8 | UInt32(input[i + 1]) : UInt32(input[i + 1]) << 8 | UInt32(input[i])
            i += 2
            if let pending = high {
                high = nil
                if unit >= 0xDC00 && unit < 0xE000 {
                    append(0x10000 + ((pending - 0xD800) << 10) + (unit - 0xDC00))
                    continue
                }
                append(0xFFFD)
            }
            if unit >= 0xD800 && unit < 0xDC00 {
                high = unit
            } else if unit >= 0xDC00 && unit < 0xE000 {
                append(0xFFFD)
            } else {
                append(unit)
            }
        }
        carried = available - i
        if carried > 0 { input[0] = input[i] }
    }

    /// Appends the UTF-8 bytes of the scalar `code`.
    private func append(_ code: UInt32) {
        switch code {
        case 0..<0x80:
            output.append(UInt8(code))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | code >> 6))
            output.append(UInt8(0x80 | code & 0x3F))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | code >> 12))
            output.append(UInt8(0x80 | code >> 6 & 0x3F))
            output.append(UInt8(0x80 | code & 0x3F))
        default:
            output.append(UInt8(0xF0 | code >> 18))
            output.append(UInt8(0x80 | code >> 12 & 0x3F))
            output.append(UInt8(0x80 | code >> 6 & 0x3F))
            output.append(UInt8(0x80 | code & 0x3F))
        }
    }
}
