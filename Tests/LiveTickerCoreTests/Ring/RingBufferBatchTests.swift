import LiveTickerTestSupport
import Testing

@testable import LiveTickerCore

/// Every held item of `ring`, oldest first, with its first position.
private func held<E: RingBufferElement>(_ ring: RingBuffer<E>, filler: E) -> (UInt64, [E]) {
    var out = [E](repeating: filler, count: ring.capacity)
    let range = out.withUnsafeMutableBufferPointer { ring.copyNewest(into: $0) }
    return (range.firstPosition, Array(out.prefix(range.count)))
}

@Suite("RingBuffer batch append")
struct RingBufferBatchTests {
    @Test(
        "a batch append leaves the ring exactly as appending one by one does (empty, one, wrap, larger than capacity)",
        arguments: [1, 2, 7, 64])
    func batchEqualsSingleAppends(capacity: Int) throws {
        let single = try RingBuffer<Double>(capacity: capacity)
        let batched = try RingBuffer<Double>(capacity: capacity)
        var rng = SplitMix64(seed: UInt64(capacity))
        var next = 0.0
        let sizes =
            [0, 1, capacity - 1, capacity, capacity + 1, 3 * capacity + 2]
            + (0..<40).map { _ in Int(rng.next() % UInt64(2 * capacity + 3)) }
        for size in sizes {
            let values = (0..<max(0, size)).map { i in next + Double(i) }
            next += Double(values.count)
            for v in values { single.append(v) }
            values.withUnsafeBufferPointer { batched.append(contentsOf: $0) }
            #expect(batched.writtenCount == single.writtenCount)
            #expect(batched.heldPositions == single.heldPositions)
            let (a, aItems) = held(single, filler: -1)
            let (b, bItems) = held(batched, filler: -1)
            #expect(a == b && aItems == bItems, "after a batch of \(size)")
            #expect(batched.newest == single.newest)
        }
        // Single appends and in-place updates keep working after batches.
        batched.append(-7)
        #expect(batched.updateNewest(-8))
        #expect(batched.newest == -8 && batched.writtenCount == single.writtenCount + 1)
    }

    @Test func emptyBatchPublishesNothing() throws {
        let ring = try RingBuffer<Tick>(capacity: 4)
        ring.append(contentsOf: UnsafeBufferPointer(start: nil, count: 0))
        #expect(ring.writtenCount == 0 && ring.newest == nil)
    }
}
