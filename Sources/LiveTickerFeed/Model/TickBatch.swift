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
    /// For an OHLC bar input (Yahoo daily, Binance klines): bar `i` is the finished bar whose
    /// ``Candle/closingTick`` is `ticks[i]` (its start time, close and volume). nil for ticks.
    public let bars: UnsafeBufferPointer<Candle>?

    /// Wraps equally long buffers owned by a reader (`bars` only for a bar input).
    @inlinable
    public init(
        ticks: UnsafeBufferPointer<Tick>, symbols: UnsafeBufferPointer<SymbolID>, bars: UnsafeBufferPointer<Candle>? = nil
    ) {
        precondition(ticks.count == symbols.count, "TickBatch: ticks and symbols differ in length")
        precondition(bars.map { $0.count == ticks.count } ?? true, "TickBatch: ticks and bars differ in length")
        self.ticks = ticks
        self.symbols = symbols
        self.bars = bars
    }

    /// Number of ticks in the batch.
    @inlinable
    public var count: Int { ticks.count }

    /// Hands every tick of the batch to `sink`, in order: each bar of a bar input through
    /// ``TickSink/consume(bar:symbol:)``, else each tick through ``TickSink/consume(_:symbol:)``.
    /// O(count); allocates nothing.
    @inlinable
    public func deliver<S: TickSink>(to sink: inout S) {
        if let bars {
            for i in 0..<bars.count { sink.consume(bar: bars[i], symbol: symbols[i]) }
            return
        }
        for i in 0..<ticks.count {
            sink.consume(ticks[i], symbol: symbols[i])
        }
    }
}

/// Fixed storage behind the batches a reader hands out: allocated once, reused for every batch.
///
/// Invariant: `ticks` and `symbols` (and `bars`, once ``enableBars()`` made it) point to
/// `capacity` initialised elements each, owned by this object and freed in `deinit`; only the
/// owning reader's thread writes them.
final class TickBatchStorage {
    let capacity: Int
    let ticks: UnsafeMutablePointer<Tick>
    let symbols: UnsafeMutablePointer<SymbolID>
    /// The bars of a bar input (allocated once, when its layout is known), else nil; nil again
    /// after ``disableBars()`` (a followed bar file replaced by a tick file), the buffer kept.
    var bars: UnsafeMutablePointer<Candle>? { barsActive ? barBuffer : nil }
    private var barBuffer: UnsafeMutablePointer<Candle>?
    private var barsActive = false

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
        barBuffer?.deallocate()
    }

    /// Makes the bar buffer (once; batches then carry bars). Allocates `capacity` candles, the
    /// first time only.
    func enableBars() {
        barsActive = true
        guard barBuffer == nil else { return }
        let b = UnsafeMutablePointer<Candle>.allocate(capacity: capacity)
        b.initialize(repeating: .empty(startTime: 0), count: capacity)
        barBuffer = b
    }

    /// Batches carry no bars again (the input's new layout has none). O(1).
    func disableBars() { barsActive = false }

    func batch(count: Int) -> TickBatch {
        TickBatch(
            ticks: UnsafeBufferPointer(start: ticks, count: count),
            symbols: UnsafeBufferPointer(start: symbols, count: count),
            bars: bars.map { UnsafeBufferPointer(start: $0, count: count) })
    }
}
