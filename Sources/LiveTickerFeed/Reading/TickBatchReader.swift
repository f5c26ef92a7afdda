import LiveTickerCore

/// A source of tick batches: a CSV or binary file, standard input, a followed file.
///
/// Pull-based so the caller's loop stays in the caller's module (and is specialised there):
///
///     while let batch = try reader.nextBatch() {
///         for i in 0..<batch.count { series.append(batch.ticks[i]) }
///     }
///
/// or push everything into a ``TickSink`` with ``read(into:)`` / ``replay(into:pacer:stop:)``.
public protocol TickBatchReader: AnyObject {
    /// The next batch of ticks (at least one), or nil at the end of the input. The batch's
    /// buffers stay valid until the next call. Blocks while a pipe, socket or followed file has
    /// nothing complete to offer. O(bytes read); allocates nothing per tick.
    func nextBatch() throws(FeedError) -> TickBatch?
    /// Counts so far: lines, ticks, bad lines by kind with the first few, gaps, filters.
    var report: FeedReport { get }
    /// Symbol names seen so far, by ``SymbolID``.
    var symbols: SymbolTable { get }
    /// What the reader found the input to be and how it reads it (format, columns, time form),
    /// for the run's summary; "" before the first line. Allocates.
    var formatDescription: String { get }
    /// Decimals the input writes its values with (a CSV file's value column, export noise left
    /// out), for the header and tags to show a price as the file does; nil when unknown (before
    /// the first line, or a format that does not say). O(1).
    var valueDecimals: Int? { get }
    /// ``valueDecimals`` of one symbol's values, when the input says (a CSV file's first lines
    /// held that symbol), else ``valueDecimals``. Allocates nothing but a lookup.
    func valueDecimals(ofSymbol name: String) -> Int?
    /// With several value columns (`--value a,b,c`, by name or index): the name the reader gives
    /// each column's series, in the order given (a CSV header's spelling), so a caller that
    /// chose columns by index can tell which series is which; empty otherwise or before the
    /// first line. Allocates.
    var valueColumnNames: [String] { get }
    /// Whether the values read are measurements (telemetry) rather than prices, as far as the
    /// input says: line protocol, or a value column or key named otherwise than a price
    /// (`temp_c`, `value`, `millivolts`; not `price`, `close`, `last`, `p`, bars or bid/ask).
    /// False when unknown (headerless input, before the first line). O(1) after the first line.
    var valuesAreMeasurements: Bool { get }
}

extension TickBatchReader {
    /// No description by default.
    public var formatDescription: String { "" }
    /// Unknown by default.
    public var valueDecimals: Int? { nil }
    /// The input's decimals by default.
    public func valueDecimals(ofSymbol name: String) -> Int? { valueDecimals }
    /// None by default.
    public var valueColumnNames: [String] { [] }
    /// Prices by default.
    public var valuesAreMeasurements: Bool { false }
}

extension TickBatchReader {
    /// Delivers every remaining tick to `sink` as fast as possible, one
    /// ``TickSink/consume(_:)`` per batch, and returns the final report. O(input); allocates
    /// nothing per tick. Inlinable so the loop is specialised for the caller's sink.
    @inlinable @discardableResult
    public func read<S: TickSink>(into sink: inout S) throws(FeedError) -> FeedReport {
        while let batch = try nextBatch() { sink.consume(batch) }
        return report
    }

    /// Delivers every remaining tick to `sink`, each no earlier than `pacer` schedules it, and
    /// returns the final report. Stops early (without error) once `stop` is raised.
    ///
    /// At ``ReplaySpeed/max`` nothing waits: whole batches go to ``TickSink/consume(_:)`` and
    /// `stop` is checked before each batch (so up to one batch is still delivered after it is
    /// raised). At any other speed ticks go one by one to ``TickSink/consume(_:symbol:)`` (bars to
    /// ``TickSink/consume(bar:symbol:)``) and
    /// `stop` is checked before every tick, so a paced replay stops within one tick gap. O(input).
    @inlinable @discardableResult
    public func replay<S: TickSink>(into sink: inout S, pacer: inout ReplayPacer, stop: StopFlag? = nil)
        throws(FeedError) -> FeedReport
    {
        if pacer.speed == .max {
            while true {
                if let stop, stop.isStopped { return report }
                guard let batch = try nextBatch() else { break }
                sink.consume(batch)
            }
            return report
        }
        while let batch = try nextBatch() {
            for i in 0..<batch.count {
                if let stop, stop.isStopped { return report }
                let tick = batch.ticks[i]
                pacer.wait(for: tick.time, stop: stop)
                if let bars = batch.bars {
                    sink.consume(bar: bars[i], symbol: batch.symbols[i])
                } else {
                    sink.consume(tick, symbol: batch.symbols[i])
                }
            }
        }
        return report
    }
}
