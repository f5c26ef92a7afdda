#if canImport(Glibc)
import Glibc
#endif

/// Two numeric columns of a CSV file with a header: the input of batch jobs such as
/// `liveticker downsample` (any x/y data, not only ticks).
///
/// Uses the tick reader's field parsers (delimiter detection, RFC 4180 quotes, correctly
/// rounded decimals), so both read a file the same way. A row whose selected fields are missing
/// or not numbers is skipped, counted and its line number remembered; `nan`/`inf` are kept
/// (they are gaps to a downsampler).
///
/// Cost: O(file size) time; memory is the two columns (16 bytes a row) plus one fixed read
/// buffer (``bufferSize``): the file is streamed, never held. A line longer than the buffer is
/// counted as too long and skipped. Why it streams: holding a 200 MB file and growing three
/// arrays spent more time in page faults and copies than in parsing.
public struct CSVNumericColumns: Sendable {
    /// Where x comes from.
    public enum XSource: Sendable, Hashable {
        /// A column of the file.
        case column(ColumnSelector)
        /// The 0-based data row number (`--x index`).
        case rowIndex
    }

    /// The header's column names.
    public private(set) var header: [String] = []
    /// x of each kept row (the data row number for ``XSource/rowIndex``).
    public private(set) var x: [Double] = []
    /// y of each kept row.
    public private(set) var y: [Double] = []
    /// For each skipped (bad) data row, how many rows had been kept before it: enough to map a
    /// kept row back to its data row (``row(ofKept:)``) without an index per row.
    private var keptBeforeSkipped: [Int] = []
    /// Lines read and bad lines by kind, with the first few line numbers.
    public private(set) var report = FeedReport()

    /// NUL bytes after the data: more than the widest read a field parser makes past a newline.
    static let padding = 32
    /// Bytes read at a time; also the longest line accepted.
    public static let bufferSize = 1 << 22

