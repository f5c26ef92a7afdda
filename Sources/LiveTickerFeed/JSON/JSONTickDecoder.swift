import LiveTickerCore

#if canImport(Glibc)
import Glibc
#endif

/// Decodes JSON messages into ticks: one object (`{"p":"61130.99","q":"0.004","T":1709251200123}`),
/// an array of objects, an array of array rows (`[[1709251200000,"61130.99",…],…]`, Binance
/// klines), one row, or a bare number (a value at the arrival time).
///
/// The message is first checked to be exactly one RFC 8259 text (``JSONScanner``); then its
/// records are walked once, and only the fields of the ``JSONFieldLayout`` are looked at:
/// numbers and numeric strings (`"61130.99"`) are values, `null` is a gap (NaN), times are epoch
/// numbers (unit by magnitude, by a key suffix such as `ts_ms`, or ``FeedOptions/timeUnit``) or
/// date-time strings, exactly as in CSV. Fields come from the options (`--time T --value p`,
/// dotted paths such as `data.p`, indices for rows) or are found in the first record by the
/// CSV column aliases. Allocates nothing per message, except for a new symbol or a remembered
/// bad message.
public struct JSONTickDecoder: TickPayloadDecoder {
    /// The options given at creation.
    public let options: FeedOptions
    /// Counts so far; each decoded message is one line.
    public internal(set) var report: FeedReport
    /// Symbols seen so far.
    public internal(set) var symbols = SymbolTable()
    /// The fields read from objects, once the first object has been seen.
    public private(set) var objectLayout: JSONFieldLayout?
    /// Whether records have come wrapped in a REST response's object (``wrappedRecords(_:)``):
    /// their layout then also takes the one-letter bar keys `o`, `h`, `l` (Polygon, Alpaca).
    var inWrapper = false
    /// The symbol of the records being read when a response names them by where they are (a
    /// Kraken pair's key, a Prometheus series' labels), not by a field of their own.
    var contextSymbol = ContextSymbol.none
    /// The nested REST response read (`Prometheus range vectors`, …), for the summary; nil for
    /// records at the top level or one key down.
    public internal(set) var responseShape: String?
    /// The response holds measurements, not prices (Prometheus): the chart shows no change.
    public internal(set) var responseHoldsMeasurements = false
    /// The decimals a response declares its values are shown with, by symbol (Yahoo's
    /// `meta.priceHint`: its prices are float32 values such as `179.0686492919922`, which say
    /// nothing of how many decimals the instrument trades in). Empty when none says.
    public internal(set) var declaredDecimals: [String: Int] = [:]
    /// The fields read from array rows, once the first row has been seen.
    public internal(set) var rowLayout: JSONFieldLayout?
    /// How the first record's time is written (`epoch milliseconds (by magnitude)`, `ISO-8601
    /// date-time`, …), for the summary; nil before a record with a time. Made once.
    public private(set) var timeFormName: String?

    let scratch = ParseScratch()
    let symbolFilter: [UInt8]?
    /// Key paths of time, value, size, symbol, open, high, low, closed, subsecond as bytes (empty: not read).
    private var paths: [[[UInt8]]] = Array(repeating: [], count: Self.roleCount)
    private var indices: [Int] = Array(repeating: -1, count: Self.roleCount)
    /// Which layout ``paths`` and ``indices`` hold now: 0 none, 1 the object layout, 2 the row
    /// layout. Installing builds arrays, so it happens only when records switch between
    /// objects and rows, not per record (the allocation stage counted 8 blocks per NDJSON line).
    private var installedLayout = 0

    static let timeRole = 0, valueRole = 1, sizeRole = 2, symbolRole = 3, openRole = 4, highRole = 5, lowRole = 6
    static let closedRole = 7, subsecondRole = 8
    /// Fields a record can hold (the roles above).
    static let roleCount = 9
    /// Every role's bit, for ``walkObject(_:depth:mask:fields:)``.
    static let allRoles: UInt16 = 0b1_1111_1111
    /// The number bad messages are reported under: the message count, or a file's line number.
    var currentLine = 0

    /// A decoder reading fields as `options` say (columns as key paths or row indices, time
    /// unit, symbol and time filters, strictness).
    public init(options: FeedOptions = FeedOptions()) {
        self.options = options
        report = FeedReport(maximumRemembered: options.reportedBadLines)
        symbolFilter = options.symbol.map { Array($0.utf8) }
        if let filter = symbolFilter { _ = symbols.insert(filter) }
    }

