/// Repeated timings of one operation, summarised the way frame times are quoted: median and
/// 99th percentile (nearest rank), plus the minimum.
struct TimingSamples: Sendable {
    /// Every sample, in nanoseconds, in the order measured.
    private(set) var nanoseconds: [UInt64] = []

    /// Runs `body` `warmup` times unmeasured, then `count` times measured.
    ///
    /// Allocates the sample array once, before the first measured run.
    static func measure(count: Int, warmup: Int = 3, _ body: () -> Void) -> TimingSamples {
        for _ in 0..<warmup { body() }
        var samples = TimingSamples()
        samples.nanoseconds.reserveCapacity(count)
        for _ in 0..<count {
            let start = MonotonicClock.now()
            body()
            samples.nanoseconds.append(MonotonicClock.now() &- start)
        }
        return samples
    }

    /// Times each of `bodies` in turn, `count` rounds after `warmup` unmeasured ones: one
    /// summary per body, all taken at the same moments of a shared machine (a ratio of two
    /// bodies' figures then holds where two runs one after the other drift apart).
    static func inTurn(count: Int, warmup: Int = 1, _ bodies: [() -> Void]) -> [TimingSamples] {
        for _ in 0..<warmup {
            for body in bodies { body() }
        }
        var samples = [TimingSamples](repeating: TimingSamples(), count: bodies.count)
        for k in samples.indices { samples[k].reserve(count) }
        for _ in 0..<count {
            for (k, body) in bodies.enumerated() {
                let start = MonotonicClock.now()
                body()
                samples[k].append(MonotonicClock.now() &- start)
            }
        }
        return samples
    }

    /// Makes room for `count` samples (so appending them allocates nothing).
    mutating func reserve(_ count: Int) { nanoseconds.reserveCapacity(count) }

    /// Adds one sample.
    mutating func append(_ sample: UInt64) { nanoseconds.append(sample) }

    /// The q-quantile (0…1) by nearest rank, in milliseconds; 0 when empty. O(n log n).
    func quantileMilliseconds(_ q: Double) -> Double {
        guard !nanoseconds.isEmpty else { return 0 }
        let sorted = nanoseconds.sorted()
        let rank = min(sorted.count - 1, max(0, Int((q * Double(sorted.count)).rounded(.up)) - 1))
        return Double(sorted[rank]) / 1e6
    }

    /// Median in milliseconds.
    var medianMilliseconds: Double { quantileMilliseconds(0.5) }
    /// 99th percentile in milliseconds.
    var p99Milliseconds: Double { quantileMilliseconds(0.99) }
    /// Fastest sample in nanoseconds.
    var minimumNanoseconds: UInt64 { nanoseconds.min() ?? 0 }
}
