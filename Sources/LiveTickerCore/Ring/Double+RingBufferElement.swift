/// `Double` in a ring: one word, its IEEE-754 bit pattern (NaN payloads survive).
extension Double: RingBufferElement {
    /// One 64-bit word.
    @inlinable
    public static var ringWordCount: Int { 1 }

    /// Stores the bit pattern. O(1).
    @inlinable @inline(__always)
    public func store(into words: RingBufferWordWriter) {
        words.store(bitPattern, at: 0)
    }

    /// Decodes the bit pattern. O(1).
    @inlinable @inline(__always)
    public init(ringWords words: RingBufferWordReader) {
        self.init(bitPattern: words.load(at: 0))
    }
}
