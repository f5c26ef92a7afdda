import LiveTickerCore

#if canImport(Glibc)
import Glibc
#endif

/// Turns one message received on a topic (an MQTT publish; a WebSocket frame on a fixed
/// "topic") into ticks: the payload goes through the shared ``PayloadTickDecoder`` (JSON, a
/// bare number timed at its arrival, InfluxDB line protocol, CSV lines — the parsers the file
/// reader uses), and every tick whose payload names no symbol gets the one its topic names
/// (``TopicSymbol``).
///
/// A batch of ticks per message is the cheap case: the payload decoder parses it in one pass,
/// this layer copies the ticks once into buffers kept between messages and hands them on as
/// one ``TickBatch``. Topic lookups cost one comparison with the previous topic, else one hash;
/// nothing is allocated per message once its topic and symbols have been seen. Empty messages
/// (a retained value being cleared) count as blank lines. Not thread-safe: one thread drives a
/// decoder.
public final class MessageTickDecoder {
    /// Which topic level names a symbol.
    public let topicSymbol: TopicSymbol
    private var payload: PayloadTickDecoder
    /// Symbols of every tick handed out (topic and payload symbols share it).
    public private(set) var symbols = SymbolTable()
    private var topics = SymbolTable()
    /// Symbol of each topic (by topic id), in `symbols`.
    private var topicSymbols: [SymbolID] = []
    /// The payload decoder's symbol ids mapped onto `symbols` (nil: an unnamed symbol, the topic's).
    private var payloadMapping: [SymbolID?] = []
    private var lastTopic: [UInt8] = []
    private var lastTopicID = -1
    private var collected = TickCollector()
    private var blankMessages = 0
    /// Messages decoded.
    public private(set) var messages = 0
    /// Payload bytes decoded.
    public private(set) var bytes = 0
    /// Messages whose topic could not become a symbol (too long, too many).
    public private(set) var badTopics = 0
    /// The first bad lines, each with its message's number and its line in the message (the
    /// formats count lines over the whole feed, each on its own: `line 2` came twice).
    private var stampedBadLines: [BadLine] = []

    /// A decoder with `options` (time unit, JSON key paths through the column options, time
    /// range, strictness; the symbol filter does not apply: topics name symbols).
    public init(options: FeedOptions = FeedOptions(), format: PayloadFormat = .auto, topicSymbol: TopicSymbol = .last) {
        var options = options
        options.symbol = nil
        payload = PayloadTickDecoder(format: format, options: options)
        self.topicSymbol = topicSymbol
        collected.ticks.reserveCapacity(1024)
        collected.symbols.reserveCapacity(1024)
    }

    /// Counts so far over every message: lines, ticks, bad lines by kind. O(kinds).
    public var report: FeedReport {
        var report = payload.report
        report.firstBadLines = stampedBadLines
        report.blankLines &+= blankMessages
        report.lines &+= blankMessages
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

    /// Decodes one message received on `topic` at `arrival` (ns since the epoch: the time of a
    /// bare value) and hands its ticks to `sink` as one batch. Returns the number of ticks.
    /// Throws only in strict mode (the first bad message). O(payload bytes).
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
        if Self.isBlank(payload) {
            blankMessages &+= 1
            return 0
        }
        collected.ticks.removeAll(keepingCapacity: true)
        collected.symbols.removeAll(keepingCapacity: true)
        let marks = self.payload.marks
        do throws(FeedError) {
            _ = try self.payload.decode(payload, receivedAt: arrival, into: &collected)
        } catch {
            // Strict mode stops at a bad line, but the ticks before it were counted: deliver
            // them, so the report never counts a tick the sink did not get.
            _ = deliverCollected(topicID: topicID, into: &sink)
            throw error
        }
        // Empty (and allocation-free) unless the message added a remembered bad line.
        let room = self.payload.json.report.maximumRemembered - stampedBadLines.count
        if room > 0 { stampedBadLines += self.payload.badLines(since: marks, message: messages).prefix(room) }
        return deliverCollected(topicID: topicID, into: &sink)
    }

    /// Maps the collected ticks' symbols (the payload's own names, else the topic's) and hands
    /// them to `sink` as one batch. Returns how many.
    private func deliverCollected<S: TickSink>(topicID: Int, into sink: inout S) -> Int {
        let count = collected.ticks.count
        guard count > 0 else { return 0 }
        let local = self.payload.symbols
        if local.count > payloadMapping.count {
            for id in payloadMapping.count..<local.count {
                let name = local.nameBytes[id]
                payloadMapping.append(name.isEmpty ? nil : symbols.insert(name))
            }
        }
        let topicSymbol = topicSymbols[topicID]
        for i in 0..<count {
            let id = Int(collected.symbols[i].rawValue)
            collected.symbols[i] = (id < payloadMapping.count ? payloadMapping[id] : nil) ?? topicSymbol
        }
        collected.ticks.withUnsafeBufferPointer { ticks in
            collected.symbols.withUnsafeBufferPointer { ids in
                sink.consume(TickBatch(ticks: ticks, symbols: ids))
            }
        }
        return count
    }

    private static func isBlank(_ payload: UnsafeRawBufferPointer) -> Bool {
        for byte in payload where byte != ASCII.space && byte != ASCII.tab && byte != ASCII.newline && byte != ASCII.carriageReturn {
            return false
        }
        return true
    }
}
