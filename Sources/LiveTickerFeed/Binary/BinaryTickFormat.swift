/// The LiveTicker binary tick format (`.ltk`): a 64-byte header, fixed-size little-endian
/// records, and an optional symbol table at the end. Version 1 records are ticks; version 2
/// adds a second record kind, the OHLC bar (flag bit 2), so a bar file (Yahoo daily, Binance
/// klines) converts without losing its bars' open, high and low. A tick file is still written
/// as version 1, so older readers keep reading it; both versions are read.
///
/// ```
/// offset size  field
///  0     8     magic            89 4C 54 4B 0D 0A 1A 0A  ("\x89LTK\r\n\x1A\n": catches 7-bit
///                                and text-mode damage, like PNG's)
///  8     2     version          1 (ticks), 2 (records may be bars: flag bit 2)
/// 10     2     header size      64 (records start here)
/// 12     2     record size      24, or 32 with symbols; bars add 24 (48, or 56 with symbols)
///                                (readers skip extra bytes of larger records)
/// 14     2     flags            bit 0: records carry a symbol id; bit 1: complete (the writer
///                                finished: count, table offset and time range are valid);
///                                bit 2 (version 2): records are OHLC bars
/// 16     8     record count     u64 (valid when complete)
/// 24     8     symbol table     u64 file offset of the symbol table, 0 = none (valid when complete)
/// 32     4     symbol count     u32
/// 36     4     reserved         0
/// 40     8     min time         i64 ns (valid when complete and count > 0)
/// 48     8     max time         i64 ns
/// 56     8     reserved         0
///
/// record (from offset 64, record size apart):
///  0     8     time             i64, ns since the Unix epoch
///  8     8     value            f64 IEEE-754 bits (NaN payloads kept)
/// 16     8     size             f64
/// 24     4     symbol id        u32 (only with flag bit 0)
/// 28     4     reserved         0
/// then, with flag bit 2 (a bar: time is its start, value its close, size its volume):
/// +0     8     open             f64
/// +8     8     high             f64
/// +16    8     low              f64
///
/// symbol table (at its offset, after the last record), per symbol in id order:
///        2     length           u16
///        n     name             bytes (UTF-8 by convention)
/// ```
///
/// A writer that stops early (crash, kill, disk full) leaves a valid file without the complete
/// flag: readers then take every whole record up to the end of the file, count a cut-off last
/// record as truncated, and name symbols by id.
public enum BinaryTickFormat {
    /// The eight magic bytes at offset 0.
    public static let magic: [UInt8] = [0x89, 0x4C, 0x54, 0x4B, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The version of tick files (records are ticks).
    public static let version: UInt16 = 1
    /// The version of bar files (flag ``flagBars``); readers of version 1 refuse it by name.
    public static let barVersion: UInt16 = 2
    /// Versions this code reads.
    public static let readableVersions: ClosedRange<UInt16> = 1...2
    /// Size of the header; records start here.
    public static let headerSize = 64
    /// Record size without symbols.
    public static let plainRecordSize = 24
    /// Record size with symbols.
    public static let symbolRecordSize = 32
    /// Flag: records carry a symbol id.
    public static let flagSymbols: UInt16 = 1
    /// Flag: the writer finished (count, symbol table, time range valid).
    public static let flagComplete: UInt16 = 2
    /// Flag (version 2): each record is an OHLC bar, its open, high and low after the tick fields.
    public static let flagBars: UInt16 = 4
    /// Bytes a bar adds to a record (open, high, low).
    public static let barFieldsSize = 24
    /// Largest record size a reader accepts (future versions may append fields).
    public static let maximumRecordSize = 4096

    /// The header fields.
    public struct Header: Sendable, Equatable {
        /// Format version.
        public var version: UInt16 = BinaryTickFormat.version
        /// Offset of the first record.
        public var headerSize = BinaryTickFormat.headerSize
        /// Bytes per record.
        public var recordSize: Int
        /// Flag bits (``flagSymbols``, ``flagComplete``).
        public var flags: UInt16
        /// Records written (valid when complete).
        public var recordCount: UInt64 = 0
        /// Offset of the symbol table, 0 when none.
        public var symbolTableOffset: UInt64 = 0
        /// Symbols in the table.
        public var symbolCount: UInt32 = 0
        /// Smallest and largest tick time (valid when complete and records exist).
        public var minTime: Int64 = 0, maxTime: Int64 = 0

        /// Whether records carry symbol ids.
        public var hasSymbols: Bool { flags & BinaryTickFormat.flagSymbols != 0 }
        /// Whether the writer finished.
        public var isComplete: Bool { flags & BinaryTickFormat.flagComplete != 0 }
        /// Whether records are OHLC bars (version 2).
        public var hasBars: Bool { version >= BinaryTickFormat.barVersion && flags & BinaryTickFormat.flagBars != 0 }
        /// Offset of a bar's open within a record (after the tick fields and the symbol id).
        public var barFieldsOffset: Int { hasSymbols ? BinaryTickFormat.symbolRecordSize : BinaryTickFormat.plainRecordSize }

        /// A fresh header for a file with or without symbols, of ticks or (version 2) of bars.
        public init(hasSymbols: Bool, hasBars: Bool = false) {
            recordSize = (hasSymbols ? BinaryTickFormat.symbolRecordSize : BinaryTickFormat.plainRecordSize)
                + (hasBars ? BinaryTickFormat.barFieldsSize : 0)
            flags = (hasSymbols ? BinaryTickFormat.flagSymbols : 0) | (hasBars ? BinaryTickFormat.flagBars : 0)
            version = hasBars ? BinaryTickFormat.barVersion : BinaryTickFormat.version
        }

        /// The 64 header bytes. Allocates the array.
        public func encoded() -> [UInt8] {
            var bytes = BinaryTickFormat.magic
            bytes.reserveCapacity(BinaryTickFormat.headerSize)
            func put<T: FixedWidthInteger>(_ value: T) {
                withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
            }
            put(version)
            put(UInt16(headerSize))
            put(UInt16(recordSize))
            put(flags)
            put(recordCount)
            put(symbolTableOffset)
            put(symbolCount)
            put(UInt32(0))
            put(minTime)
            put(maxTime)
            put(UInt64(0))
            return bytes
        }

        /// Decodes and validates header bytes (at least 64). O(1).
        static func decode(_ bytes: [UInt8], path: String) throws(FeedError) -> Header {
            guard bytes.count >= 8, zip(bytes.prefix(8), BinaryTickFormat.magic).allSatisfy({ $0 == $1 }) else {
                throw .wrongMagic(path: path)
            }
            guard bytes.count >= 10 else { throw .badBinaryHeader(path: path, reason: "file ends inside the header") }
            func get<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> T {
                bytes.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
            }
            let version = get(8, UInt16.self)
            guard BinaryTickFormat.readableVersions.contains(version) else {
                throw .unsupportedVersion(path: path, version: Int(version))
            }
            guard bytes.count >= BinaryTickFormat.headerSize else {
                throw .badBinaryHeader(path: path, reason: "file ends inside the header")
            }
            var header = Header(hasSymbols: false)
            header.version = version
            header.headerSize = Int(get(10, UInt16.self))
            header.recordSize = Int(get(12, UInt16.self))
            header.flags = get(14, UInt16.self)
            header.recordCount = get(16, UInt64.self)
            header.symbolTableOffset = get(24, UInt64.self)
            header.symbolCount = get(32, UInt32.self)
            header.minTime = get(40, Int64.self)
            header.maxTime = get(48, Int64.self)
            guard header.headerSize >= BinaryTickFormat.headerSize else {
                throw .badBinaryHeader(path: path, reason: "header size \(header.headerSize) < 64")
            }
            let minimum = header.barFieldsOffset + (header.hasBars ? BinaryTickFormat.barFieldsSize : 0)
            guard header.recordSize >= minimum, header.recordSize <= BinaryTickFormat.maximumRecordSize else {
                throw .badBinaryHeader(path: path, reason: "record size \(header.recordSize) (expected \(minimum))")
            }
            return header
        }
    }
}
