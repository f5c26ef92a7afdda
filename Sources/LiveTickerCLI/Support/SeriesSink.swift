import LiveTickerCore
import LiveTickerFeed

/// Routes parsed ticks into the charted ``LiveSeries``: the producer side of `replay` and
/// `live`.
///
/// Which symbols are charted: with `wanted` empty, the first symbol seen goes to the first
/// (only) series; with names in `wanted` (`--symbol A,B`), each named symbol goes to the series
/// at its place in the list. Ticks of any other symbol are counted so the summary can say what
/// was left out and how to pick it. Every `framesEvery` charted ticks it calls `onFrame` (the
/// `--every N` frame sequence) and once per charted symbol, when it is first seen, `onSymbol`
/// with the series index. O(1) per tick; the routing table grows once per new symbol. Whole
/// batches (unpaced replays) go to the series as runs (`LiveSeries.append(contentsOf:)`), cut
/// where the symbol changes and at `--every` frame boundaries. Bars of a bar file go to the
/// series as given (`LiveSeries.append(bar:)`): candles keep each bar's own high and low.
/// With `decimals`, it also learns the decimals each series' values are written with
/// (``SeriesDecimals``): one rounding test per charted value, a search only when a value needs
/// more than the series had. With `timeGuard` (live feeds), each charted tick's time is
/// judged before it goes in (``LiveTimeGuard``): a run of plain ticks still goes in as one.
struct SeriesSink: TickSink {
    let series: [LiveSeries]

    /// Whether any of `series` has had a finite value: a run of gaps alone (NaN, ±∞) draws no
    /// line, no value and no tag, so it charts nothing. O(series), any thread.
    static func holdsFiniteValue(_ series: [LiveSeries]) -> Bool {
        series.contains { $0.newestFiniteValue().isFinite }
    }
    let wanted: [String]
    /// `wanted` names value columns (`--value a,b,c`): a series named `a` (no symbol column) or
    /// `SYM.a` (the first symbol seen, or `--symbol SYM`) goes to the series of column `a`,
    /// compared ignoring case (the reader names series by the header's spelling).
    let wantedAreColumns: Bool
    /// In column mode: the reader's name of each wanted column, in `wanted`'s order (a header's
    /// spelling, so `--value 2,3` matches the series the reader names `temp_c`, `humidity`);
    /// asked once per new symbol, empty when unknown (then `wanted` itself is matched).
    let columnNames: () -> [String]
    /// In column mode with a symbol column: the symbol whose columns are charted.
    private var columnPrefix: Substring?
    /// The name of a symbol, when the feed has symbol names.
    let nameOf: (SymbolID) -> String?
    /// The symbol charted in each series, once seen.
    private(set) var chartedSymbols: [SymbolID?]
    private(set) var otherSymbolTicks = 0
    /// The earliest and latest times of the ticks of other symbols (`Int64.max`/`.min`: none),
    /// so a run that charts nothing can say when the input's ticks are.
    private(set) var otherEarliest = Int64.max
    private(set) var otherLatest = Int64.min
    private(set) var chartedTicks = 0
    let framesEvery: Int
    private var sinceFrame = 0
    /// Series index by symbol id: -2 not seen yet, -1 not charted.
    private var route: [Int] = []
    let onFrame: (() -> Void)?
    let onSymbol: ((Int, SymbolID) -> Void)?
    /// Where the decimals learnt per series are published (nil: not learnt).
    let decimals: SeriesDecimals?
    /// This sink's copy of the decimals learnt so far per series (-1: none yet), so the
    /// shared slots are written only when a series needs more.
    private var learnt: [Int]
    /// Judges live ticks' times (nil: every tick goes in, as a file's do); its counts say what
    /// it dropped.
    private(set) var timeGuard: LiveTimeGuard?

