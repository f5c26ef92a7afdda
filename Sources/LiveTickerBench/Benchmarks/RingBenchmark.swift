import LiveTickerCore
import LiveTickerFeed
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Ring-buffer throughput: appends on one thread, and a producer thread appending while a
/// consumer thread copies what is new in batches (the render loop's access pattern, at full
/// speed). Reference (`Docs/reference-figures.md`): padded atomics in Swift reach ≈ 70–120 M ops/s across two threads.
enum RingBenchmark {
    static func run(_ options: BenchOptions, into report: inout BenchReport) {
        let count = options.quick ? 2_000_000 : 20_000_000
        let capacity = 1 << 16

        // One thread: appends only.
        if let ring = try? RingBuffer<Tick>(capacity: capacity) {
            let start = MonotonicClock.now()
            for i in 0..<count {
                ring.append(Tick(time: Int64(i), value: Double(i), size: 1))
            }
            let seconds = Double(MonotonicClock.now() &- start) / 1e9
            blackHole(ring.writtenCount)
            report.add("ring.tick.one_thread.appends_per_second", Double(count) / seconds, "ops/s")
        }

        // Two threads: producer appends, consumer copies new positions in batches of 4096.
        guard let ring = try? RingBuffer<Tick>(capacity: capacity) else { return }
        let consumed = TwoThreadRun(ring: ring, count: count)
        report.add("ring.tick.two_threads.appends_per_second", Double(count) / consumed.producerSeconds, "ops/s")
        report.add(
            "ring.tick.two_threads.reads_per_second", Double(consumed.itemsRead) / consumed.consumerSeconds, "ops/s",
            note: "\(consumed.itemsRead) of \(count) read; the rest were overwritten before the reader reached them")
    }
}

/// One producer/consumer run; the consumer thread is a POSIX thread started from here.
private final class TwoThreadRun: @unchecked Sendable {
    // Invariant: `itemsRead`/`consumerSeconds` are written by the consumer thread before it
    // exits and read after `pthread_join`; the producer fields belong to the calling thread.
    let ring: RingBuffer<Tick>
    let count: Int
    let producerDone = Atomic<Bool>(false)
    var itemsRead = 0
    var consumerSeconds = 0.0
    var producerSeconds = 0.0

    init(ring: RingBuffer<Tick>, count: Int) {
        self.ring = ring
        self.count = count
        let thread = startFeedThread { [self] in consume() }
        let start = MonotonicClock.now()
        for i in 0..<count {
            ring.append(Tick(time: Int64(i), value: Double(i), size: 1))
        }
        producerSeconds = Double(MonotonicClock.now() &- start) / 1e9
        producerDone.store(true, ordering: .releasing)
        if let thread { pthread_join(thread, nil) }
    }

    private func consume() {
        let batch = UnsafeMutableBufferPointer<Tick>.allocate(capacity: 4096)
        defer { batch.deallocate() }
        var next: UInt64 = 0
        let start = MonotonicClock.now()
        while true {
            let done = producerDone.load(ordering: .acquiring)
            let head = ring.writtenCount
            if next < head {
                let end = min(head, next &+ UInt64(batch.count))
                let copied = ring.copy(positions: next..<end, into: batch)
                itemsRead &+= copied.count
                next = max(end, copied.positions.upperBound)
            } else if done {
                break
            }
        }
        consumerSeconds = Double(MonotonicClock.now() &- start) / 1e9
    }
}
