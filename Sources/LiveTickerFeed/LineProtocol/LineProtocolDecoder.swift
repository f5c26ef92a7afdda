import LiveTickerCore

#if canImport(Glibc)
import Glibc
#endif

/// Decodes InfluxDB line protocol (what Telegraf writes) into ticks:
///
///     measurement[,tag=value…] field=value[,field=value…] [timestamp]
///
/// Every numeric field of every measurement and tag set is its own series, named
/// `measurement.field{tag=value,…}` (tags as written; no braces without tags), e.g.
/// `cpu.usage_idle{cpu=cpu-total,host=pi}`. Field values are floats (`1.5`, `-2e3`), integers
/// (`42i`) and unsigned integers (`42u`); string and boolean fields are skipped (they are not
/// numbers to chart). Escapes follow the protocol: `\,` `\ ` (and `\=` in tags and field keys)
/// outside quotes, `\"` `\\` inside string values. The timestamp is an integer in
/// ``FeedOptions/timeUnit``, or by magnitude (Telegraf's default precision is nanoseconds);
/// without one, the message's arrival time is used. `#` starts a comment line.
///
/// One payload may hold several lines (Telegraf batches them); each counts as one line of the
/// report. Allocates nothing per line, except for a new series name or a remembered bad line.
public struct LineProtocolDecoder: TickPayloadDecoder {
    /// The options given at creation (time unit, symbol and time filters, strictness).
    public let options: FeedOptions
    /// Counts so far; each line is one line.
    public private(set) var report: FeedReport
    /// Series names (`measurement.field{tags}`) seen so far.
    public private(set) var symbols = SymbolTable()

    let scratch = ParseScratch()
    /// The number bad lines are reported under: the line count, or a file's line number.
    var currentLine = 0
    private let symbolFilter: [UInt8]?
    /// The current line's measurement and tags, unescaped, and the series name being built.
    private let names: UnsafeMutablePointer<UInt8>
    private let namesBox: FixedBytes

    /// Bytes kept for one series name; longer names are bad lines (a symbol is at most 255).
    static let nameCapacity = 1024

    /// A decoder with `options` (column options do not apply: the protocol names its fields).
    public init(options: FeedOptions = FeedOptions()) {
        self.options = options
        report = FeedReport(maximumRemembered: options.reportedBadLines)
        symbolFilter = options.symbol.map { Array($0.utf8) }
        if let filter = symbolFilter { _ = symbols.insert(filter) }
        namesBox = FixedBytes(capacity: 3 * Self.nameCapacity)
        names = namesBox.bytes
    }

