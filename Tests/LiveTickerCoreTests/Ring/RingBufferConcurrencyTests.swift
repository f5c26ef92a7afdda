import LiveTickerTestSupport
@testable import LiveTickerCore
import Synchronization
import Testing

/// The value the producer writes for `position` in its `version`-th rewrite: every field is
/// derived from the position and version, so a reader can check a copy is whole and current.
private func expectedTick(_ position: UInt64, version: Int) -> Tick {
    Tick(time: Int64(position), value: Double(position) * 4 + Double(version), size: Double(version))
}

/// True when `tick` is an untorn copy of position `position` (any version up to `maxVersion`).
private func isWhole(_ tick: Tick, position: UInt64, maxVersion: Int) -> Bool {
    guard tick.time == Int64(position), tick.size >= 0, tick.size <= Double(maxVersion),
          tick.size == tick.size.rounded() else { return false }
    return tick.value == Double(position) * 4 + tick.size
}

/// Counts of what a consumer loop observed; sendable back to the test through the join.
private final class Findings: @unchecked Sendable {
    // Written by the consumer thread only, read by the test after join (join orders them).
    var snapshots = 0
    var failures: [String] = []
    func fail(_ message: String) { if failures.count < 20 { failures.append(message) } }
}

@Suite("RingBuffer concurrency")
struct RingBufferConcurrencyTests {
    /// Producer appends (and optionally rewrites the newest item) while a consumer snapshots:
    /// every snapshot must be a consecutive run of positions whose contents are exactly what
    /// the producer wrote for them, with settled positions showing their final version.
    private func runRace(capacity: Int, appends: Int, rewrites: Int, snapshot: Int) throws {
        let ring = try RingBuffer<Tick>(capacity: capacity)
        let done = StopFlag()
        let findings = Findings()

        let producer = TestThread {
            for p in 0..<UInt64(appends) {
                ring.append(expectedTick(p, version: 0))
                if rewrites > 0 {
                    for v in 1...rewrites { ring.updateNewest(expectedTick(p, version: v)) }
                }
            }
            done.raise()
        }
        let consumer = TestThread {
            let buffer = UnsafeMutableBufferPointer<Tick>.allocate(capacity: snapshot)
            buffer.initialize(repeating: Tick(time: -1, value: 0))
            defer { buffer.deallocate() }
            var lastEnd: UInt64 = 0
            var finalPass = false
            while true {
                finalPass = done.isRaised
                let range = ring.copyNewest(snapshot, into: buffer)
                findings.snapshots += 1
                // A snapshot ends at the newest item seen: never before an earlier snapshot,
                // however often the writer laps the reader (a chart must not jump back).
                if range.positions.upperBound < lastEnd {
                    findings.fail("snapshot went backwards: \(range) after one ending at \(lastEnd)")
                }
                lastEnd = max(lastEnd, range.positions.upperBound)
                if range.count > snapshot { findings.fail("too many: \(range)") }
                for i in 0..<range.count {
                    let position = range.firstPosition + UInt64(i)
                    let tick = buffer[i]
                    if !isWhole(tick, position: position, maxVersion: rewrites) {
                        findings.fail("torn or wrong item at \(position): \(tick)")
                    } else if position + 1 < range.positions.upperBound && Int(tick.size) != rewrites {
                        findings.fail("settled position \(position) shows version \(tick.size)")
                    }
                }
                // Point reads and a tailing range read race the writer too.
                if range.count > 0 {
                    let p = range.firstPosition
                    if let tick = ring.element(at: p), !isWhole(tick, position: p, maxVersion: rewrites) {
                        findings.fail("element(at: \(p)) torn: \(tick)")
                    }
                    let tail = ring.copy(positions: p ..< p + UInt64(snapshot), into: buffer)
                    for i in 0..<tail.count where !isWhole(buffer[i], position: tail.firstPosition + UInt64(i), maxVersion: rewrites) {
                        findings.fail("copy(positions:) torn at \(tail.firstPosition + UInt64(i))")
                    }
                }
                if finalPass { break }
            }
            // Once the producer stopped, a snapshot is complete and ends at the last position.
            let final = ring.copyNewest(snapshot, into: buffer)
            let expectedCount = min(snapshot, capacity, appends)
            if final.count != expectedCount || final.positions.upperBound != UInt64(appends) {
                findings.fail("final snapshot \(final), expected \(expectedCount) ending at \(appends)")
            }
        }
        producer.join()
        consumer.join()
        #expect(findings.failures.isEmpty, "\(findings.failures)")
        #expect(findings.snapshots > 0)
        #expect(ring.writtenCount == UInt64(appends))
    }

    @Test func appendsRacingSnapshots() throws {
        try runRace(capacity: 64, appends: 200_000, rewrites: 0, snapshot: 48)
    }

    @Test func updateNewestRacingSnapshots() throws {
        try runRace(capacity: 32, appends: 60_000, rewrites: 3, snapshot: 32)
    }

    /// Whole-ring snapshots: the writer starts overwriting the oldest item the moment a copy
    /// starts, so every copy races it from its first slot (where an oldest-first reader was
    /// overtaken and ended early).
    @Test func wholeRingSnapshotsLapped() throws {
        try runRace(capacity: 4096, appends: 400_000, rewrites: 0, snapshot: 4096)
    }

    @Test func tinyRingLappedConstantly() throws {
        try runRace(capacity: 2, appends: 100_000, rewrites: 1, snapshot: 2)
    }
}
