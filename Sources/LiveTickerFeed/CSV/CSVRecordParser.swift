import LiveTickerCore

#if canImport(Glibc)
import Glibc
#endif

/// The CSV tick parser proper: turns complete lines in a byte buffer into ticks.
///
/// It sees bytes only (no `String` per line or field, no allocation per line): the first
/// non-blank line decides the delimiter and, when it is a header, the ``CSVColumnLayout``; every
/// further line is walked once, field by field, with the parser for its column's role. Lines that
/// fail are skipped, counted by kind in ``report`` and the first few remembered; in strict mode
/// the first one is thrown instead.
///
/// Buffer contract for ``parseLines(_:start:end:into:count:)``: `[start, end)` holds complete
/// lines and `end - 1` is a `\n`, so scans stop at a newline without bounds checks.
struct CSVRecordParser {
    let options: FeedOptions
    let scratch = ParseScratch()
    /// The layout, once the first non-blank line has been seen.
    var layout: CSVColumnLayout?
    /// The delimiter, once the first non-blank line has been seen.
    var delimiter: UInt8 = ASCII.comma
    /// Physical lines consumed so far (1-based number of the last line).
    var lineNumber = 0
    var report: FeedReport
    private(set) var symbols = SymbolTable()
    private let symbolFilter: [UInt8]?
    /// Per-column roles, indexed by column, `roleCount` long.
    var roles: [ColumnRole] = []
    /// CSV, or the JSON or line-protocol format the first line showed.
    var textFormat = TickTextFormat.csv
    /// The decoder of a JSON or line-protocol input.
    var json: JSONTickDecoder?
    var lineProtocol: LineProtocolDecoder?
    /// Ticks decoded from a line that did not fit the batch, delivered first next time.
    var pending: [QueuedRecord] = []
    /// Set by the reader once the input has ended (an unfinished JSON element is then bad).
    var atEndOfInput = false
    /// JSON array: 1 before the first element, 3 after a comma, 4 after an element, 2 closed.
    var jsonArrayState = 0
    var reportedUnclosedArray = false
    /// The JSON array is a REST response's records inside an object spread over many lines
    /// (`{ "results": [ … ], … }`, pretty-printed): what follows its `]` is the response's
    /// other keys, not bad lines.
    var jsonArrayWrapped = false
    /// A JSON document (``TickTextFormat/jsonDocument``) is open: its end is being looked for.
    var documentOpen = false
    /// Where the open document ends, found a read at a time.
    var documentEnd = JSONTextEnd()
    /// The line the open document starts on (its records are reported under it).
    var documentLine = 0
    /// The open document's bytes read so far, when it spans reads (empty while it fits one);
    /// never more than ``FeedOptions/maximumDocumentBytes``.
    var documentBytes: [UInt8] = []
    /// The open document outgrew ``FeedOptions/maximumDocumentBytes``: it is read past, not kept.
    var documentTooLong = false
    /// The last bid and ask a bid/ask file of one instrument gave (NaN before the first), for
    /// the lines that leave one side empty.
    var heldBid = Double.nan, heldAsk = Double.nan
    /// Live peers: a header naming no usable columns is a counted ``BadLineKind/badHeader``
    /// line rather than an error (see ``beginDocument()``).
    var badHeadersAreBadLines = false
    /// The current document's header was refused: its lines count as ``BadLineKind/badHeader``.
    var refusedHeader = false
    /// Whether the first line may switch the input to NDJSON, a JSON array or line protocol.
    /// Off for UDP datagrams: they share one parser (one symbol table per format), so a
    /// datagram that looked like JSON would make every later one read as JSON; they are CSV.
    var detectsTextFormats = true
    /// The headerless layout and its roles, kept so that a run of headerless datagrams (each a
    /// new document) allocates nothing.
    var headerless: (layout: CSVColumnLayout, roles: [ColumnRole])?
    /// The number of a last line the reader gave its missing newline: if that line does not
    /// parse, it was cut off mid-write, and it is counted as ``BadLineKind/truncatedLastLine``
    /// rather than as the field that failed.
    var unterminatedLine = -1
    /// Several value columns (`--value a,b,c`): the series id of each value column for each
    /// line symbol, `moreValues.count + 1` ids per line symbol id (`SymbolID.none`-like
    /// `UInt32.max` until named). Grows once per new line symbol.
    var valueSeriesIDs: [UInt32] = []

    init(options: FeedOptions) {
        self.options = options
        report = FeedReport(maximumRemembered: options.reportedBadLines)
        symbolFilter = options.symbol.map { Array($0.utf8) }
        if let filter = symbolFilter { _ = symbols.insert(filter) }
    }

    /// Forgets every symbol name but the `--symbol` filter's; ids restart from it. O(names) to free.
    mutating func forgetSymbols() {
        symbols = SymbolTable()
        if let filter = symbolFilter { _ = symbols.insert(filter) }
    }