    /// What this decoder chose, e.g. `JSON objects: time=T, value=p, size=q`. Allocates.
    public var layoutDescription: String {
        var parts: [String] = []
        if let responseShape { parts.append("response: \(responseShape)") }
        if let objectLayout { parts.append("objects: \(objectLayout)") }
        if let rowLayout { parts.append("rows: \(rowLayout)") }
        if let timeFormName { parts.append("times: \(timeFormName)") }
        return parts.isEmpty ? "no record seen yet" : parts.joined(separator: "; ")
    }

    /// Decodes one JSON message; see ``TickPayloadDecoder/decode(_:receivedAt:into:)``.
    public mutating func decode<S: TickSink>(_ payload: UnsafeRawBufferPointer, receivedAt: Int64?, into sink: inout S)
        throws(FeedError) -> Int
    {
        report.lines &+= 1
        report.bytes &+= payload.count
        currentLine = report.lines
        let delivered: Int
        do {
            delivered = try decodeDocument(payload, receivedAt: receivedAt, into: &sink)
        } catch {
            // A peer's message too short for `--json-value 7` is one bad message, never the
            // end of the feed; the layout is decided again from the next one.
            guard case let .columnOutOfRange(option, index, _) = error, !options.strict else { throw error }
            try bad(.missingField, column: "\(option) \(index)", payload)
            return 0
        }
        return delivered
    }

    /// Decodes one JSON text, reporting problems under ``currentLine``.
    mutating func decodeDocument<S: TickSink>(
        _ payload: UnsafeRawBufferPointer, receivedAt: Int64?, into sink: inout S
    ) throws(FeedError) -> Int {
        guard let base = payload.baseAddress?.assumingMemoryBound(to: UInt8.self), payload.count > 0 else {
            try bad(.malformedJSON, column: "", payload)
            return 0
        }
        if receivedAt != nil, let token = PayloadFields.bareToken(base, count: payload.count) {
            // A message of one bare token (`21.5`, `nan`, `null`, `unavailable`, `ON`): a bare
            // value at the arrival time, read as a CSV field is (a gap for the spellings of no
            // value), else a malformed number. A file's line is no message: it stays JSON.
            var fields = Fields()
            fields[Self.valueRole] = Captured(kind: .string, start: token.start, end: token.end)
            return try emit(fields, receivedAt: receivedAt, payload, layout: nil, into: &sink) ? 1 : 0
        }
        guard JSONScanner.isValidDocument(base, count: payload.count) else {
            try bad(.malformedJSON, column: "", payload)
            return 0
        }
        var scanner = JSONScanner(base, base + payload.count)
        scanner.skipWhitespace()
        var delivered = 0
        switch scanner.peek {
        case 0x7B:
            scanner.p += 1
            let top = Self.topLevel(scanner)
            if let array = top.records {
                // A REST response: its records in an array under one key.
                scanner = array
                inWrapper = true
                delivered += try records(&scanner, receivedAt: receivedAt, payload, into: &sink)
            } else if top.responseKeys != 0,
                let nested = try nestedResponse(scanner, keys: top.responseKeys, receivedAt: receivedAt, payload, into: &sink)
            {
                delivered += nested
            } else if try record(&scanner, isObject: true, receivedAt: receivedAt, payload, into: &sink) {
                delivered += 1
            }
        case 0x5B:
            // An array of records, or one row of scalars.
            var probe = scanner
            probe.p += 1
            probe.skipWhitespace()
            let first = probe.peek
            if first == 0x7B || first == 0x5B {
                delivered += try records(&scanner, receivedAt: receivedAt, payload, into: &sink)
            } else if first != 0x5D {
                scanner.p += 1
                if try record(&scanner, isObject: false, receivedAt: receivedAt, payload, into: &sink) { delivered += 1 }
            }
        case 0x2D, 0x30...0x39, 0x22:
            // A bare value (`21.5`, `"21.5"`): the value at the arrival time.
            var fields = Fields()
            fields[Self.valueRole] = capture(&scanner)
            if try emit(fields, receivedAt: receivedAt, payload, layout: nil, into: &sink) { delivered += 1 }
        default:
            try bad(.malformedJSON, column: "", payload)
        }
        return delivered
    }

