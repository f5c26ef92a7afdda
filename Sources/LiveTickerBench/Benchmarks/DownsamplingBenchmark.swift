enum DownsamplingBenchmark {
    static func run(_ options: BenchOptions, into report: inout BenchReport) {
        report.note("downsample", "not measured yet in this build")
    }
}
