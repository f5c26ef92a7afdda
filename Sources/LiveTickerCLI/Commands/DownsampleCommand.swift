import LiveTickerDownsampling
import LiveTickerFeed

/// `liveticker downsample`: runs one of the downsamplers over a CSV column and prints the kept
/// points, so results can be checked against other tools (e.g. tsdownsample) or plotted.
enum DownsampleCommand: Command {
    static let name = "downsample"
    static let summary = "downsample a CSV column with LTTB, MinMax, M4 or MinMaxLTTB"
    static let help = """
        Usage: liveticker downsample --algorithm lttb|minmax|m4|minmaxlttb --points M
                                     [--x COL|index] [--y COL] [--symbol NAME] [--threads N] FILE

        Reads a file and writes the points the algorithm keeps to standard output as CSV: a
        header `index,x,y`, then one row per kept point in order. FILE may be - for
        standard input (read as a CSV file with a header), or a pipe such as
        <(zcat day.csv.gz) (read as replay reads it).

        A CSV file with a header is read by its columns: x is the column replay takes for
        time (default; dates and ISO-8601 times as epoch seconds, numbers as written), y the
        one replay charts (price, close, value, …: the Close of an OHLC bar file), and
        `index` is the point's 0-based data row (header excluded). Any other file is read as
        replay reads it — gzip, UTF-16, binary .ltk, NDJSON, JSON, line protocol, CSV
        without a header, a date and a time in two columns, a decimal comma, day.month or
        month/day dates, several symbols, newest first — the first line on standard error
        says what it was read as; then x is each tick's time in epoch seconds, y its value,
        `index` the tick's number in time order, and only the first symbol (or --symbol's)
        is taken.

        Options:
          --algorithm A   lttb (Steinarsson 2013, reference bucket convention), minmax, m4
                          (Jugel et al. 2014), minmaxlttb (MinMax preselection, then LTTB)
          --points M      how many points to keep (M ≥ 2; LTTB keeps the first and last)
          --x COL         x column, by header name or 0-based number; `index` uses the row
                          (or tick) number as x
          --y COL         y column, by header name or 0-based number
          --symbol NAME   the symbol to take from a file of several (exact match)
          --threads N     threads that parse a CSV file read by its columns (default: this
                          machine's online cores, at most 8). A file of 8 MB or more is cut
                          at line starts into ranges of 4 MB or more, parsed at once; the
                          output is the same for every N. Standard input is read on one
                          thread.

        NaN and ±inf values are gaps: never kept, never part of an average. Rows whose columns
        are missing or not numbers are skipped; their count and first line numbers go to
        standard error. Nothing to downsample (every line bad, a header alone, only gaps)
        exits 1 and says why.

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
        let x = arguments.value("x").map { $0 == "index" ? CSVNumericColumns.XSource.rowIndex : .column(ColumnSelector(argument: $0)) }
        let y = arguments.value("y").map(ColumnSelector.init(argument:))
        let symbol = arguments.value("symbol")
        let threads = try arguments.value("threads", expected: "a whole number from 1 to 256", { Int($0).flatMap { (1...256).contains($0) ? $0 : nil } })
            ?? CSVNumericColumns.defaultThreadCount
        try arguments.finish()
        guard arguments.operands.count == 1 else {
            throw UsageError(arguments.operands.isEmpty ? "needs a CSV file (or - for standard input)" : "takes one file, got \(arguments.operands.count)")
        }
        let path = arguments.operands[0]

        let input = try readPoints(path: path, x: x, y: y, symbol: symbol, threads: threads)
        let report = input.report
        if !input.readAs.isEmpty { printError("\(path): read as \(input.readAs)") }
        if report.badLines > 0 || !input.readAs.isEmpty { printError("\(path): \(report.summary)") }
        if input.otherSymbolTicks > 0, let symbol = input.symbol {
            printError(
                "\(path): downsampled \(MessageText.field(symbol, maximum: 40)) (\(input.y.count) ticks); \(input.otherSymbolTicks) ticks of "
                    + "other symbols left out (the input holds \(MessageText.list(input.symbolNames)))")
        }
        // Nothing to keep fails loudly, as a replay that charts nothing does.
        guard input.y.contains(where: \.isFinite) else {
            let why =
                if !input.y.isEmpty {
                    "every value is a gap (NaN or ±inf: \(input.y.count) rows)"
                } else if let symbol, report.filteredBySymbol > 0 {
                    "no symbol \(MessageText.field(symbol, maximum: 40)) (the input holds \(MessageText.list(input.symbolNames.filter { $0 != symbol })))"
                } else if report.badLines > 0 {
                    "every line is bad (\(report.badLines); the first are listed above)"
                } else {
                    "the input holds no data rows"
                }
            printError("\(path): nothing to downsample: \(why)")
            return 1
        }
        let capacity = Downsampler.requiredCapacity(algorithm: algorithm, count: input.y.count, points: points)
        var kept = [Int](repeating: 0, count: max(1, capacity))
        let count = input.x.withUnsafeBufferPointer { xs in
            input.y.withUnsafeBufferPointer { ys in
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
            let x = input.times.map { Self.decimalSeconds($0[i]) } ?? format(input.x[i])
            output.write("\(input.index(i)),\(x),\(format(input.y[i]))\n")
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