    /// Keys under which REST responses put their records: Polygon's `results`, Alpaca's
    /// `bars`, OKX's and many others' `data`, `candles`, a JSON-RPC answer's `result` (Zabbix's
    /// `history.get` and `trend.get`).
    static let wrapperKeys: [StaticString] = ["results", "bars", "data", "candles", "result"]

    /// In the object whose `{` `object` has just passed, the array under one of
    /// ``wrapperKeys`` whose first element is an object or an array (records, not scalars): a
    /// scanner at its `[`; nil for any other object (a record itself, or Binance's combined
    /// stream, whose `data` is one object). O(the object's top-level keys).
    static func wrappedRecords(_ object: JSONScanner) -> JSONScanner? { topLevel(object).records }

    /// One pass over the top-level keys of the object whose `{` `object` has just passed: the
    /// records one key down (``wrappedRecords(_:)``; the pass stops there), else which of
    /// ``responseKeys`` it has, a bit each (a nested response's, ``nestedResponse(_:keys:receivedAt:_:into:)``).
    /// An array of InfluxDB statements under `results` is no records: it sets
    /// ``influxResultsBit``. O(the object's top-level keys); allocates nothing for unescaped keys.
    static func topLevel(_ object: JSONScanner) -> (records: JSONScanner?, responseKeys: UInt16) {
        var members = JSONObjectCursor(inside: object)
        var mask: UInt16 = 0
        while let key = members.next() {
            // Every key looked for is 3 to 10 bytes long: a tick's one-letter keys cost one compare.
            let length = key.end - key.start
            if key.escaped || (length >= 3 && length <= 10) {
                // An array under a wrapper key whose first element is an object or an array.
                if members.scanner.hasMore, members.scanner.peek == 0x5B, wrapperKeys.contains(where: { spanEquals(key, $0) }),
                    var elements = JSONArrayCursor(members.scanner), elements.next(),
                    elements.scanner.peek == 0x7B || elements.scanner.peek == 0x5B
                {
                    guard let first = inside(elements.scanner), member(first, "statement_id") != nil else {
                        return (members.scanner, mask)
                    }
                    mask |= influxResultsBit
                }
                if let index = responseKeys.firstIndex(where: { spanEquals(key, $0) }) { mask |= 1 << UInt16(index) }
            }
            guard members.scanner.skipValue() else { break }
        }
        return (nil, mask)
    }

    /// Reads an array of records at `scanner` (at its `[`), up to and including its `]`, and
    /// delivers their ticks; an element that is no object or array is one bad record. Returns
    /// how many ticks were delivered.
    mutating func records<S: TickSink>(
        _ scanner: inout JSONScanner, receivedAt: Int64?, _ payload: UnsafeRawBufferPointer, into sink: inout S
    ) throws(FeedError) -> Int {
        var delivered = 0
        scanner.p += 1
        while true {
            scanner.skipWhitespace()
            if !scanner.hasMore || scanner.peek == 0x5D { break }
            let open = scanner.peek
            scanner.p += 1
            if open == 0x7B || open == 0x5B {
                if try record(&scanner, isObject: open == 0x7B, receivedAt: receivedAt, payload, into: &sink) {
                    delivered += 1
                }
            } else {
                scanner.p -= 1
                _ = scanner.skipValue()
                try bad(.malformedJSON, column: "", payload)
            }
            scanner.skipWhitespace()
            if scanner.hasMore && scanner.peek == 0x2C { scanner.p += 1 }
        }
        _ = scanner.consume(0x5D)
        return delivered
    }

    // MARK: Records

    /// What a field held in one record: a span of the message and its kind.
    struct Captured {
        enum Kind { case missing, number, string, null, other }
        var kind = Kind.missing
        var start: UnsafePointer<UInt8>? = nil
        var end: UnsafePointer<UInt8>? = nil
        var escaped = false
        /// For `true` and `false` (kind ``Kind/other``): which literal (0 false, 1 true); 0xFF
        /// for anything else.
        var literal: UInt8 = 0xFF
    }

