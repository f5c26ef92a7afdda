/// The names of the symbols a feed has seen, indexed by ``SymbolID``.
///
/// Lookups by raw bytes cost one FNV-1a hash and one comparison, and allocate only when a new
/// symbol appears; the parser also remembers the last hit, because tick files usually repeat a
/// symbol over many consecutive lines. Names are arbitrary bytes (tick files need not be UTF-8).
public struct SymbolTable: Sendable, Equatable {
    /// Largest number of distinct symbols one feed may introduce; lines naming more are bad
    /// lines. Bounds memory for hostile input.
    public static let maximumCount = 65_536

    /// Raw name bytes, one array per symbol, indexed by id.
    public private(set) var nameBytes: [[UInt8]] = []
    // Open addressing with linear probing: slot holds id + 1, 0 = empty. Capacity: power of two,
    // kept at most half full.
    private var slots: [UInt32] = []
    private var hashes: [UInt64] = []

    /// An empty table.
    public init() {}

    /// A table holding `names` with ids 0, 1, 2 … in order (as read from a binary file).
    /// O(total name length).
    public init(names: [String]) {
        for name in names { _ = insert(Array(name.utf8)) }
    }

    /// Number of distinct symbols seen.
    public var count: Int { nameBytes.count }

    /// The name of `id`, decoded as UTF-8 with invalid bytes replaced; "" for an unknown id.
    /// Allocates a string.
    public func name(of id: SymbolID) -> String {
        let index = Int(id.rawValue)
        guard index < nameBytes.count else { return "" }
        return String(decoding: nameBytes[index], as: UTF8.self)
    }

    /// All names, in id order. Allocates.
    public var names: [String] { nameBytes.map { String(decoding: $0, as: UTF8.self) } }

    /// The id of the symbol named `name`, if seen. O(length).
    public func id(of name: String) -> SymbolID? {
        var bytes = Array(name.utf8)
        let count = bytes.count
        bytes.append(0)  // a non-empty array always has a base address, even for the name ""
        return bytes.withUnsafeBufferPointer { buffer in
            find(buffer.baseAddress!, count: count, hash: Self.hash(buffer.baseAddress!, count: count))
                .map { SymbolID(UInt32($0)) }
        }
    }

    static func hash(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for i in 0..<count {
            h = (h ^ UInt64(bytes[i])) &* 0x0000_0100_0000_01b3
        }
        return h
    }

    private func find(_ bytes: UnsafePointer<UInt8>, count: Int, hash: UInt64) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = slots[i]
            if slot == 0 { return nil }
            let id = Int(slot - 1)
            if hashes[id] == hash && Self.equal(nameBytes[id], bytes, count) { return id }
            i = (i + 1) & mask
        }
    }

    private static func equal(_ name: [UInt8], _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        guard name.count == count else { return false }
        return name.withUnsafeBufferPointer { buffer in
            for i in 0..<count where buffer[i] != bytes[i] { return false }
            return true
        }
    }

    /// The id for `bytes`, inserting the symbol when new; nil when the table is full.
    mutating func insert(_ bytes: [UInt8]) -> SymbolID? {
        var terminated = bytes
        terminated.append(0)
        return terminated.withUnsafeBufferPointer { insert($0.baseAddress!, count: bytes.count) }
    }

    /// The id for the given bytes, inserting the symbol when new; nil when the table is full.
    /// O(count) expected; allocates only for a new symbol.
    mutating func insert(_ bytes: UnsafePointer<UInt8>, count: Int) -> SymbolID? {
        let h = Self.hash(bytes, count: count)
        if let id = find(bytes, count: count, hash: h) { return SymbolID(UInt32(id)) }
        guard nameBytes.count < Self.maximumCount else { return nil }
        if (nameBytes.count + 1) * 2 > slots.count { grow() }
        let id = nameBytes.count
        nameBytes.append(Array(UnsafeBufferPointer(start: bytes, count: count)))
        hashes.append(h)
        place(id: id, hash: h)
        return SymbolID(UInt32(id))
    }

    /// Adds the names `other` holds past this table's end, with the same ids: `self` must be a
    /// prefix of `other` (a published view that follows a producer's table as it grows).
    /// O(new names). Assigning the whole table instead shared its storage, so the producer's
    /// next new symbol copied it all: O(n²) over a feed naming n symbols.
    public mutating func appendNames(from other: SymbolTable) {
        precondition(count <= other.count, "SymbolTable.appendNames: the other table is shorter")
        for id in count..<other.count {
            other.nameBytes[id].withUnsafeBufferPointer { name in
                // The id matches: names are distinct in `other`, and `self` holds its prefix.
                _ = insert(name.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: name.count)
            }
        }
    }

    private mutating func place(id: Int, hash: UInt64) {
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while slots[i] != 0 { i = (i + 1) & mask }
        slots[i] = UInt32(id + 1)
    }

    private mutating func grow() {
        slots = [UInt32](repeating: 0, count: max(16, slots.count * 2))
        for id in 0..<nameBytes.count { place(id: id, hash: hashes[id]) }
    }

    /// Tables are equal when they hold the same names in the same id order.
    public static func == (lhs: SymbolTable, rhs: SymbolTable) -> Bool { lhs.nameBytes == rhs.nameBytes }
}
