#if canImport(Glibc)
import Glibc
#endif

/// REST responses whose records lie deeper than one key (one key down is
/// ``JSONTickDecoder/wrappedRecords(_:)``): Yahoo Finance's chart, Prometheus' and InfluxDB's
/// query results, Graphite's render, VictoriaMetrics' export and OpenTSDB's query, records
/// filed under each symbol's key (Kraken, Alpaca's multi-symbol requests), and services' error
/// answers.
extension JSONTickDecoder {
    /// Keys under which a response files its records by symbol: `{"result":{"XXBTZUSD":[…]}}`
    /// (Kraken), `{"bars":{"AAPL":[…],"MSFT":[…]}}` (Alpaca's multi-symbol bars, trades, quotes).
    /// (Not `data`: a stream message's `data` object may hold arrays that are no records,
    /// such as a depth update's bids.)
    static let keyedWrapperKeys: [StaticString] = ["result", "bars", "trades", "quotes"]

    /// Top-level keys that may open a nested response, each bit `1 << index` of
    /// ``topLevel(_:)``'s mask: `chart` (0), `data` (1), ``keyedWrapperKeys`` (2–5), the keys
    /// under which services say what went wrong (`error` 6, `msg` 7; ``errorText(_:)``), then
    /// Graphite's `datapoints` (8), VictoriaMetrics' `timestamps` (9), OpenTSDB's `dps` (10).
    /// Bit 11, ``influxResultsBit``, is set by ``topLevel(_:)`` itself.
    static let responseKeys: [StaticString] =
        ["chart", "data"] + keyedWrapperKeys + ["error", "msg", "datapoints", "timestamps", "dps"]
    static let chartBit: UInt16 = 1 << 0, dataBit: UInt16 = 1 << 1, keyedBits: UInt16 = 0b1111 << 2
    /// An error is in `error`, in `chart.error` (Yahoo) or in `msg` (Binance).
    static let errorBits: UInt16 = 1 << 6 | 1 << 7 | chartBit
    static let datapointsBit: UInt16 = 1 << 8, timestampsBit: UInt16 = 1 << 9, dpsBit: UInt16 = 1 << 10
    /// `results` holds InfluxDB statements (`[{"statement_id":0,"series":[…]}]`), not records.
    static let influxResultsBit: UInt16 = 1 << 11