    init(
        series: [LiveSeries], wanted: [String] = [], wantedAreColumns: Bool = false,
        nameOf: @escaping (SymbolID) -> String? = { _ in nil }, columnNames: @escaping () -> [String] = { [] },
        framesEvery: Int = 0, onSymbol: ((Int, SymbolID) -> Void)? = nil, onFrame: (() -> Void)? = nil,
        decimals: SeriesDecimals? = nil, timeGuard: LiveTimeGuard? = nil
    ) {
        precondition(decimals == nil || decimals!.count == series.count, "one decimals slot per series")
        self.series = series
        self.wanted = wanted
        self.columnNames = columnNames
        self.wantedAreColumns = wantedAreColumns
        self.nameOf = nameOf
        self.framesEvery = framesEvery
        self.onSymbol = onSymbol
        self.onFrame = onFrame
        self.decimals = decimals
        learnt = Array(repeating: -1, count: decimals == nil ? 0 : series.count)
        chartedSymbols = Array(repeating: nil, count: series.count)
        self.timeGuard = timeGuard
        self.timeGuard?.reserve(series: series.count)
    }

    /// The symbol charted in series `index`, when the feed names it (for log lines). O(1).
    func seriesName(_ index: Int) -> String? {
        guard chartedSymbols.indices.contains(index), let name = chartedSymbols[index].flatMap(nameOf), !name.isEmpty else {
            return nil
        }
        return name
    }

    /// Sets the clock the time guard judges by (ns since the epoch), before a drain. O(1).
    mutating func setClock(_ now: Int64) {
        timeGuard?.now = now
    }

    /// The feed ended: ticks the time guard kept waiting are dropped as alone (see
    /// ``LiveTimeGuard/release()``). O(series).
    mutating func endFeed() {
        timeGuard?.release()
    }

    /// Appends an admitted tick, or the bar it closes, to series `target`. O(1).
    @inline(__always)
    private mutating func accept(_ item: LiveTimeGuard.Item, into target: Int) {
        if let bar = item.bar {
            series[target].append(bar: bar)
            learn(bar.close, series: target)
        } else {
            series[target].append(item.tick)
            learn(item.tick.value, series: target)
        }
        counted()
    }

    /// Hands `item` to the time guard (which must be set) and appends what it admits. O(1).
    private mutating func admit(_ item: LiveTimeGuard.Item, into target: Int) {
        switch timeGuard!.admit(item, series: target) {
        case .nothing: break
        case .item(let admitted): accept(admitted, into: target)
        case .waitingThenItem(let waited, let admitted):
            accept(waited, into: target)
            accept(admitted, into: target)
        case .feedMovedBack(let waited, let admitted):
            // The chart follows the newest time its series holds: without a new start it
            // would stay on the times the feed left, blank, until the feed passed them again.
            series[target].restartHeldHistory()
            accept(waited, into: target)
            accept(admitted, into: target)
        }
    }

    /// Notes the decimals `value` needs for series `index`: one rounding test at the decimals
    /// learnt so far; a search and a publication only when the value needs more. O(1)
    /// amortised, no allocation.
    @inline(__always)
    private mutating func learn(_ value: Double, series index: Int) {
        guard let decimals, value.isFinite else { return }
        let known = learnt[index]
        guard known < SeriesDecimals.limit, known < 0 || !ValueDecimals.fits(value, decimals: known) else { return }
        let needed = max(known, ValueDecimals.needed(value, atMost: SeriesDecimals.limit))
        learnt[index] = needed
        decimals.raise(needed, ofSeries: index)
    }

    mutating func consume(_ tick: Tick, symbol: SymbolID) {
        let target = target(of: symbol)
        guard target >= 0 else {
            noteOther(tick.time)
            return
        }
        guard timeGuard == nil else { return admit(LiveTimeGuard.Item(tick: tick), into: target) }
        series[target].append(tick)
        learn(tick.value, series: target)
        counted()
    }

    /// A bar of a bar file: appended as given (its own high and low become the candle's), its
    /// close charted as the line's point. O(1).
    mutating func consume(bar: Candle, symbol: SymbolID) {
        let target = target(of: symbol)
        guard target >= 0 else {
            noteOther(bar.startTime)
            return
        }
        guard timeGuard == nil else { return admit(LiveTimeGuard.Item(tick: bar.closingTick, bar: bar), into: target) }
        series[target].append(bar: bar)
        learn(bar.close, series: target)
        counted()
    }

