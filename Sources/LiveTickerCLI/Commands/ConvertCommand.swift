import LiveTickerFeed

#if canImport(Glibc)
import Glibc
#endif

/// `liveticker convert`: CSV (or binary) ticks to the compact binary tick format.
enum ConvertCommand: Command {
    static let name = "convert"
    static let summary = "convert a CSV tick file to the compact binary format (.ltk)"
    static let flags: Set<String> = FeedArguments.flags
    static let help = """
        Usage: liveticker convert IN OUT.ltk [feed options]

        Reads IN (CSV with a header, headerless time,value[,size] lines, a binary tick file,
        or - for standard input) and writes OUT as a binary tick file: a 64-byte header and
        24-byte little-endian records (time ns, value f64, size f64), 32 bytes with a symbol id
        when IN has a symbol column. An OHLC bar file (Yahoo, Binance klines, JSON klines) is
        stored as bars (version 2: open, high and low after each record's close and volume, 24
        bytes more), so a replay of OUT draws the bars as given. Bad lines are skipped and counted; the summary on
        standard error lists how many of each kind and the first line numbers. OUT appears
        only when the conversion succeeds.

        Options:
        \(FeedArguments.helpLines)

        Examples:
          liveticker convert trades.csv trades.ltk
          liveticker convert ecg.csv ecg.ltk --time time_s --value millivolts
          liveticker convert quotes.csv eurusd.ltk --symbol EUR/USD --strict
        """

    static func run(_ arguments: inout ParsedArguments) throws -> Int32 {
        let options = try FeedArguments.read(from: &arguments)
        // Options first: a misspelt one may have taken an operand as its value.
        try arguments.finish()
        guard arguments.operands.count == 2 else {
            throw UsageError(arguments.operands.count < 2
                ? "needs an input and an output file" : "unexpected argument '\(arguments.operands[2])'")
        }
        let input = arguments.operands[0]
        let output = arguments.operands[1]
        let result: TickFileConverter.Result
        do {
            result = try TickFileConverter.convert(input: input, output: output, options: options)
        } catch {
            throw CommandFailure(error.description)
        }
        // A bar file's records are bars (open, high, low, close, volume: the .ltk's version 2).
        let noun = result.bars > 0 ? "OHLC bar" : "tick"
        printOutput("wrote \(result.records) \(noun)\(result.records == 1 ? "" : "s") to \(output)"
            + (result.hasSymbols ? " with symbols" : ""))
        printError("\(input): \(result.report.summary)")
        return 0
    }
}