    /// Decodes the response in the validated object whose `{` `object` has just passed, which
    /// has the top-level ``responseKeys`` of `keys` (a bit each), when it has one of these
    /// shapes, and returns the ticks delivered; nil when it has none (the object is then a
    /// record itself):
    /// - a Yahoo Finance chart, `{"chart":{"result":[{"meta":{"symbol":…},"timestamp":[…],
    ///   "indicators":{"quote":[{"open":[…],"high":[…],"low":[…],"close":[…],"volume":[…]}]}}]}}`:
    ///   one bar per timestamp, its columns read side by side (a minute of `null`s skipped);
    /// - a Prometheus query result, `{"status":"success","data":{"resultType":"matrix",
    ///   "result":[{"metric":{…},"values":[[t,"v"],…]}]}}` (an instant vector's `value`, a
    ///   scalar's pair): one symbol per series, named by its labels as Prometheus prints them;
    /// - an InfluxDB 1.x query answer (``influxStatements(_:receivedAt:_:into:)``);
    /// - a Graphite render series (``graphite(_:rows:receivedAt:_:into:)``) and a VictoriaMetrics
    ///   export line (`{"metric":{…},"values":[…],"timestamps":[…]}`, named as Prometheus
    ///   names its series);
    /// - an OpenTSDB query answer's series (``openTSDB(_:points:receivedAt:_:into:)``);
    /// - records filed by symbol under one of ``keyedWrapperKeys``: each array's key is its
    ///   records' symbol (Kraken's OHLC and trade rows, whose columns it knows).
    ///
    /// O(the document); allocates once per series (its name).
    mutating func nestedResponse<S: TickSink>(
        _ object: JSONScanner, keys: UInt16, receivedAt: Int64?, _ payload: UnsafeRawBufferPointer, into sink: inout S
    ) throws(FeedError) -> Int? {
        defer { contextSymbol = .none }
        if keys & Self.chartBit != 0, let chart = Self.member(object, "chart").flatMap(Self.inside),
            let results = Self.member(chart, "result"), JSONArrayCursor(results) != nil
        {
            responseShape = "Yahoo Finance chart, one bar per timestamp, symbol from meta.symbol"
            return try sumOverObjects(in: results) { decoder, result throws(FeedError) in
                try decoder.yahooChart(result, receivedAt: receivedAt, payload, into: &sink)
            }
        }
        if keys & Self.influxResultsBit != 0, let results = Self.member(object, "results") {
            return try influxStatements(results, receivedAt: receivedAt, payload, into: &sink)
        }
        if keys & Self.datapointsBit != 0, let rows = Self.member(object, "datapoints"), rows.peek == 0x5B {
            return try graphite(object, rows: rows, receivedAt: receivedAt, payload, into: &sink)
        }
        if keys & Self.dpsBit != 0, let points = Self.member(object, "dps"), points.peek == 0x7B || points.peek == 0x5B {
            return try openTSDB(object, points: points, receivedAt: receivedAt, payload, into: &sink)
        }
        if keys & Self.timestampsBit != 0, let times = Self.member(object, "timestamps").flatMap(JSONArrayCursor.init),
            let values = Self.member(object, "values").flatMap(JSONArrayCursor.init)
        {
            responseShape = "VictoriaMetrics export, one symbol per series, named by its labels"
            responseHoldsMeasurements = true
            name(Self.prometheusName(Self.member(object, "metric").flatMap(Self.inside)))
            let layout = JSONFieldLayout(time: .path(["timestamps"]), value: .path(["values"]), timeUnit: options.timeUnit)
            return try zipColumns(
                times, [(Self.valueRole, values)], layout: layout, skipsEmpty: false, receivedAt: receivedAt, payload,
                into: &sink)
        }
        if keys & Self.dataBit != 0, let data = Self.member(object, "data").flatMap(Self.inside),
            let results = Self.member(data, "result"), let kind = Self.member(data, "resultType").flatMap(Self.text)
        {
            return try prometheus(results, kind: kind, receivedAt: receivedAt, payload, into: &sink)
        }
        for (index, key) in Self.keyedWrapperKeys.enumerated() where keys & (Self.keyedBits & (4 << index)) != 0 {
            guard let keyed = Self.member(object, key).flatMap(Self.inside), Self.holdsKeyedRecords(keyed) else { continue }
            // Kraken answers `{"error":[],"result":{…}}`.
            let kraken = index == 0 && Self.member(object, "error").map { $0.peek == 0x5B } == true
            responseShape =
                kraken
                ? "Kraken, records under each pair's key"
                : Self.member(keyed, "symbol") != nil
                    ? "records under \(key), symbol from its symbol" : "records under each symbol's key in \(key)"
            inWrapper = true
            return try keyedRecords(keyed, kraken: kraken, receivedAt: receivedAt, payload, into: &sink)
        }
        if keys & Self.errorBits != 0, let error = Self.errorText(object) {
            try errorResponse(error)
            return 0
        }
        return nil
    }

    /// Counts (and in strict mode throws) a service's error answer, its text as the excerpt.
    private mutating func errorResponse(_ text: String) throws(FeedError) {
        let remember = options.strict || report.firstBadLines.count < report.maximumRemembered
        let line = BadLine(line: currentLine, kind: .errorResponse, excerpt: remember ? text : "")
        report.record(line)
        if options.strict { throw .badLine(line) }
    }

    /// What a service's error response says, when the object whose inside is `object` is one:
    /// a non-empty `error` (text, list of texts, or an object with a `description` or
    /// `message`, then a JSON-RPC error's `data`), Yahoo's `chart.error`, `"status":"error"`
    /// beside an `error`, or Binance's `{"code":…,"msg":…}`. Nil for anything else (a record
    /// with a `status` field stays a record). Allocates only for an error.
    static func errorText(_ object: JSONScanner) -> String? {
        var error = member(object, "error")
        if error == nil, let chart = member(object, "chart").flatMap(inside) { error = member(chart, "error") }
        if var e = error {
            e.skipWhitespace()
            if let text = text(e) { return text.isEmpty ? nil : text }
            if var list = JSONArrayCursor(e) {
                var texts: [String] = []
                while list.next() {
                    if let t = text(list.scanner) { texts.append(t) }
                    _ = list.scanner.skipValue()
                }
                return texts.isEmpty ? nil : texts.joined(separator: "; ")
            }
            if let inner = inside(e) {
                let said = (member(inner, "description") ?? member(inner, "message")).flatMap(text) ?? "error"
                // A JSON-RPC error's `data` says more (Zabbix: "Invalid params." "Not authorised.").
                guard let data = member(inner, "data").flatMap(text), !data.isEmpty else { return said }
                return said + " " + data
            }
            return nil
        }
        if member(object, "code") != nil, let message = member(object, "msg").flatMap(text) { return message }
        return nil
    }