    /// The fields of one record (time, value, size, symbol, a bar's open, high, low, and a
    /// kline's closed flag).
    struct Fields {
        var time = Captured(), value = Captured(), size = Captured(), symbol = Captured()
        var open = Captured(), high = Captured(), low = Captured(), closed = Captured(), subsecond = Captured()
        subscript(role: Int) -> Captured {
            get {
                switch role {
                case 0: time
                case 1: value
                case 2: size
                case 3: symbol
                case 4: open
                case 5: high
                case 6: low
                case 7: closed
                default: subsecond
                }
            }
            set {
                switch role {
                case 0: time = newValue
                case 1: value = newValue
                case 2: size = newValue
                case 3: symbol = newValue
                case 4: open = newValue
                case 5: high = newValue
                case 6: low = newValue
                case 7: closed = newValue
                default: subsecond = newValue
                }
            }
        }
    }

    /// Reads one record whose `{` or `[` has been consumed, up to and including its closing
    /// byte, and delivers its tick. Returns whether a tick was delivered.
    mutating func record<S: TickSink>(
        _ scanner: inout JSONScanner, isObject: Bool, receivedAt: Int64?, _ payload: UnsafeRawBufferPointer,
        into sink: inout S
    ) throws(FeedError) -> Bool {
        if isObject {
            if objectLayout == nil {
                var probe = scanner
                var leaves: [JSONFieldLayout.Leaf] = []
                collectLeaves(&probe, prefix: [], depth: 0, into: &leaves)
                let layout = try JSONFieldLayout.resolve(options: options, leaves: leaves, shortBarKeys: inWrapper)
                objectLayout = layout
            }
            if installedLayout != 1 {
                install(objectLayout!)
                installedLayout = 1
            }
            var fields = Fields()
            walkObject(&scanner, depth: 0, mask: Self.allRoles, fields: &fields)
            let layout = objectLayout
            if layout?.value == nil {
                // The first object held no value to chart (`"price":"closed"`, a status message):
                // one bad record, and the layout is decided again from the next object, so
                // one such message at the start does not make every later tick a bad line.
                objectLayout = nil
                installedLayout = 0
            }
            return try emit(fields, receivedAt: receivedAt, payload, layout: layout, into: &sink)
        }
        if rowLayout == nil {
            var probe = scanner
            var length = 0
            // Elements 1 and 3 of the first row: which of them is the bar's low tells
            // Coinbase's candles ([time, low, high, open, close, volume]) from klines.
            var second = Double.nan
            var fourth = Double.nan
            probe.skipWhitespace()
            if probe.peek != 0x5D {
                while true {
                    if length == 1 || length == 3 {
                        let element = try? number(capture(&probe)).get()
                        if length == 1 { second = element ?? .nan } else { fourth = element ?? .nan }
                    } else {
                        _ = probe.skipValue()
                    }
                    length += 1
                    if !probe.consume(0x2C) { break }
                }
            }
            rowLayout = try JSONFieldLayout.resolveRow(options: options, rowLength: length, lowFirst: second < fourth)
        }
        if installedLayout != 2 {
            install(rowLayout!)
            installedLayout = 2
        }
        var fields = Fields()
        var index = 0
        scanner.skipWhitespace()
        if scanner.peek != 0x5D {
            while true {
                scanner.skipWhitespace()
                var matched = -1
                for role in 0..<Self.roleCount where indices[role] == index { matched = role }
                if matched >= 0 {
                    let value = capture(&scanner)
                    for role in 0..<Self.roleCount where indices[role] == index { fields[role] = value }
                } else {
                    _ = scanner.skipValue()
                }
                index += 1
                if !scanner.consume(0x2C) { break }
            }
        }
        _ = scanner.consume(0x5D)
        return try emit(fields, receivedAt: receivedAt, payload, layout: rowLayout, into: &sink)
    }

    /// `layout`'s field for `role` (the roles' order: ``timeRole`` … ``subsecondRole``), the one
    /// place that order is spelled out for layouts. O(1).
    static func field(_ role: Int, of layout: JSONFieldLayout) -> JSONField? {
        switch role {
        case timeRole: layout.time
        case valueRole: layout.value
        case sizeRole: layout.size
        case symbolRole: layout.symbol
        case openRole: layout.open
        case highRole: layout.high
        case lowRole: layout.low
        case closedRole: layout.closed
        default: layout.subsecond
        }
    }

