#if canImport(Glibc)
import Glibc
#endif

/// Converts tick files to the binary format (`liveticker convert IN.csv OUT.ltk`).
public enum TickFileConverter {
    /// What a conversion did.
    public struct Result: Sendable {
        /// The input reader's report (bad lines, gaps, filters).
        public var report: FeedReport
        /// Records written.
        public var records: Int
        /// Whether the output carries symbols.
        public var hasSymbols: Bool
    }

    /// Reads `input` (CSV, binary or `-`) with `options` and writes `output` as a binary tick
    /// file, with symbols when the input has a symbol column and no symbol filter. The output is
    /// written to `output.partial` and renamed when complete, so a failed conversion (e.g. a
    /// bad line in strict mode) leaves no half file. O(input); allocates nothing per tick.
    public static func convert(input: String, output: String, options: FeedOptions = FeedOptions())
        throws(FeedError) -> Result
    {
        let reader = try TickFileReader.open(path: input, options: options)
        let partial = output + ".partial"
        var writer: BinaryTickWriter?
        do throws(FeedError) {
            while let batch = try reader.nextBatch() {
                if writer == nil { writer = try BinaryTickWriter(path: partial, hasSymbols: hasSymbols(reader, options)) }
                for i in 0..<batch.count { try writer!.write(batch.ticks[i], symbol: batch.symbols[i]) }
            }
            let final: BinaryTickWriter
            if let writer { final = writer } else {
                final = try BinaryTickWriter(path: partial, hasSymbols: hasSymbols(reader, options))
            }
            try final.finish(symbols: reader.symbols)
            guard rename(partial, output) == 0 else { throw FeedError.writeFailed(path: output, errno: errno) }
            return Result(report: reader.report, records: final.recordCount, hasSymbols: final.hasSymbols)
        } catch {
            unlink(partial)
            throw error
        }
    }

    private static func hasSymbols(_ reader: any TickBatchReader, _ options: FeedOptions) -> Bool {
        guard options.symbol == nil else { return false }
        if let csv = reader as? CSVTickReader { return csv.layout?.symbol != nil }
        if let binary = reader as? BinaryTickReader { return binary.header.hasSymbols }
        return false
    }
}