    /// Whether any line at all (header or data) has been seen.
    var sawFirstLine: Bool { layout != nil || refusedHeader || textFormat != .csv }

    /// Parses complete lines from `start` until `end` or until `storage` is full, appending ticks
    /// at `count`. Returns where it stopped (the start of the first unparsed line). O(bytes).
    mutating func parseLines(
        _ base: UnsafeMutablePointer<UInt8>, start: Int, end: Int, into storage: TickBatchStorage, count: inout Int
    ) throws(FeedError) -> Int {
        var p = UnsafePointer(base + start)
        let stop = UnsafePointer(base + end)
        if refusedHeader { return try countRefusedLines(base, start: start, end: end) }
        if layout == nil && textFormat == .csv {
            p = try parseFirstLine(p, stop: stop)
            if refusedHeader { return try countRefusedLines(base, start: p - UnsafePointer(base), end: end) }
            if layout == nil && textFormat == .csv { return p - UnsafePointer(base) }
        }
        if textFormat != .csv {
            return try parseTextRecords(base, start: p - UnsafePointer(base), end: end, into: storage, count: &count)
        }
        guard let layout else { return p - UnsafePointer(base) }
        let hasBars = layout.hasBars
        // A followed file's new layout decides (a bar file replaced by a tick file).
        if hasBars { storage.enableBars() } else if storage.bars != nil { storage.disableBars() }
        let moreValues = layout.moreValues
        let moreCount = moreValues.count
        let ticksPerLine = 1 &+ moreCount
        let moreSlots = scratch.moreValues

        let delimiter = self.delimiter
        let scratch = self.scratch
        let unit = layout.timeUnit
        let lastNeeded = layout.lastNeeded
        let lastRequired = layout.lastRequired
        let valueIsMid = layout.valueIsMid
        let hasSymbol = layout.symbol != nil
        // A quote file of one instrument that writes only the side that changed (MetaTrader 5's
        // ticks leave the other empty): the last bid and ask seen stand for the missing one.
        var heldBid = self.heldBid
        var heldAsk = self.heldAsk
        defer {
            self.heldBid = heldBid
            self.heldAsk = heldAsk
        }
        let hasDate = layout.date != nil
        let from = options.from ?? .min
        let to = options.to ?? .max
        let hasTimeRange = options.from != nil || options.to != nil
        let plainColumns = Self.plainColumns(layout)
        let kernelLevel = options.plainLineKernelLevel
        let capacity = storage.capacity
        let ticks = storage.ticks
        let tickSymbols = storage.symbols
        let bars = storage.bars
        var n = count
        var line = lineNumber
        var delivered = 0
        var nonFinite = 0
        var blank = 0
        var filteredByTime = 0
        // The previous line's symbol, copied (the line's bytes move on the next read): most
        // tick files repeat a symbol over many lines, so one memcmp usually replaces the hash.
        var lastSymbol = SymbolID.first
        var lastSymbolCount = -1
        let lastSymbolBytes = scratch.lastSymbol
        defer {
            count = n
            lineNumber = line
            report.ticks &+= delivered
            if hasBars { report.bars &+= delivered }
            report.nonFiniteValues &+= nonFinite
            report.blankLines &+= blank
            report.filteredByTime &+= filteredByTime
        }
        return try roles.withUnsafeBufferPointer { (roles) throws(FeedError) -> Int in
            let roleCount = roles.count
            while p < stop && n &+ ticksPerLine <= capacity {
                if plainColumns > 0 {
                    // Plain lines in a tight loop; the first other line (if any) is parsed below.
                    let run = Self.parsePlainLines(
                        p, stop: stop, columns: plainColumns, delimiter: delimiter, unit: unit,
                        hasTimeRange: hasTimeRange, from: from, to: to, scratch: scratch, ticks: ticks,
                        symbols: tickSymbols, count: n, capacity: capacity, kernelLevel: kernelLevel)
                    p = run.next
                    n = run.count
                    line &+= run.lines
                    delivered &+= run.lines &- run.filteredByTime
                    filteredByTime &+= run.filteredByTime
                    if run.filteredByTime > 0 { report.noteFiltered(earliest: run.filteredEarliest, latest: run.filteredLatest) }
                    if p >= stop || n &+ ticksPerLine > capacity { break }
                }
                line &+= 1
                let lineStart = p
                if p[0] == ASCII.newline || (p[0] == ASCII.carriageReturn && p[1] == ASCII.newline) {
                    blank &+= 1
                    p += p[0] == ASCII.newline ? 1 : 2
                    continue
                }
                var time: Int64 = 0
                var value = Double.nan
                var size = 0.0
                var bid = Double.nan
                var ask = Double.nan
                var open = Double.nan
                var high = Double.nan
                var low = Double.nan
                var symbolStart: UnsafePointer<UInt8>? = nil
                var symbolCount = 0
                var dateNanoseconds: Int64 = 0
                var column = 0
                var failure: CSVFieldParsers.Status = .ok
                var failedRole = ColumnRole.ignore
                for j in 0..<moreCount { moreSlots[j] = .nan }
                fields: while true {
                    let role = column < roleCount ? roles[column] : .ignore
                    switch role {
                    case .ignore:
                        failure = CSVFieldParsers.skip(&p, delimiter: delimiter)
                    case .time:
                        let r = CSVFieldParsers.time(&p, delimiter: delimiter, unit: unit, scratch: scratch)
                        time = r.nanoseconds
                        failure = r.status == .empty ? .malformed : r.status
                    case .moreValue:
                        let r = CSVFieldParsers.number(&p, delimiter: delimiter, scratch: scratch)
                        failure = r.status == .empty ? .ok : r.status
                        var slot = 0
                        while slot < moreCount && moreValues[slot] != column { slot &+= 1 }
                        if slot < moreCount { moreSlots[slot] = r.value }
                    case .value, .size, .bid, .ask, .open, .high, .low:
                        let r =
                            role == .size
                            ? CSVFieldParsers.volume(&p, delimiter: delimiter, scratch: scratch)
                            : CSVFieldParsers.number(&p, delimiter: delimiter, scratch: scratch)
                        failure = r.status == .empty ? .ok : r.status
                        switch role {
                        case .value: value = r.value
                        case .size: size = r.status == .empty ? 0 : r.value
                        case .bid: bid = r.value
                        case .open: open = r.value
                        case .high: high = r.value
                        case .low: low = r.value
                        default: ask = r.value
                        }
                    case .date:
                        let r = CSVFieldParsers.time(&p, delimiter: delimiter, unit: unit, scratch: scratch, form: .date)
                        dateNanoseconds = r.nanoseconds
                        failure = r.status == .empty ? .malformed : r.status
                    case .symbol:
                        let r = CSVFieldParsers.symbol(&p, delimiter: delimiter, scratch: scratch)
                        failure = r.status
                        // Unquoted symbols point into the line, quoted ones into scratch's
                        // symbol area, which no other field uses.
                        symbolStart = r.start
                        symbolCount = r.count
                    }
                    if failure != .ok {
                        failedRole = role
                        break fields
                    }
                    if p[0] == delimiter {
                        p += 1
                        column &+= 1
                        if column > lastNeeded { break fields }
                        continue
                    }
                    break fields
                }
                // Move past this line's newline; scans above stopped at or before it.
                if p[0] != ASCII.newline {
                    p = UnsafePointer(memchr(p, Int32(ASCII.newline), stop - p)!.assumingMemoryBound(to: UInt8.self))
                }
                let lineEnd = p
                p += 1
                if failure != .ok {
                    let kind: BadLineKind
                    switch failure {
                    case .unterminatedQuote: kind = .unterminatedQuote
                    case .outOfRange: kind = .timeOutOfRange
                    default:
                        switch failedRole {
                        case .time, .date: kind = .malformedTime
                        case .symbol: kind = .badSymbol
                        default: kind = .malformedNumber
                        }
                    }
                    try badLine(
                        kind, line: line, column: failure == .unterminatedQuote ? nil : column, start: lineStart,
                        end: lineEnd)
                    continue
                }
                if column < lastRequired {
                    try badLine(.missingField, line: line, column: column + 1, start: lineStart, end: lineEnd)
                    continue
                }
                if valueIsMid {
                    if !hasSymbol {
                        if bid.isNaN { bid = heldBid } else { heldBid = bid }
                        if ask.isNaN { ask = heldAsk } else { heldAsk = ask }
                    }
                    value = bid * 0.5 + ask * 0.5
                }
                if hasDate { time &+= dateNanoseconds }
                var symbol = SymbolID.first
                if hasSymbol {
                    let start = symbolStart ?? lineEnd
                    if let filter = symbolFilter {
                        if !Self.equal(start, symbolCount, filter) {
                            report.filteredBySymbol &+= 1
                            report.noteFiltered(time: time)
                            // Names of the other symbols, so a run that charts nothing can list them.
                            if symbols.count < 1024 && symbolCount <= ParseScratch.maximumSymbolLength {
                                _ = symbols.insert(start, count: symbolCount)
                            }
                            continue
                        }
                    } else if symbolCount == lastSymbolCount && memcmp(lastSymbolBytes, start, symbolCount) == 0 {
                        symbol = lastSymbol
                    } else if symbolCount > ParseScratch.maximumSymbolLength {
                        try badLine(.badSymbol, line: line, column: layout.symbol, start: lineStart, end: lineEnd)
                        continue
                    } else if let id = symbols.insert(start, count: symbolCount) {
                        symbol = id
                        lastSymbol = id
                        lastSymbolCount = symbolCount
                        lastSymbolBytes.update(from: start, count: symbolCount)
                    } else {
                        try badLine(.badSymbol, line: line, column: layout.symbol, start: lineStart, end: lineEnd)
                        continue
                    }
                }
                if hasTimeRange && (time < from || time >= to) {
                    filteredByTime &+= 1
                    report.noteFiltered(time: time)
                    continue
                }
                if moreCount > 0 {
                    // One tick per value column, each to its own series.
                    let ids = valueSeriesBase(forLine: symbol, layout: layout)
                    for j in 0..<ticksPerLine {
                        let v = j == 0 ? value : moreSlots[j &- 1]
                        if !v.isFinite { nonFinite &+= 1 }
                        ticks[n] = Tick(time: time, value: v, size: size)
                        tickSymbols[n] = SymbolID(valueSeriesIDs[ids &+ j])
                        n &+= 1
                    }
                    delivered &+= ticksPerLine
                    continue
                }
                if !value.isFinite { nonFinite &+= 1 }
                ticks[n] = Tick(time: time, value: value, size: size)
                if hasBars, let bars {
                    bars[n] = .bar(time: time, open: open, high: high, low: low, close: value, volume: size)
                }
                tickSymbols[n] = symbol
                n &+= 1
                delivered &+= 1
            }
            return p - UnsafePointer(base)
        }
    }