    /// Makes `layout`'s fields the ones walks look for. Allocates: called once per layout
    /// switch (objects and rows mixed in one feed), never per record.
    private mutating func install(_ layout: JSONFieldLayout) {
        for role in 0..<Self.roleCount {
            switch Self.field(role, of: layout) {
            case let .path(keys)?:
                let bytes = keys.map { Array($0.utf8) }
                if paths[role] != bytes { paths[role] = bytes }
                indices[role] = -1
            case let .index(i)?:
                if !paths[role].isEmpty { paths[role] = [] }
                indices[role] = i
            case nil:
                if !paths[role].isEmpty { paths[role] = [] }
                indices[role] = -1
            }
        }
    }

    /// Walks an object whose `{` has been consumed, capturing the fields whose key paths match
    /// (`mask`: the roles still matching at this depth), through its closing `}`.
    private mutating func walkObject(_ scanner: inout JSONScanner, depth: Int, mask: UInt16, fields: inout Fields) {
        scanner.skipWhitespace()
        if scanner.peek == 0x7D {
            scanner.p += 1
            return
        }
        while true {
            scanner.skipWhitespace()
            guard let key = scanner.scanString() else { return }
            _ = scanner.consume(0x3A)
            scanner.skipWhitespace()
            var leaf: UInt16 = 0
            var child: UInt16 = 0
            for role in 0..<Self.roleCount where mask & (1 << role) != 0 {
                let path = paths[role]
                guard depth < path.count, keyEquals(key, path[depth]) else { continue }
                if depth == path.count - 1 { leaf |= 1 << role } else { child |= 1 << role }
            }
            if leaf != 0 {
                let value = capture(&scanner)
                for role in 0..<Self.roleCount where leaf & (1 << role) != 0 && fields[role].kind == .missing {
                    fields[role] = value
                }
            } else if child != 0 && scanner.peek == 0x7B {
                scanner.p += 1
                walkObject(&scanner, depth: depth + 1, mask: child, fields: &fields)
            } else {
                _ = scanner.skipValue()
            }
            if scanner.consume(0x2C) { continue }
            _ = scanner.consume(0x7D)
            return
        }
    }

    /// Records the keys (to depth 2) and kinds of the first object, for choosing fields.
    /// Allocates (once per decoder).
    private func collectLeaves(
        _ scanner: inout JSONScanner, prefix: [String], depth: Int,
        into leaves: inout [JSONFieldLayout.Leaf]
    ) {
        scanner.skipWhitespace()
        if scanner.peek == 0x7D {
            scanner.p += 1
            return
        }
        while true {
            scanner.skipWhitespace()
            guard let key = scanner.scanString() else { return }
            let name = Self.decodeString(key)
            _ = scanner.consume(0x3A)
            scanner.skipWhitespace()
            let path = prefix + [name]
            // One level of nesting, two inside a combined stream's `data` (its kline's `k`).
            if scanner.peek == 0x7B && (depth < 1 || (depth == 1 && prefix == ["data"])) {
                scanner.p += 1
                collectLeaves(&scanner, prefix: path, depth: depth + 1, into: &leaves)
            } else {
                let value = capture(&scanner)
                var kind = JSONFieldLayout.LeafKind.other
                switch value.kind {
                case .number: kind = .number
                case .null: kind = .number  // a gap in a numeric field
                case .string:
                    if let count = stageString(value), PayloadFields.stagedNumber(count: count, scratch: scratch) != nil {
                        kind = .numericText
                    } else {
                        kind = .text
                    }
                default: kind = .other
                }
                var plausible = false
                if kind == .number || kind == .numericText || kind == .text, let count = stage(value) {
                    let parsed = PayloadFields.stagedTime(count: count, unit: options.timeUnit, scratch: scratch)
                    plausible = parsed.status == .ok && TimeParser.plausibleTimes.contains(parsed.nanoseconds)
                }
                leaves.append((path, kind, plausible))
            }
            if scanner.consume(0x2C) { continue }
            _ = scanner.consume(0x7D)
            return
        }
    }

    /// Captures the value at the scanner (strings and numbers as spans) and moves past it.
    func capture(_ scanner: inout JSONScanner) -> Captured {
        scanner.skipWhitespace()
        var result = Captured()
        guard scanner.hasMore else { return result }
        switch scanner.peek {
        case 0x22:
            if let string = scanner.scanString() {
                result = Captured(kind: .string, start: string.start, end: string.end, escaped: string.escaped)
            }
        case 0x2D, 0x30...0x39:
            if let number = scanner.scanNumber() {
                result = Captured(kind: .number, start: number.start, end: number.end)
            }
        case 0x6E:
            _ = scanner.scanLiteral()
            result.kind = .null
        case 0x74, 0x66:
            result.kind = .other
            result.literal = scanner.scanLiteral() ?? 0xFF
        default:
            _ = scanner.skipValue()
            result.kind = .other
        }
        return result
    }

