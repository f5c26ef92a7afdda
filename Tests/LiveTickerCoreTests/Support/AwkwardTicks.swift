import LiveTickerTestSupport
import LiveTickerCore

/// Random ticks with the awkward cases on purpose, for comparing batch and per-tick paths:
/// NaN and ±∞ values (alone and in runs), non-finite and huge sizes (volumes that overflow),
/// ±1.7e308, subnormals, ties, duplicate and backwards times, and long same-window runs.
func awkwardTicks(_ count: Int, seed: UInt64, timeStep: Int64 = 1_000) -> [Tick] {
    var rng = SplitMix64(seed: seed)
    var time: Int64 = 1_000_000
    var value = 100.0
    var nanRun = 0
    var ticks: [Tick] = []
    ticks.reserveCapacity(count)
    for _ in 0..<count {
        switch rng.next() % 1000 {
        case 0..<10: time -= Int64(rng.next() % UInt64(5 * timeStep))  // backwards
        case 10..<60: break  // duplicate time
        case 60..<64: time += 50 * timeStep  // a gap
        default: time += Int64(rng.next() % UInt64(timeStep))
        }
        let size: Double
        switch rng.next() % 1000 {
        case 0..<5: size = .nan
        case 5: size = .infinity
        case 6: size = -.infinity
        case 7..<10: size = 1.7e308
        case 10: size = -1.7e308
        case 11: size = .leastNonzeroMagnitude
        default: size = Double(rng.next() % 100)
        }
        if nanRun > 0 {
            nanRun -= 1
            ticks.append(Tick(time: time, value: .nan, size: size))
            continue
        }
        let v: Double
        switch rng.next() % 1000 {
        case 0..<8: v = .nan
        case 8:
            nanRun = Int(rng.next() % 150)
            v = .nan
        case 9: v = .infinity
        case 10: v = -.infinity
        case 11: v = 1.7e308
        case 12: v = -1.7e308
        case 13: v = .leastNonzeroMagnitude
        case 14..<40: v = value.rounded()  // ties
        default:
            value += Double(Int64(rng.next() % 2001) - 1000) / 100
            v = value
        }
        ticks.append(Tick(time: time, value: v, size: size))
    }
    return ticks
}

/// Cuts `count` items into consecutive batch lengths (some empty, some long), from `seed`.
func batchLengths(total count: Int, seed: UInt64, longest: Int) -> [Int] {
    var rng = SplitMix64(seed: seed)
    var lengths: [Int] = []
    var left = count
    while left > 0 {
        let n: Int
        switch rng.next() % 10 {
        case 0: n = 0
        case 1: n = 1
        case 2: n = longest
        default: n = Int(rng.next() % UInt64(longest + 1))
        }
        let m = min(n, left)
        lengths.append(m)
        left -= m
    }
    return lengths
}

/// Bitwise equality (NaN equals NaN of the same bits), for comparing two paths exactly.
func sameBits(_ a: Tick, _ b: Tick) -> Bool {
    a.time == b.time && a.value.bitPattern == b.value.bitPattern && a.size.bitPattern == b.size.bitPattern
}

/// Bitwise equality of candles.
func sameBits(_ a: Candle, _ b: Candle) -> Bool {
    a.startTime == b.startTime && a.open.bitPattern == b.open.bitPattern && a.high.bitPattern == b.high.bitPattern
        && a.low.bitPattern == b.low.bitPattern && a.close.bitPattern == b.close.bitPattern
        && a.volume.bitPattern == b.volume.bitPattern && a.tickCount == b.tickCount
}
