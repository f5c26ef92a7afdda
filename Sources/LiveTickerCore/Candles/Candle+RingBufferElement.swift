/// `Candle` in a ring: seven words (start time, O, H, L, C, volume, tick count bit patterns).
extension Candle: RingBufferElement {
    /// Seven 64-bit words.
    @inlinable
    public static var ringWordCount: Int { 7 }

    /// Stores the fields' bit patterns. O(1).
    @inlinable @inline(__always)
    public func store(into words: RingBufferWordWriter) {
        words.store(UInt64(bitPattern: startTime), at: 0)
        words.store(open.bitPattern, at: 1)
        words.store(high.bitPattern, at: 2)
        words.store(low.bitPattern, at: 3)
        words.store(close.bitPattern, at: 4)
        words.store(volume.bitPattern, at: 5)
        words.store(UInt64(bitPattern: Int64(tickCount)), at: 6)
    }

    /// Decodes the words written by `store(into:)`; total over all bit patterns. O(1).
    @inlinable @inline(__always)
    public init(ringWords words: RingBufferWordReader) {
        self.init(
            startTime: Int64(bitPattern: words.load(at: 0)),
            open: Double(bitPattern: words.load(at: 1)),
            high: Double(bitPattern: words.load(at: 2)),
            low: Double(bitPattern: words.load(at: 3)),
            close: Double(bitPattern: words.load(at: 4)),
            volume: Double(bitPattern: words.load(at: 5)),
            tickCount: Int(truncatingIfNeeded: Int64(bitPattern: words.load(at: 6)))
        )
    }
}
