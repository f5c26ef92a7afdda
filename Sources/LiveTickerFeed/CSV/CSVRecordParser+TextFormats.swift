import LiveTickerCore

#if canImport(Glibc)
import Glibc
#endif

/// What a text tick input holds, decided on its first non-blank line.
public enum TickTextFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Delimited lines with or without a header.
    case csv = "CSV"
    /// One JSON text per line (newline-delimited JSON, JSON Lines).
    case ndjson = "NDJSON"
    /// One JSON array of records (objects or array rows), over any number of lines.
    case jsonArray = "JSON array"
    /// JSON texts spread over many lines, one after another (a pretty-printed REST response,
    /// `jq` output): each is decoded whole once its closing bracket is read.
    case jsonDocument = "JSON document"
    /// InfluxDB line protocol (`measurement,tags fields timestamp`).
    case lineProtocol = "InfluxDB line protocol"

    /// The name used in summaries.
    public var description: String { rawValue }
}

/// A decoded tick (or bar) that did not fit the batch, kept for the next one.
typealias QueuedRecord = (tick: Tick, symbol: SymbolID, bar: Candle?)

/// A sink writing into a reader's batch storage; ticks past its capacity wait in `overflow`
/// (a line-protocol line can hold many fields), which allocates only then. Bars (JSON klines)
/// go into the storage's bar buffer, made on the first bar (once per reader); a tick in a
/// batch of bars is stored as a flat bar, as ``TimeOrderedReader`` does.
struct StorageSink: TickSink {
    let storage: TickBatchStorage
    let ticks: UnsafeMutablePointer<Tick>
    let symbols: UnsafeMutablePointer<SymbolID>
    let capacity: Int
    var count: Int
    var overflow: [QueuedRecord] = []

    init(storage: TickBatchStorage, count: Int) {
        self.storage = storage
        ticks = storage.ticks
        symbols = storage.symbols
        capacity = storage.capacity
        self.count = count
    }

    mutating func consume(_ tick: Tick, symbol: SymbolID) {
        if count < capacity {
            ticks[count] = tick
            symbols[count] = symbol
            if let bars = storage.bars { bars[count] = Self.flatBar(tick) }
            count &+= 1
        } else {
            overflow.append((tick, symbol, nil))
        }
    }

    mutating func consume(bar: Candle, symbol: SymbolID) {
        guard count < capacity else {
            overflow.append((bar.closingTick, symbol, bar))
            return
        }
        if storage.bars == nil {
            storage.enableBars()
            // Ticks already in this batch stand beside the bars as flat bars.
            for i in 0..<count { storage.bars![i] = Self.flatBar(ticks[i]) }
        }
        ticks[count] = bar.closingTick
        symbols[count] = symbol
        storage.bars![count] = bar
        count &+= 1
    }

    /// A tick as a bar whose four prices are its value.
    static func flatBar(_ tick: Tick) -> Candle {
        .bar(time: tick.time, open: tick.value, high: tick.value, low: tick.value, close: tick.value, volume: tick.size)
    }

    /// Delivers a record kept from an earlier batch.
    mutating func consume(_ record: QueuedRecord) {
        if let bar = record.bar { consume(bar: bar, symbol: record.symbol) } else { consume(record.tick, symbol: record.symbol) }
    }
}

extension CSVRecordParser {
    /// Decides NDJSON, JSON array or line protocol from the first non-blank line
    /// `[start, end)` (byte-order mark already skipped); nil means CSV. Only when neither
    /// `--header yes` nor a delimiter was given.
    static func detectTextFormat(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, options: FeedOptions)
        -> TickTextFormat?
    {
        guard options.header == .auto, options.delimiter == nil else { return nil }
        var p = start
        while p < end && (p[0] == ASCII.space || p[0] == ASCII.tab) { p += 1 }
        guard p < end else { return nil }
        switch p[0] {
        case 0x7B: return .ndjson
        case 0x5B:
            // `[1,2]` alone on its line is an NDJSON row; anything else opens one array.
            var scanner = JSONScanner(p, end)
            if scanner.skipValue() {
                var q = p + 1
                while q < end && (q[0] == ASCII.space || q[0] == ASCII.tab) { q += 1 }
                if q < end && q[0] != 0x7B && q[0] != 0x5B { return .ndjson }
            }
            return .jsonArray
        default:
            return LineProtocolDecoder.looksLikeLineProtocol(p, end) ? .lineProtocol : nil
        }
    }

