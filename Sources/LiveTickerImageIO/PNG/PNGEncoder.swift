import CLiveTickerKernels
import CZlib
import LiveTickerFiles
import LiveTickerRender

/// Writes frames as PNG: 8-bit RGB (colour type 2), no interlace, one IDAT chunk holding a
/// zlib stream from Debian's zlib, CRCs from zlib's `crc32`.
///
/// Each row gets the filter (None, Sub or Up) with the smallest sum of absolute byte values,
/// the cheap heuristic the PNG specification recommends; charts with flat backgrounds and
/// horizontal grid lines compress well with Sub/Up.
///
/// By default zlib searches only for runs (`Z_RLE`, ``DeflateStrategy/runLength``): after
/// Sub/Up a chart is mostly runs of one byte, and at 1920×1080 that deflate took a third of
/// the default strategy's time for a file 14 % larger (190 against 166 kB, the same frame).
///
/// The encoder keeps its deflate state, its filtered-row buffer and its output buffer between
/// frames (`deflateReset` instead of a new stream), so a frame sequence (`--every N`)
/// allocates only when the frame size grows. Not thread-safe; use one encoder per thread.
public final class PNGEncoder {
    /// How deflate looks for repeated bytes.
    public enum DeflateStrategy: Sendable {
        /// Only runs of the byte before (zlib's `Z_RLE`): fast, and near the best for
        /// filtered chart rows; the compression level hardly matters with it.
        case runLength
        /// zlib's default search over its whole window, as far as `compressionLevel` says:
        /// smaller files of photos or dense text, several times slower on charts.
        case full
    }

    /// zlib compression level 0…9 used by `encode` (0 stores the rows uncompressed).
    public let compressionLevel: Int32
    /// The search deflate makes for repeats.
    public let strategy: DeflateStrategy
    /// The last encoded PNG file; valid until the next `encode`.
    public private(set) var bytes: [UInt8] = []
    /// The file last written, kept so rewriting it every frame allocates nothing.
    private var file: ReplacementFile?

    /// Filter-byte-prefixed rows of the frame being encoded.
    ///
    /// It and `deflated` are raw memory from ``ltk_huge_allocate``, never cleared: every byte
    /// of `filtered` is written before zlib reads it, and only the bytes zlib writes to
    /// `deflated` are read. Why not arrays: a 1080p frame's two buffers are 12 MB, and zeroing
    /// them at first use took 3 000 page faults, a tenth of a whole `replay` to PNG (perf).
    private var filtered = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    /// Deflate output of `filtered`: the first `deflatedCount` bytes (the buffer keeps the
    /// deflate bound's size so the next frame reuses it).
    private var deflated = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    private var deflatedCount = 0
    /// The row above (unfiltered RGB) and the candidate filtered rows.
    private var previous: [UInt8] = []
    private var current: [UInt8] = []
    private var candidate: [UInt8] = []
    /// Persistent deflate stream. Invariant: initialised by `deflateInit2_` iff `streamReady`;
    /// the pointer itself is valid for the encoder's lifetime.
    private let stream: UnsafeMutablePointer<z_stream>
    private var streamReady = false

    /// Creates an encoder; `compressionLevel` is clamped to 0…9. O(1).
    public init(compressionLevel: Int32 = 6, strategy: DeflateStrategy = .runLength) {
        self.compressionLevel = Swift.min(Swift.max(compressionLevel, 0), 9)
        self.strategy = strategy
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
    }

