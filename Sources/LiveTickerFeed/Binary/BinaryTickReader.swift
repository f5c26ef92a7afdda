import LiveTickerCore

#if canImport(Glibc)
import Glibc
#endif

/// Reads a binary tick file (``BinaryTickFormat``) in large chunks with `pread(2)`.
///
/// Records decode with unaligned little-endian loads straight into the batch (no parsing), so
/// reading runs at memory speed. A cut-off last record is counted in
/// ``FeedReport/truncatedRecords``, never an error; a wrong magic or an unknown version is.
/// Every symbol id is checked against the symbol table (the header's count; for an unfinished
/// file, which has no table yet, against ``SymbolTable/maximumCount``): a record whose id is
/// outside it is skipped and counted in ``FeedReport/badRecords`` (thrown in strict mode), so a
/// flipped bit can never make a consumer size a table by it. Every allocation is bounded: the
/// chunk by 4 MiB, the symbol table by 64 MiB and 65 536 names.
/// The symbol and time-range filters of ``FeedOptions`` apply; with a symbol filter the kept
/// ticks carry id 0 and ``symbols`` holds just that name (as with CSV).
public final class BinaryTickReader: TickBatchReader {
    /// The file's path.
    public let path: String
    /// The decoded header.
    public let header: BinaryTickFormat.Header
    private let fd: Int32
    private var offset: Int
    private let end: Int
    private let recordSize: Int
    private let storage: TickBatchStorage
    // Invariant: `buffer` holds `chunkRecords * recordSize` bytes, owned until deinit.
    private let buffer: UnsafeMutableRawPointer
    private let chunkRecords: Int
    private let from: Int64
    private let to: Int64
    private let hasTimeRange: Bool
    /// With a symbol filter: the file's id of that symbol (nil when the file lacks it).
    private let filterID: UInt32?
    private let filtering: Bool
    private var counts: FeedReport
    /// Records can be read straight into the batch: 24-byte records, no filters, a
    /// little-endian host and a `Tick` laid out as (time, value, size) at offsets 0, 8, 16.
    private let direct: Bool
    private let table: SymbolTable
    /// Symbol ids at or above this are bad records.
    private let symbolLimit: UInt32
    private let strict: Bool
    /// Records consumed so far (1-based number of the last one), for messages.
    private var recordNumber = 0