    /// One charted tick or bar: counts it and draws a frame every `framesEvery`.
    @inline(__always)
    private mutating func counted() {
        chartedTicks &+= 1
        if framesEvery > 0 {
            sinceFrame &+= 1
            if sinceFrame == framesEvery {
                sinceFrame = 0
                onFrame?()
            }
        }
    }

    /// The same as ``consume(_:symbol:)`` for each tick, with each run of ticks of one charted
    /// symbol (up to the next symbol change or `--every` frame) appended in one batch. O(count).
    mutating func consume(_ batch: TickBatch) {
        let ticks = batch.ticks
        let symbols = batch.symbols
        let count = ticks.count
        var i = 0
        while i < count {
            let symbol = symbols[i]
            let target = target(of: symbol)
            guard target >= 0 else {
                noteOther(ticks[i].time)
                i &+= 1
                continue
            }
            let end = framesEvery > 0 ? min(count, i &+ (framesEvery &- sinceFrame)) : count
            var j = i &+ 1
            while j < end && symbols[j] == symbol { j &+= 1 }
            if timeGuard != nil {
                // The guard's plain prefix goes in as one run; the tick after it is judged alone.
                let plain = timeGuard!.plainRun(UnsafeBufferPointer(rebasing: ticks[i..<j]), series: target)
                guard plain > 0 else {
                    admit(LiveTimeGuard.Item(tick: ticks[i], bar: batch.bars?[i]), into: target)
                    i &+= 1
                    continue
                }
                j = i &+ plain
                timeGuard!.noteAccepted(ticks[j &- 1], series: target)
            }
            if let bars = batch.bars {
                series[target].append(bars: UnsafeBufferPointer(rebasing: bars[i..<j]))
                if decimals != nil { for k in i..<j { learn(bars[k].close, series: target) } }
            } else {
                series[target].append(contentsOf: UnsafeBufferPointer(rebasing: ticks[i..<j]))
                if decimals != nil { for k in i..<j { learn(ticks[k].value, series: target) } }
            }
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

    /// Counts a tick of a symbol not charted. O(1).
    @inline(__always)
    private mutating func noteOther(_ time: Int64) {
        otherSymbolTicks &+= 1
        if time < otherEarliest { otherEarliest = time }
        if time > otherLatest { otherLatest = time }
    }

    /// The series index for `symbol` (-1: not charted), resolving a symbol seen for the first time.
    @inline(__always)
    private mutating func target(of symbol: SymbolID) -> Int {
        let id = Int(symbol.rawValue)
        if id >= route.count { route.append(contentsOf: repeatElement(-2, count: id + 1 - route.count)) }
        var target = route[id]
        if target == -2 {
            target = resolve(symbol)
            route[id] = target
        }
        return target
    }

    /// Column mode: the value column a series name stands for (`a`, or `SYM.a` for the one
    /// symbol charted), or -1.
    private mutating func columnIndex(of name: String?) -> Int {
        guard let name else { return -1 }
        let named = columnNames()
        let lower = (named.count == wanted.count ? named : wanted).map { $0.lowercased() }
        if let i = lower.firstIndex(of: name.lowercased()) { return i }
        guard let dot = name.lastIndex(of: ".") else { return -1 }
        let prefix = name[..<dot]
        guard columnPrefix == nil || columnPrefix == prefix,
            let i = lower.firstIndex(of: name[name.index(after: dot)...].lowercased())
        else { return -1 }
        columnPrefix = prefix
        return i
    }

    /// The series a newly seen symbol goes to, or -1.
    private mutating func resolve(_ symbol: SymbolID) -> Int {
        let index: Int
        if wanted.isEmpty {
            index = chartedSymbols[0] == nil ? 0 : -1
        } else if wantedAreColumns {
            index = columnIndex(of: nameOf(symbol))
        } else {
            index = nameOf(symbol).flatMap { wanted.firstIndex(of: $0) } ?? -1
        }
        if index >= 0, chartedSymbols[index] == nil {
            chartedSymbols[index] = symbol
            onSymbol?(index, symbol)
        }
        return index
    }
}
