import LiveTickerCore

#if canImport(Glibc)
import Glibc
#endif

/// Turns the payload of one message (an MQTT publish, a WebSocket frame) into ticks, with the
/// same parsers and the same bad-line accounting as the file readers.
///
/// A payload is a bare number (its time is the arrival time) or one or more headerless CSV
/// lines `time,value[,size[,symbol]]`; a batch of ticks per message is the cheap case, parsed
/// in one pass like a file chunk. A tick's symbol is the one its line names, else the one its
/// topic names (``TopicSymbol``). Bad lines are counted in ``report`` (line numbers count lines
/// over all messages) and the rest of the message goes on.
///
/// Cost: one copy of the payload into a buffer allocated once (the parsers need a padded
/// buffer ending in a newline), then the CSV hot loop; no allocation per message once a topic
/// has been seen. Not thread-safe: one thread drives a decoder.
public final class MessageTickDecoder {
    /// The format rule.
    public let format: PayloadFormat
    /// Which topic level names a symbol.
    public let topicSymbol: TopicSymbol
    /// Longest payload decoded; longer ones are counted as ``BadLineKind/lineTooLong``.
    public let maximumPayload: Int

    private var csv: CSVRecordParser
    private var numbers: CSVRecordParser
    private let storage: TickBatchStorage
    // Invariant: `buffer` holds `maximumPayload + 32 + SWARDigits.padding` bytes, owned here.
    private let buffer: UnsafeMutablePointer<UInt8>
    /// Symbols of every tick handed out (topic and line symbols share it).
    public private(set) var symbols = SymbolTable()
    private var topics = SymbolTable()
    /// Symbol of each topic (by topic id), in `symbols`.
    private var topicSymbols: [SymbolID] = []
    /// Symbol ids of each parser's own table, mapped onto `symbols`.
    private var csvMapping: [SymbolID?] = []
    private var numberMapping: [SymbolID?] = []
    private var lastTopic: [UInt8] = []
    private var lastTopicID = -1
    /// Messages decoded.
    public private(set) var messages = 0
    /// Payload bytes decoded.
    public private(set) var bytes = 0
    /// Messages whose topic could not become a symbol (too long, too many).
    public private(set) var badTopics = 0

    /// A decoder with `options` (column choices do not apply: payloads are headerless; the time
    /// unit, delimiter, time range and strictness do). Allocates its buffers once.
    public init(options: FeedOptions = FeedOptions(), format: PayloadFormat = .auto, topicSymbol: TopicSymbol = .last,
        maximumPayload: Int = 1 << 20)
    {
        var lines = options
        lines.header = .absent
        lines.symbol = nil
        lines.timeColumn = nil
        lines.valueColumn = nil
        lines.sizeColumn = nil
        lines.symbolColumn = nil
        var bare = lines
        bare.delimiter = ASCII.comma
        bare.timeUnit = .nanoseconds
        csv = CSVRecordParser(options: lines)
        numbers = CSVRecordParser(options: bare)
        self.format = format
        self.topicSymbol = topicSymbol
        self.maximumPayload = max(256, maximumPayload)
        storage = TickBatchStorage(capacity: max(1, options.batchCapacity))
        let size = self.maximumPayload + 32 + SWARDigits.padding
        buffer = .allocate(capacity: size)
        buffer.initialize(repeating: 0, count: size)
    }

    deinit {
        buffer.deallocate()
    }

    /// Counts so far over every message: lines, ticks, bad lines by kind. O(kinds).
    public var report: FeedReport {
        var report = csv.report
        report.merge(numbers.report)
        report.lines = csv.lineNumber + numbers.lineNumber
        report.bytes = bytes
        return report
    }

    /// The id of `topic` in the decoder's topic table (inserting it when new), for callers
    /// that keep per-topic state such as sequence numbers; nil when the table is full.
    public func topicIndex(_ topic: UnsafeRawBufferPointer) -> Int? {
        let t = topic.bindMemory(to: UInt8.self)
        if lastTopicID >= 0, t.count == lastTopic.count,
            t.count == 0 || lastTopic.withUnsafeBufferPointer({ memcmp($0.baseAddress!, t.baseAddress!, t.count) == 0 })
        {
            return lastTopicID
        }
        guard t.count <= 65_535 else { return nil }
        // An empty topic still needs an address for the table's byte comparison.
        var empty: UInt8 = 0
        return t.count == 0 ? topicID(&empty, count: 0) : topicID(t.baseAddress!, count: t.count)
    }

