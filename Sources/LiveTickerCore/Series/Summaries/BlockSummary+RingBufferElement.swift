/// `BlockSummary` in a ring: 21 words (four points of four words, two non-finite positions,
/// the finite count, the time range). Every bit pattern decodes (a torn slot is decoded and
/// then dropped by the ring's sequence check).
extension BlockSummary: RingBufferElement {
    /// 21 64-bit words.
    @inlinable
    public static var ringWordCount: Int { 21 }

    /// Stores the fields' bit patterns. O(1).
    @inlinable @inline(__always)
    public func store(into words: RingBufferWordWriter) {
        first.store(into: words, at: 0)
        minimum.store(into: words, at: 4)
        maximum.store(into: words, at: 8)
        last.store(into: words, at: 12)
        words.store(firstNonFinite, at: 16)
        words.store(lastNonFinite, at: 17)
        words.store(finiteCount, at: 18)
        words.store(UInt64(bitPattern: minTime), at: 19)
        words.store(UInt64(bitPattern: maxTime), at: 20)
    }

    /// Decodes the words written by `store(into:)`. O(1).
    @inlinable @inline(__always)
    public init(ringWords words: RingBufferWordReader) {
        self.init(
            first: SummaryPoint(words, at: 0), minimum: SummaryPoint(words, at: 4),
            maximum: SummaryPoint(words, at: 8), last: SummaryPoint(words, at: 12),
            firstNonFinite: words.load(at: 16), lastNonFinite: words.load(at: 17),
            finiteCount: words.load(at: 18), minTime: Int64(bitPattern: words.load(at: 19)),
            maxTime: Int64(bitPattern: words.load(at: 20)))
    }
}

extension SummaryPoint {
    @inlinable @inline(__always)
    func store(into words: RingBufferWordWriter, at index: Int) {
        words.store(position, at: index)
        words.store(UInt64(bitPattern: time), at: index &+ 1)
        words.store(value.bitPattern, at: index &+ 2)
        words.store(UInt64(bitPattern: blockRunningMaxTime), at: index &+ 3)
    }

    @inlinable @inline(__always)
    init(_ words: RingBufferWordReader, at index: Int) {
        self.init(
            position: words.load(at: index), time: Int64(bitPattern: words.load(at: index &+ 1)),
            value: Double(bitPattern: words.load(at: index &+ 2)),
            blockRunningMaxTime: Int64(bitPattern: words.load(at: index &+ 3)))
    }
}
