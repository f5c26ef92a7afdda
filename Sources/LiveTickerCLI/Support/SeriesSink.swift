import LiveTickerCore
import LiveTickerFeed

/// Routes parsed ticks into the charted ``LiveSeries``: the producer side of `replay` and
/// `live`.
///
/// One instrument is charted: the symbol the reader was told to keep (`--symbol`), otherwise
/// the first symbol seen; ticks of other symbols are counted so the summary can say what was
/// left out and how to pick it. Every `framesEvery` charted ticks it calls `onFrame` (the
/// `--every N` frame sequence) and once, when the charted symbol is chosen, `onSymbol`.
/// O(1) per tick, no allocation; whole batches (unpaced replays) go to the series as runs
/// (`LiveSeries.append(contentsOf:)`), cut at symbol changes and frame boundaries.
struct SeriesSink: TickSink {
    let series: LiveSeries
    private(set) var chartedSymbol: SymbolID?
    private(set) var otherSymbolTicks = 0
    private(set) var chartedTicks = 0
    let framesEvery: Int
    private var sinceFrame = 0
    let onFrame: (() -> Void)?
    let onSymbol: ((SymbolID) -> Void)?

    init(series: LiveSeries, framesEvery: Int = 0, onSymbol: ((SymbolID) -> Void)? = nil, onFrame: (() -> Void)? = nil) {
        self.series = series
        self.framesEvery = framesEvery
        self.onSymbol = onSymbol
        self.onFrame = onFrame
    }

    mutating func consume(_ tick: Tick, symbol: SymbolID) {
        if chartedSymbol == nil {
            chartedSymbol = symbol
            onSymbol?(symbol)
        }
        guard symbol == chartedSymbol else {
            otherSymbolTicks &+= 1
            return
        }
        series.append(tick)
        chartedTicks &+= 1
        if framesEvery > 0 {
            sinceFrame &+= 1
            if sinceFrame == framesEvery {
                sinceFrame = 0
                onFrame?()
            }
        }
    }

    /// The same as ``consume(_:symbol:)`` for each tick, with each run of charted ticks (up to
    /// the next other-symbol tick or `--every` frame) appended in one batch. O(count).
    mutating func consume(_ batch: TickBatch) {
        let ticks = batch.ticks
        let symbols = batch.symbols
        let count = ticks.count
        var i = 0
        while i < count {
            let charted: SymbolID
            if let chartedSymbol {
                charted = chartedSymbol
            } else {
                charted = symbols[i]
                chartedSymbol = charted
                onSymbol?(charted)
            }
            guard symbols[i] == charted else {
                otherSymbolTicks &+= 1
                i &+= 1
                continue
            }
            let end = framesEvery > 0 ? min(count, i &+ (framesEvery &- sinceFrame)) : count
            var j = i &+ 1
            while j < end && symbols[j] == charted { j &+= 1 }
            series.append(contentsOf: UnsafeBufferPointer(rebasing: ticks[i..<j]))
            chartedTicks &+= j &- i
            if framesEvery > 0 {
                sinceFrame &+= j &- i
                if sinceFrame == framesEvery {
                    sinceFrame = 0
                    onFrame?()
                }
            }
            i = j
        }
    }
}
