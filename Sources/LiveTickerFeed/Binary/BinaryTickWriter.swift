import LiveTickerCore

#if canImport(Glibc)
import Glibc
#endif

/// Writes a binary tick file (``BinaryTickFormat``): buffered records, then the symbol table and
/// the completed header on ``finish(symbols:)``.
///
/// It is a ``TickSink``, so a reader can stream straight into it (`reader.read(into: &writer)`);
/// a write error met inside `consume` is kept and thrown by `finish`. Until `finish`, the file is
/// a valid but incomplete tick file (a crash loses at most the unflushed buffer).
public final class BinaryTickWriter: TickSink {
    /// The output path.
    public let path: String
    /// Whether records carry symbol ids (32-byte records) or not (24 bytes).
    public let hasSymbols: Bool
    /// Whether records are OHLC bars (version 2; 24 bytes more each): ``write(bar:symbol:)``.
    public let hasBars: Bool
    /// Records written so far.
    public private(set) var recordCount = 0
    private let fd: Int32
    private var header: BinaryTickFormat.Header
    private let recordSize: Int
    // Invariant: `buffer` holds `bufferSize` bytes owned until deinit; [0, used) not yet written.
    private let buffer: UnsafeMutableRawPointer
    private let bufferSize = 1 << 20
    private var used = 0
    private var fileOffset: Int
    private var pendingError: FeedError?
    private var finished = false
    private let ownsDescriptor: Bool