    /// Index in ``valueSeriesIDs`` of the first of the line symbol's value-column series ids,
    /// naming them when the symbol is new: each value column's name, `symbol.column` when the
    /// file has a symbol column. O(1) per line; allocates once per new line symbol.
    @inline(__always)
    mutating func valueSeriesBase(forLine symbol: SymbolID, layout: CSVColumnLayout) -> Int {
        let perLine = layout.moreValues.count &+ 1
        let base = Int(symbol.rawValue) &* perLine
        if base &+ perLine <= valueSeriesIDs.count && valueSeriesIDs[base] != UInt32.max { return base }
        return nameValueSeries(forLine: symbol, base: base, layout: layout)
    }

    private mutating func nameValueSeries(forLine symbol: SymbolID, base: Int, layout: CSVColumnLayout) -> Int {
        let names = layout.valueColumnNames
        if valueSeriesIDs.count < base &+ names.count {
            valueSeriesIDs.append(contentsOf: repeatElement(UInt32.max, count: base &+ names.count &- valueSeriesIDs.count))
        }
        let prefix: [UInt8] = layout.symbol != nil ? Array(symbols.name(of: symbol).utf8) + [UInt8(ascii: ".")] : []
        for (j, name) in names.enumerated() {
            // A full table (65 536 names) folds further series into the line's own symbol.
            valueSeriesIDs[base &+ j] = symbols.insert(prefix + Array(name.utf8))?.rawValue ?? symbol.rawValue
        }
        return base
    }