    /// Opens and validates `path`; reads the symbol table when the file has one. Throws
    /// ``FeedError/cannotOpen(path:errno:)``, ``FeedError/wrongMagic(path:)``,
    /// ``FeedError/unsupportedVersion(path:version:)``, ``FeedError/badBinaryHeader(path:reason:)``.
    public init(path: String, options: FeedOptions = FeedOptions()) throws(FeedError) {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(path: path, errno: errno) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw .readFailed(path: path, errno: code)
        }
        let fileSize = Int(info.st_size)
        var headerBytes = [UInt8](repeating: 0, count: BinaryTickFormat.headerSize)
        let got = headerBytes.withUnsafeMutableBytes { Self.preadFully(fd, $0.baseAddress!, $0.count, 0) }
        let header: BinaryTickFormat.Header
        do throws(FeedError) {
            header = try BinaryTickFormat.Header.decode(Array(headerBytes.prefix(max(0, got))), path: path)
        } catch {
            close(fd)
            throw error
        }
        self.fd = fd
        self.header = header
        recordSize = header.recordSize
        offset = header.headerSize
        var end = fileSize
        var table = SymbolTable()
        let tableOffset = Int(clamping: header.symbolTableOffset)
        if header.isComplete && tableOffset >= header.headerSize && tableOffset <= fileSize {
            end = tableOffset
            if header.hasSymbols {
                table = Self.readSymbolTable(fd, at: tableOffset, fileSize: fileSize, count: Int(header.symbolCount))
            }
        }
        self.end = max(end, header.headerSize)
        symbolLimit = UInt32(
            header.isComplete ? min(Int(header.symbolCount), SymbolTable.maximumCount) : SymbolTable.maximumCount)
        strict = options.strict
        chunkRecords = max(1, min(options.batchCapacity, (4 << 20) / header.recordSize))
        storage = TickBatchStorage(capacity: chunkRecords)
        // A file of bars (version 2) hands out bars, as the CSV it came from did.
        if header.hasBars { storage.enableBars() }
        buffer = .allocate(byteCount: chunkRecords * header.recordSize, alignment: 16)
        from = options.from ?? .min
        to = options.to ?? .max
        hasTimeRange = options.from != nil || options.to != nil
        counts = FeedReport(maximumRemembered: options.reportedBadLines)
        direct = header.recordSize == BinaryTickFormat.plainRecordSize && options.symbol == nil
            && options.from == nil && options.to == nil && 1.littleEndian == 1
            && MemoryLayout<Tick>.stride == 24 && MemoryLayout<Tick>.offset(of: \Tick.value) == 8
            && MemoryLayout<Tick>.offset(of: \Tick.size) == 16
        if let symbol = options.symbol {
            filtering = true
            if header.hasSymbols {
                filterID = table.id(of: symbol)?.rawValue
            } else {
                filterID = symbol.isEmpty ? 0 : nil
            }
            self.table = SymbolTable(names: [symbol])
        } else {
            filtering = false
            filterID = nil
            self.table = table
        }
    }

    deinit {
        buffer.deallocate()
        close(fd)
    }

    /// Counts so far. O(1).
    public var report: FeedReport { counts }
    /// The file's symbol names (or only the filtered one).
    public var symbols: SymbolTable { table }

    /// `LiveTicker binary (.ltk)`, saying when its records are OHLC bars.
    public var formatDescription: String {
        header.hasBars ? "LiveTicker binary (.ltk, version 2): OHLC bars, one candle per bar, as given" : "LiveTicker binary (.ltk)"
    }

    /// The next batch of records; see ``TickBatchReader/nextBatch()``.
    public func nextBatch() throws(FeedError) -> TickBatch? {
        while true {
            let remaining = end - offset
            let records = min(chunkRecords, remaining / recordSize)
            if records == 0 {
                if remaining > 0 {
                    counts.truncatedRecords += 1
                    counts.bytes += remaining
                    offset = end
                }
                return nil
            }
            let bytes = records * recordSize
            let destination = direct ? UnsafeMutableRawPointer(storage.ticks) : buffer
            let got = Self.preadFully(fd, destination, bytes, offset)
            guard got >= 0 else { throw .readFailed(path: path, errno: errno) }
            let whole = got / recordSize
            if whole == 0 {
                // The file shrank under us: treat what is left as the end.
                offset = end
                return nil
            }
            offset += whole * recordSize
            counts.bytes += whole * recordSize
            let count = direct ? countNonFinite(records: whole) : try decode(records: whole)
            counts.ticks += count
            if count > 0 { return storage.batch(count: count) }
        }
    }

    /// Direct reads: the records already are the ticks (symbols stay id 0); only count gaps.
    private func countNonFinite(records: Int) -> Int {
        recordNumber += records
        let ticks = storage.ticks
        var nonFinite = 0
        for i in 0..<records where !ticks[i].value.isFinite { nonFinite &+= 1 }
        counts.nonFiniteValues += nonFinite
        return records
    }

    /// Decodes `records` records from the buffer into the batch, applying the filters.
    private func decode(records: Int) throws(FeedError) -> Int {
        let raw = UnsafeRawPointer(buffer)
        let ticks = storage.ticks
        let symbols = storage.symbols
        let bars = storage.bars
        let barAt = header.barFieldsOffset
        let size = recordSize
        let withSymbols = header.hasSymbols
        var n = 0
        var nonFinite = 0
        var filteredBySymbol = 0
        var filteredByTime = 0
        var bad = 0
        let limit = symbolLimit
        defer {
            counts.nonFiniteValues += nonFinite
            counts.filteredBySymbol += filteredBySymbol
            counts.filteredByTime += filteredByTime
            counts.badRecords += bad
            recordNumber += records
        }
        for i in 0..<records {
            let record = raw + i &* size
            let time = Int64(littleEndian: record.loadUnaligned(as: Int64.self))
            let value = Double(bitPattern: UInt64(littleEndian: record.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
            let tickSize = Double(bitPattern: UInt64(littleEndian: record.loadUnaligned(fromByteOffset: 16, as: UInt64.self)))
            var symbol: UInt32 = 0
            if withSymbols {
                symbol = UInt32(littleEndian: record.loadUnaligned(fromByteOffset: 24, as: UInt32.self))
                if symbol >= limit {
                    bad &+= 1
                    if strict {
                        throw .badRecord(
                            path: path, record: recordNumber + i + 1,
                            reason: "symbol id \(symbol) is not in the file's table of \(limit)")
                    }
                    continue
                }
            }
            if filtering {
                if filterID != symbol {
                    filteredBySymbol &+= 1
                    counts.noteFiltered(time: time)
                    continue
                }
                symbol = 0
            }
            if hasTimeRange && (time < from || time >= to) {
                filteredByTime &+= 1
                counts.noteFiltered(time: time)
                continue
            }
            if !value.isFinite { nonFinite &+= 1 }
            ticks[n] = Tick(time: time, value: value, size: tickSize)
            if let bars {
                func field(_ at: Int) -> Double {
                    Double(bitPattern: UInt64(littleEndian: record.loadUnaligned(fromByteOffset: at, as: UInt64.self)))
                }
                bars[n] = .bar(time: time, open: field(barAt), high: field(barAt + 8), low: field(barAt + 16), close: value, volume: tickSize)
            }
            symbols[n] = SymbolID(symbol)
            n &+= 1
        }
        return n
    }

    /// `pread` until `count` bytes or the end of the file; -1 on error.
    static func preadFully(_ fd: Int32, _ destination: UnsafeMutableRawPointer, _ count: Int, _ offset: Int) -> Int {
        var done = 0
        while done < count {
            let n = pread(fd, destination + done, count - done, off_t(offset + done))
            if n < 0 {
                if errno == EINTR { continue }
                return -1
            }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// Reads the symbol table; names past a damaged end are left out (ids then have no name).
    static func readSymbolTable(_ fd: Int32, at offset: Int, fileSize: Int, count: Int) -> SymbolTable {
        let length = fileSize - offset
        guard length > 0, length < 64 << 20 else { return SymbolTable() }
        var bytes = [UInt8](repeating: 0, count: length)
        let got = bytes.withUnsafeMutableBytes { preadFully(fd, $0.baseAddress!, length, offset) }
        guard got == length else { return SymbolTable() }
        var table = SymbolTable()
        var p = 0
        for _ in 0..<min(count, SymbolTable.maximumCount) {
            guard p + 2 <= length else { break }
            let n = Int(bytes[p]) | Int(bytes[p + 1]) << 8
            p += 2
            guard p + n <= length else { break }
            _ = table.insert(Array(bytes[p..<(p + n)]))
            p += n
        }
        return table
    }
}
