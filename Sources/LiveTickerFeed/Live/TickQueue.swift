import LiveTickerCore
import Synchronization

/// A bounded single-producer single-consumer queue of ticks that never blocks the producer:
/// when it is full the new tick is dropped and counted, so a slow consumer (a busy render
/// thread) can never stall a socket reader.
///
/// Lamport's SPSC ring: the producer owns `tail`, the consumer owns `head`; each publishes
/// with a release store and reads the other's index with an acquire load. The two indices
/// sit on separate cache lines so the threads do not false-share.
public final class TickQueue: @unchecked Sendable {
    // Invariant (why @unchecked Sendable is sound): exactly one thread calls `push` and exactly
    // one (possibly other) thread calls `pop`/`drain`. Slots [head, tail) (mod capacity) are
    // written by the producer before `tail` is released and read by the consumer after it is
    // acquired; slots outside it belong to the producer.
    /// Number of slots (a power of two).
    public let capacity: Int
    private let mask: Int
    private let ticks: UnsafeMutablePointer<Tick>
    private let symbols: UnsafeMutablePointer<SymbolID>
    private let head = Atomic<Int>(0)
    private let padding1: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
    private let tail = Atomic<Int>(0)
    private let padding2: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
    private let droppedCount = Atomic<Int>(0)

    /// A queue of at least `capacity` slots (rounded up to a power of two, at least 2).
    /// Allocates once.
    public init(capacity: Int) {
        var size = 2
        while size < capacity { size <<= 1 }
        self.capacity = size
        mask = size - 1
        ticks = .allocate(capacity: size)
        ticks.initialize(repeating: Tick(time: 0, value: 0), count: size)
        symbols = .allocate(capacity: size)
        symbols.initialize(repeating: .first, count: size)
    }

    deinit {
        ticks.deallocate()
        symbols.deallocate()
    }

    /// Producer: enqueues a tick, or drops and counts it when the queue is full. Never blocks,
    /// never allocates. Returns whether it was enqueued.
    @discardableResult
    public func push(_ tick: Tick, symbol: SymbolID) -> Bool {
        let t = tail.load(ordering: .relaxed)
        if t &- head.load(ordering: .acquiring) >= capacity {
            droppedCount.add(1, ordering: .relaxed)
            return false
        }
        ticks[t & mask] = tick
        symbols[t & mask] = symbol
        tail.store(t &+ 1, ordering: .releasing)
        return true
    }

    /// Consumer: dequeues the oldest tick, if any. O(1).
    public func pop() -> (tick: Tick, symbol: SymbolID)? {
        let h = head.load(ordering: .relaxed)
        guard h != tail.load(ordering: .acquiring) else { return nil }
        let item = (ticks[h & mask], symbols[h & mask])
        head.store(h &+ 1, ordering: .releasing)
        return item
    }

    /// Consumer: hands up to `maximum` queued ticks to `sink`, oldest first, and returns how
    /// many. One acquire and one release per call, not per tick. The ticks go as one batch
    /// (``TickSink/consume(_:)``), or two when the run wraps around the end of the storage, so
    /// a series sink appends them with one publish per batch.
    @discardableResult
    public func drain<S: TickSink>(into sink: inout S, maximum: Int = .max) -> Int {
        let h = head.load(ordering: .relaxed)
        let available = min(tail.load(ordering: .acquiring) &- h, maximum)
        guard available > 0 else { return 0 }
        let start = h & mask
        let first = min(available, capacity &- start)
        sink.consume(
            TickBatch(
                ticks: UnsafeBufferPointer(start: ticks + start, count: first),
                symbols: UnsafeBufferPointer(start: symbols + start, count: first)))
        if first < available {
            sink.consume(
                TickBatch(
                    ticks: UnsafeBufferPointer(start: ticks, count: available &- first),
                    symbols: UnsafeBufferPointer(start: symbols, count: available &- first)))
        }
        head.store(h &+ available, ordering: .releasing)
        return available
    }

    /// Ticks waiting (a snapshot).
    public var count: Int { tail.load(ordering: .acquiring) &- head.load(ordering: .acquiring) }

    /// Ticks dropped because the queue was full.
    public var dropped: Int { droppedCount.load(ordering: .relaxed) }
}

/// Pushes decoded ticks into a source's queue (which drops and counts when full): the sink a
/// client's payload decoder writes into. `beforeBatch` runs before each tick or batch is queued
/// (a client publishes new symbol names there, so the chart can name a symbol the moment it
/// sees its first tick). O(ticks); allocates nothing.
public struct QueueSink: TickSink {
    /// The queue ticks go to.
    public let queue: TickQueue
    /// Called before each batch is queued.
    public let beforeBatch: () -> Void

    /// A sink into `queue`, calling `beforeBatch` first each time.
    public init(queue: TickQueue, beforeBatch: @escaping () -> Void) {
        self.queue = queue
        self.beforeBatch = beforeBatch
    }

    /// Queues one tick.
    public mutating func consume(_ tick: Tick, symbol: SymbolID) {
        beforeBatch()
        queue.push(tick, symbol: symbol)
    }

    /// Queues a batch in order.
    public mutating func consume(_ batch: TickBatch) {
        beforeBatch()
        for i in 0..<batch.count { queue.push(batch.ticks[i], symbol: batch.symbols[i]) }
    }
}
