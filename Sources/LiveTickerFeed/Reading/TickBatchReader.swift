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
}

extension TickBatchReader {
    /// Delivers every remaining tick to `sink` as fast as possible and returns the final report.
    /// O(input); allocates nothing per tick.
    @discardableResult
    public func read<S: TickSink>(into sink: inout S) throws(FeedError) -> FeedReport {
        while let batch = try nextBatch() { batch.deliver(to: &sink) }
        return report
    }

    /// Delivers every remaining tick to `sink`, each no earlier than `pacer` schedules it, and
    /// returns the final report. Stops early (without error) once `stop` is raised; it is checked
    /// before every tick, so a paced replay stops within one tick gap. O(input).
    @discardableResult
    public func replay<S: TickSink>(into sink: inout S, pacer: inout ReplayPacer, stop: StopFlag? = nil)
        throws(FeedError) -> FeedReport
    {
        while let batch = try nextBatch() {
            for i in 0..<batch.count {
                if let stop, stop.isStopped { return report }
                let tick = batch.ticks[i]
                pacer.wait(for: tick.time, stop: stop)
                sink.consume(tick, symbol: batch.symbols[i])
            }
        }
        return report
    }
}
