import LiveTickerCore

/// A run of parsed ticks handed out by a ``TickBatchReader``: ticks and their symbols, index for
/// index.
///
/// The buffers belong to the reader and stay valid only until its next `nextBatch()` call or until
/// it is released; copy what must outlive that. Handing out borrowed buffers is what lets a reader
/// deliver millions of ticks per second without allocating.
public struct TickBatch {
    /// The ticks, in arrival order.
    public let ticks: UnsafeBufferPointer<Tick>
    /// The symbol of each tick.
    public let symbols: UnsafeBufferPointer<SymbolID>

    /// Wraps two equally long buffers owned by a reader.
    @inlinable
    public init(ticks: UnsafeBufferPointer<Tick>, symbols: UnsafeBufferPointer<SymbolID>) {
        precondition(ticks.count == symbols.count, "TickBatch: ticks and symbols differ in length")
        self.ticks = ticks
        self.symbols = symbols
    }

    /// Number of ticks in the batch.
    @inlinable
    public var count: Int { ticks.count }

    /// Hands every tick of the batch to `sink`, in order. O(count); allocates nothing.
    @inlinable
    public func deliver<S: TickSink>(to sink: inout S) {
        for i in 0..<ticks.count {
            sink.consume(ticks[i], symbol: symbols[i])
        }
    }
}

/// Fixed storage behind the batches a reader hands out: allocated once, reused for every batch.
///
/// Invariant: `ticks` and `symbols` point to `capacity` initialised elements each, owned by this
/// object and freed in `deinit`; only the owning reader's thread writes them.
final class TickBatchStorage {
    let capacity: Int
    let ticks: UnsafeMutablePointer<Tick>
    let symbols: UnsafeMutablePointer<SymbolID>

    init(capacity: Int) {
        precondition(capacity > 0)
        self.capacity = capacity
        ticks = .allocate(capacity: capacity)
        ticks.initialize(repeating: Tick(time: 0, value: 0, size: 0), count: capacity)
        symbols = .allocate(capacity: capacity)
        symbols.initialize(repeating: .first, count: capacity)
    }

    deinit {
        ticks.deallocate()
        symbols.deallocate()
    }

    func batch(count: Int) -> TickBatch {
        TickBatch(
            ticks: UnsafeBufferPointer(start: ticks, count: count),
            symbols: UnsafeBufferPointer(start: symbols, count: count))
    }
}