    /// Whether the line `[start, end)` looks like line protocol: a first token without a
    /// leading digit or quote, then a space, then `key=value`. O(line); for format detection.
    static func looksLikeLineProtocol(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Bool {
        var p = start
        guard p < end, ASCII.digit(p[0]) > 9, p[0] != ASCII.quote, p[0] != 0x7B, p[0] != 0x5B, p[0] != 0x23 else {
            return false
        }
        while p < end && p[0] != ASCII.space {
            if p[0] == 0x5C { p += 1 }
            p += 1
        }
        guard p < end else { return false }
        p += 1
        let keyStart = p
        while p < end && p[0] != 0x3D && p[0] != ASCII.space && p[0] != ASCII.comma { p += 1 }
        return p < end && p[0] == 0x3D && p > keyStart
    }

    /// Decodes every line of `payload`; see ``TickPayloadDecoder/decode(_:receivedAt:into:)``.
    public mutating func decode<S: TickSink>(_ payload: UnsafeRawBufferPointer, receivedAt: Int64?, into sink: inout S)
        throws(FeedError) -> Int
    {
        guard let base = payload.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
        report.bytes &+= payload.count
        let stop = base + payload.count
        var p = UnsafePointer(base)
        var delivered = 0
        while p < stop {
            var lineEnd = p
            while lineEnd < stop && lineEnd[0] != ASCII.newline { lineEnd += 1 }
            var contentEnd = lineEnd
            if contentEnd > p && contentEnd[-1] == ASCII.carriageReturn { contentEnd -= 1 }
            report.lines &+= 1
            currentLine = report.lines
            delivered += try line(p, contentEnd, receivedAt: receivedAt, into: &sink)
            p = lineEnd < stop ? lineEnd + 1 : stop
        }
        return delivered
    }

    /// Decodes one line without its line ending.
    mutating func line<S: TickSink>(
        _ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, receivedAt: Int64?, into sink: inout S
    ) throws(FeedError) -> Int {
        var p = start
        while p < end && (p[0] == ASCII.space || p[0] == ASCII.tab) { p += 1 }
        if p == end {
            report.blankLines &+= 1
            return 0
        }
        if p[0] == 0x23 { return 0 }  // comment
        // Measurement (up to an unescaped `,` or space), unescaped into `names`.
        let measurement = names
        var measurementCount = 0
        while p < end && p[0] != ASCII.comma && p[0] != ASCII.space {
            if p[0] == 0x5C && p + 1 < end { p += 1 }
            guard measurementCount < Self.nameCapacity else { return try bad(.badSymbol, "", start, end) }
            measurement[measurementCount] = p[0]
            measurementCount += 1
            p += 1
        }
        guard measurementCount > 0 else { return try bad(.malformedLineProtocol, "", start, end) }
        // Tags, kept as `k=v,k=v` (unescaped) for the series name.
        let tags = names + Self.nameCapacity
        var tagCount = 0
        while p < end && p[0] == ASCII.comma {
            p += 1
            if tagCount > 0 {
                guard tagCount < Self.nameCapacity else { return try bad(.badSymbol, "", start, end) }
                tags[tagCount] = ASCII.comma
                tagCount += 1
            }
            var sawEquals = false
            let tagStart = tagCount
            while p < end && p[0] != ASCII.comma && p[0] != ASCII.space {
                if p[0] == 0x5C && p + 1 < end {
                    p += 1
                } else if p[0] == 0x3D {
                    guard !sawEquals else { return try bad(.malformedLineProtocol, "", start, end) }
                    sawEquals = true
                }
                guard tagCount < Self.nameCapacity else { return try bad(.badSymbol, "", start, end) }
                tags[tagCount] = p[0]
                tagCount += 1
                p += 1
            }
            guard sawEquals, tagCount > tagStart + 1, tags[tagStart] != 0x3D, tags[tagCount - 1] != 0x3D else {
                return try bad(.malformedLineProtocol, "", start, end)
            }
        }
        guard p < end, p[0] == ASCII.space else { return try bad(.malformedLineProtocol, "", start, end) }
        while p < end && p[0] == ASCII.space { p += 1 }
        // Fields: find their extent first, since the timestamp (after them) applies to all.
        let fieldsStart = p
        var quoted = false
        while p < end {
            let b = p[0]
            if b == 0x5C && p + 1 < end {
                p += 2
                continue
            }
            if b == ASCII.quote { quoted.toggle() }
            if b == ASCII.space && !quoted { break }
            p += 1
        }
        guard !quoted else { return try bad(.malformedLineProtocol, "", start, end) }
        let fieldsEnd = p
        guard fieldsEnd > fieldsStart else { return try bad(.malformedLineProtocol, "", start, end) }
        while p < end && p[0] == ASCII.space { p += 1 }
        var time: Int64
        if p < end {
            var timeEnd = p
            while timeEnd < end && timeEnd[0] != ASCII.space { timeEnd += 1 }
            var trailing = timeEnd
            while trailing < end && trailing[0] == ASCII.space { trailing += 1 }
            guard trailing == end, p[0] == ASCII.minus || ASCII.digit(p[0]) <= 9,
                PayloadFields.stage(p, count: timeEnd - p, scratch: scratch)
            else { return try bad(.malformedTime, "time", start, end) }
            for q in p..<timeEnd where ASCII.digit(q[0]) > 9 && !(q == p && q[0] == ASCII.minus) {
                return try bad(.malformedTime, "time", start, end)
            }
            let parsed = PayloadFields.stagedTime(count: timeEnd - p, unit: options.timeUnit, scratch: scratch)
            switch parsed.status {
            case .ok: time = parsed.nanoseconds
            case .outOfRange: return try bad(.timeOutOfRange, "time", start, end)
            case .malformed: return try bad(.malformedTime, "time", start, end)
            }
        } else if let receivedAt {
            time = receivedAt
        } else {
            return try bad(.missingField, "time", start, end)
        }
        if let from = options.from, time < from {
            report.filteredByTime &+= 1
            report.noteFiltered(time: time)
            return 0
        }
        if let to = options.to, time >= to {
            report.filteredByTime &+= 1
            report.noteFiltered(time: time)
            return 0
        }
        // Now each field: key=value.
        let name = names + 2 * Self.nameCapacity
        var delivered = 0
        var q = fieldsStart
        while q < fieldsEnd {
            var n = 0
            func put(_ byte: UInt8) -> Bool {
                guard n < Self.nameCapacity else { return false }
                name[n] = byte
                n += 1
                return true
            }
            for i in 0..<measurementCount where !put(measurement[i]) { return try bad(.badSymbol, "", start, end) }
            guard put(ASCII.dot) else { return try bad(.badSymbol, "", start, end) }
            let keyStart = n
            while q < fieldsEnd && q[0] != 0x3D && q[0] != ASCII.comma {
                if q[0] == 0x5C && q + 1 < fieldsEnd { q += 1 }
                guard put(q[0]) else { return try bad(.badSymbol, "", start, end) }
                q += 1
            }
            guard q < fieldsEnd, q[0] == 0x3D, n > keyStart else { return try bad(.malformedLineProtocol, "", start, end) }
            let keyEnd = n
            q += 1
            let valueStart = q
            if q < fieldsEnd && q[0] == ASCII.quote {
                // A string field: skipped, but its end must be found.
                q += 1
                while q < fieldsEnd && q[0] != ASCII.quote {
                    if q[0] == 0x5C { q += 1 }
                    q += 1
                }
                guard q < fieldsEnd else { return try bad(.malformedLineProtocol, "", start, end) }
                q += 1
                guard q == fieldsEnd || q[0] == ASCII.comma else { return try bad(.malformedLineProtocol, "", start, end) }
                if q < fieldsEnd { q += 1 }
                continue
            }
            while q < fieldsEnd && q[0] != ASCII.comma { q += 1 }
            var valueEnd = q
            if q < fieldsEnd { q += 1 }
            guard valueEnd > valueStart else { return try bad(.malformedLineProtocol, "", start, end) }
            let last = valueEnd[-1]
            let first = valueStart[0]
            if ASCII.digit(first) > 9 && first != ASCII.minus && first != ASCII.plus && first != ASCII.dot {
                // Booleans are skipped; anything else is not line protocol.
                guard Self.isBoolean(valueStart, valueEnd) else {
                    return try bad(.malformedNumber, Self.fieldName(name + keyStart, keyEnd - keyStart), start, end)
                }
                continue
            }
            if last == 0x69 || last == 0x75 {  // 42i, 42u
                valueEnd -= 1
                for r in valueStart..<valueEnd where ASCII.digit(r[0]) > 9 && !(r == valueStart && r[0] == ASCII.minus) {
                    return try bad(.malformedNumber, Self.fieldName(name + keyStart, keyEnd - keyStart), start, end)
                }
            }
            guard PayloadFields.stage(valueStart, count: valueEnd - valueStart, scratch: scratch),
                let value = PayloadFields.stagedNumber(count: valueEnd - valueStart, scratch: scratch)
            else {
                return try bad(.malformedNumber, Self.fieldName(name + keyStart, keyEnd - keyStart), start, end)
            }
            if tagCount > 0 {
                guard put(0x7B) else { return try bad(.badSymbol, "", start, end) }
                for i in 0..<tagCount where !put(tags[i]) { return try bad(.badSymbol, "", start, end) }
                guard put(0x7D) else { return try bad(.badSymbol, "", start, end) }
            }
            let symbol: SymbolID
            if let filter = symbolFilter {
                let same = n == filter.count && filter.withUnsafeBufferPointer { memcmp($0.baseAddress!, name, n) == 0 }
                if !same {
                    report.filteredBySymbol &+= 1
                    report.noteFiltered(time: time)
                    continue
                }
                symbol = .first
            } else {
                guard n <= ParseScratch.maximumSymbolLength, let id = symbols.insert(name, count: n) else {
                    return try bad(.badSymbol, "", start, end)
                }
                symbol = id
            }
            if !value.isFinite { report.nonFiniteValues &+= 1 }
            report.ticks &+= 1
            sink.consume(Tick(time: time, value: value, size: 0), symbol: symbol)
            delivered += 1
        }
        return delivered
    }

    static func isBoolean(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Bool {
        let text = UnsafeBufferPointer(start: start, count: end - start)
        for word in ["t", "T", "true", "True", "TRUE", "f", "F", "false", "False", "FALSE"] {
            if word.utf8.elementsEqual(text) { return true }
        }
        return false
    }

    static func fieldName(_ start: UnsafePointer<UInt8>, _ count: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }

    /// Counts (and in strict mode throws) one bad line; returns 0 ticks.
    private mutating func bad(_ kind: BadLineKind, _ column: String, _ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>)
        throws(FeedError) -> Int
    {
        let remember = options.strict || report.firstBadLines.count < report.maximumRemembered
        let line = BadLine(
            line: currentLine, kind: kind, column: remember ? column : "",
            excerpt: remember ? BadLine.excerpt(start, end) : "")
        report.record(line)
        if options.strict { throw .badLine(line) }
        return 0
    }
}