    /// Whether the key span equals `expected`, after unescaping when needed.
    func keyEquals(
        _ key: (start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, escaped: Bool), _ expected: [UInt8]
    ) -> Bool {
        if !key.escaped {
            let count = key.end - key.start
            guard count == expected.count else { return false }
            return expected.withUnsafeBufferPointer { count == 0 || memcmp($0.baseAddress!, key.start, count) == 0 }
        }
        // Escaped keys are rare: unescape into the key area of the scratch.
        let out = scratch.lastSymbol
        guard let count = Self.unescape(key.start, key.end, into: out, capacity: ParseScratch.maximumSymbolLength),
            count == expected.count
        else { return false }
        return expected.withUnsafeBufferPointer { count == 0 || memcmp($0.baseAddress!, out, count) == 0 }
    }

    // MARK: Ticks

    /// Builds the tick of one record and delivers it (unless filtered). Returns whether it was
    /// delivered; a bad field is counted and reported.
    mutating func emit<S: TickSink>(
        _ fields: Fields, receivedAt: Int64?, _ payload: UnsafeRawBufferPointer, layout: JSONFieldLayout?,
        into sink: inout S
    ) throws(FeedError) -> Bool {
        func name(_ role: Int) -> String {
            layout.flatMap { Self.field(role, of: $0) }.map { "\($0)" }
                ?? ["time", "value", "size", "symbol", "open", "high", "low", "closed", "subsecond"][role]
        }
        // A kline still forming: the stream sends the whole bar so far again and again; only
        // the closed one is the bar (its volume is the kline's whole volume, not a sum).
        if layout?.closed != nil {
            let flag = fields.closed
            guard flag.kind == .other, flag.literal <= 1 else {
                try bad(flag.kind == .missing ? .missingField : .malformedNumber, column: name(Self.closedRole), payload)
                return false
            }
            if flag.literal == 0 {
                report.unfinishedBars &+= 1
                return false
            }
        }
        let unit = layout?.timeUnit ?? options.timeUnit
        var time: Int64
        switch fields.time.kind {
        case .number, .string:
            guard let count = stage(fields.time) else {
                try bad(.malformedTime, column: name(0), payload)
                return false
            }
            let parsed = PayloadFields.stagedTime(count: count, unit: unit, scratch: scratch)
            switch parsed.status {
            case .ok:
                time = parsed.nanoseconds
                if timeFormName == nil {
                    // Once per decoder: the text is still staged in the scratch.
                    let text = String(decoding: UnsafeBufferPointer(start: scratch.bytes, count: count), as: UTF8.self)
                    timeFormName = CSVSample.standardTimeName(text, unit: unit)
                }
            case .outOfRange:
                try bad(.timeOutOfRange, column: name(0), payload)
                return false
            case .malformed:
                try bad(.malformedTime, column: name(0), payload)
                return false
            }
        case .missing, .null:
            guard let receivedAt else {
                try bad(.missingField, column: name(0), payload)
                return false
            }
            time = receivedAt
        case .other:
            try bad(.malformedTime, column: name(0), payload)
            return false
        }
        if layout?.subsecond != nil, fields.subsecond.kind != .missing, fields.subsecond.kind != .null {
            // Nanoseconds within the second of a whole-second time (Zabbix's `ns`).
            guard case .success(let nanoseconds) = number(fields.subsecond), nanoseconds >= 0, nanoseconds < 1e9,
                nanoseconds == nanoseconds.rounded(.towardZero), time % 1_000_000_000 == 0
            else {
                try bad(.malformedTime, column: name(Self.subsecondRole), payload)
                return false
            }
            let (sum, overflow) = time.addingReportingOverflow(Int64(nanoseconds))
            guard !overflow else {
                try bad(.timeOutOfRange, column: name(Self.timeRole), payload)
                return false
            }
            time = sum
        }
        if let layout, layout.value == nil, let unreadable = layout.unreadableValue {
            try bad(.malformedNumber, column: "\(unreadable)", payload)
            return false
        }
        let value: Double
        switch number(fields.value) {
        case .success(let v): value = v
        case .failure(let error):
            try bad(error.kind, column: name(1), payload)
            return false
        }
        var size = 0.0
        if fields.size.kind != .missing && fields.size.kind != .null {
            switch number(fields.size) {
            case .success(let v): size = v
            case .failure(let error):
                try bad(error.kind, column: name(2), payload)
                return false
            }
        }
        // A bar's open, high and low (a kline row, an object with open/high/low/close).
        var bar: (open: Double, high: Double, low: Double)?
        if layout?.hasBars == true {
            var prices = (open: Double.nan, high: Double.nan, low: Double.nan)
            for role in Self.openRole...Self.lowRole {
                switch number(fields[role]) {
                case .success(let v):
                    if role == Self.openRole { prices.open = v } else if role == Self.highRole { prices.high = v } else { prices.low = v }
                case .failure(let error):
                    try bad(error.kind, column: name(role), payload)
                    return false
                }
            }
            bar = prices
        }
        var symbol = SymbolID.first
        switch contextSymbol {
        case .none: break
        case let .named(id) where layout?.symbol == nil: symbol = id
        case .filtered where layout?.symbol == nil:
            report.filteredBySymbol &+= 1
            report.noteFiltered(time: time)
            return false
        case .refused where layout?.symbol == nil:
            try bad(.badSymbol, column: "symbol", payload)
            return false
        default: break
        }
        if layout?.symbol != nil {
            var start: UnsafePointer<UInt8> = UnsafePointer(scratch.symbol)
            var count = 0
            let field = fields.symbol
            if field.kind == .string, let s = field.start, let e = field.end {
                if field.escaped {
                    guard let n = Self.unescape(s, e, into: scratch.symbol, capacity: ParseScratch.maximumSymbolLength) else {
                        try bad(.badSymbol, column: name(3), payload)
                        return false
                    }
                    count = n
                } else {
                    start = s
                    count = e - s
                }
            } else if field.kind == .number, let s = field.start, let e = field.end {
                start = s
                count = e - s
            }
            if let filter = symbolFilter {
                let same = count == filter.count
                    && filter.withUnsafeBufferPointer { count == 0 || memcmp($0.baseAddress!, start, count) == 0 }
                if !same {
                    report.filteredBySymbol &+= 1
                    report.noteFiltered(time: time)
                    return false
                }
            } else {
                guard count <= ParseScratch.maximumSymbolLength, let id = symbols.insert(start, count: count) else {
                    try bad(.badSymbol, column: name(3), payload)
                    return false
                }
                symbol = id
            }
        }
        if let from = options.from, time < from {
            report.filteredByTime &+= 1
            report.noteFiltered(time: time)
            return false
        }
        if let to = options.to, time >= to {
            report.filteredByTime &+= 1
            report.noteFiltered(time: time)
            return false
        }
        if !value.isFinite { report.nonFiniteValues &+= 1 }
        report.ticks &+= 1
        if let bar {
            report.bars &+= 1
            sink.consume(bar: .bar(time: time, open: bar.open, high: bar.high, low: bar.low, close: value, volume: size), symbol: symbol)
        } else {
            sink.consume(Tick(time: time, value: value, size: size), symbol: symbol)
        }
        return true
    }