    /// The 0-based data row (header excluded, bad rows counted) of kept row `k`. O(log bad rows).
    public func row(ofKept k: Int) -> Int {
        // Data row = k + the number of skipped rows that came before kept row k.
        var lo = 0
        var hi = keptBeforeSkipped.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if keptBeforeSkipped[mid] <= k { lo = mid + 1 } else { hi = mid }
        }
        return k + lo
    }

    /// The 0-based data row of each kept row (``row(ofKept:)`` for all of them). O(rows).
    public var rows: [Int] { (0..<y.count).map(row(ofKept:)) }

    /// Reads `path` (`-` for standard input). x defaults to the first column; y to the column
    /// the tick reader charts by name (`price`, `close`, `value`, … as ``CSVColumnAliases``
    /// lists them: the Close of a Yahoo or OHLC bar file), else the second. Names match
    /// case-insensitively. An x field that is not a number but a date-time (`2024-03-01`,
    /// ISO-8601) is read as epoch seconds, so a dated file downsamples over its dates.
    ///
    /// With `threads` > 1, a regular file of at least two ``parallelChunkBytes`` is cut at line
    /// starts into up to `threads` ranges of about equal size, parsed at once on as many
    /// threads (the caller's among them), and the rows joined in file order: the result —
    /// values, row numbers, the report and its line numbers — is the same as one thread's.
    /// Memory then peaks at about the columns plus the later ranges' rows (up to twice the
    /// columns), while they are copied into place; standard input is always read on one thread.
    /// - Throws: ``FeedError`` when the file cannot be read, has no header, or a named column
    ///   is not in it.
    public static func read(path: String, x: XSource = .column(.index(0)), y: ColumnSelector? = nil, threads: Int = 1) throws(FeedError) -> CSVNumericColumns {
        try read(path: path, x: x, y: y, threads: threads, minimumChunkBytes: parallelChunkBytes)
    }

    /// The smallest range a thread of a parallel ``read(path:x:y:threads:)`` parses: a
    /// thread costs tens of microseconds to start and join, 4 MB about 4 ms to parse.
    public static let parallelChunkBytes = bufferSize

    /// The `threads` a whole-file read should use by default: this machine's online cores, at
    /// most 8 (past that the reads, not the parse, bound a file's time, and each thread's rows
    /// are held until they are joined). One `sysconf` call.
    public static var defaultThreadCount: Int {
        min(8, max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// ``read(path:x:y:threads:)`` with the smallest range chosen (tests cut small files into
    /// many ranges with it).
    static func read(path: String, x: XSource, y: ColumnSelector?, threads: Int, minimumChunkBytes: Int) throws(FeedError) -> CSVNumericColumns {
        let fd = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(path: path, errno: errno) }
        defer { if fd != 0 { close(fd) } }
        var size = stat()
        let fileSize = fstat(fd, &size) == 0 && (size.st_mode & S_IFMT) == S_IFREG ? Int(size.st_size) : 0
        if threads > 1, fd != 0, fileSize >= 2 * max(1, minimumChunkBytes) {
            var table = CSVNumericColumns()
            var state = ParseState(xSource: x, ySelector: y)
            if let dataStart = try table.parseHeader(fd: fd, path: path, state: &state) {
                try table.readRanges(
                    fd: fd, path: path, from: dataStart, fileSize: fileSize, threads: threads,
                    minimumChunkBytes: max(1, minimumChunkBytes), state: &state)
                return table
            }
            // No header line within the first buffer: the one-thread read says what is wrong.
        }
        var table = CSVNumericColumns()
        var state = ParseState(xSource: x, ySelector: y)
        // read(2) from where the descriptor stands: a pipe or FIFO cannot be read at an offset.
        try table.stream(fd: fd, path: path, from: nil, to: nil, reserveFor: fileSize, state: &state)
        guard state.headerDone else { throw .emptyInput(path: path) }
        return table
    }

    /// Parses the input's header (its first non-blank line) when it ends within the first
    /// ``bufferSize`` bytes, and returns the offset of the line after it; nil otherwise (no
    /// state changed then). Reads 64 KB at a time until the header's line is complete.
    private mutating func parseHeader(fd: Int32, path: String, state: inout ParseState) throws(FeedError) -> Int? {
        // Room for a header up to the buffer's size, but only what was read (and the padding
        // after it, which the field parsers may read) is written: usually one 64 KB read.
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.bufferSize + Self.padding)
        defer { buffer.deallocate() }
        buffer.initialize(repeating: ASCII.nul, count: Self.padding)
        var filled = 0
        var lineStart = 0
        while true {
            // The first line with content once a trailing CR is dropped, as `parse` takes it.
            while let newline = (lineStart..<filled).first(where: { buffer[$0] == ASCII.newline }) {
                var contentEnd = newline
                if contentEnd > lineStart, buffer[contentEnd - 1] == ASCII.carriageReturn { contentEnd -= 1 }
                if contentEnd > lineStart {
                    try parse(UnsafePointer(buffer), UnsafePointer(buffer + newline + 1), path: path, state: &state)
                    report.bytes = newline + 1
                    return newline + 1
                }
                lineStart = newline + 1
            }
            guard filled < Self.bufferSize else { return nil }
            let count = pread(fd, buffer + filled, min(1 << 16, Self.bufferSize - filled), off_t(filled))
            if count < 0 {
                if errno == EINTR { continue }
                throw .readFailed(path: path, errno: errno)
            }
            if count == 0 { return nil }
            filled += count
            (buffer + filled).initialize(repeating: ASCII.nul, count: Self.padding)
        }
    }

    /// Parses `from ..< fileSize` (the data after the header) on up to `threads` threads, one
    /// range each cut at line starts, and joins the ranges' rows, reports and line numbers in
    /// file order into this table. The last range reads on to the end of the file as it is
    /// when read (a file still growing: as the one-thread read does).
    private mutating func readRanges(
        fd: Int32, path: String, from dataStart: Int, fileSize: Int, threads: Int, minimumChunkBytes: Int,
        state: inout ParseState
    ) throws(FeedError) {
        let remaining = fileSize - dataStart
        let ranges = min(threads, max(1, remaining / minimumChunkBytes))
        var starts = [dataStart]
        for k in 1..<max(1, ranges) {
            let cut = try Self.lineStart(fd: fd, path: path, atOrAfter: dataStart + remaining / ranges * k, before: fileSize)
            if let cut, cut > starts[starts.count - 1], cut < fileSize { starts.append(cut) }
        }
        // Ranges after the first run on their own threads, each into its own table; a range
        // whose thread the system refuses is parsed here afterwards.
        let xSource = state.xSource
        let ySelector = state.ySelector
        let columns = (delimiter: state.delimiter, x: state.xColumn, y: state.yColumn, last: state.lastColumn)
        let results = (1..<starts.count).map { _ in FeedStateLock<Result<RangeResult, FeedError>?>(nil) }
        var started: [pthread_t] = []
        for k in 1..<starts.count {
            let from = starts[k]
            let to = k + 1 < starts.count ? starts[k + 1] : nil
            let result = results[k - 1]
            let body: @Sendable () -> Void = {
                var part = CSVNumericColumns()
                var partState = ParseState(xSource: xSource, ySelector: ySelector)
                partState.headerDone = true
                partState.delimiter = columns.delimiter
                partState.xColumn = columns.x
                partState.yColumn = columns.y
                partState.lastColumn = columns.last
                let outcome: Result<RangeResult, FeedError>
                do throws(FeedError) {
                    try part.stream(fd: fd, path: path, from: from, to: to, reserveFor: (to ?? fileSize) - from, state: &partState)
                    outcome = .success(RangeResult(table: part, lines: partState.lineNumber, rows: partState.row))
                } catch {
                    outcome = .failure(error)
                }
                result.withLock { $0 = outcome }
            }
            if let thread = startFeedThread(body) { started.append(thread) } else { body() }
        }
        var failure: FeedError?
        do throws(FeedError) {
            try stream(fd: fd, path: path, from: starts[0], to: starts.count > 1 ? starts[1] : nil, reserveFor: fileSize, state: &state)
        } catch {
            failure = error
        }
        for thread in started { pthread_join(thread, nil) }
        if let failure { throw failure }
        for result in results {
            switch result.withLock({ $0 }) {
            case .success(let part): append(part, state: &state)
            case .failure(let error): throw error
            case nil: break  // not reached: every body stores its outcome before it returns
            }
        }
    }

    /// One range's parse: its table, and the lines and data rows it consumed (its line and row
    /// numbers start at 0).
    private struct RangeResult: Sendable {
        var table: CSVNumericColumns
        var lines: Int
        var rows: Int
    }

    /// Appends the rows of the range that follows what this table holds, renumbering its
    /// line and row numbers from where this table's stand.
    private mutating func append(_ part: RangeResult, state: inout ParseState) {
        let keptBefore = y.count
        let rowsBefore = state.row
        if state.xColumn == nil {
            // x is the data row number, counted from the range's start.
            x.append(contentsOf: part.table.x.lazy.map { $0 + Double(rowsBefore) })
        } else {
            x.append(contentsOf: part.table.x)
        }
        y.append(contentsOf: part.table.y)
        keptBeforeSkipped.append(contentsOf: part.table.keptBeforeSkipped.lazy.map { $0 + keptBefore })
        report.merge(part.table.report, lineOffset: state.lineNumber)
        state.lineNumber += part.lines
        state.row += part.rows
    }

    /// The offset of the first line that starts at or after `offset` (just past a newline at
    /// `offset - 1` or later), nil when no newline follows before `limit`. Reads 64 KB at a time.
    private static func lineStart(fd: Int32, path: String, atOrAfter offset: Int, before limit: Int) throws(FeedError) -> Int? {
        var block = [UInt8](repeating: 0, count: 1 << 16)
        var position = offset - 1
        while position < limit {
            let count = block.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(position)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .readFailed(path: path, errno: errno)
            }
            if count == 0 { return nil }
            if let k = block[0..<count].firstIndex(of: ASCII.newline) { return position + k + 1 }
            position += count
        }
        return nil
    }

    /// Reads and parses the input from `offset` (with pread(2); from the descriptor's current
    /// position with read(2) when nil, as a pipe or FIFO needs)
    /// up to `limit` (the end of the input when nil; else a line start), a buffer at a time.
    /// `reserveFor` is how many bytes' worth of rows the columns should make room for once the
    /// first buffer shows the bytes per row (0: no reservation).
    private mutating func stream(
        fd: Int32, path: String, from offset: Int?, to limit: Int?, reserveFor reserveBytes: Int, state: inout ParseState
    ) throws(FeedError) {
        // The field parsers stop at a newline without bounds checks and may read a whole 8-byte
        // word at a time: the buffer always has `padding` bytes past the last newline parsed.
        let bufferSize = Self.bufferSize
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: bufferSize + Self.padding + 1)
        defer { buffer.deallocate() }
        buffer.initialize(repeating: ASCII.nul, count: bufferSize + Self.padding + 1)
        var position = offset
        var filled = 0
        var total = 0
        var skippingLongLine = false
        var reserved = reserveBytes <= 0
        while true {
            var wanted = bufferSize - filled
            if let limit, let position { wanted = min(wanted, limit - position) }
            let count: Int
            if let offset = position {
                count = wanted > 0 ? pread(fd, buffer + filled, wanted, off_t(offset)) : 0
            } else {
                count = Glibc.read(fd, buffer + filled, wanted)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .readFailed(path: path, errno: errno)
            }
            if let offset = position { position = offset + count }
            total += count
            filled += count
            let atEnd = count == 0
            if atEnd && filled > 0 && buffer[filled - 1] != ASCII.newline {
                buffer[filled] = ASCII.newline  // a last line without one
                filled += 1
            }
            var last = filled - 1
            while last >= 0 && buffer[last] != ASCII.newline { last -= 1 }
            if last < 0 {
                if atEnd { break }
                if filled == bufferSize {  // no newline in a whole buffer: skip to the next one
                    if !skippingLongLine {
                        state.lineNumber += 1
                        report.lines += 1
                        report.record(BadLine(line: state.lineNumber, kind: .lineTooLong))
                        if state.headerDone {
                            keptBeforeSkipped.append(y.count)
                            state.row += 1
                        }
                    }
                    skippingLongLine = true
                    filled = 0
                }
                continue
            }
            var from = 0
            if skippingLongLine {  // the rest of the long line ends at the first newline
                while buffer[from] != ASCII.newline { from += 1 }
                from += 1
                skippingLongLine = false
            }
            let end = last + 1
            try parse(UnsafePointer(buffer + from), UnsafePointer(buffer + end), path: path, state: &state)
            if !reserved, state.headerDone, y.count > 0 {
                // Room for the reserved bytes at the first chunk's bytes per row (plus 5 %).
                let estimate = Int(Double(reserveBytes) / Double(max(1, end)) * Double(y.count) * 1.05)
                x.reserveCapacity(estimate)
                y.reserveCapacity(estimate)
                Self.adviseHugePages(&x)
                Self.adviseHugePages(&y)
                reserved = true
            }
            let rest = filled - end
            if rest > 0 { memmove(buffer, buffer + end, rest) }  // the partial last line, to the front
            filled = rest
            if atEnd { break }
        }
        report.bytes += total
    }

    /// Where a streamed parse stands between buffers.
    private struct ParseState {
        let xSource: XSource
        let ySelector: ColumnSelector?
        var headerDone = false
        var delimiter: UInt8 = ASCII.comma
        var xColumn: Int?
        var yColumn = 1
        var lastColumn = 1
        var lineNumber = 0
        var row = 0
        let scratch = ParseScratch()
        let batch = RowBatch()

        init(xSource: XSource, ySelector: ColumnSelector?) {
            self.xSource = xSource
            self.ySelector = ySelector
        }
    }

    /// Parses the whole lines in `start ..< end` (`end[-1]` is a newline, readable padding follows).
    private mutating func parse(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, path: String, state: inout ParseState) throws(FeedError) {
        var p = start
        if !state.headerDone {
            // Header: the first non-blank line.
            while p < end {
                var headerEnd = p
                while headerEnd[0] != ASCII.newline { headerEnd += 1 }
                state.lineNumber += 1
                var contentEnd = headerEnd
                if contentEnd > p, contentEnd[-1] == ASCII.carriageReturn { contentEnd -= 1 }
                if contentEnd > p {
                    state.delimiter = CSVRecordParser.detectDelimiter(p, contentEnd)
                    header = CSVRecordParser.splitHeader(p, contentEnd, delimiter: state.delimiter)
                    state.yColumn = try state.ySelector.map { (s) throws(FeedError) in try column(s, option: "--y") } ?? defaultYColumn()
                    if case .column(let selector) = state.xSource { state.xColumn = try column(selector, option: "--x") }
                    state.lastColumn = max(state.yColumn, state.xColumn ?? 0)
                    state.headerDone = true
                    p = headerEnd + 1
                    break
                }
                p = headerEnd + 1
            }
            if !state.headerDone { return }
        }
        let delimiter = state.delimiter
        let xColumn = state.xColumn
        let yColumn = state.yColumn
        let lastColumn = state.lastColumn
        let scratch = state.scratch
        var row = state.row
        var lineNumber = state.lineNumber
        defer {
            state.row = row
            state.lineNumber = lineNumber
        }
        // The plain form (`x,y` as the first two columns, nothing after them) goes through the
        // tick reader's plain-line arithmetic, a run of lines at a time; the first line of
        // another form (or a bad one) is left to the general loop below, then plain lines again.
        let plain = xColumn == 0 && yColumn == 1 && lastColumn == 1
        while p < end {
            if plain {
                let taken = appendPlainRows(from: p, to: end, delimiter: delimiter, scratch: scratch, batch: state.batch)
                if taken.lines > 0 {
                    p = taken.next
                    row &+= taken.lines
                    lineNumber &+= taken.lines
                    if p >= end { break }
                }
            }
            let lineStart = p
            lineNumber += 1
            var field = 0
            var xValue = Double.nan
            var yValue = Double.nan
            var bad: BadLineKind?
            var q = UnsafePointer(p)
            var blank = q[0] == ASCII.newline || (q[0] == ASCII.carriageReturn && q[1] == ASCII.newline)
            while !blank, field <= lastColumn {
                if field == yColumn || field == xColumn {
                    let fieldStart = q
                    var (status, value) = CSVFieldParsers.number(&q, delimiter: delimiter, scratch: scratch)
                    if status == .malformed && field == xColumn && field != yColumn {
                        // A date-time x (`2024-03-01`): epoch seconds.
                        q = fieldStart
                        let time = CSVFieldParsers.time(&q, delimiter: delimiter, unit: .auto, scratch: scratch)
                        status = time.status
                        value = Double(time.nanoseconds) / 1e9
                    }
                    if status != .ok {
                        bad = status == .unterminatedQuote ? .unterminatedQuote : .malformedNumber
                        break
                    }
                    if field == yColumn { yValue = value }
                    if field == xColumn { xValue = value }
                } else if CSVFieldParsers.skip(&q, delimiter: delimiter) != .ok {
                    bad = .unterminatedQuote
                    break
                }
                if field < lastColumn {
                    guard q[0] == delimiter else {
                        bad = .missingField
                        break
                    }
                    q += 1
                }
                field += 1
            }
            var next = q
            while next[0] != ASCII.newline { next += 1 }
            p = next + 1
            if blank || (next == lineStart) {
                blank = true
                report.blankLines += 1
                continue
            }
            report.lines += 1
            if let bad {
                report.record(BadLine(line: lineNumber, kind: bad))
                keptBeforeSkipped.append(y.count)
            } else {
                x.append(xColumn == nil ? Double(row) : xValue)
                y.append(yValue)
                report.ticks += 1
            }
            row += 1
        }
    }

    /// Appends the rows of the plain lines from `start` (each `x,y` then `\n`, `\r\n` or more
    /// columns, which are not read: x an
    /// integer of 1–15 digits or a plain decimal, y a plain decimal, as
    /// ``CSVRecordParser/plainDecimal(_:powers:integerPowers:)`` takes them) until `stop` or the
    /// first other line; returns how many lines it took and where it stopped. Each value is the
    /// one the general loop computes (the same exact-mantissa arithmetic as
    /// ``DecimalParser/parseFast(_:scratch:)``: an integer below 2⁵³ is exact, a decimal is one
    /// IEEE division of exact operands), so the fast path changes the cost, never a number.
    /// About a quarter of the general loop's instructions a row. Not inlined, so the general
    /// loop's live values do not crowd its registers.
    /// The rows go to the columns through `batch`, `RowBatch.capacity` at a time: one
    /// `append(contentsOf:)` a batch instead of two `append`s a row, each of which checks the
    /// array's uniqueness (a runtime call) and capacity (callgrind, 10⁶ rows: 27 of the loop's
    /// 214 instructions a row).
    @inline(never)
    private mutating func appendPlainRows(
        from start: UnsafePointer<UInt8>, to stop: UnsafePointer<UInt8>, delimiter: UInt8, scratch: ParseScratch,
        batch: RowBatch
    ) -> (lines: Int, next: UnsafePointer<UInt8>) {
        let powers = UnsafePointer(scratch.powersOfTen)
        let integerPowers = UnsafePointer(scratch.integerPowersOfTen)
        let batchX = batch.x
        let batchY = batch.y
        var pending = 0
        var leading = CSVRecordParser.LeadingDigits()
        var p = start
        var next = start
        var lines = 0
        func flush() {
            x.append(contentsOf: UnsafeBufferPointer(start: batchX, count: pending))
            y.append(contentsOf: UnsafeBufferPointer(start: batchY, count: pending))
            pending = 0
        }
        defer { flush() }
        while p < stop {
            var xValue: Double
            var q = p
            // Multiplier 1: the integer itself (at most 15 digits, so exact as a Double).
            if let whole = CSVRecordParser.plainTime(&q, multiplier: 1, integerPowers: integerPowers, leading: &leading),
                q[0] == delimiter
            {
                xValue = SWARDigits.exactDouble(UInt64(whole))
            } else {
                q = p
                guard let decimal = CSVRecordParser.plainDecimal(&q, powers: powers, integerPowers: integerPowers),
                    q[0] == delimiter
                else { break }
                xValue = decimal
            }
            q += 1
            guard let yValue = CSVRecordParser.plainDecimal(&q, powers: powers, integerPowers: integerPowers) else { break }
            if q[0] == ASCII.newline {
                q += 1
            } else if q[0] == ASCII.carriageReturn && q[1] == ASCII.newline {
                q += 2
            } else if q[0] == delimiter {
                // Columns after y are not read, as in the general loop: on to the newline.
                while q[0] != ASCII.newline { q += 1 }
                q += 1
            } else {
                break
            }
            batchX[pending] = xValue
            batchY[pending] = yValue
            pending &+= 1
            if pending == RowBatch.capacity { flush() }
            lines &+= 1
            p = q
            next = q
        }
        report.lines &+= lines
        report.ticks &+= lines
        return (lines, next)
    }

    /// The y column when `--y` is not given: the first header name that is a value alias (in
    /// alias order, as the tick reader picks its value), else column 1.
    private func defaultYColumn() -> Int {
        let names = header.map(CSVColumnAliases.normalize)
        for alias in CSVColumnAliases.value {
            if let i = names.firstIndex(of: alias) { return i }
        }
        return min(1, max(0, header.count - 1))
    }

    private func column(_ selector: ColumnSelector, option: String) throws(FeedError) -> Int {
        switch selector {
        case .index(let index):
            guard index < header.count else {
                throw .unknownColumn(option: option, selector: selector.description, header: header)
            }
            return index
        case .name(let name):
            let wanted = name.lowercased()
            guard let index = header.firstIndex(where: { $0.lowercased() == wanted }) else {
                throw .unknownColumn(option: option, selector: name, header: header)
            }
            return index
        }
    }
}

