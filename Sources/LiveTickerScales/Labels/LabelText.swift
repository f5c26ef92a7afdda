/// A short ASCII label stored inline (no heap): up to 32 bytes in four machine words plus a
/// length. Formatters write labels into it every frame; the renderer reads the bytes with
/// `withUTF8` or the subscript. Appending past `capacity` drops the extra bytes and sets
/// `isTruncated` (the formatters in this module never exceed it).
///
/// Invariant: bytes at and after `count` are zero, so equality and hashing compare words.
/// Value type (40 bytes), `Sendable`; every member is O(count) or O(1) and allocates nothing,
/// except `description` (a `String`, for tests and the CLI).
public struct LabelText: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// Maximum number of bytes.
    public static let capacity = 32

    @usableFromInline var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    @usableFromInline var storedCount: UInt8 = 0
    @usableFromInline var storedTruncated = false

    /// An empty label. O(1).
    @inlinable
    public init() {}

    /// A label from a string literal (tests, fixed captions). Bytes outside printable ASCII
    /// become `?`; text beyond 32 bytes is dropped. O(n), no allocation.
    public init(stringLiteral value: StaticString) {
        self.init()
        append(value)
    }

    /// Number of bytes.
    @inlinable public var count: Int { Int(storedCount) }
    /// Whether the label is empty.
    @inlinable public var isEmpty: Bool { storedCount == 0 }
    /// Whether an append was cut short by the capacity.
    @inlinable public var isTruncated: Bool { storedTruncated }

    /// Byte `i` (0 ..< count). O(1).
    @inlinable
    public subscript(i: Int) -> UInt8 {
        precondition(i >= 0 && i < count, "LabelText index out of range")
        return withUnsafeBytes(of: words) { $0[i] }
    }

    /// Calls `body` with the label's bytes (ASCII, so also UTF-8). The buffer is only valid
    /// inside `body`. O(1), no allocation (the bytes are on the stack).
    @inlinable
    public func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try withUnsafeBytes(of: words) { raw in
            try body(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[0..<count]))
        }
    }

    /// Appends one byte; dropped (and `isTruncated` set) when full. O(1).
    @inlinable
    public mutating func append(_ byte: UInt8) {
        let n = Int(storedCount)
        guard n < Self.capacity else {
            storedTruncated = true
            return
        }
        withUnsafeMutableBytes(of: &words) { $0[n] = byte }
        storedCount &+= 1
    }

    /// Appends another label's bytes. O(other.count).
    public mutating func append(_ other: LabelText) {
        for i in 0..<other.count { append(other[i]) }
        if other.isTruncated { storedTruncated = true }
    }

    /// Appends static text (a caption, a unit); non-printable-ASCII bytes become `?`. O(n).
    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes in
            for b in bytes { append(b >= 0x20 && b < 0x7F ? b : UInt8(ascii: "?")) }
        }
    }

    /// Removes every byte. O(1).
    @inlinable
    public mutating func removeAll() { self = LabelText() }

    /// The label as a `String` (allocates; for tests, logs and the CLI, not per frame).
    public var description: String {
        withUTF8 { String(decoding: $0, as: UTF8.self) }
    }

    /// Same bytes (and truncation flag). O(1): four word compares.
    public static func == (a: LabelText, b: LabelText) -> Bool {
        a.storedCount == b.storedCount && a.words == b.words && a.storedTruncated == b.storedTruncated
    }

    /// Hashes the bytes. O(1).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
        hasher.combine(storedCount)
    }
}
