import LiveTickerCore
import Synchronization

/// The decimals each series' values are written with, learnt from the values a
/// ``SeriesSink`` routes to it (``ValueDecimals``: the most any value needs, float32 noise left
/// out), so a dashboard panel's header shows `BOLT 50.80`, as the file writes it, when the
/// last price happens to be 50.8. Per series, so one file's symbols (a setpoint of `72.0`
/// beside a pressure of `2.062`) each keep their own.
///
/// Written by the feed's producer (only when a series needs more decimals than before, so
/// rarely), read by the render thread. At most ``limit`` decimals.
final class SeriesDecimals: Sendable {
    /// Most decimals learnt (a value that needs more, e.g. a computed 1/3, stays at this).
    static let limit = 8

    private final class Slot: Sendable {
        /// -1 before the first finite value.
        let decimals = Atomic<Int>(-1)
    }

    private let slots: [Slot]

    /// Series slots.
    var count: Int { slots.count }

    /// Room for `count` series, none learnt yet.
    init(count: Int) {
        slots = (0..<count).map { _ in Slot() }
    }

    /// Decimals of series `index`, nil before its first finite value. O(1), lock-free.
    func decimals(ofSeries index: Int) -> Int? {
        let value = slots[index].decimals.load(ordering: .relaxed)
        return value < 0 ? nil : value
    }

    /// Records that series `index` needs `decimals` (only ever raised). Producer side. O(1).
    func raise(_ decimals: Int, ofSeries index: Int) {
        let slot = slots[index]
        var current = slot.decimals.load(ordering: .relaxed)
        while decimals > current {
            let (exchanged, original) = slot.decimals.compareExchange(expected: current, desired: decimals, ordering: .relaxed)
            if exchanged { return }
            current = original
        }
    }
}
