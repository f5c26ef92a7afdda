import LiveTickerDownsampling
import LiveTickerFeed

/// `liveticker downsample`: runs one of the downsamplers over a CSV column and prints the kept
/// points, so results can be checked against other tools (e.g. tsdownsample) or plotted.
enum DownsampleCommand: Command {
    static let name = "downsample"
    static let summary = "downsample a CSV column with LTTB, MinMax, M4 or MinMaxLTTB"
    static let help = """
        Usage: liveticker downsample --algorithm lttb|minmax|m4|minmaxlttb --points M
                                     [--x COL|index] [--y COL] [--threads N] FILE.csv

        Reads a CSV file with a header and writes the points the algorithm keeps to standard
        output as CSV: a header `index,x,y`, then one row per kept point in order, where `index`
        is the point's 0-based data row in FILE (header excluded). FILE may be - for standard
        input.

        Options:
          --algorithm A   lttb (Steinarsson 2013, reference bucket convention), minmax, m4
                          (Jugel et al. 2014), minmaxlttb (MinMax preselection, then LTTB)
          --points M      how many points to keep (M ≥ 2; LTTB keeps the first and last)
          --x COL         x column, by header name or 0-based number (default: the first);
                          `index` uses the row number as x; dates and ISO-8601 times are
                          read as epoch seconds
          --y COL         y column (default: the one replay charts by name — price, close,
                          value, …: the Close of an OHLC bar file —, else the second)
          --threads N     threads that parse the file (default: this machine's online
                          cores, at most 8). A file of 8 MB or more is cut at line starts
                          into ranges of 4 MB or more, parsed at once; the output is the
                          same for every N. Standard input is read on one thread.

        NaN and ±inf values are gaps: never kept, never part of an average. Rows whose columns
        are missing or not numbers are skipped; their count and first line numbers go to
        standard error.

        Example:
          liveticker downsample --algorithm lttb --points 1000 Samples/ecg-mitbih-208.csv
        """

    static func run(_ arguments: inout ParsedArguments) throws -> Int32 {
        guard let algorithmName = arguments.value("algorithm") else {
            throw UsageError("--algorithm is required: lttb, minmax, m4 or minmaxlttb")
        }
        guard let algorithm = DownsamplingAlgorithm(rawValue: algorithmName.lowercased()) else {
            throw UsageError("--algorithm must be lttb, minmax, m4 or minmaxlttb, got '\(algorithmName)'")
        }
        guard let points = try arguments.value("points", expected: "a whole number ≥ 2", { Int($0).flatMap { $0 >= 2 ? $0 : nil } }) else {
            throw UsageError("--points is required (how many points to keep)")
        }
        let xText = arguments.value("x")
        let x: CSVNumericColumns.XSource =
            xText == "index" ? .rowIndex : .column(xText.map(ColumnSelector.init(argument:)) ?? .index(0))
        let y = arguments.value("y").map(ColumnSelector.init(argument:))
        let threads = try arguments.value("threads", expected: "a whole number from 1 to 256", { Int($0).flatMap { (1...256).contains($0) ? $0 : nil } })
            ?? CSVNumericColumns.defaultThreadCount
        try arguments.finish()
        guard arguments.operands.count == 1 else {
            throw UsageError(arguments.operands.isEmpty ? "needs a CSV file (or - for standard input)" : "takes one file, got \(arguments.operands.count)")
        }
        let path = arguments.operands[0]

        let table: CSVNumericColumns
        do {
            table = try CSVNumericColumns.read(path: path, x: x, y: y, threads: threads)
        } catch {
            throw CommandFailure(error.description)
        }
        let report = table.report
        if report.badLines > 0 {
            printError("\(path): \(report.summary)")
        }
        let capacity = Downsampler.requiredCapacity(algorithm: algorithm, count: table.y.count, points: points)
        var kept = [Int](repeating: 0, count: max(1, capacity))
        let count = table.x.withUnsafeBufferPointer { xs in
            table.y.withUnsafeBufferPointer { ys in
                kept.withUnsafeMutableBufferPointer { out in
                    Downsampler.downsample(
                        algorithm: algorithm, x: x == .rowIndex ? nil : xs, y: ys, points: points, into: out)
                }
            }
        }
        var output = StandardOutput(descriptor: 1)
        output.write("index,x,y\n")
        for k in 0..<count {
            let i = kept[k]
            if i == Downsampling.gapMarker { continue }
            output.write("\(table.row(ofKept: i)),\(format(table.x[i])),\(format(table.y[i]))\n")
        }
        output.flush()
        return 0
    }

    /// Shortest text that reads back as the same Double; integers without a trailing `.0`.
    private static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
