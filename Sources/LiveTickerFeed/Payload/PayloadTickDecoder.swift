import LiveTickerCore

#if canImport(Glibc)
import Glibc
#endif

/// The format of message payloads (MQTT, WebSocket, datagrams).
public enum PayloadFormat: String, Sendable, CaseIterable {
    /// Decided per message from its first bytes: `{`, `[` or `"` → JSON; a number or a word
    /// alone (`21.5`, `nan`) → JSON (a bare value); `name[,tags] key=value…` → line protocol;
    /// anything else → CSV lines.
    case auto
    /// One JSON text per message (``JSONTickDecoder``).
    case json
    /// InfluxDB line protocol, one or more lines per message (``LineProtocolDecoder``).
    case lineProtocol = "influx"
    /// CSV lines (`time,value[,size[,symbol]]`, or a header first), with the file reader's rules.
    case csv

    /// Parses an option value: `auto`, `json`, `influx` (or `line-protocol`, `lp`), `csv`.
    public init?(argument: String) {
        switch argument.lowercased() {
        case "auto": self = .auto
        case "json", "ndjson": self = .json
        case "influx", "influxdb", "line-protocol", "lineprotocol", "lp": self = .lineProtocol
        case "csv", "text": self = .csv
        default: return nil
        }
    }
}

/// One decoder for every payload format: JSON, line protocol or CSV lines, chosen by
/// ``PayloadFormat`` (or per message, with ``PayloadFormat/auto``). Reports and symbols of the
/// formats it used are merged: ``symbols`` holds the names of the format that introduced
/// symbols first (mixing formats that each name symbols in one feed is not supported: ids of
/// the later one count from 0 again).
///
/// CSV payloads go through the same ``CSVRecordParser`` as files (quotes, every time form) via a
/// fixed 64 KiB copy buffer: a longer CSV payload is a bad line (line too long). Each message is
/// its own CSV document with an optional header, as each UDP datagram is: its first line decides
/// header or data afresh, so a first message `hello` or `value,time` never changes how later
/// messages are read, and a header naming no usable columns is one counted bad line, never the
/// end of the feed. Allocates nothing per message after the first.
public struct PayloadTickDecoder: TickPayloadDecoder {
    /// The format asked for.
    public let format: PayloadFormat
    /// JSON, once used.
    public private(set) var json: JSONTickDecoder
    /// Line protocol, once used.
    public private(set) var lineProtocol: LineProtocolDecoder
    private var csv: CSVPayloadParser?
    private let options: FeedOptions

    /// A decoder for `format` with `options` (columns, time unit, filters, strictness).
    public init(format: PayloadFormat = .auto, options: FeedOptions = FeedOptions()) {
        self.format = format
        self.options = options
        json = JSONTickDecoder(options: options)
        lineProtocol = LineProtocolDecoder(options: options)
    }

    /// The counts of every format used, merged.
    public var report: FeedReport {
        var report = json.report
        report.merge(lineProtocol.report)
        if let csv { report.merge(csv.report) }
        return report
    }

    /// Where each format's counts stand: the bad lines it remembered and the lines it counted.
    /// Taken before a message, it tells ``badLines(since:message:)`` which remembered lines
    /// the message added. O(1).
    public struct Marks: Sendable, Equatable {
        var jsonRemembered = 0
        var jsonLines = 0
        var lineProtocolRemembered = 0
        var lineProtocolLines = 0
        var csvRemembered = 0
        var csvLines = 0

        /// Bad lines remembered over every format.
        var remembered: Int { jsonRemembered &+ lineProtocolRemembered &+ csvRemembered }
    }

    /// The counts now (see ``Marks``). O(1), no allocation.
    public var marks: Marks {
        Marks(
            jsonRemembered: json.report.firstBadLines.count, jsonLines: json.report.lines,
            lineProtocolRemembered: lineProtocol.report.firstBadLines.count, lineProtocolLines: lineProtocol.report.lines,
            csvRemembered: csv?.parser.report.firstBadLines.count ?? 0, csvLines: csv?.parser.lineNumber ?? 0)
    }

    /// The bad lines remembered since `marks` (taken before one message), each numbered from
    /// the message's first line and stamped with `message`; empty when there is none. O(lines
    /// added); allocates only when a line was added.
    public func badLines(since marks: Marks, message: Int) -> [BadLine] {
        guard self.marks.remembered != marks.remembered else { return [] }
        func added(_ report: FeedReport, from remembered: Int, linesBefore: Int) -> [BadLine] {
            report.firstBadLines.dropFirst(remembered).map { line in
                var stamped = line
                stamped.line -= linesBefore
                stamped.message = message
                return stamped
            }
        }
        var lines = added(json.report, from: marks.jsonRemembered, linesBefore: marks.jsonLines)
        lines += added(lineProtocol.report, from: marks.lineProtocolRemembered, linesBefore: marks.lineProtocolLines)
        if let csv { lines += added(csv.parser.report, from: marks.csvRemembered, linesBefore: marks.csvLines) }
        return lines
    }

    /// The symbols seen (see the type's note on mixed formats).
    public var symbols: SymbolTable {
        if json.symbols.count > 0 { return json.symbols }
        if lineProtocol.symbols.count > 0 { return lineProtocol.symbols }
        return csv?.parser.symbols ?? SymbolTable()
    }