    private func topicID(_ base: UnsafePointer<UInt8>, count: Int) -> Int? {
        guard let id = topics.insert(base, count: count) else { return nil }
        let index = Int(id.rawValue)
        let t = UnsafeBufferPointer(start: base, count: count)
        if index == topicSymbols.count {
            let range = topicSymbol.range(in: t)
            guard range.count <= ParseScratch.maximumSymbolLength,
                let symbol = symbols.insert(base + range.lowerBound, count: range.count)
            else { return nil }
            topicSymbols.append(symbol)
        }
        // A topic whose symbol did not fit the full table stays without one.
        guard index < topicSymbols.count else { return nil }
        lastTopic.removeAll(keepingCapacity: true)
        lastTopic.append(contentsOf: t)
        lastTopicID = index
        return index
    }

    /// Decodes one message received on `topic` at `arrival` (ns since the epoch) and hands its
    /// ticks to `sink` as batches. Returns the number of ticks delivered. Throws only in strict
    /// mode (the first bad line). O(payload bytes).
    @discardableResult
    public func decode<S: TickSink>(
        _ payload: UnsafeRawBufferPointer, topic: UnsafeRawBufferPointer, arrival: Int64, into sink: inout S
    ) throws(FeedError) -> Int {
        messages &+= 1
        bytes &+= payload.count
        guard let topicID = topicIndex(topic) else {
            badTopics &+= 1
            return 0
        }
        let topicSymbol = topicSymbols[topicID]
        let source = payload.bindMemory(to: UInt8.self)
        var start = 0
        var end = source.count
        while start < end && Self.isSpace(source[start]) { start += 1 }
        while end > start && Self.isSpace(source[end - 1]) { end -= 1 }
        if start == end {
            // An empty message (e.g. clearing a retained value) is a blank line.
            csv.lineNumber &+= 1
            csv.report.blankLines &+= 1
            return 0
        }
        guard end - start <= maximumPayload else {
            try csv.overlongLine(excerptFrom: source.baseAddress! + start, count: end - start)
            return 0
        }
        let bare: Bool
        switch format {
        case .csv: bare = false
        case .number: bare = true
        case .auto: bare = Self.isSingleField(source, start, end)
        }
        var length = 0
        if bare {
            length = Self.writeDecimal(arrival, into: buffer)
            buffer[length] = ASCII.comma
            length += 1
        }
        memcpy(buffer + length, source.baseAddress! + start, end - start)
        length += end - start
        buffer[length] = ASCII.newline
        length += 1
        return bare
            ? try parse(&numbers, length: length, topicSymbol: topicSymbol, mapping: &numberMapping, into: &sink)
            : try parse(&csv, length: length, topicSymbol: topicSymbol, mapping: &csvMapping, into: &sink)
    }

    /// Parses `buffer[0..<length]` (whole lines) with `parser`, giving each tick the symbol its
    /// line names (mapped onto ``symbols`` through `mapping`) or, when it names none, the topic's.
    private func parse<S: TickSink>(
        _ parser: inout CSVRecordParser, length: Int, topicSymbol: SymbolID, mapping: inout [SymbolID?],
        into sink: inout S
    ) throws(FeedError) -> Int {
        var position = 0
        var delivered = 0
        while position < length {
            var count = 0
            position = try parser.parseLines(buffer, start: position, end: length, into: storage, count: &count)
            guard count > 0 else { continue }
            if parser.symbols.count > mapping.count {
                let local = parser.symbols
                for id in mapping.count..<local.count {
                    // A line without a symbol field names the empty symbol: the topic's.
                    let name = local.nameBytes[id]
                    mapping.append(name.isEmpty ? nil : symbols.insert(name))
                }
            }
            for i in 0..<count {
                let local = Int(storage.symbols[i].rawValue)
                storage.symbols[i] = (local < mapping.count ? mapping[local] : nil) ?? topicSymbol
            }
            sink.consume(storage.batch(count: count))
            delivered &+= count
        }
        return delivered
    }

    /// Whether the trimmed payload holds one field: no delimiter, no newline, no space.
    private static func isSingleField(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        for i in start..<end {
            switch bytes[i] {
            case ASCII.comma, ASCII.semicolon, ASCII.tab, ASCII.newline, UInt8(ascii: " "), UInt8(ascii: "|"):
                return false
            default: continue
            }
        }
        return true
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == ASCII.space || byte == ASCII.tab || byte == ASCII.newline || byte == ASCII.carriageReturn
    }

    /// Writes `value` in decimal at `p` (which has room for 20 bytes); returns the length.
    private static func writeDecimal(_ value: Int64, into p: UnsafeMutablePointer<UInt8>) -> Int {
        var n = 0
        if value < 0 {
            p[0] = ASCII.minus
            n = 1
        }
        var magnitude = value.magnitude
        var digits = 1
        var probe = magnitude
        while probe >= 10 {
            probe /= 10
            digits += 1
        }
        for i in stride(from: n + digits - 1, through: n, by: -1) {
            p[i] = UInt8(truncatingIfNeeded: magnitude % 10) &+ ASCII.zero
            magnitude /= 10
        }
        return n + digits
    }
}
