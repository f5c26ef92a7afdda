import LiveTickerCore
import LiveTickerFeed

#if canImport(Glibc)
import Glibc
#endif

/// Which reader `liveticker downsample` takes for a file, and the points it reads.
///
/// The column reader (``CSVNumericColumns``: any two numeric columns of a CSV file with a
/// header, on several threads) reads most files, with the time and value columns `replay` would
/// chart as its defaults. Every other input is read as `replay` reads it (``TickFileReader``):
/// binary, gzip and UTF-16 files, JSON and line protocol, CSV without a header, a date and a
/// time of day in two columns, several symbols, a decimal comma, dates in a form the first
/// lines settle (day or month first, month names), a file written newest first. Before this,
/// those gave a column reader's guess with exit 0: a headerless Binance file lost its first
/// row and charted its trade ids, a gzip file was 1424 bad lines and an empty result.
extension DownsampleCommand {
    /// The points of one input, in the order the downsampler takes them.
    struct Points {
        /// x of each point: a column's numbers, or epoch seconds for times; the row or tick
        /// number with `--x index`.
        var x: [Double]
        var y: [Double]
        /// The 0-based data row (the column reader) or tick (the tick reader) of each point.
        var index: (Int) -> Int
        /// Each point's time in nanoseconds when x is a tick's time (the tick reader), so x is
        /// printed exactly (`1709281802.098`, not the double's `1709281802.0979998`).
        var times: [Int64]? = nil
        var report: FeedReport
        /// What the input was read as (the tick reader), said on standard error; empty else.
        var readAs = ""
        /// Ticks of symbols other than the one taken (the tick reader's first).
        var otherSymbolTicks = 0
        var symbol: String?
        var symbolNames: [String] = []
    }

    /// The points of `path` by the reader the file needs (see the type's documentation).
    /// `x` and `y` are the options as given (nil: the defaults). Throws ``CommandFailure``
    /// when the file cannot be read.
    static func readPoints(
        path: String, x: CSVNumericColumns.XSource?, y: ColumnSelector?, symbol: String? = nil, threads: Int
    ) throws -> Points {
        // A symbol to choose means the tick reader, which knows the symbol column.
        let layout: Layout? = symbol != nil ? .ticks : path == "-" ? nil : sniff(path: path)
        let columns: (x: CSVNumericColumns.XSource, y: ColumnSelector?)
        switch layout {
        case .columns(let time, let value):
            columns = (x ?? .column(.index(time)), y ?? .index(value))
        case .ticks:
            if case .column = x {
                throw UsageError("--x names a CSV column; \(path) is read as replay reads it (x: its times), so use --x index or leave --x out")
            }
            return try readTicks(path: path, byIndex: x == .rowIndex, value: y, symbol: symbol)
        case nil:
            // Standard input (read once, so never looked at twice) or a file that could not
            // be looked at (the column reader then says why): the first column, y by name.
            columns = (x ?? .column(.index(0)), y)
        }
        do {
            let table = try CSVNumericColumns.read(path: path, x: columns.x, y: columns.y, threads: threads)
            return Points(x: table.x, y: table.y, index: table.row(ofKept:), report: table.report)
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// Which reader a file needs.
    enum Layout: Equatable {
        /// A CSV file with a header that the column reader reads as `replay` does, with the
        /// columns `replay` charts (time, value).
        case columns(time: Int, value: Int)
        /// Anything else: read as `replay` reads it.
        case ticks
    }

    /// Looks at the file's first bytes and first lines (one batch of the tick reader) to tell
    /// which reader it needs: the tick reader for a FIFO (`<(zcat day.csv.gz)`, read once, so
    /// not looked at twice); nil when it cannot be looked at (the column reader then says
    /// why). O(first batch).
    static func sniff(path: String) -> Layout? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFREG else { return .ticks }
        guard !TickFileReader.needsDecoding(path: path) else { return .ticks }
        guard let reader = try? CSVTickReader(path: path) else { return nil }
        let batch: TickBatch?
        do { batch = try reader.nextBatch() } catch { return nil }
        guard reader.textFormat == .csv, let layout = reader.layout else { return .ticks }
        guard !layout.header.isEmpty, layout.date == nil, layout.symbol == nil || reader.symbols.count <= 1,
            !layout.decimalComma, layout.timeForm == .standard, let value = layout.value
        else { return .ticks }
        // Written newest first: the tick reader turns it around, as replay does.
        if let ticks = batch?.ticks, ticks.count > 1, ticks[ticks.count - 1].time < ticks[0].time { return .ticks }
        return .columns(time: layout.time, value: value)
    }

    /// Reads `path` as `replay` does (newest-first files turned around), keeping the ticks of
    /// its first symbol (or `symbol`): x their times in epoch seconds (or their numbers
    /// `byIndex`), y their values. `value` chooses the value column as replay's `--value` does.
    static func readTicks(path: String, byIndex: Bool, value: ColumnSelector?, symbol wanted: String? = nil) throws -> Points {
        var options = FeedOptions()
        options.valueColumn = value
        options.symbol = wanted
        let reader: TimeOrderedReader
        do {
            reader = TimeOrderedReader(try TickFileReader.open(path: path, options: options))
        } catch {
            throw CommandFailure(error.description)
        }
        var xs: [Double] = []
        var ys: [Double] = []
        var times: [Int64] = []
        var symbol: SymbolID?
        var others = 0
        do {
            while let batch = try reader.nextBatch() {
                for i in 0..<batch.count {
                    let id = batch.symbols[i]
                    if symbol == nil { symbol = id }
                    guard id == symbol else {
                        others += 1
                        continue
                    }
                    let tick = batch.ticks[i]
                    xs.append(byIndex ? Double(xs.count) : Double(tick.time) / 1e9)
                    ys.append(tick.value)
                    if !byIndex { times.append(tick.time) }
                }
            }
        } catch {
            throw CommandFailure(error.description)
        }
        return Points(
            x: xs, y: ys, index: { $0 }, times: byIndex ? nil : times, report: reader.report, readAs: reader.formatDescription,
            otherSymbolTicks: others, symbol: symbol.map { reader.symbols.name(of: $0) }, symbolNames: reader.symbols.names)
    }

    /// `nanoseconds` as exact decimal seconds, trailing zeros dropped (`1709281802.098`,
    /// `-0.5`, `1709281802`). O(1).
    static func decimalSeconds(_ nanoseconds: Int64) -> String {
        let magnitude = nanoseconds.magnitude
        let whole = magnitude / 1_000_000_000
        var fraction = magnitude % 1_000_000_000
        var text = (nanoseconds < 0 ? "-" : "") + String(whole)
        guard fraction > 0 else { return text }
        var digits = 9
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let written = String(fraction)
        text += "." + String(repeating: "0", count: digits - written.count) + written
        return text
    }
}
