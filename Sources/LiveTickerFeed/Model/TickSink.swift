import LiveTickerCore

/// Something that receives parsed ticks, one at a time, in arrival order.
///
/// Readers call `consume` once per delivered tick, from the thread that runs the reader. Conform
/// a series, an aggregator or a counter; generic code that takes an `inout` sink is specialised in
/// the caller's module, so a conforming struct costs a direct call per tick.
public protocol TickSink {
    /// Takes one tick of the instrument `symbol`. Called in arrival order; times may repeat or go
    /// backwards. Must not block for long: a live source's producer calls it.
    mutating func consume(_ tick: Tick, symbol: SymbolID)

    /// Takes a whole batch, in order: what unpaced readers call (``TickBatchReader/read(into:)``
    /// and ``TickBatchReader/replay(into:pacer:stop:)`` at ``ReplaySpeed/max``). The default
    /// hands every tick to ``consume(_:symbol:)``; a sink that can take many ticks at once (e.g.
    /// `LiveSeries.append(contentsOf:)`) implements it to pay per-tick bookkeeping once per batch.
    /// The batch's buffers are valid only during the call.
    mutating func consume(_ batch: TickBatch)

    /// Takes one finished OHLC bar of `symbol` (a row of a bar file: Yahoo daily, Binance
    /// klines), in arrival order. The default hands its ``Candle/closingTick`` (time, close,
    /// volume) to ``consume(_:symbol:)``, so a sink that knows only ticks sees the closes; a
    /// sink that keeps candles (`LiveSeries.append(bar:)`) implements it to keep the bar's own
    /// open, high and low.
    mutating func consume(bar: Candle, symbol: SymbolID)
}

extension TickSink {
    /// Default: every tick of the batch through ``consume(_:symbol:)``, in order. O(count).
    @inlinable
    public mutating func consume(_ batch: TickBatch) {
        batch.deliver(to: &self)
    }

    /// Default: the bar's closing tick through ``consume(_:symbol:)``. O(1).
    @inlinable
    public mutating func consume(bar: Candle, symbol: SymbolID) {
        consume(bar.closingTick, symbol: symbol)
    }
}

/// A sink that forwards every tick to a closure. One indirect call per tick; allocates nothing.
public struct ClosureTickSink: TickSink {
    @usableFromInline let body: (Tick, SymbolID) -> Void

    /// Wraps `body`, called once per tick.
    @inlinable
    public init(_ body: @escaping (Tick, SymbolID) -> Void) { self.body = body }

    /// Forwards the tick to the closure. O(1).
    @inlinable
    public mutating func consume(_ tick: Tick, symbol: SymbolID) { body(tick, symbol) }
}

/// A sink that keeps every tick and its symbol in two arrays (for tests, small files and
/// conversions). Amortised O(1) per tick; the arrays grow, so it allocates.
public struct TickCollector: TickSink, Sendable {
    /// The ticks received, in arrival order.
    public var ticks: [Tick] = []
    /// The symbol of each tick in `ticks`, index for index.
    public var symbols: [SymbolID] = []
    /// The bars received through ``consume(bar:symbol:)``, in arrival order (their closing
    /// ticks are in `ticks` too).
    public var bars: [Candle] = []

    /// An empty collector.
    public init() {}

    /// Appends the tick and its symbol. Amortised O(1).
    public mutating func consume(_ tick: Tick, symbol: SymbolID) {
        ticks.append(tick)
        symbols.append(symbol)
    }

    /// Appends the bar, and its closing tick and symbol. Amortised O(1).
    public mutating func consume(bar: Candle, symbol: SymbolID) {
        bars.append(bar)
        consume(bar.closingTick, symbol: symbol)
    }
}

/// A sink that only counts ticks and sums their values (for benchmarks: it keeps the parse from
/// being optimised away without costing memory traffic). O(1) per tick.
public struct CountingTickSink: TickSink, Sendable {
    /// Number of ticks received.
    public var count = 0
    /// Sum of the finite values received.
    public var valueSum = 0.0
    /// The time of the last tick received.
    public var lastTime: Int64 = 0

    /// A zeroed counter.
    public init() {}

    /// Counts the tick. O(1).
    @inlinable
    public mutating func consume(_ tick: Tick, symbol: SymbolID) {
        count &+= 1
        if tick.value.isFinite { valueSum += tick.value }
        lastTime = tick.time
    }
}
