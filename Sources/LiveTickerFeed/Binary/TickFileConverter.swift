import LiveTickerFiles

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
        /// Records that were OHLC bars in the input (a Yahoo or kline file, a `.ltk` of bars),
        /// written as bars (a version 2 file): a replay of the output draws them as given.
        public var bars = 0
    }

    /// Reads `input` (CSV, binary or `-`) with `options` and writes `output` as a binary tick
    /// file, with symbols when the input has a symbol column and no symbol filter. The output
    /// replaces `output` atomically (``ReplacementFile``: a `mkstemp` file in the same directory,
    /// `fsync`, `rename`), so a failed conversion (a bad line in strict mode, a full disk) leaves
    /// the previous file, or none; a symbolic link is written through and a device such as
    /// `/dev/null` is written to, never replaced. O(input); allocates nothing per tick.
    public static func convert(input: String, output: String, options: FeedOptions = FeedOptions())
        throws(FeedError) -> Result
    {
        // The output replaces its path at the end: were it the input, the input would be lost.
        var inputInfo = stat()
        var outputInfo = stat()
        if input != "-", stat(input, &inputInfo) == 0, stat(output, &outputInfo) == 0,
            inputInfo.st_dev == outputInfo.st_dev, inputInfo.st_ino == outputInfo.st_ino
        {
            throw .outputIsInput(path: output)
        }
        let reader = try TickFileReader.open(path: input, options: options)
        let file: ReplacementFile
        do throws(FileWriteError) { file = try ReplacementFile(path: output) } catch {
            throw .writeFailed(path: output, errno: error.errno)
        }
        var writer: BinaryTickWriter?
        var bars = 0
        func makeWriter(bars: Bool) throws(FeedError) -> BinaryTickWriter {
            let fd: Int32
            do throws(FileWriteError) { fd = try file.begin() } catch {
                throw .cannotOpen(path: output, errno: error.errno)
            }
            return try BinaryTickWriter(
                descriptor: fd, path: output, hasSymbols: hasSymbols(reader, options), hasBars: bars, ownsDescriptor: false)
        }
        do throws(FeedError) {
            while let batch = try reader.nextBatch() {
                // A bar input's layout is fixed by its first lines, so its first batch says.
                if writer == nil { writer = try makeWriter(bars: batch.bars != nil) }
                if let batchBars = batch.bars {
                    bars += batch.count
                    for i in 0..<batch.count { try writer!.write(bar: batchBars[i], symbol: batch.symbols[i]) }
                } else {
                    for i in 0..<batch.count { try writer!.write(batch.ticks[i], symbol: batch.symbols[i]) }
                }
            }
            let final: BinaryTickWriter
            if let writer { final = writer } else { final = try makeWriter(bars: false) }
            try final.finish(symbols: reader.symbols)
            do throws(FileWriteError) { try file.commit() } catch {
                throw FeedError.writeFailed(path: output, errno: error.errno)
            }
            return Result(
                report: reader.report, records: final.recordCount, hasSymbols: final.hasSymbols, bars: bars)
        } catch {
            file.abandon()
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