    deinit {
        ltk_huge_free(filtered.baseAddress)
        ltk_huge_free(deflated.baseAddress)
        if streamReady { deflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Encodes `framebuffer` (stride padding and each pixel's top byte ignored) and returns
    /// the PNG file bytes (also kept in `bytes`). O(width × height); allocates only when
    /// buffers must grow. Throws only if zlib fails.
    @discardableResult
    public func encode(_ framebuffer: Framebuffer) throws(ImageIOError) -> [UInt8] {
        let w = framebuffer.width
        let h = framebuffer.height
        let rowBytes = w * 3
        filterRows(framebuffer, rowBytes: rowBytes)
        try deflateFiltered()

        // Built without temporary arrays: a frame sequence must not allocate per frame.
        bytes.removeAll(keepingCapacity: true)
        bytes.reserveCapacity(deflated.count + 64)  // the deflate bound: never regrows for this size
        for byte: UInt8 in [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { bytes.append(byte) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 13) { header in
            Self.storeBE32(UInt32(w), at: header, 0)
            Self.storeBE32(UInt32(h), at: header, 4)
            // Bit depth 8, RGB, deflate, adaptive filtering, no interlace.
            header[8] = 8
            header[9] = 2
            header[10] = 0
            header[11] = 0
            header[12] = 0
            appendChunk(0x4948_4452, UnsafeBufferPointer(header))  // IHDR
        }
        appendChunk(0x4944_4154, UnsafeBufferPointer(rebasing: deflated[0..<deflatedCount]))  // IDAT
        appendChunk(0x4945_4E44, UnsafeBufferPointer(start: nil, count: 0))  // IEND
        return bytes
    }

    /// Encodes `framebuffer` and writes it to `path` (replaced atomically, see ``FileIO/write(_:to:)``).
    /// Throws with the path and the system's reason.
    public func write(_ framebuffer: Framebuffer, to path: String) throws(ImageIOError) {
        try encode(framebuffer)
        try FileIO.write(bytes, to: path, reusing: &file)
    }

    /// Fills `filtered` with each row's filter byte and filtered RGB bytes.
    private func filterRows(_ fb: Framebuffer, rowBytes: Int) {
        let h = fb.height
        let total = h * (rowBytes + 1)
        if filtered.count != total { Self.reallocate(&filtered, count: total) }
        if previous.count != rowBytes {
            previous = [UInt8](repeating: 0, count: rowBytes)
            current = previous
            candidate = [UInt8](repeating: 0, count: rowBytes * 2)
        } else {
            for i in 0..<rowBytes { previous[i] = 0 }
        }
        let out = filtered
        previous.withUnsafeMutableBufferPointer { up in
            current.withUnsafeMutableBufferPointer { row in
                candidate.withUnsafeMutableBufferPointer { cand in
                    for y in 0..<h {
                        let src = fb.row(y)
                        for x in 0..<fb.width {
                            let p = src[x]
                            row[x &* 3] = UInt8(truncatingIfNeeded: p >> 16)
                            row[x &* 3 &+ 1] = UInt8(truncatingIfNeeded: p >> 8)
                            row[x &* 3 &+ 2] = UInt8(truncatingIfNeeded: p)
                        }
                        // Sub into cand[0..<rowBytes], Up into cand[rowBytes...]; score each
                        // by the sum of bytes taken as signed magnitudes.
                        let (scoreNone, scoreSub, scoreUp) = Self.scoreFilters(
                            row.baseAddress!, up.baseAddress!, cand.baseAddress!, rowBytes: rowBytes)
                        let o = y &* (rowBytes &+ 1)
                        if scoreSub <= scoreUp && scoreSub <= scoreNone {
                            out[o] = 1
                            for i in 0..<rowBytes { out[o &+ 1 &+ i] = cand[i] }
                        } else if scoreUp <= scoreNone {
                            out[o] = 2
                            for i in 0..<rowBytes { out[o &+ 1 &+ i] = cand[rowBytes &+ i] }
                        } else {
                            out[o] = 0
                            for i in 0..<rowBytes { out[o &+ 1 &+ i] = row[i] }
                        }
                        for i in 0..<rowBytes { up[i] = row[i] }
                    }
                }
            }
        }
    }

    /// Writes the row's Sub filter into `cand[0..<rowBytes]` and its Up filter into
    /// `cand[rowBytes...]`, and returns each filter's score: the sum of its bytes taken as
    /// signed magnitudes (None is the row itself).
    ///
    /// Why this shape: the first three bytes (no left neighbour) are done apart, so the main
    /// loop has no branch and no conditional load; the magnitudes are selects on bytes and the
    /// sums 32-bit, which the optimiser turns into 16-byte vectors (at 1080p the scalar loop
    /// was a tenth of a whole `replay` to PNG). Same bytes, same scores. O(rowBytes).
    @inline(__always)
    static func scoreFilters(
        _ row: UnsafeMutablePointer<UInt8>, _ up: UnsafeMutablePointer<UInt8>, _ cand: UnsafeMutablePointer<UInt8>,
        rowBytes: Int
    ) -> (none: Int, sub: Int, up: Int) {
        @inline(__always) func magnitude(_ b: UInt8) -> UInt32 { UInt32(b < 128 ? b : 0 &- b) }
        var none: UInt32 = 0
        var sub: UInt32 = 0
        var upScore: UInt32 = 0
        let head = Swift.min(3, rowBytes)
        for i in 0..<head {
            let v = row[i]
            let u = v &- up[i]
            cand[i] = v
            cand[rowBytes &+ i] = u
            none &+= magnitude(v)
            sub &+= magnitude(v)
            upScore &+= magnitude(u)
        }
        // Sums stay below 2³² up to 2²⁵ bytes a row (128 at most per byte); a wider row could
        // only wrap a score, which picks another valid filter, never a wrong byte.
        let upOut = cand + rowBytes
        var i = head
        while i < rowBytes {
            let v = row[i]
            let s = v &- row[i &- 3]
            let u = v &- up[i]
            cand[i] = s
            upOut[i] = u
            none &+= magnitude(v)
            sub &+= magnitude(s)
            upScore &+= magnitude(u)
            i &+= 1
        }
        return (Int(none), Int(sub), Int(upScore))
    }

    /// Compresses `filtered` into `deflated` as one zlib stream, reusing the deflate state.
    private func deflateFiltered() throws(ImageIOError) {
        if !streamReady {
            let rc = deflateInit2_(
                stream, compressionLevel, Z_DEFLATED, 15, 8, strategy == .runLength ? Z_RLE : Z_DEFAULT_STRATEGY,
                zlibVersion(),
                Int32(MemoryLayout<z_stream>.size))
            guard rc == Z_OK else { throw .zlib(operation: "deflateInit2", code: rc, message: Self.message(stream)) }
            streamReady = true
        } else {
            deflateReset(stream)
        }
        let bound = Int(deflateBound(stream, UInt(filtered.count)))
        if deflated.count < bound { Self.reallocate(&deflated, count: bound) }
        stream.pointee.next_in = filtered.baseAddress
        stream.pointee.avail_in = UInt32(filtered.count)
        stream.pointee.next_out = deflated.baseAddress
        stream.pointee.avail_out = UInt32(deflated.count)
        let rc = deflate(stream, Z_FINISH)
        let produced = deflated.count - Int(stream.pointee.avail_out)
        stream.pointee.next_in = nil
        stream.pointee.next_out = nil
        guard rc == Z_STREAM_END else { throw .zlib(operation: "deflate", code: rc, message: Self.message(stream)) }
        deflatedCount = produced
    }

    /// Replaces `buffer` with `count` bytes of uninitialised memory from ``ltk_huge_allocate``
    /// (the old contents are not kept). Traps when out of memory, as an array would.
    private static func reallocate(_ buffer: inout UnsafeMutableBufferPointer<UInt8>, count: Int) {
        ltk_huge_free(buffer.baseAddress)
        guard let memory = ltk_huge_allocate(count) else { fatalError("out of memory for a \(count)-byte PNG buffer") }
        buffer = UnsafeMutableBufferPointer(start: memory.bindMemory(to: UInt8.self, capacity: count), count: count)
    }

    /// zlib's message for the last error on `stream`, if any.
    static func message(_ stream: UnsafeMutablePointer<z_stream>) -> String {
        if let m = stream.pointee.msg { return String(cString: m) }
        return "no message"
    }

    private func appendBE32(_ v: UInt32) {
        bytes.append(UInt8(truncatingIfNeeded: v >> 24))
        bytes.append(UInt8(truncatingIfNeeded: v >> 16))
        bytes.append(UInt8(truncatingIfNeeded: v >> 8))
        bytes.append(UInt8(truncatingIfNeeded: v))
    }

    private static func storeBE32(_ v: UInt32, at out: UnsafeMutableBufferPointer<UInt8>, _ offset: Int) {
        out[offset] = UInt8(truncatingIfNeeded: v >> 24)
        out[offset + 1] = UInt8(truncatingIfNeeded: v >> 16)
        out[offset + 2] = UInt8(truncatingIfNeeded: v >> 8)
        out[offset + 3] = UInt8(truncatingIfNeeded: v)
    }

    /// Appends length, type (four ASCII letters as a big-endian word), data and the CRC-32 of
    /// type + data.
    private func appendChunk(_ type: UInt32, _ data: UnsafeBufferPointer<UInt8>) {
        appendBE32(UInt32(data.count))
        let typeStart = bytes.count
        appendBE32(type)
        var crc = bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress! + typeStart, 4) }
        if let base = data.baseAddress, data.count > 0 {
            crc = crc32(crc, base, UInt32(data.count))
            bytes.append(contentsOf: data)
        }
        appendBE32(UInt32(truncatingIfNeeded: crc))
    }
}