    /// Creates (or truncates) `path` and writes a provisional header; a file of bars when
    /// `hasBars` (version 2). O(1).
    public convenience init(path: String, hasSymbols: Bool, hasBars: Bool = false) throws(FeedError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotOpen(path: path, errno: errno) }
        try self.init(descriptor: fd, path: path, hasSymbols: hasSymbols, hasBars: hasBars, ownsDescriptor: true)
    }

    /// Writes to an open descriptor (positioned anywhere: writes use `pwrite` from offset 0),
    /// closing it on release when `ownsDescriptor`; `path` is for messages. O(1).
    public init(descriptor fd: Int32, path: String, hasSymbols: Bool, hasBars: Bool = false, ownsDescriptor: Bool) throws(FeedError) {
        self.path = path
        self.hasSymbols = hasSymbols
        self.hasBars = hasBars
        self.fd = fd
        self.ownsDescriptor = ownsDescriptor
        header = BinaryTickFormat.Header(hasSymbols: hasSymbols, hasBars: hasBars)
        recordSize = header.recordSize
        buffer = .allocate(byteCount: bufferSize, alignment: 16)
        fileOffset = BinaryTickFormat.headerSize
        let bytes = header.encoded()
        let ok = bytes.withUnsafeBytes { Self.pwriteFully(fd, $0.baseAddress!, $0.count, 0) }
        if !ok {
            let code = errno
            buffer.deallocate()
            if ownsDescriptor { close(fd) }
            throw .writeFailed(path: path, errno: code)
        }
    }

    deinit {
        if !finished { try? flush() }
        buffer.deallocate()
        if ownsDescriptor { close(fd) }
    }

    /// Appends one record. O(1) amortised; a 1 MiB buffer is written when full. In a file of
    /// bars the tick is a flat bar (open, high and low its value).
    public func write(_ tick: Tick, symbol: SymbolID = .first) throws(FeedError) {
        if hasBars {
            try write(bar: .bar(time: tick.time, open: tick.value, high: tick.value, low: tick.value, close: tick.value, volume: tick.size), symbol: symbol)
            return
        }
        try writeRecord(tick, symbol: symbol)
    }

    /// Appends one OHLC bar: its closing tick (start time, close, volume) and, in a file of
    /// bars, its open, high and low; in a tick file only the closing tick. O(1) amortised.
    public func write(bar: Candle, symbol: SymbolID = .first) throws(FeedError) {
        try writeRecord(Tick(time: bar.startTime, value: bar.close, size: bar.volume), symbol: symbol)
        guard hasBars else { return }
        // `writeRecord` flushed first if needed, so the record starts at `used - recordSize`.
        let record = buffer + (used - recordSize)
        let at = header.barFieldsOffset
        record.storeBytes(of: bar.open.bitPattern.littleEndian, toByteOffset: at, as: UInt64.self)
        record.storeBytes(of: bar.high.bitPattern.littleEndian, toByteOffset: at + 8, as: UInt64.self)
        record.storeBytes(of: bar.low.bitPattern.littleEndian, toByteOffset: at + 16, as: UInt64.self)
    }

    private func writeRecord(_ tick: Tick, symbol: SymbolID) throws(FeedError) {
        if used + recordSize > bufferSize { try flush() }
        let record = buffer + used
        record.storeBytes(of: tick.time.littleEndian, as: Int64.self)
        record.storeBytes(of: tick.value.bitPattern.littleEndian, toByteOffset: 8, as: UInt64.self)
        record.storeBytes(of: tick.size.bitPattern.littleEndian, toByteOffset: 16, as: UInt64.self)
        if hasSymbols {
            record.storeBytes(of: symbol.rawValue.littleEndian, toByteOffset: 24, as: UInt32.self)
            record.storeBytes(of: UInt32(0), toByteOffset: 28, as: UInt32.self)
        }
        used += recordSize
        if recordCount == 0 {
            header.minTime = tick.time
            header.maxTime = tick.time
        } else {
            header.minTime = min(header.minTime, tick.time)
            header.maxTime = max(header.maxTime, tick.time)
        }
        recordCount += 1
    }

    /// ``TickSink`` conformance: writes the tick; an error is kept for ``finish(symbols:)``.
    public func consume(_ tick: Tick, symbol: SymbolID) {
        guard pendingError == nil else { return }
        do { try write(tick, symbol: symbol) } catch { pendingError = error }
    }

    /// ``TickSink`` conformance: writes the bar (as given in a file of bars).
    public func consume(bar: Candle, symbol: SymbolID) {
        guard pendingError == nil else { return }
        do { try write(bar: bar, symbol: symbol) } catch { pendingError = error }
    }

    /// Writes buffered records to the file.
    public func flush() throws(FeedError) {
        guard used > 0 else { return }
        guard Self.pwriteFully(fd, buffer, used, fileOffset) else { throw .writeFailed(path: path, errno: errno) }
        fileOffset += used
        used = 0
    }

    /// Flushes, appends the symbol table (when the file has symbols), and rewrites the header as
    /// complete. Throws the first error met while writing. O(buffer + table).
    public func finish(symbols: SymbolTable = SymbolTable()) throws(FeedError) {
        if let pendingError { throw pendingError }
        try flush()
        header.recordCount = UInt64(recordCount)
        if hasSymbols {
            var table: [UInt8] = []
            for name in symbols.nameBytes {
                let bytes = name.prefix(Int(UInt16.max))
                table.append(UInt8(bytes.count & 0xFF))
                table.append(UInt8(bytes.count >> 8))
                table.append(contentsOf: bytes)
            }
            header.symbolTableOffset = UInt64(fileOffset)
            header.symbolCount = UInt32(symbols.count)
            let ok = table.isEmpty || table.withUnsafeBytes { Self.pwriteFully(fd, $0.baseAddress!, $0.count, fileOffset) }
            guard ok else { throw .writeFailed(path: path, errno: errno) }
            fileOffset += table.count
        }
        header.flags |= BinaryTickFormat.flagComplete
        let bytes = header.encoded()
        guard bytes.withUnsafeBytes({ Self.pwriteFully(fd, $0.baseAddress!, $0.count, 0) }) else {
            throw .writeFailed(path: path, errno: errno)
        }
        finished = true
    }

    static func pwriteFully(_ fd: Int32, _ source: UnsafeRawPointer, _ count: Int, _ offset: Int) -> Bool {
        var done = 0
        while done < count {
            let n = pwrite(fd, source + done, count - done, off_t(offset + done))
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            done += n
        }
        return true
    }
}