    /// Sets up the decoder for a non-CSV format; returns where parsing continues (after the
    /// opening `[` of a JSON array).
    mutating func begin(_ format: TickTextFormat, at start: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        textFormat = format
        // One decoder for the whole input, however many documents (datagrams) it comes in.
        switch format {
        case .csv: return start
        case .ndjson: if json == nil { json = JSONTickDecoder(options: options) }
        case .lineProtocol: if lineProtocol == nil { lineProtocol = LineProtocolDecoder(options: options) }
        case .jsonArray:
            var p = start
            while p[0] != 0x5B { p += 1 }
            return openArray(p, from: start)
        case .jsonDocument: if json == nil { json = JSONTickDecoder(options: options) }
        }
        return start
    }

    /// Reads a JSON array whose `[` is at `bracket`, counting the lines from `start` to it;
    /// returns where its first element starts.
    private mutating func openArray(_ bracket: UnsafePointer<UInt8>, from start: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        textFormat = .jsonArray
        if json == nil { json = JSONTickDecoder(options: options) }
        jsonArrayState = 1
        countLines(start, bracket)
        return bracket + 1
    }

    /// At the start of an input whose first line outgrows the read buffer `[base, base +
    /// count)`: when that line opens a JSON object (a REST response on one line, as curl saves
    /// it), reads the input as JSON documents from here on and returns where the object starts
    /// (after a byte-order mark); nil otherwise (the line is then skipped as too long). O(1).
    mutating func beginLongDocument(_ base: UnsafePointer<UInt8>, count: Int) -> Int? {
        guard !sawFirstLine, detectsTextFormats, options.header == .auto, options.delimiter == nil else { return nil }
        var i = 0
        if count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF { i = 3 }
        while i < count && (base[i] == ASCII.space || base[i] == ASCII.tab) { i += 1 }
        guard i < count, base[i] == 0x7B else { return nil }
        _ = begin(.jsonDocument, at: base + i)
        return i
    }

    /// Whether the first line `[start, lineEnd)` opens an object it does not close (a
    /// pretty-printed document, not NDJSON). O(line).
    static func opensUnclosedObject(_ start: UnsafePointer<UInt8>, _ lineEnd: UnsafePointer<UInt8>) -> Bool {
        var line = JSONScanner(start, lineEnd)
        line.skipWhitespace()
        return line.hasMore && line.peek == 0x7B && !line.skipValue()
    }

    /// Where the records of a REST response spread over many lines start: the first line
    /// `[start, lineEnd)` opens an object it does not close (pretty-printed, not NDJSON), and
    /// in `[start, stop)` one of its keys (``JSONTickDecoder/wrapperKeys``) holds an array of
    /// records. Returns that array's `[`, else nil (the input is NDJSON, as before).
    static func wrappedArray(
        _ start: UnsafePointer<UInt8>, _ lineEnd: UnsafePointer<UInt8>, stop: UnsafePointer<UInt8>
    ) -> UnsafePointer<UInt8>? {
        guard opensUnclosedObject(start, lineEnd) else { return nil }
        var object = JSONScanner(start, stop)
        object.skipWhitespace()
        object.p += 1
        return JSONTickDecoder.wrappedRecords(object)?.p
    }

    /// Reads the records of a wrapped array whose `[` is at `array` as a JSON array, counting
    /// the lines from `start` to it; the decoder takes the one-letter bar keys of such records.
    mutating func beginWrapped(_ array: UnsafePointer<UInt8>, from start: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        let first = openArray(array, from: start)
        json!.inWrapper = true
        jsonArrayWrapped = true
        return first
    }