    private static func equal(_ bytes: UnsafePointer<UInt8>, _ count: Int, _ expected: [UInt8]) -> Bool {
        guard count == expected.count else { return false }
        return expected.withUnsafeBufferPointer { memcmp($0.baseAddress!, bytes, count) == 0 || count == 0 }
    }

    /// Counts (and in strict mode throws) one bad line. Allocates only while remembering it.
    mutating func badLine(
        _ kind: BadLineKind, line: Int, column: Int?, start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>
    ) throws(FeedError) {
        let cut = line == unterminatedLine
        let kind = cut ? .truncatedLastLine : kind
        let column = cut ? nil : column
        let remember = options.strict || report.firstBadLines.count < report.maximumRemembered
        let columnName = column.map { layout?.name(of: $0) ?? String($0) } ?? ""
        let bad = BadLine(
            line: line, kind: kind, column: remember ? columnName : "",
            excerpt: remember ? Self.excerpt(start, end) : "")
        report.record(bad)
        if options.strict { throw .badLine(bad) }
    }

    /// The first 80 bytes of a line without its line ending, non-printable bytes escaped.
    static func excerpt(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> String {
        BadLine.excerpt(start, end)
    }

    /// Counts a line the reader skipped because it did not fit its buffer.
    mutating func overlongLine(excerptFrom start: UnsafePointer<UInt8>, count: Int) throws(FeedError) {
        lineNumber += 1
        try badLine(.lineTooLong, line: lineNumber, column: nil, start: start, end: start + min(count, 80))
    }

    /// Counts an unterminated last line the reader judged cut off mid-write (see
    /// ``BadLineKind/truncatedLastLine``).
    mutating func truncatedLastLine(excerptFrom start: UnsafePointer<UInt8>, count: Int) throws(FeedError) {
        lineNumber += 1
        try badLine(.truncatedLastLine, line: lineNumber, column: nil, start: start, end: start + count)
    }
}
