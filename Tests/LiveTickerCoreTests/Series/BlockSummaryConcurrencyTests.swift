import LiveTickerTestSupport
import Testing
@testable import LiveTickerCore

/// The value and time written for position `p`, so a reader can check any tick it sees.
private func value(_ p: UInt64) -> Double { p % 97 == 0 ? .nan : Double((p &* 7919) % 10_007) }
private func time(_ p: UInt64) -> Int64 { Int64(p / 3) }  // duplicate times on purpose

private final class Findings: @unchecked Sendable {
    var failures: [String] = []
    var frames = 0
    func fail(_ m: String) { if failures.count < 20 { failures.append(m) } }
}

@Suite("Block summaries Concurrency")
struct BlockSummaryConcurrencyTests {
    /// A producer appends at full rate through a small ring while a consumer walks the
    /// summaries like a frame does: every candidate it gets is a real tick (value and time
    /// match its position), positions strictly increase, draw times never decrease, and the
    /// value range covers every finite candidate. Run under `--sanitize=thread`.
    @Test func producerAppendsWhileConsumerCollects() throws {
        try run(batch: 1)
    }

    /// The same with a producer that appends batches of 1 to 500 ticks.
    @Test func batchProducerAppendsWhileConsumerCollects() throws {
        try run(batch: 500)
    }

    /// Appends in batches of up to `batch` ticks (1: tick by tick) while a consumer collects.
    private func run(batch: UInt64) throws {
        let n: UInt64 = 400_000
        let series = try LiveSeries(capacity: 20_000, candleInterval: .ticks(10), candleCapacity: 64)
        let done = StopFlag()
        let findings = Findings()
        let producer = TestThread {
            if batch == 1 {
                for p in 0..<n { series.append(Tick(time: time(p), value: value(p))) }
            } else {
                var rng = SplitMix64(seed: 9)
                var p: UInt64 = 0
                while p < n {
                    let count = min(n - p, 1 + rng.next() % batch)
                    let ticks = (p..<(p + count)).map { Tick(time: time($0), value: value($0)) }
                    ticks.withUnsafeBufferPointer { series.append(contentsOf: $0) }
                    p += count
                }
            }
            done.raise()
        }
        let consumer = TestThread {
            let buffer = UnsafeMutableBufferPointer<HistoryCandidate>.allocate(capacity: series.candidateCapacity(minimumBlocks: 50))
            defer { buffer.deallocate() }
            var finished = false
            while !finished {
                finished = done.isRaised
                guard let times = series.heldTimeRange() else { continue }
                let window = series.positions(inTimeWindow: times.lowerBound, times.upperBound)
                let level = series.summaryLevel(forCount: UInt64(window.count), minimumBlocks: 50) ?? 0
                let set = series.collectCandidates(positions: window, level: level, into: buffer)
                findings.frames += 1  // a frame that collected a candidate set
                if set.truncated { findings.fail("truncated") }
                var previous: HistoryCandidate?
                for i in 0..<set.count {
                    let c = buffer[i]
                    if let previous, previous.position >= c.position || previous.drawTime > c.drawTime {
                        findings.fail("order at \(c.position)")
                    }
                    if c.value.isNaN {
                        if !value(c.position).isNaN { findings.fail("gap at finite \(c.position)") }
                    } else {
                        if c.value != value(c.position) || c.time != time(c.position) { findings.fail("torn \(c.position)") }
                        if c.value < set.minimum || c.value > set.maximum { findings.fail("range \(c.position)") }
                    }
                    previous = c
                }
            }
        }
        producer.join()
        consumer.join()
        #expect(findings.failures.isEmpty, "\(findings.failures)")
        #expect(findings.frames > 0)
        // After the producer stopped, the last summaries are exact again.
        let last = try #require(series.summaries(level: 0).newest)
        #expect(last.last.position == n - 1 && last.finiteCount > 0)
    }
}