    // MARK: Shapes

    /// One element of a Yahoo chart's `result`: its `timestamp` column zipped with the first
    /// `indicators.quote` object's columns.
    private mutating func yahooChart<S: TickSink>(
        _ result: JSONScanner, receivedAt: Int64?, _ payload: UnsafeRawBufferPointer, into sink: inout S
    ) throws(FeedError) -> Int {
        let meta = Self.member(result, "meta").flatMap(Self.inside)
        if let symbol = meta.flatMap({ Self.member($0, "symbol") }), let symbolText = Self.text(symbol) {
            name(Array(symbolText.utf8))
            // The decimals Yahoo shows the instrument's prices with.
            if var hint = meta.flatMap({ Self.member($0, "priceHint") }), case .success(let decimals) = number(capture(&hint)),
                decimals >= 0, decimals <= 10, decimals == decimals.rounded()
            {
                declaredDecimals[symbolText] = Int(decimals)
            }
        }
        // A day without trades has no timestamps (and no columns): nothing to chart.
        guard let times = Self.member(result, "timestamp"), let rows = JSONArrayCursor(times) else { return 0 }
        var quote: JSONScanner?
        if let indicators = Self.member(result, "indicators").flatMap(Self.inside),
            let quotes = Self.member(indicators, "quote"), var list = JSONArrayCursor(quotes), list.next()
        {
            quote = Self.inside(list.scanner)
        }
        // Close, volume, open, high, low: each column read in step with the times.
        let keys: [(role: Int, key: StaticString)] = [
            (Self.valueRole, "close"), (Self.sizeRole, "volume"), (Self.openRole, "open"), (Self.highRole, "high"),
            (Self.lowRole, "low"),
        ]
        let columns = keys.map { column in
            (column.role, quote.flatMap { Self.member($0, column.key) }.flatMap(JSONArrayCursor.init))
        }
        var layout = JSONFieldLayout(
            time: .path(["timestamp"]), value: .path(["close"]), size: columns[1].1 == nil ? nil : .path(["volume"]),
            timeUnit: options.timeUnit)
        if columns[2].1 != nil && columns[3].1 != nil && columns[4].1 != nil {
            layout.open = .path(["open"])
            layout.high = .path(["high"])
            layout.low = .path(["low"])
        }
        return try zipColumns(rows, columns, layout: layout, skipsEmpty: true, receivedAt: receivedAt, payload, into: &sink)
    }

    /// Records from columns: the `times` array's elements, each with the element at the same
    /// place of every column (a role's values; a missing column or a short one leaves the
    /// field missing), delivered by `layout`. With `skipsEmpty`, a row whose value (and open)
    /// is `null` is an interval without trades (Yahoo's latest, still open, or a quiet one):
    /// nothing happened, so it is counted in ``FeedReport/emptyIntervals`` and not charted,
    /// not even as a gap. O(rows × columns).
    private mutating func zipColumns<S: TickSink>(
        _ times: JSONArrayCursor, _ columns: [(role: Int, cursor: JSONArrayCursor?)], layout: JSONFieldLayout,
        skipsEmpty: Bool, receivedAt: Int64?, _ payload: UnsafeRawBufferPointer, into sink: inout S
    ) throws(FeedError) -> Int {
        var rows = times
        var cursors = columns.map(\.cursor)
        var delivered = 0
        while rows.next() {
            var fields = Fields()
            fields.time = capture(&rows.scanner)
            for index in columns.indices {
                guard cursors[index] != nil, cursors[index]!.next() else { continue }
                fields[columns[index].role] = capture(&cursors[index]!.scanner)
            }
            if skipsEmpty && fields.value.kind == .null && (fields.open.kind == .null || fields.open.kind == .missing) {
                report.emptyIntervals &+= 1
                continue
            }
            if try emit(fields, receivedAt: receivedAt, payload, layout: layout, into: &sink) { delivered += 1 }
        }
        return delivered
    }