    /// Parses NDJSON, JSON-array or line-protocol records from `[start, end)` (complete lines)
    /// until the storage is full; returns where it stopped. A JSON-array element that runs past
    /// `end` is left for the next call (the reader then reads more) unless the input has ended.
    mutating func parseTextRecords(
        _ base: UnsafeMutablePointer<UInt8>, start: Int, end: Int, into storage: TickBatchStorage, count: inout Int
    ) throws(FeedError) -> Int {
        var sink = StorageSink(storage: storage, count: count)
        defer { count = sink.count }
        // Ticks a previous line could not fit.
        if !pending.isEmpty {
            var taken = 0
            while taken < pending.count && sink.count < sink.capacity {
                sink.consume(pending[taken])
                taken += 1
            }
            pending.removeFirst(taken)
            if !pending.isEmpty { return start }
        }
        var p = UnsafePointer(base + start)
        let stop = UnsafePointer(base + end)
        while p < stop && sink.count < sink.capacity {
            if textFormat == .jsonArray {
                guard let next = try parseArrayElement(p, stop: stop, into: &sink) else { break }
                p = next
            } else if textFormat == .jsonDocument {
                p = try parseDocumentPart(p, stop: stop, into: &sink)
            } else {
                let newline = UnsafePointer(memchr(p, Int32(ASCII.newline), stop - p)!.assumingMemoryBound(to: UInt8.self))
                var contentEnd = newline
                if contentEnd > p && contentEnd[-1] == ASCII.carriageReturn { contentEnd -= 1 }
                lineNumber += 1
                var q = p
                while q < contentEnd && (q[0] == ASCII.space || q[0] == ASCII.tab) { q += 1 }
                if q == contentEnd {
                    report.blankLines += 1
                } else if textFormat == .ndjson {
                    json!.currentLine = lineNumber
                    _ = try json!.decodeDocument(UnsafeRawBufferPointer(start: p, count: contentEnd - p), receivedAt: nil, into: &sink)
                } else {
                    lineProtocol!.currentLine = lineNumber
                    _ = try lineProtocol!.line(p, contentEnd, receivedAt: nil, into: &sink)
                }
                p = newline + 1
            }
            if !sink.overflow.isEmpty {
                pending.append(contentsOf: sink.overflow)
                sink.overflow.removeAll()
                break
            }
        }
        return p - UnsafePointer(base)
    }

    /// One step through a JSON array: whitespace and a separator, then one element (or the
    /// closing `]`). Nil when the element is not complete before `stop` and more input may come.
    private mutating func parseArrayElement<S: TickSink>(
        _ start: UnsafePointer<UInt8>, stop: UnsafePointer<UInt8>, into sink: inout S
    ) throws(FeedError) -> UnsafePointer<UInt8>? {
        var p = start
        // Undone when the element is incomplete: the step is retried from `start`.
        let savedState = jsonArrayState
        let savedLine = lineNumber
        // Whitespace, counting lines.
        func skipSpace() {
            while p < stop {
                let b = p[0]
                if b == ASCII.newline {
                    lineNumber += 1
                } else if b != ASCII.space && b != ASCII.tab && b != ASCII.carriageReturn {
                    return
                }
                p += 1
            }
        }
        skipSpace()
        guard p < stop else { return p }
        switch jsonArrayState {
        case 2 where jsonArrayWrapped:
            // The response's other keys after its records: read past, not charted.
            let newline = UnsafePointer(memchr(p, Int32(ASCII.newline), stop - p)!.assumingMemoryBound(to: UInt8.self))
            lineNumber += 1
            return newline + 1
        case 2:
            // After the closing bracket only whitespace may follow.
            let lineStart = p
            let newline = UnsafePointer(memchr(p, Int32(ASCII.newline), stop - p)!.assumingMemoryBound(to: UInt8.self))
            try jsonBad(line: lineNumber + 1, start: lineStart, end: newline)
            lineNumber += 1
            return newline + 1
        case 3:
            // An element is expected after a comma, or the end.
            break
        default:
            if p[0] == 0x2C && jsonArrayState == 4 {
                p += 1
                jsonArrayState = 3
                skipSpace()
                guard p < stop else { return p }
            }
        }
        if p[0] == 0x5D {
            jsonArrayState = 2
            return p + 1
        }
        let elementLine = lineNumber + 1
        var scanner = JSONScanner(p, stop)
        if !scanner.skipValue() {
            if scanner.p >= stop && !atEndOfInput {
                jsonArrayState = savedState
                lineNumber = savedLine
                return nil
            }
            // Not JSON: count it and go on from the next line.
            let newline = UnsafePointer(memchr(p, Int32(ASCII.newline), stop - p)!.assumingMemoryBound(to: UInt8.self))
            try jsonBad(line: elementLine, start: p, end: newline)
            lineNumber += 1
            jsonArrayState = 3
            return newline + 1
        }
        let elementEnd = scanner.p
        json!.currentLine = elementLine
        _ = try json!.decodeDocument(UnsafeRawBufferPointer(start: p, count: elementEnd - p), receivedAt: nil, into: &sink)
        countLines(p, elementEnd)
        jsonArrayState = 4
        return elementEnd
    }

