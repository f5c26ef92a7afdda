import Testing
@testable import LiveTickerCore

/// Copies the newest `count` items of `ring` into an array (test convenience).
private func newest<E: RingBufferElement>(_ ring: RingBuffer<E>, _ count: Int, filler: E) -> (RingBufferRange, [E]) {
    var out = [E](repeating: filler, count: count)
    let range = out.withUnsafeMutableBufferPointer { ring.copyNewest(count, into: $0) }
    return (range, Array(out.prefix(range.count)))
}

@Suite("RingBuffer")
struct RingBufferTests {
    @Test func zeroCapacityIsRejected() {
        #expect(throws: ConfigurationError.zeroCapacity) { try RingBuffer<Double>(capacity: 0) }
        #expect(throws: ConfigurationError.invalidCapacity(-3)) { try RingBuffer<Double>(capacity: -3) }
        #expect(throws: ConfigurationError.invalidCapacity(Int.max / 2)) { try RingBuffer<Tick>(capacity: Int.max / 2) }
    }

    @Test("a ring whose storage passes 2 MB (allocated in huge pages) starts zeroed, wraps and keeps the newest")
    func hugePageStorage() throws {
        // 300 000 ticks are several MB of slot words, past the 2 MB from which the storage
        // comes from ltk_huge_allocate; a second ring reuses freed memory of the first.
        for round in 0..<2 {
            let capacity = 300_000
            let ring = try RingBuffer<Tick>(capacity: capacity)
            #expect(ring.newest == nil)
            #expect(ring.element(at: UInt64(capacity - 1)) == nil)
            let total = capacity + capacity / 2 + round
            for i in 0..<total { ring.append(Tick(time: Int64(i), value: Double(i) * 0.5, size: 1)) }
            #expect(ring.heldPositions == UInt64(total - capacity)..<UInt64(total))
            #expect(ring.element(at: UInt64(total - capacity)) == Tick(time: Int64(total - capacity), value: Double(total - capacity) * 0.5, size: 1))
            #expect(ring.element(at: UInt64(total - capacity - 1)) == nil)
            #expect(ring.newest == Tick(time: Int64(total - 1), value: Double(total - 1) * 0.5, size: 1))
        }
    }

    @Test func emptyRingReturnsNothing() throws {
        let ring = try RingBuffer<Double>(capacity: 4)
        #expect(ring.writtenCount == 0)
        #expect(ring.newest == nil)
        #expect(ring.element(at: 0) == nil)
        #expect(ring.heldPositions.isEmpty)
        let (range, values) = newest(ring, 3, filler: -1)
        #expect(range.count == 0)
        #expect(values.isEmpty)
        #expect(ring.updateNewest(5) == false)
        #expect(ring.writtenCount == 0)
    }

    @Test func keepsAppendOrderAndCount() throws {
        let ring = try RingBuffer<Double>(capacity: 8)
        for i in 0..<5 { ring.append(Double(i) * 1.5) }
        #expect(ring.writtenCount == 5)
        #expect(ring.heldPositions == 0..<5)
        let (range, values) = newest(ring, 8, filler: -1)
        #expect(range == RingBufferRange(firstPosition: 0, count: 5))
        #expect(values == [0, 1.5, 3, 4.5, 6])
        #expect(ring.newest == 6)
        #expect(ring.element(at: 2) == 3)
        #expect(ring.element(at: 5) == nil)
    }

    @Test func snapshotLargerThanCountReturnsAllHeld() throws {
        let ring = try RingBuffer<Double>(capacity: 4)
        ring.append(1)
        ring.append(2)
        let (range, values) = newest(ring, 100, filler: 0)
        #expect(range.positions == 0..<2)
        #expect(values == [1, 2])
        // Also when the caller's buffer is smaller than the request: the newest that fit.
        for i in 3...9 { ring.append(Double(i)) }
        var small = [Double](repeating: 0, count: 2)
        let r = small.withUnsafeMutableBufferPointer { ring.copyNewest(100, into: $0) }
        #expect(r.positions == 7..<9)
        #expect(small == [8, 9])
    }

    @Test func overwriteKeepsNewestInOrderWithPositions() throws {
        let ring = try RingBuffer<Tick>(capacity: 5)
        for i in 0..<13 { ring.append(Tick(time: Int64(i), value: Double(i), size: 1)) }
        #expect(ring.writtenCount == 13)
        #expect(ring.heldPositions == 8..<13)
        let (range, ticks) = newest(ring, 5, filler: Tick(time: 0, value: 0))
        #expect(range.positions == 8..<13)
        #expect(ticks.map(\.time) == [8, 9, 10, 11, 12])
        #expect(ring.element(at: 7) == nil, "overwritten")
        #expect(ring.element(at: 8)?.time == 8)
        #expect(ring.element(at: 12)?.value == 12)
    }