    /// A Graphite render series, `{"target":"servers.pi.load","datapoints":[[0.42,1709285400],
    /// …]}` (the `format=json` answer is an array of them): its rows are `[value, time]`, a
    /// `null` value a gap (as Graphite draws it), its target its symbol.
    private mutating func graphite<S: TickSink>(
        _ object: JSONScanner, rows: JSONScanner, receivedAt: Int64?, _ payload: UnsafeRawBufferPointer,
        into sink: inout S
    ) throws(FeedError) -> Int {
        responseShape = "Graphite render, one symbol per target, rows [value, time]"
        responseHoldsMeasurements = true
        name(Array((Self.member(object, "target").flatMap(Self.text) ?? "").utf8))
        return try knownColumnRows(rows, time: 1, value: 0, receivedAt: receivedAt, payload, into: &sink)
    }

    /// The `[…]` rows of the array at `rows`, read by the response's known columns `time` and
    /// `value` (indices), or by the columns the options name.
    private mutating func knownColumnRows<S: TickSink>(
        _ rows: JSONScanner, time: Int, value: Int, receivedAt: Int64?, _ payload: UnsafeRawBufferPointer,
        into sink: inout S
    ) throws(FeedError) -> Int {
        if rowLayout == nil && !optionsNameColumns {
            rowLayout = JSONFieldLayout(time: .index(time), value: .index(value), timeUnit: options.timeUnit)
        }
        var scanner = rows
        return try records(&scanner, receivedAt: receivedAt, payload, into: &sink)
    }

    /// An OpenTSDB query answer's series, `{"metric":"sys.cpu.nice","tags":{"host":"web01"},
    /// "aggregateTags":[],"dps":{"1346846400":18,"1346846460":9.2}}` (`/api/query` answers an
    /// array of them): each member of `dps` is a point, its key the time (seconds, or
    /// milliseconds with `msResolution`), its value the value; with `arrays=true` the points
    /// are `[time, value]` rows. One symbol per series, named as OpenTSDB writes a series,
    /// `sys.cpu.nice{host=web01}`. O(points).
    private mutating func openTSDB<S: TickSink>(
        _ object: JSONScanner, points: JSONScanner, receivedAt: Int64?, _ payload: UnsafeRawBufferPointer,
        into sink: inout S
    ) throws(FeedError) -> Int {
        responseShape = "OpenTSDB query, one symbol per series, named by its metric and tags"
        responseHoldsMeasurements = true
        let metric = Self.member(object, "metric").flatMap(Self.text) ?? ""
        name(Array((metric + Self.tagSet(Self.member(object, "tags"))).utf8))
        if points.peek == 0x5B {
            return try knownColumnRows(points, time: 0, value: 1, receivedAt: receivedAt, payload, into: &sink)
        }
        guard var members = Self.inside(points).map(JSONObjectCursor.init(inside:)) else { return 0 }
        let layout = JSONFieldLayout(time: .path(["dps"]), value: .path(["dps"]), timeUnit: options.timeUnit)
        var delivered = 0
        while let key = members.next() {
            var fields = Fields()
            fields.time = Captured(kind: .string, start: key.start, end: key.end, escaped: key.escaped)
            fields.value = capture(&members.scanner)
            if try emit(fields, receivedAt: receivedAt, payload, layout: layout, into: &sink) { delivered += 1 }
        }
        return delivered
    }

    /// A Prometheus result of `kind`: series (`matrix`, `vector`) with their labels, or one
    /// `[time, "value"]` pair (`scalar`, `string`).
    private mutating func prometheus<S: TickSink>(
        _ results: JSONScanner, kind: String, receivedAt: Int64?, _ payload: UnsafeRawBufferPointer, into sink: inout S
    ) throws(FeedError) -> Int {
        responseShape = "Prometheus \(kind), one symbol per series, named by its labels"
        responseHoldsMeasurements = true
        var scanner = results
        scanner.skipWhitespace()
        guard kind == "matrix" || kind == "vector", JSONArrayCursor(scanner) != nil else {
            guard scanner.hasMore, scanner.peek == 0x5B else { return 0 }
            scanner.p += 1
            return try record(&scanner, isObject: false, receivedAt: receivedAt, payload, into: &sink) ? 1 : 0
        }
        return try sumOverObjects(in: scanner) { decoder, one throws(FeedError) in
            decoder.name(Self.prometheusName(Self.member(one, "metric").flatMap(Self.inside)))
            if var rows = Self.member(one, "values") {
                return try decoder.records(&rows, receivedAt: receivedAt, payload, into: &sink)
            }
            guard var pair = Self.member(one, "value"), pair.peek == 0x5B else { return 0 }
            pair.p += 1
            return try decoder.record(&pair, isObject: false, receivedAt: receivedAt, payload, into: &sink) ? 1 : 0
        }
    }

