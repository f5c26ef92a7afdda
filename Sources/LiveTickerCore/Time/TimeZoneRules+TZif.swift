extension TimeZoneRules {
    /// Reads a TZif file (RFC 9636) from its bytes: version 1, or 2 and later, whose 64-bit
    /// block and POSIX footer are used (the 32-bit v1 block before them is skipped by its
    /// counts; Debian fills it). `identifier` names the zone (`America/New_York`).
    ///
    /// O(file size); allocates the zone's tables once.
    /// - Throws: ``TimeZoneError`` for bytes that are not TZif, cut off, or inconsistent.
    public init(tzif bytes: [UInt8], identifier: String) throws(TimeZoneError) {
        var reader = TZifReader(bytes: bytes)
        let header = try reader.header()
        var block = header
        var timeSize = 4
        if header.version >= 2 {
            try reader.skip(header.dataSize(timeSize: 4))
            block = try reader.header()
            timeSize = 8
        }
        let count = block.timeCount
        var transitions: [Int64] = []
        transitions.reserveCapacity(count)
        for _ in 0..<count {
            transitions.append(timeSize == 8 ? try reader.int64() : Int64(try reader.int32()))
        }
        var transitionTypes: [UInt8] = []
        transitionTypes.reserveCapacity(count)
        for _ in 0..<count {
            let type = try reader.byte()
            guard Int(type) < block.typeCount else { throw .malformed("transition type \(type) of \(block.typeCount)") }
            transitionTypes.append(type)
        }
        var raw: [(offset: Int32, isDST: Bool, abbreviationIndex: Int)] = []
        for _ in 0..<block.typeCount {
            let offset = try reader.int32()
            let isDST = try reader.byte()
            let index = try reader.byte()
            guard isDST <= 1, Int(index) < block.charCount else { throw .malformed("local time type") }
            guard offset > Int32.min else { throw .malformed("UT offset \(offset)") }
            raw.append((offset, isDST == 1, Int(index)))
        }
        let characters = try reader.bytes(block.charCount)
        let types = raw.map { type in
            let tail = characters[(characters.startIndex + type.abbreviationIndex)...]
            let name = tail.prefix(while: { $0 != 0 })
            return LocalTimeType(
                utcOffset: type.offset, isDaylightSaving: type.isDST, abbreviation: String(decoding: name, as: UTF8.self))
        }
        // Leap-second records, standard/wall and UT/local indicators: not needed for local time.
        try reader.skip(block.leapCount * (timeSize + 4) + block.standardWallCount + block.utLocalCount)
        for i in transitions.indices.dropFirst() where transitions[i] <= transitions[i - 1] {
            throw .malformed("transition times not ascending at \(i)")
        }
        var footer: POSIXTimeZoneRule?
        if header.version >= 2 {
            // "\n" rule "\n"; an empty rule means none.
            guard try reader.byte() == 0x0A else { throw .malformed("footer does not start with a newline") }
            var rule: [UInt8] = []
            while true {
                let byte = try reader.byte()
                if byte == 0x0A { break }
                rule.append(byte)
            }
            if !rule.isEmpty { footer = try POSIXTimeZoneRule(parsing: String(decoding: rule, as: UTF8.self)) }
        }
        guard !types.isEmpty else { throw .malformed("no local time types") }
        self.init(
            identifier: identifier, transitions: transitions, transitionTypes: transitionTypes, types: types,
            footer: footer)
    }
}

/// The counts of a TZif header (all big-endian u32 on disk).
private struct TZifHeader {
    var version: Int
    var utLocalCount: Int
    var standardWallCount: Int
    var leapCount: Int
    var timeCount: Int
    var typeCount: Int
    var charCount: Int

    /// Bytes of the data block after this header, with `timeSize`-byte times.
    func dataSize(timeSize: Int) -> Int {
        timeCount * timeSize + timeCount + typeCount * 6 + charCount + leapCount * (timeSize + 4) + standardWallCount
            + utLocalCount
    }
}

/// A bounds-checked big-endian cursor over a file's bytes.
private struct TZifReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func header() throws(TimeZoneError) -> TZifHeader {
        guard bytes.count - offset >= 44 else {
            throw offset == 0 ? .notTZif : .truncated(at: bytes.count)
        }
        guard bytes[offset] == 0x54, bytes[offset + 1] == 0x5A, bytes[offset + 2] == 0x69, bytes[offset + 3] == 0x66
        else { throw .notTZif }
        let versionByte = bytes[offset + 4]
        let version = versionByte == 0 ? 1 : Int(versionByte) - 0x30
        guard version >= 1, version <= 9 else { throw .malformed("version byte \(versionByte)") }
        offset += 20
        var counts: [Int] = []
        for _ in 0..<6 {
            let count = Int(try uint32())
            // A real zone has a few thousand entries at most; refuse sizes that cannot fit the file.
            guard count <= bytes.count else { throw .malformed("count \(count) larger than the file") }
            counts.append(count)
        }
        guard counts[4] >= 1 else { throw .malformed("no local time types") }
        return TZifHeader(
            version: version, utLocalCount: counts[0], standardWallCount: counts[1], leapCount: counts[2],
            timeCount: counts[3], typeCount: counts[4], charCount: counts[5])
    }

    mutating func skip(_ count: Int) throws(TimeZoneError) {
        guard count >= 0, bytes.count - offset >= count else { throw .truncated(at: bytes.count) }
        offset += count
    }

    mutating func byte() throws(TimeZoneError) -> UInt8 {
        guard offset < bytes.count else { throw .truncated(at: bytes.count) }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func bytes(_ count: Int) throws(TimeZoneError) -> ArraySlice<UInt8> {
        guard bytes.count - offset >= count else { throw .truncated(at: bytes.count) }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func uint32() throws(TimeZoneError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 { value = value << 8 | UInt32(try byte()) }
        return value
    }

    mutating func int32() throws(TimeZoneError) -> Int32 { Int32(bitPattern: try uint32()) }

    mutating func int64() throws(TimeZoneError) -> Int64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(try byte()) }
        return Int64(bitPattern: value)
    }
}