    /// A value or size field as a number: numbers and numeric strings; `null` is NaN.
    func number(_ field: Captured) -> Result<Double, BadLineKindError> {
        switch field.kind {
        case .missing: return .failure(BadLineKindError(kind: .missingField))
        case .null: return .success(.nan)
        case .other: return .failure(BadLineKindError(kind: .malformedNumber))
        case .number, .string:
            guard let count = stage(field), let value = PayloadFields.stagedNumber(count: count, scratch: scratch) else {
                return .failure(BadLineKindError(kind: .malformedNumber))
            }
            return .success(value)
        }
    }

    /// Copies a captured number or string (unescaped) into the scratch, padded; its length.
    private func stage(_ field: Captured) -> Int? {
        guard let s = field.start, let e = field.end else { return nil }
        if field.kind == .string { return stageString(field) }
        return PayloadFields.stage(s, count: e - s, scratch: scratch) ? e - s : nil
    }

    private func stageString(_ field: Captured) -> Int? {
        guard let s = field.start, let e = field.end else { return nil }
        // Spaces inside a quoted number are not significant (as in CSV).
        var start = s
        var end = e
        while start < end && (start[0] == ASCII.space || start[0] == ASCII.tab) { start += 1 }
        while end > start && (end[-1] == ASCII.space || end[-1] == ASCII.tab) { end -= 1 }
        if !field.escaped { return PayloadFields.stage(start, count: end - start, scratch: scratch) ? end - start : nil }
        guard let count = Self.unescape(start, end, into: scratch.bytes, capacity: ParseScratch.capacity) else { return nil }
        (scratch.bytes + count).update(repeating: ASCII.nul, count: 1 + SWARDigits.padding)
        return count
    }

