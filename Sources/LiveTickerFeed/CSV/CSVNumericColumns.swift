#if canImport(Glibc)
import Glibc
#endif

/// Two numeric columns of a CSV file with a header, read whole: the input of batch jobs such
/// as `liveticker downsample` (any x/y data, not only ticks).
///
/// Uses the tick reader's field parsers (delimiter detection, RFC 4180 quotes, correctly
/// rounded decimals), so both read a file the same way. A row whose selected fields are missing
/// or not numbers is skipped, counted and its line number remembered; `nan`/`inf` are kept
/// (they are gaps to a downsampler). Cost: O(file size); holds the file and the columns.
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
    /// The 0-based data row (header excluded, bad rows counted) of each kept row.
    public private(set) var rows: [Int] = []
    /// Lines read and bad lines by kind, with the first few line numbers.
    public private(set) var report = FeedReport()

    /// NUL bytes after the data: more than the widest read a field parser makes past a newline.
    static let padding = 32

    /// Reads `path` (`-` for standard input). x defaults to the first column and y to the
    /// second; names match case-insensitively.
    /// - Throws: ``FeedError`` when the file cannot be read, has no header, or a named column
    ///   is not in it.
    public static func read(path: String, x: XSource = .column(.index(0)), y: ColumnSelector = .index(1)) throws(FeedError) -> CSVNumericColumns {
        var bytes = try readWholeFile(path)
        // The field parsers stop at a newline without bounds checks and may read a whole 8-byte
        // word at a time: end with a newline, then NUL padding wider than any such read.
        if bytes.last != ASCII.newline { bytes.append(ASCII.newline) }
        bytes.append(contentsOf: repeatElement(ASCII.nul, count: Self.padding))
        var table = CSVNumericColumns()
        try bytes.withUnsafeBufferPointer { buffer throws(FeedError) in
            try table.parse(buffer, path: path, xSource: x, ySelector: y)
        }
        return table
    }

    private mutating func parse(_ buffer: UnsafeBufferPointer<UInt8>, path: String, xSource: XSource, ySelector: ColumnSelector) throws(FeedError) {
        let base = buffer.baseAddress!
        let end = UnsafePointer(base) + (buffer.count - Self.padding)  // the first padding NUL
        var p = UnsafePointer(base)
        var lineNumber = 0
        // Header: the first non-blank line.
        var headerEnd = p
        while p < end {
            headerEnd = p
            while headerEnd[0] != ASCII.newline { headerEnd += 1 }
            lineNumber += 1
            var contentEnd = headerEnd
            if contentEnd > p, contentEnd[-1] == ASCII.carriageReturn { contentEnd -= 1 }
            if contentEnd > p { break }
            p = headerEnd + 1
        }
        guard p < end else { throw .emptyInput(path: path) }
        var contentEnd = headerEnd
        if contentEnd > p, contentEnd[-1] == ASCII.carriageReturn { contentEnd -= 1 }
        let delimiter = CSVRecordParser.detectDelimiter(p, contentEnd)
        header = CSVRecordParser.splitHeader(p, contentEnd, delimiter: delimiter)
        let yColumn = try column(ySelector, option: "--y")
        var xColumn: Int?
        if case .column(let selector) = xSource { xColumn = try column(selector, option: "--x") }
        let lastColumn = max(yColumn, xColumn ?? 0)
        p = headerEnd + 1

        let scratch = ParseScratch()
        var row = 0
        while p < end {
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
                    let (status, value) = CSVFieldParsers.number(&q, delimiter: delimiter, scratch: scratch)
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
            } else {
                x.append(xColumn == nil ? Double(row) : xValue)
                y.append(yValue)
                rows.append(row)
                report.ticks += 1
            }
            row += 1
        }
        report.bytes = buffer.count - Self.padding
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

    private static func readWholeFile(_ path: String) throws(FeedError) -> [UInt8] {
        let fd = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(path: path, errno: errno) }
        defer { if fd != 0 { close(fd) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .readFailed(path: path, errno: errno)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }
}
