import LiveTickerCore

/// Offline candle aggregation written independently of `CandleAggregator`: group the ticks
/// first, then compute each group's fields from the whole group. The oracle for the tests.
func referenceCandles(_ ticks: [Tick], interval: CandleInterval) -> [Candle] {
    var groups: [(start: Int64, ticks: [Tick])] = []
    var openWindow: Int64? = nil
    for tick in ticks {
        switch interval {
        case .time(let width):
            // Floor division via the non-negative mirror, a different formula from the code's.
            let t = tick.time
            let window = t >= 0 ? t / width : -((-(t + 1)) / width) - 1
            if window == openWindow {
                groups[groups.count - 1].ticks.append(tick)
            } else {
                let (start, overflow) = window.multipliedReportingOverflow(by: width)
                groups.append((overflow ? .min : start, [tick]))
                openWindow = window
            }
        case .ticks(let n):
            if let last = groups.last, last.ticks.count < n {
                groups[groups.count - 1].ticks.append(tick)
            } else {
                groups.append((tick.time, [tick]))
            }
        }
    }
    return groups.map { group in
        let finite = group.ticks.map(\.value).filter(\.isFinite)
        let volume = group.ticks.map(\.size).filter(\.isFinite).reduce(0, +)
        return Candle(
            startTime: group.start,
            open: finite.first ?? .nan,
            high: finite.max() ?? .nan,
            low: finite.min() ?? .nan,
            close: finite.last ?? .nan,
            volume: volume,
            tickCount: group.ticks.count
        )
    }
}

/// Field-by-field equality where NaN equals NaN (candles without finite values hold NaN).
func sameCandle(_ a: Candle, _ b: Candle) -> Bool {
    func same(_ x: Double, _ y: Double) -> Bool { x == y || (x.isNaN && y.isNaN) }
    return a.startTime == b.startTime && same(a.open, b.open) && same(a.high, b.high)
        && same(a.low, b.low) && same(a.close, b.close) && same(a.volume, b.volume)
        && a.tickCount == b.tickCount
}

/// All candles an aggregator holds, oldest first, with the position of the first.
func heldCandles(_ reader: RingBufferReader<Candle>) -> (first: UInt64, candles: [Candle]) {
    var out = [Candle](repeating: .empty(startTime: 0), count: reader.capacity)
    let range = out.withUnsafeMutableBufferPointer { reader.copyNewest(into: $0) }
    return (range.firstPosition, Array(out.prefix(range.count)))
}
