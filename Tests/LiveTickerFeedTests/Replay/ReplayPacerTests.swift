import LiveTickerCore
import Testing

@testable import LiveTickerFeed

@Suite("Replay pacing")
struct ReplayPacerTests {
    @Test("speeds parse; junk, zero and negative do not")
    func speeds() {
        #expect(ReplaySpeed(argument: "max") == .max)
        #expect(ReplaySpeed(argument: "1") == .recorded)
        #expect(ReplaySpeed(argument: "10x") == .factor(10))
        #expect(ReplaySpeed(argument: "0.5") == .factor(0.5))
        #expect(ReplaySpeed(argument: "0") == nil)
        #expect(ReplaySpeed(argument: "-2") == nil)
        #expect(ReplaySpeed(argument: "nan") == nil)
        #expect(ReplaySpeed(argument: "fast") == nil)
        #expect(ReplaySpeed.factor(2).description == "2x")
    }

    @Test("deadlines are start + (t − t0) / speed, from the start, not from the previous tick")
    func scheduleMath() {
        let schedule = ReplaySchedule(start: 1_000, firstTickTime: ns(100), factor: 1)
        #expect(schedule.deadline(for: ns(100)) == 1_000)
        #expect(schedule.deadline(for: ns(101)) == 1_000 + 1_000_000_000)
        #expect(schedule.deadline(for: ns(100) + 1) == 1_001)
        let fast = ReplaySchedule(start: 0, firstTickTime: 0, factor: 10)
        #expect(fast.deadline(for: ns(5)) == 500_000_000)
        let slow = ReplaySchedule(start: 0, firstTickTime: 0, factor: 0.5)
        #expect(slow.deadline(for: ns(5)) == ns(10))
    }

    @Test("extreme times saturate instead of overflowing")
    func saturation() {
        let schedule = ReplaySchedule(start: 5, firstTickTime: .min, factor: 1)
        #expect(schedule.deadline(for: .max) == .max)
        let back = ReplaySchedule(start: 5, firstTickTime: .max, factor: 1)
        #expect(back.deadline(for: .min) == .min + 5)
        let scaled = ReplaySchedule(start: 0, firstTickTime: .min, factor: 0.001)
        #expect(scaled.deadline(for: .max) == .max)
    }

    @Test("the pacer fixes the schedule at the first tick and never goes backwards")
    func pacerDeadlines() {
        var pacer = ReplayPacer(speed: .recorded)
        let first = pacer.deadline(for: ns(50), now: 7_000)
        let second = pacer.deadline(for: ns(51), now: 9_999_999)
        // Backwards tick: due at once (the previous deadline), no sleeping backwards.
        let backwards = pacer.deadline(for: ns(49), now: 1)
        // Forward again: back on the original schedule, drift not accumulated.
        let forward = pacer.deadline(for: ns(53), now: 0)
        let repeated = pacer.deadline(for: ns(53), now: 0)
        #expect(first == Int64(7_000))
        #expect(second == Int64(1_000_007_000))
        #expect(backwards == Int64(1_000_007_000))
        #expect(forward == Int64(3_000_007_000))
        #expect(repeated == Int64(3_000_007_000))
        var max = ReplayPacer(speed: .max)
        #expect(max.deadline(for: 1, now: 1) == nil)
    }

    @Test("a paced replay of 2 s of ticks follows the schedule (measured drift printed, not asserted)")
    func pacedReplay() throws {
        var lines = ["time,price"]
        for i in 0...20 { lines.append("\(1_709_285_400_000 + Int64(i) * 100),\(i)") }
        var options = FeedOptions()
        options.batchCapacity = 4
        let text = lines.joined(separator: "\n")
        let bytes = Array(text.utf8)
        var pacer = ReplayPacer(speed: .recorded)
        var arrivals: [Int64] = []
        var sink = ClosureTickSink { _, _ in arrivals.append(ReplayPacer.now()) }
        let start = ReplayPacer.now()
        try bytes.withUnsafeBytes { raw in
            let reader = CSVTickReader(memory: raw, options: options)
            try reader.replay(into: &sink, pacer: &pacer)
        }
        let elapsed = ReplayPacer.now() - start
        #expect(arrivals.count == 21)
        #expect(pacer.schedule?.factor == 1)
        // Every tick was released at or after its deadline (the clock is monotonic).
        if let schedule = pacer.schedule {
            for (i, arrival) in arrivals.enumerated() {
                #expect(arrival >= schedule.deadline(for: ns(march1At0930) + Int64(i) * 100_000_000))
            }
        }
        print("paced replay of 2.000 s took \(Double(elapsed) / 1e9) s; max lateness \(Double(pacer.maximumLateness) / 1e6) ms")
    }

    @Test("max speed never sleeps; a raised stop flag ends a paced replay early")
    func stopEarly() throws {
        let text = "time,price\n0,1\n1000,2\n2000,3\n"
        var pacer = ReplayPacer(speed: .recorded)
        let stop = StopFlag()
        var seen = 0
        var sink = ClosureTickSink { _, _ in
            seen += 1
            stop.stop()
        }
        try Array(text.utf8).withUnsafeBytes { raw in
            let reader = CSVTickReader(memory: raw, options: FeedOptions())
            try reader.replay(into: &sink, pacer: &pacer, stop: stop)
        }
        #expect(seen == 1)
        var fast = ReplayPacer(speed: .max)
        var collector = TickCollector()
        try Array(text.utf8).withUnsafeBytes { raw in
            try CSVTickReader(memory: raw, options: FeedOptions()).replay(into: &collector, pacer: &fast)
        }
        #expect(collector.ticks.count == 3)
    }
}
