enum RingBenchmark {
    static func run(_ options: BenchOptions, into report: inout BenchReport) {
        report.note("ring", "not measured yet in this build")
    }
}
