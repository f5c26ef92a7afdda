enum IngestBenchmark {
    static func run(_ options: BenchOptions, into report: inout BenchReport) {
        report.note("ingest", "not measured yet in this build")
    }
}