    /// One step through JSON documents: whitespace, then as much of a document as `[start,
    /// stop)` holds. A document read whole is decoded at once; one that runs on is kept (up to
    /// ``FeedOptions/maximumDocumentBytes``, then read past and counted as one bad line) until
    /// its end comes. Returns where parsing goes on.
    private mutating func parseDocumentPart<S: TickSink>(
        _ start: UnsafePointer<UInt8>, stop: UnsafePointer<UInt8>, into sink: inout S
    ) throws(FeedError) -> UnsafePointer<UInt8> {
        var p = start
        if !documentOpen {
            while p < stop && (p[0] == ASCII.space || p[0] == ASCII.tab || p[0] == ASCII.carriageReturn || p[0] == ASCII.newline) {
                if p[0] == ASCII.newline { lineNumber += 1 }
                p += 1
            }
            guard p < stop else { return p }
            guard p[0] == 0x7B || p[0] == 0x5B else {
                // Not a JSON text: the rest of its line is one bad line (the reader hands on
                // every byte it has, so the line may not have ended yet).
                guard let hit = memchr(p, Int32(ASCII.newline), stop - p) else {
                    guard atEndOfInput else { return p }
                    try jsonBad(line: lineNumber + 1, start: p, end: stop)
                    lineNumber += 1
                    return stop
                }
                let newline = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self))
                try jsonBad(line: lineNumber + 1, start: p, end: newline)
                lineNumber += 1
                return newline + 1
            }
            documentOpen = true
            documentEnd = JSONTextEnd()
            documentLine = lineNumber + 1
            documentTooLong = false
        }
        let end = documentEnd.scan(p, stop)
        let partEnd = end ?? stop
        countLines(p, partEnd)
        guard let end else {
            if !documentTooLong {
                if documentBytes.count + (stop - p) > options.maximumDocumentBytes {
                    documentTooLong = true
                    documentBytes = []
                } else {
                    documentBytes.append(contentsOf: UnsafeBufferPointer(start: p, count: stop - p))
                }
            }
            return stop
        }
        documentOpen = false
        json!.currentLine = documentLine
        if documentTooLong {
            try textBad(
                BadLine(
                    line: documentLine, kind: .lineTooLong,
                    excerpt: "JSON document longer than \(options.maximumDocumentBytes) bytes, read past"))
        } else if documentBytes.isEmpty {
            _ = try json!.decodeDocument(UnsafeRawBufferPointer(start: p, count: end - p), receivedAt: nil, into: &sink)
        } else {
            documentBytes.append(contentsOf: UnsafeBufferPointer(start: p, count: end - p))
            let whole = documentBytes
            documentBytes = []
            var thrown: FeedError?
            whole.withUnsafeBytes { bytes in
                do throws(FeedError) {
                    _ = try json!.decodeDocument(bytes, receivedAt: nil, into: &sink)
                } catch {
                    thrown = error
                }
            }
            if let thrown { throw thrown }
        }
        return end
    }

    /// Counts `bad`, a line of a JSON or line-protocol input (and in strict mode throws it).
    private mutating func textBad(_ bad: BadLine) throws(FeedError) {
        report.record(bad)
        if options.strict { throw .badLine(bad) }
    }

    /// Counts the line breaks in `[start, end)` into ``lineNumber``. O(bytes).
    private mutating func countLines(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) {
        var q = start
        while let hit = memchr(q, Int32(ASCII.newline), end - q) {
            lineNumber += 1
            q = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) + 1
        }
    }

    private mutating func jsonBad(line: Int, start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) throws(FeedError) {
        let remember = options.strict || report.firstBadLines.count < report.maximumRemembered
        try textBad(BadLine(line: line, kind: .malformedJSON, excerpt: remember ? BadLine.excerpt(start, end) : ""))
    }

    /// At the end of the input: a JSON array never closed is one bad line.
    mutating func finishText() throws(FeedError) {
        if textFormat == .jsonDocument && documentOpen {
            documentOpen = false
            documentBytes = []
            try textBad(BadLine(line: documentLine, kind: .malformedJSON, excerpt: "JSON document not closed"))
        }
        if textFormat == .jsonArray && jsonArrayState != 2 && !reportedUnclosedArray {
            reportedUnclosedArray = true
            try textBad(BadLine(line: lineNumber, kind: .malformedJSON, excerpt: "JSON array not closed with ]"))
        }
    }

    /// The report with the decoder's counts (ticks, bad records, gaps, filters) merged in.
    var combinedReport: FeedReport {
        var combined = report
        var decoded: FeedReport?
        if let json { decoded = json.report }
        if let lineProtocol { decoded = lineProtocol.report }
        if var decoded {
            decoded.lines = 0
            decoded.bytes = 0
            combined.merge(decoded)
        }
        return combined
    }

    /// The symbols of whichever decoder read the input.
    var allSymbols: SymbolTable {
        if let json { return json.symbols }
        if let lineProtocol { return lineProtocol.symbols }
        return symbols
    }
}