    /// The records of every array in `keyed` (an object's inside), each under its key's symbol,
    /// or all under the object's own `symbol` when it has one (Bybit's `{"symbol":"BTCUSDT",
    /// "list":[…]}`); other members (Kraken's `last`) are read past. Kraken's rows are read by
    /// its columns.
    private mutating func keyedRecords<S: TickSink>(
        _ keyed: JSONScanner, kraken: Bool, receivedAt: Int64?, _ payload: UnsafeRawBufferPointer, into sink: inout S
    ) throws(FeedError) -> Int {
        var members = JSONObjectCursor(inside: keyed)
        var delivered = 0
        let symbol = Self.member(keyed, "symbol").flatMap(Self.text)
        while let key = members.next() {
            guard Self.holdsRecords(members.scanner) else {
                _ = members.scanner.skipValue()
                continue
            }
            name(Array((symbol ?? Self.decodeString(key)).utf8))
            if kraken && rowLayout == nil { rowLayout = krakenRowLayout(members.scanner) }
            delivered += try records(&members.scanner, receivedAt: receivedAt, payload, into: &sink)
        }
        return delivered
    }

    /// Kraken's row columns, by the first row's length: OHLC `[time, open, high, low, close,
    /// vwap, volume, count]` (the volume is not the sixth, as in klines) and trades `[price,
    /// volume, time, side, type, misc, id]`; nil (the usual row rules) for other rows or when
    /// options name columns.
    private func krakenRowLayout(_ array: JSONScanner) -> JSONFieldLayout? {
        guard !optionsNameColumns, var rows = JSONArrayCursor(array), rows.next(), rows.scanner.peek == 0x5B,
            var columns = JSONArrayCursor(rows.scanner)
        else { return nil }
        var length = 0
        while columns.next() {
            _ = columns.scanner.skipValue()
            length += 1
        }
        switch length {
        case 8:
            var layout = JSONFieldLayout(time: .index(0), value: .index(4), size: .index(6), timeUnit: options.timeUnit)
            layout.open = .index(1)
            layout.high = .index(2)
            layout.low = .index(3)
            return layout
        case 7: return JSONFieldLayout(time: .index(2), value: .index(0), size: .index(1), timeUnit: options.timeUnit)
        default: return nil
        }
    }

    // MARK: InfluxDB 1.x

    /// An InfluxDB 1.x `/query` answer's `results` (at `array`): each statement's `series`
    /// (`{"name":"cpu","tags":{"host":"pi"},"columns":["time","usage_idle",…],"values":[[…],…]}`),
    /// one symbol per measurement, field and tag set, named as line protocol's are
    /// (`cpu.usage_idle{host=pi}`); a statement's `error` is an error response. A `null` field
    /// (a field not written at that time, an interval `fill(null)` left empty) is no tick: it
    /// is counted in ``FeedReport/emptyIntervals``. O(rows × fields).
    private mutating func influxStatements<S: TickSink>(
        _ array: JSONScanner, receivedAt: Int64?, _ payload: UnsafeRawBufferPointer, into sink: inout S
    ) throws(FeedError) -> Int {
        try sumOverObjects(in: array) { decoder, statement throws(FeedError) in
            try decoder.influxStatement(statement, receivedAt: receivedAt, payload, into: &sink)
        }
    }