/// The rows ``CSVNumericColumns`` parses on its plain-line path before they are appended to the
/// columns in one go: `capacity` x and y values, allocated once per read.
///
/// Invariant: used by one parse at a time (the read that made it); only the first `pending`
/// entries the parse counts are initialized when they are appended.
private final class RowBatch {
    static let capacity = 512
    let x: UnsafeMutablePointer<Double>
    let y: UnsafeMutablePointer<Double>

    init() {
        x = .allocate(capacity: Self.capacity)
        y = .allocate(capacity: Self.capacity)
    }

    deinit {
        x.deallocate()
        y.deallocate()
    }
}

extension CSVNumericColumns {
    /// Asks the kernel to back the untouched part of `column`'s reserved storage with
    /// transparent huge pages (a hint; nothing changes where THP is off). Why: a 10 M-row
    /// file's two columns are 160 MB faulted in 4 KB at a time, and the faults and page
    /// clearing took as long as the parse (perf of `liveticker downsample`). O(1).
    static func adviseHugePages(_ column: inout [Double]) {
        #if canImport(Glibc)
        let huge = 2 << 20
        let capacity = column.capacity
        guard capacity * 8 >= 2 * huge else { return }
        column.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // The reserved storage runs from base to base + capacity; only its whole huge
            // pages are advised (madvise wants page-aligned ranges).
            let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
            let end = (Int(bitPattern: base) + capacity * 8) & ~(huge - 1)
            guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(pointer, end - start, MADV_HUGEPAGE)
        }
        #endif
    }
}
