/// Heap allocations per frame, counted with the Bench executable's malloc hook.
enum AllocationProbe {
    /// Runs `frame` 100 times and then 200 more, counting heap allocations in each run, and
    /// reports `key` as their difference per frame: equal counts mean nothing is allocated per
    /// frame (a one-off, e.g. a runtime cache filled on first use, shows in both). Without the
    /// hook (the `liveticker bench` binary) it adds a note instead.
    static func measure(
        _ key: String, section: String, options: BenchOptions, into report: inout BenchReport, frame: () -> Void
    ) {
        guard let count = options.allocationCount else {
            report.note(section, "allocations per frame: counted by the Bench executable (swift run -c release Bench); this binary cannot count them")
            return
        }
        func allocations(frames: Int) -> UInt64 {
            let before = count()
            for _ in 0..<frames { frame() }
            return count() &- before
        }
        let hundred = allocations(frames: 100)
        let twoHundred = allocations(frames: 200)
        report.add(
            key, Double(twoHundred &- hundred) / 100, "allocs",
            note: "\(hundred) allocations in 100 frames, \(twoHundred) in 200")
    }
}