    /// One statement's result, the inside of `{"statement_id":0,"series":[…]}`.
    private mutating func influxStatement<S: TickSink>(
        _ statement: JSONScanner, receivedAt: Int64?, _ payload: UnsafeRawBufferPointer, into sink: inout S
    ) throws(FeedError) -> Int {
        defer { contextSymbol = .none }
        responseShape = "InfluxDB query, one symbol per measurement.field{tags}"
        responseHoldsMeasurements = true
        if let error = Self.member(statement, "error").flatMap(Self.text) { try errorResponse(error) }
        return try sumOverObjects(in: Self.member(statement, "series")) { decoder, series throws(FeedError) in
            try decoder.influxSeries(series, receivedAt: receivedAt, payload, into: &sink)
        }
    }

    /// One series of an InfluxDB answer (see ``influxStatements(_:receivedAt:_:into:)``).
    private mutating func influxSeries<S: TickSink>(
        _ series: JSONScanner, receivedAt: Int64?, _ payload: UnsafeRawBufferPointer, into sink: inout S
    ) throws(FeedError) -> Int {
        let measurement = Self.member(series, "name").flatMap(Self.text) ?? ""
        var columns: [String] = []
        if var list = Self.member(series, "columns").flatMap(JSONArrayCursor.init) {
            while list.next() {
                columns.append(Self.text(list.scanner) ?? "")
                _ = list.scanner.skipValue()
            }
        }
        guard let timeIndex = columns.firstIndex(of: "time"), let values = Self.member(series, "values"),
            var rows = JSONArrayCursor(values)
        else { return 0 }
        // `--value FIELD` keeps one field; otherwise every column but the time is a series.
        var wanted = Array(columns.indices.filter { $0 != timeIndex })
        if case let .name(field)? = options.valueColumn, let index = columns.firstIndex(of: field) { wanted = [index] }
        let suffix = Self.tagSet(Self.member(series, "tags"))
        var symbols: [ContextSymbol] = []
        var layouts: [JSONFieldLayout] = []
        for index in wanted {
            name(Array((measurement + "." + columns[index] + suffix).utf8))
            symbols.append(contextSymbol)
            layouts.append(JSONFieldLayout(time: .path(["time"]), value: .path([columns[index]]), timeUnit: options.timeUnit))
        }
        var row = [Captured](repeating: Captured(), count: columns.count)
        var delivered = 0
        while rows.next() {
            if var cells = JSONArrayCursor(rows.scanner) {
                var i = 0
                while cells.next() {
                    if i < row.count { row[i] = capture(&cells.scanner) } else { _ = cells.scanner.skipValue() }
                    i += 1
                }
                while i < row.count {
                    row[i] = Captured()
                    i += 1
                }
                for (k, index) in wanted.enumerated() {
                    guard row[index].kind != .null else {
                        report.emptyIntervals &+= 1
                        continue
                    }
                    contextSymbol = symbols[k]
                    var fields = Fields()
                    fields.time = row[timeIndex]
                    fields.value = row[index]
                    if try emit(fields, receivedAt: receivedAt, payload, layout: layouts[k], into: &sink) { delivered += 1 }
                }
            }
            _ = rows.scanner.skipValue()
        }
        return delivered
    }

    /// The sum of `body` over the objects of the array at `array` (their insides); elements that
    /// are no objects are read past. 0 when `array` is nil or no array.
    private mutating func sumOverObjects(
        in array: JSONScanner?, _ body: (inout Self, JSONScanner) throws(FeedError) -> Int
    ) throws(FeedError) -> Int {
        guard let array, var cursor = JSONArrayCursor(array) else { return 0 }
        var total = 0
        while cursor.next() {
            if let object = Self.inside(cursor.scanner) { total += try body(&self, object) }
            _ = cursor.scanner.skipValue()
        }
        return total
    }

    /// Whether `--time`, `--value` (one or several) or `--volume` name columns: then a
    /// response's rows are read by them, not by the columns the response is known to have.
    var optionsNameColumns: Bool {
        options.timeColumn != nil || options.valueColumn != nil || options.sizeColumn != nil
            || !options.moreValueColumns.isEmpty
    }

    // MARK: Naming

    /// Makes `bytes` the symbol of the records read next (at most
    /// ``ParseScratch/maximumSymbolLength`` bytes, cut at a character). Allocates for a new name.
    private mutating func name(_ bytes: [UInt8]) {
        var name = bytes
        if name.count > ParseScratch.maximumSymbolLength {
            var end = ParseScratch.maximumSymbolLength
            while end > 0 && name[end] & 0xC0 == 0x80 { end -= 1 }
            name.removeSubrange(end...)
        }
        if let filter = symbolFilter {
            contextSymbol = name == filter ? .named(.first) : .filtered
        } else {
            contextSymbol = symbols.insert(name).map { .named($0) } ?? .refused
        }
    }

