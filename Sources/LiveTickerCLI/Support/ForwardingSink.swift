import LiveTickerCore
import LiveTickerFeed
import LiveTickerMQTT

/// The live chart's sink when `--republish` is on: every tick goes to the charted series
/// first, then into the republisher's queue (an O(1) push that never blocks; a full queue drops
/// and counts). Without a republisher it is the series sink alone.
struct ForwardingSink: TickSink {
    var inner: SeriesSink
    let republisher: MQTTRepublisher?

    mutating func consume(_ tick: Tick, symbol: SymbolID) {
        inner.consume(tick, symbol: symbol)
        republisher?.forward(tick, symbol: symbol)
    }

    /// The series take the batch as runs; each tick is then queued for the broker. O(count).
    mutating func consume(_ batch: TickBatch) {
        inner.consume(batch)
        guard let republisher else { return }
        let ticks = batch.ticks
        let symbols = batch.symbols
        for i in 0..<ticks.count { republisher.forward(ticks[i], symbol: symbols[i]) }
    }

    /// A bar is charted as given; its closing tick is what is forwarded (the lines carry ticks).
    mutating func consume(bar: Candle, symbol: SymbolID) {
        inner.consume(bar: bar, symbol: symbol)
        republisher?.forward(bar.closingTick, symbol: symbol)
    }
}