    /// The format ``PayloadFormat/auto`` picks for a message. O(first line; a message of one
    /// token, its length).
    public static func detect(_ payload: UnsafeRawBufferPointer) -> PayloadFormat {
        guard let base = payload.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return .json }
        var p = base
        let end = base + payload.count
        while p < end && (p[0] == ASCII.space || p[0] == ASCII.tab || p[0] == ASCII.newline || p[0] == ASCII.carriageReturn) {
            p += 1
        }
        guard p < end else { return .json }
        // A lone token is a bare value: a number, or a word (`nan`, `unavailable`, `ON`).
        if PayloadFields.bareToken(UnsafePointer(p), count: end - p) != nil { return .json }
        let b = p[0]
        if b == 0x7B || b == 0x5B || b == ASCII.quote { return .json }
        var lineEnd = p
        while lineEnd < end && lineEnd[0] != ASCII.newline { lineEnd += 1 }
        if LineProtocolDecoder.looksLikeLineProtocol(UnsafePointer(p), UnsafePointer(lineEnd)) { return .lineProtocol }
        return .csv
    }

    /// Decodes one message in the chosen (or detected) format.
    public mutating func decode<S: TickSink>(_ payload: UnsafeRawBufferPointer, receivedAt: Int64?, into sink: inout S)
        throws(FeedError) -> Int
    {
        let chosen = format == .auto ? Self.detect(payload) : format
        switch chosen {
        case .json, .auto: return try json.decode(payload, receivedAt: receivedAt, into: &sink)
        case .lineProtocol: return try lineProtocol.decode(payload, receivedAt: receivedAt, into: &sink)
        case .csv:
            if csv == nil { csv = CSVPayloadParser(options: options) }
            return try csv!.decode(payload, into: &sink)
        }
    }
}

/// CSV lines of a payload through the file parser: the payload is copied into a fixed buffer
/// that ends in a newline and the padding the field parsers need.
struct CSVPayloadParser {
    var parser: CSVRecordParser
    let storage = TickBatchStorage(capacity: 1024)
    let buffer: FixedBytes
    static let capacity = 1 << 16
    /// Bytes of the buffer that may be non-zero: [0, dirtyEnd).
    var dirtyEnd = 0

    init(options: FeedOptions) {
        parser = CSVRecordParser(options: options)
        // The payload decoder picks JSON or line protocol per message; CSV stays CSV.
        parser.badHeadersAreBadLines = true
        parser.detectsTextFormats = false
        buffer = FixedBytes(capacity: Self.capacity + 1 + SWARDigits.padding)
    }

    var report: FeedReport {
        var report = parser.report
        report.lines = parser.lineNumber
        return report
    }

    /// Decodes a payload's lines, in pieces of whole lines that fit the buffer (a message may
    /// be up to `--max-message` long, 1 MiB by default and more than the buffer holds). A
    /// single line longer than the buffer is a bad line (too long) and the lines after it go on.
    mutating func decode<S: TickSink>(_ payload: UnsafeRawBufferPointer, into sink: inout S) throws(FeedError) -> Int {
        guard let raw = payload.baseAddress, payload.count > 0 else { return 0 }
        let base = raw.assumingMemoryBound(to: UInt8.self)
        parser.report.bytes &+= payload.count
        parser.beginDocument()
        var delivered = 0
        var offset = 0
        while offset < payload.count {
            var take = min(payload.count - offset, Self.capacity)
            if offset + take < payload.count {
                // Cut after the piece's last newline, so no line is split between pieces.
                var cut = take
                while cut > 0 && base[offset + cut - 1] != ASCII.newline { cut -= 1 }
                if cut == 0 {
                    // One line longer than the buffer: counted, skipped to its end.
                    try parser.overlongLine(excerptFrom: base + offset, count: 80)
                    var next = offset + take
                    while next < payload.count && base[next] != ASCII.newline { next += 1 }
                    offset = next + 1
                    continue
                }
                take = cut
            }
            delivered += try decodePiece(base + offset, count: take, into: &sink)
            offset += take
        }
        return delivered
    }

    /// Parses `count` bytes of whole lines (the last may lack its newline) through the buffer.
    private mutating func decodePiece<S: TickSink>(_ piece: UnsafePointer<UInt8>, count: Int, into sink: inout S)
        throws(FeedError) -> Int
    {
        let bytes = buffer.bytes
        memcpy(bytes, piece, count)
        var end = count
        if bytes[end - 1] != ASCII.newline {
            bytes[end] = ASCII.newline
            end += 1
        }
        // Everything after the piece stays zero; only what the previous piece left there
        // needs clearing (clearing the whole 64 KiB per message cost more than the parse).
        if dirtyEnd > end { (bytes + end).update(repeating: ASCII.nul, count: dirtyEnd - end) }
        dirtyEnd = end
        var position = 0
        var delivered = 0
        while position < end {
            var count = 0
            let start = position
            do throws(FeedError) {
                position = try parser.parseLines(bytes, start: position, end: end, into: storage, count: &count)
            } catch {
                // Strict mode stops at a bad line; the ticks before it are counted, so they are
                // delivered too (the report never counts a tick the sink did not get).
                storage.batch(count: count).deliver(to: &sink)
                throw error
            }
            storage.batch(count: count).deliver(to: &sink)
            delivered += count
            if count == 0 && position == start { break }  // no progress cannot happen; never spin
        }
        return delivered
    }
}