    /// Counts (and in strict mode throws) one bad message or record.
    mutating func bad(_ kind: BadLineKind, column: String, _ payload: UnsafeRawBufferPointer) throws(FeedError) {
        let remember = options.strict || report.firstBadLines.count < report.maximumRemembered
        var excerpt = ""
        if remember, let base = payload.baseAddress?.assumingMemoryBound(to: UInt8.self) {
            var end = base + payload.count
            if end > base && end[-1] == ASCII.newline { end -= 1 }
            excerpt = BadLine.excerpt(base, end)
        }
        let line = BadLine(line: currentLine, kind: kind, column: remember ? column : "", excerpt: excerpt)
        report.record(line)
        if options.strict { throw .badLine(line) }
    }

    // MARK: Strings

    /// Unescapes the JSON string content `[start, end)` (already validated) into `out` as
    /// UTF-8; nil when it needs more than `capacity` bytes. A lone surrogate becomes U+FFFD.
    static func unescape(
        _ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, capacity: Int
    ) -> Int? {
        var p = start
        var n = 0
        func put(_ byte: UInt8) -> Bool {
            guard n < capacity else { return false }
            out[n] = byte
            n += 1
            return true
        }
        func putScalar(_ v: UInt32) -> Bool {
            switch v {
            case 0..<0x80: return put(UInt8(v))
            case 0x80..<0x800: return put(UInt8(0xC0 | v >> 6)) && put(UInt8(0x80 | v & 0x3F))
            case 0x800..<0x10000:
                return put(UInt8(0xE0 | v >> 12)) && put(UInt8(0x80 | v >> 6 & 0x3F)) && put(UInt8(0x80 | v & 0x3F))
            default:
                return put(UInt8(0xF0 | v >> 18)) && put(UInt8(0x80 | v >> 12 & 0x3F)) && put(UInt8(0x80 | v >> 6 & 0x3F))
                    && put(UInt8(0x80 | v & 0x3F))
            }
        }
        while p < end {
            let b = p[0]
            guard b == 0x5C else {
                guard put(b) else { return nil }
                p += 1
                continue
            }
            let e = p[1]
            p += 2
            var ok: Bool
            switch e {
            case 0x62: ok = put(0x08)
            case 0x66: ok = put(0x0C)
            case 0x6E: ok = put(0x0A)
            case 0x72: ok = put(0x0D)
            case 0x74: ok = put(0x09)
            case 0x75:
                var v = JSONScanner.hexValue(p) ?? 0xFFFD
                p += 4
                if v >= 0xD800 && v < 0xDC00, end - p >= 6, p[0] == 0x5C, p[1] == 0x75,
                    let low = JSONScanner.hexValue(p + 2), low >= 0xDC00 && low < 0xE000
                {
                    v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                    p += 6
                } else if v >= 0xD800 && v < 0xE000 {
                    v = 0xFFFD
                }
                ok = putScalar(v)
            default: ok = put(e)
            }
            guard ok else { return nil }
        }
        return n
    }

    /// A string span decoded to a Swift string (keys of the first object). Allocates.
    static func decodeString(_ span: (start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, escaped: Bool)) -> String {
        let count = span.end - span.start
        if !span.escaped { return String(decoding: UnsafeBufferPointer(start: span.start, count: count), as: UTF8.self) }
        let out = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, count))
        defer { out.deallocate() }
        let n = unescape(span.start, span.end, into: out, capacity: count) ?? 0
        return String(decoding: UnsafeBufferPointer(start: out, count: n), as: UTF8.self)
    }
}

/// A bad-line kind carried through a `Result`.
struct BadLineKindError: Error {
    var kind: BadLineKind
}