    @Test func readByPositionRange() throws {
        let ring = try RingBuffer<Double>(capacity: 6)
        for i in 0..<10 { ring.append(Double(i)) }   // holds 4..<10
        var buffer = [Double](repeating: -1, count: 3)
        // Oldest that fit, so a tailing reader can continue from the end.
        var r = buffer.withUnsafeMutableBufferPointer { ring.copy(positions: 5..<100, into: $0) }
        #expect(r.positions == 5..<8)
        #expect(buffer == [5, 6, 7])
        // A range starting before the oldest held item starts at the oldest held.
        r = buffer.withUnsafeMutableBufferPointer { ring.copy(positions: 0..<6, into: $0) }
        #expect(r.positions == 4..<6)
        #expect(buffer.prefix(2) == [4, 5])
        // Entirely overwritten or not yet written: nothing.
        r = buffer.withUnsafeMutableBufferPointer { ring.copy(positions: 0..<3, into: $0) }
        #expect(r.count == 0)
        r = buffer.withUnsafeMutableBufferPointer { ring.copy(positions: 10..<20, into: $0) }
        #expect(r.count == 0)
        // Empty caller buffer.
        r = ring.copy(positions: 4..<10, into: UnsafeMutableBufferPointer(start: nil, count: 0))
        #expect(r.count == 0)
    }

    @Test func capacityOne() throws {
        let ring = try RingBuffer<Double>(capacity: 1)
        ring.append(.nan)
        #expect(ring.newest?.isNaN == true)
        ring.append(2)
        ring.append(3)
        #expect(ring.heldPositions == 2..<3)
        #expect(ring.element(at: 1) == nil)
        #expect(ring.updateNewest(4))
        let (range, values) = newest(ring, 10, filler: 0)
        #expect(range.positions == 2..<3)
        #expect(values == [4])
    }

    @Test func updateNewestRewritesInPlace() throws {
        let ring = try RingBuffer<Tick>(capacity: 3)
        ring.append(Tick(time: 1, value: 10, size: 1))
        ring.append(Tick(time: 2, value: 20, size: 1))
        #expect(ring.updateNewest(Tick(time: 2, value: 25, size: 3)))
        #expect(ring.writtenCount == 2)
        #expect(ring.element(at: 1) == Tick(time: 2, value: 25, size: 3))
        #expect(ring.element(at: 0) == Tick(time: 1, value: 10, size: 1))
        // After a wrap the newest slot is the one before the next write slot (slot 0 here).
        ring.append(Tick(time: 3, value: 30))
        ring.append(Tick(time: 4, value: 40))
        #expect(ring.updateNewest(Tick(time: 4, value: 41)))
        #expect(ring.element(at: 3)?.value == 41)
        #expect(ring.element(at: 2)?.value == 30)
    }

    @Test func bitPatternsSurviveTheRing() throws {
        let ring = try RingBuffer<Tick>(capacity: 8)
        let specials: [Tick] = [
            Tick(time: .min, value: -.infinity, size: .nan),
            Tick(time: .max, value: .infinity, size: -0.0),
            Tick(time: -1, value: 1.7e308, size: .leastNonzeroMagnitude),
            Tick(time: 0, value: -1.7e308, size: .greatestFiniteMagnitude),
        ]
        for tick in specials { ring.append(tick) }
        let (_, out) = newest(ring, 4, filler: Tick(time: 0, value: 0))
        for (a, b) in zip(out, specials) {
            #expect(a.time == b.time)
            #expect(a.value.bitPattern == b.value.bitPattern)
            #expect(a.size.bitPattern == b.size.bitPattern)
        }
    }

    @Test func millionPushesThroughSmallRingNeverReallocate() throws {
        let ring = try RingBuffer<Tick>(capacity: 7)
        let storage = ring.storageAddress
        for i in 0..<1_000_000 {
            ring.append(Tick(time: Int64(i), value: Double(i) * 0.25, size: 1))
        }
        #expect(ring.storageAddress == storage)
        #expect(ring.writtenCount == 1_000_000)
        let (range, ticks) = newest(ring, 7, filler: Tick(time: 0, value: 0))
        #expect(range.positions == 999_993..<1_000_000)
        #expect(ticks.map(\.time) == Array(999_993..<1_000_000).map(Int64.init))
        #expect(ticks.allSatisfy { $0.value == Double($0.time) * 0.25 })
        #expect(ring.discardedReadCount == 0, "single-threaded reads never race the writer")
    }

    @Test func readerViewForwardsTheConsumerAPI() throws {
        let ring = try RingBuffer<Double>(capacity: 3)
        let reader = ring.reader
        for i in 0..<5 { ring.append(Double(i)) }
        #expect(reader.capacity == 3)
        #expect(reader.writtenCount == 5)
        #expect(reader.heldPositions == 2..<5)
        #expect(reader.newest == 4)
        #expect(reader.element(at: 2) == 2)
        var buffer = [Double](repeating: 0, count: 3)
        let r = buffer.withUnsafeMutableBufferPointer { reader.copyNewest(into: $0) }
        #expect(r.positions == 2..<5 && buffer == [2, 3, 4])
    }
}
