import LiveTickerCore
import Synchronization

/// A bounded single-producer single-consumer queue of ticks that never blocks the producer:
/// when it is full the new tick is dropped and counted, so a slow consumer (a busy render
/// thread) can never stall a socket reader.
///
/// It also carries finished OHLC bars (a followed Yahoo or kline file, ``push(bar:symbol:)``),
/// so `live` charts a bar as given, as `replay` does: a slot then holds the bar's closing tick
/// and, in a bar buffer made on the first bar (one allocation per queue, never per tick), the
/// bar itself. ``drain(into:maximum:)`` hands runs of bars as batches with ``TickBatch/bars``.
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
    /// The bars of slots that hold one, made by the producer on its first bar (nil before):
    /// `capacity` candles, a slot's `tickCount` 0 when it holds a tick. Published with a
    /// release store before the tail that first covers a bar; freed in deinit.
    private let barSlots = Atomic<UnsafeMutablePointer<Candle>?>(nil)

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
        barSlots.load(ordering: .acquiring)?.deallocate()
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
        // Only the producer writes the pointer, so a relaxed read sees its own store.
        if let bars = barSlots.load(ordering: .relaxed) { bars[t & mask].tickCount = 0 }
        tail.store(t &+ 1, ordering: .releasing)
        return true
    }

    /// Producer: enqueues a finished bar (its ``Candle/closingTick`` beside it), or drops and
    /// counts it when the queue is full. Never blocks; allocates once, on the queue's first bar.
    @discardableResult
    public func push(bar: Candle, symbol: SymbolID) -> Bool {
        let t = tail.load(ordering: .relaxed)
        if t &- head.load(ordering: .acquiring) >= capacity {
            droppedCount.add(1, ordering: .relaxed)
            return false
        }
        let bars: UnsafeMutablePointer<Candle>
        if let made = barSlots.load(ordering: .relaxed) {
            bars = made
        } else {
            bars = .allocate(capacity: capacity)
            bars.initialize(repeating: .empty(startTime: 0), count: capacity)
            barSlots.store(bars, ordering: .releasing)
        }
        var stored = bar
        // tickCount 0 marks a tick slot; a bar always counts as one.
        stored.tickCount = max(1, bar.tickCount)
        ticks[t & mask] = bar.closingTick
        symbols[t & mask] = symbol
        bars[t & mask] = stored
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
    /// a series sink appends them with one publish per batch. Once bars have been queued, each
    /// run of bars goes as its own batch with ``TickBatch/bars`` (and each run of ticks without).
    @discardableResult
    public func drain<S: TickSink>(into sink: inout S, maximum: Int = .max) -> Int {
        let h = head.load(ordering: .relaxed)
        let available = min(tail.load(ordering: .acquiring) &- h, maximum)
        guard available > 0 else { return 0 }
        // Made before the tail that covers the first bar was released, so seen by now if needed.
        let bars = barSlots.load(ordering: .acquiring)
        let start = h & mask
        let first = min(available, capacity &- start)
        deliver(from: start, count: first, bars: bars, into: &sink)
        if first < available {
            deliver(from: 0, count: available &- first, bars: bars, into: &sink)
        }
        head.store(h &+ available, ordering: .releasing)
        return available
    }

    /// Hands slots `[start, start + count)` (no wrap) to `sink`: as one batch without a bar
    /// buffer, else as runs of ticks and runs of bars. O(count); allocates nothing.
    private func deliver<S: TickSink>(from start: Int, count: Int, bars: UnsafeMutablePointer<Candle>?, into sink: inout S) {
        guard let bars else {
            sink.consume(
                TickBatch(
                    ticks: UnsafeBufferPointer(start: ticks + start, count: count),
                    symbols: UnsafeBufferPointer(start: symbols + start, count: count)))
            return
        }
        var i = start
        let end = start &+ count
        while i < end {
            let isBar = bars[i].tickCount != 0
            var j = i &+ 1
            while j < end && (bars[j].tickCount != 0) == isBar { j &+= 1 }
            sink.consume(
                TickBatch(
                    ticks: UnsafeBufferPointer(start: ticks + i, count: j &- i),
                    symbols: UnsafeBufferPointer(start: symbols + i, count: j &- i),
                    bars: isBar ? UnsafeBufferPointer(start: bars + i, count: j &- i) : nil))
            i = j
        }
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

    /// Queues one bar as given (a JSON kline message).
    public mutating func consume(bar: Candle, symbol: SymbolID) {
        beforeBatch()
        queue.push(bar: bar, symbol: symbol)
    }

    /// Queues a batch in order (bars as bars).
    public mutating func consume(_ batch: TickBatch) {
        beforeBatch()
        if let bars = batch.bars {
            for i in 0..<batch.count { queue.push(bar: bars[i], symbol: batch.symbols[i]) }
        } else {
            for i in 0..<batch.count { queue.push(batch.ticks[i], symbol: batch.symbols[i]) }
        }
    }
}
