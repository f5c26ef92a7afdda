import Testing

@testable import LiveTickerBench

/// The Bench's text output as a newcomer reads it: the closing summary states every ratio one
/// way, notes appear once, and the frame's stage split adds up to the frame it splits.
@Suite struct BenchReportTests {
    @Test("summary states every ratio as how many times faster or slower we are, rates and times alike")
    func summaryRatiosOneWay() {
        var report = BenchReport()
        report.compare("rate, ours ahead", ours: 26e6, peer: 10e6, peerName: "peer A", unit: "ticks/s", lowerIsBetter: false)
        report.compare("time, ours ahead", ours: 1.0, peer: 2.6, peerName: "peer B", unit: "ms", lowerIsBetter: true)
        report.compare("time, ours behind", ours: 1.3, peer: 1.0, peerName: "peer C", unit: "ms", lowerIsBetter: true)
        report.compare("rate, ours behind", ours: 10, peer: 13, peerName: "peer D", unit: "ops/s", lowerIsBetter: false)
        report.compare("no peer figure", ours: 1, peer: .nan, peerName: "peer E", unit: "ms", lowerIsBetter: true)
        let lines = report.summary.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("rate, ours ahead") && $0.hasSuffix("×2.60 faster") })
        #expect(lines.contains { $0.contains("time, ours ahead") && $0.hasSuffix("×2.60 faster") })
        #expect(lines.contains { $0.contains("time, ours behind") && $0.hasSuffix("×1.30 slower") })
        #expect(lines.contains { $0.contains("rate, ours behind") && $0.hasSuffix("×1.30 slower") })
        #expect(!report.summary.contains("peer E"), "a comparison without both figures is left out")
        #expect(lines.contains { $0.contains("LiveTicker is") })
        #expect(report.table.hasSuffix(report.summary))
    }

    @Test("bodies timed in turn: each runs once a round, in the order given, after the warm-up rounds")
    func timedInTurn() {
        final class Log { var calls: [Int] = [] }
        let log = Log()
        let samples = TimingSamples.inTurn(count: 4, warmup: 2, [{ log.calls.append(0) }, { log.calls.append(1) }, { log.calls.append(2) }])
        #expect(samples.count == 3)
        #expect(samples.allSatisfy { $0.nanoseconds.count == 4 })
        #expect(log.calls == Array(repeating: [0, 1, 2], count: 6).flatMap { $0 })
        #expect(TimingSamples.inTurn(count: 0, warmup: 0, []).isEmpty)
    }

    @Test("no comparisons, no summary")
    func emptySummary() {
        var report = BenchReport()
        report.add("ring.spsc.ops_per_second", 1e8, "ops/s")
        #expect(report.summary.isEmpty)
    }

    @Test("a note made per case is printed once; a section's notes sit under its first heading only")
    func notesOnce() {
        var report = BenchReport()
        let note = "allocations per frame: counted by the Bench executable"
        report.add("frame.reference.1920x1080.median_ms", 1.6, "ms")
        report.note("frame", note)
        report.add("frame.reference.800x480.median_ms", 0.4, "ms")
        report.note("frame", note)
        report.add("ring.spsc.ops_per_second", 1e8, "ops/s")
        report.add("frame.memcpy.1920x1080_ms", 0.3, "ms")  // the section's heading again
        #expect(report.notes.count == 1)
        #expect(occurrences(of: note, in: report.table) == 1, "\(report.table)")
        #expect(occurrences(of: note, in: report.json) == 1)
    }

    @Test("a section that measured nothing still shows its notes")
    func notesOfAnEmptySection() {
        var report = BenchReport()
        report.add("ring.spsc.ops_per_second", 1e8, "ops/s")
        report.note("e2e", "skipped: needs the liveticker executable")
        let table = report.table
        #expect(table.contains("[e2e]\n  note: skipped: needs the liveticker executable"), "\(table)")
    }

    @Test("the stage split is one unpreempted median frame's, and its parts add up to that frame's time")
    func stageSplitAddsUp() {
        let names = ["background", "lines", "text"]
        // Five frames (ms): the preempted one (frame 1, CPU far below wall) has a huge lines
        // stage and must not be the one split; the others (2, 3, 4, 5 ms) have frame 0 (3 ms)
        // as their median by nearest rank.
        let times: [UInt64] = [3, 9, 4, 5, 2].map { $0 * 1_000_000 }
        let cpu: [UInt64] = [3, 2, 4, 5, 2].map { $0 * 1_000_000 }
        let stages: [UInt64] = [
            1, 1, 0,  // frame 0 (3 ms): 2 ms staged, 1 ms other
            1, 8, 0,
            1, 2, 0,
            2, 2, 1,
            1, 1, 0,
        ].map { $0 * 1_000_000 }
        let split = FrameTimings.medianFrameSplit(times: times, cpu: cpu, stages: stages, names: names)
        #expect(split.map(\.name) == names + ["other", "total"])
        let total = split.last!.milliseconds
        #expect(total == 3)
        #expect(split.first { $0.name == "other" }!.milliseconds == 1)
        let parts = split.dropLast().reduce(0) { $0 + $1.milliseconds }
        #expect(abs(parts - total) < 1e-9)
        #expect(split.first { $0.name == "lines" }!.milliseconds <= total)
    }
}

/// How many times `needle` occurs in `text` (without overlaps).
private func occurrences(of needle: String, in text: String) -> Int {
    let hay = Array(text.utf8)
    let pattern = Array(needle.utf8)
    guard !pattern.isEmpty, hay.count >= pattern.count else { return 0 }
    var count = 0
    var i = 0
    while i <= hay.count - pattern.count {
        if hay[i..<(i + pattern.count)].elementsEqual(pattern) {
            count += 1
            i += pattern.count
        } else {
            i += 1
        }
    }
    return count
}
