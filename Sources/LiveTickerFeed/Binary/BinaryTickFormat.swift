/// The LiveTicker binary tick format (`.ltk`): a 64-byte header, fixed-size little-endian
/// records, and an optional symbol table at the end.
///
/// ```
/// offset size  field
///  0     8     magic            89 4C 54 4B 0D 0A 1A 0A  ("\x89LTK\r\n\x1A\n": catches 7-bit
///                                and text-mode damage, like PNG's)
///  8     2     version          1
/// 10     2     header size      64 (records start here)
/// 12     2     record size      24, or 32 with symbols (readers skip extra bytes of larger records)
/// 14     2     flags            bit 0: records carry a symbol id; bit 1: complete (the writer
///                                finished: count, table offset and time range are valid)
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
    /// The version this code writes and reads.
    public static let version: UInt16 = 1
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

        /// A fresh header for a file with or without symbols.
        public init(hasSymbols: Bool) {
            recordSize = hasSymbols ? BinaryTickFormat.symbolRecordSize : BinaryTickFormat.plainRecordSize
            flags = hasSymbols ? BinaryTickFormat.flagSymbols : 0
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
            guard version == BinaryTickFormat.version else {
                throw .unsupportedVersion(path: path, version: Int(version))
            }
            guard bytes.count >= BinaryTickFormat.headerSize else {
                throw .badBinaryHeader(path: path, reason: "file ends inside the header")
            }
            var header = Header(hasSymbols: false)
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
            let minimum = header.hasSymbols ? BinaryTickFormat.symbolRecordSize : BinaryTickFormat.plainRecordSize
            guard header.recordSize >= minimum, header.recordSize <= BinaryTickFormat.maximumRecordSize else {
                throw .badBinaryHeader(path: path, reason: "record size \(header.recordSize) (expected \(minimum))")
            }
            return header
        }
    }
}
