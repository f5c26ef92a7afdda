/// `Tick` in a ring: three words (time bits, value bits, size bits). Every bit pattern decodes.
extension Tick: RingBufferElement {
    /// Three 64-bit words.
    @inlinable
    public static var ringWordCount: Int { 3 }

    /// Stores time, value and size bit patterns. O(1).
    @inlinable @inline(__always)
    public func store(into words: RingBufferWordWriter) {
        words.store(UInt64(bitPattern: time), at: 0)
        words.store(value.bitPattern, at: 1)
        words.store(size.bitPattern, at: 2)
    }

    /// Decodes the three words written by `store(into:)`. O(1).
    @inlinable @inline(__always)
    public init(ringWords words: RingBufferWordReader) {
        self.init(
            time: Int64(bitPattern: words.load(at: 0)),
            value: Double(bitPattern: words.load(at: 1)),
            size: Double(bitPattern: words.load(at: 2))
        )
    }
}