    /// A Prometheus series' name as Prometheus prints it: `up{instance="localhost:9090",
    /// job="node"}` (labels in the response's order, which is sorted), `up` without labels,
    /// `{}` for neither. Allocates.
    static func prometheusName(_ metric: JSONScanner?) -> [UInt8] {
        var name = ""
        var labels: [String] = []
        for (label, text) in textMembers(metric) {
            if label == "__name__" {
                name = text
                continue
            }
            var quoted = ""
            for c in text {
                switch c {
                case "\\": quoted += "\\\\"
                case "\"": quoted += "\\\""
                case "\n": quoted += "\\n"
                default: quoted.append(c)
                }
            }
            labels.append("\(label)=\"\(quoted)\"")
        }
        if !labels.isEmpty || name.isEmpty { name += "{" + labels.joined(separator: ", ") + "}" }
        return Array(name.utf8)
    }

    // MARK: Looking inside

    /// The value of `key` in the object whose inside (just past its `{`) is `object`: a scanner
    /// at the value; nil when the object has no such key. O(the object's members).
    static func member(_ object: JSONScanner, _ key: StaticString) -> JSONScanner? {
        var members = JSONObjectCursor(inside: object)
        while let found = members.next() {
            if spanEquals(found, key) { return members.scanner }
            guard members.scanner.skipValue() else { return nil }
        }
        return nil
    }

    /// Whether a key's span is `key` (unescaped first when it holds escapes, which allocates).
    static func spanEquals(
        _ span: (start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, escaped: Bool), _ key: StaticString
    ) -> Bool {
        let count = span.end - span.start
        if span.escaped { return decodeString(span).utf8.elementsEqual(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)) }
        return count == key.utf8CodeUnitCount && memcmp(span.start, key.utf8Start, count) == 0
    }

    /// The inside of the object at `value` (just past its `{`), or nil when it is no object.
    static func inside(_ value: JSONScanner) -> JSONScanner? {
        var s = value
        s.skipWhitespace()
        guard s.hasMore, s.peek == 0x7B else { return nil }
        s.p += 1
        return s
    }

    /// The string at `value`, unescaped, or nil when it is no string. Allocates.
    static func text(_ value: JSONScanner) -> String? {
        var s = value
        s.skipWhitespace()
        guard s.hasMore, s.peek == 0x22, let span = s.scanString() else { return nil }
        return decodeString(span)
    }

    /// The members of the object whose inside is `object` that hold text, in order, unescaped
    /// (a Prometheus series' labels, an InfluxDB series' tags); none for nil. Allocates.
    static func textMembers(_ object: JSONScanner?) -> [(key: String, value: String)] {
        guard let object else { return [] }
        var cursor = JSONObjectCursor(inside: object)
        var members: [(key: String, value: String)] = []
        while let key = cursor.next() {
            let value = cursor.scanner
            guard cursor.scanner.skipValue() else { break }
            if let text = text(value) { members.append((decodeString(key), text)) }
        }
        return members
    }

    /// The tag set of the object at `tags` as line protocol and OpenTSDB write a series' tags,
    /// `{host=pi,cpu=cpu0}` (text members in the response's order), or "" for none. Allocates.
    static func tagSet(_ tags: JSONScanner?) -> String {
        let members = textMembers(tags.flatMap(inside))
        return members.isEmpty ? "" : "{" + members.map { $0.key + "=" + $0.value }.joined(separator: ",") + "}"
    }

    /// Whether the value at `value` is an array whose first element is an object or an array.
    static func holdsRecords(_ value: JSONScanner) -> Bool {
        guard var cursor = JSONArrayCursor(value), cursor.next() else { return false }
        return cursor.scanner.peek == 0x7B || cursor.scanner.peek == 0x5B
    }

    /// Whether an object's inside has a member holding records (``holdsRecords(_:)``).
    static func holdsKeyedRecords(_ object: JSONScanner) -> Bool {
        var members = JSONObjectCursor(inside: object)
        while members.next() != nil {
            if holdsRecords(members.scanner) { return true }
            guard members.scanner.skipValue() else { return false }
        }
        return false
    }
}
