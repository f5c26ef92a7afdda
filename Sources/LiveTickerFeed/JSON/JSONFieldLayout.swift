/// Where a ``JSONTickDecoder`` finds each field of a tick: an object key path (`T`, `data.p`)
/// or, in rows that are arrays (`[1709251200123, "61130.99", "0.004"]`, Binance klines), an
/// element index.
public enum JSONField: Sendable, Hashable, CustomStringConvertible {
    /// Keys from the outermost object inwards, matched exactly (JSON keys are case-sensitive:
    /// Binance's `T` is the trade time, `t` the trade id).
    case path([String])
    /// The 0-based element of an array row.
    case index(Int)

    /// A field from an option value: digits are an index, anything else a dotted key path.
    public init(selector: ColumnSelector) {
        switch selector {
        case let .index(i): self = .index(i)
        case let .name(name): self = .path(name.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
        }
    }

    /// `data.p`, or `[4]`.
    public var description: String {
        switch self {
        case let .path(keys): keys.joined(separator: ".")
        case let .index(i): "[\(i)]"
        }
    }
}

/// The fields a ``JSONTickDecoder`` reads: from options (`--time T --value p`) or found in the
/// first object by the same aliases as CSV columns (plus Binance's one-letter `p`, `q`, `s`).
public struct JSONFieldLayout: Sendable, Equatable, CustomStringConvertible {
    /// The time field; nil when messages carry no time (ticks then take the arrival time).
    public var time: JSONField?
    /// The value field.
    public var value: JSONField?
    /// The size field, if any.
    public var size: JSONField?
    /// The symbol field, if any.
    public var symbol: JSONField?
    /// The unit of numeric times (`.auto`: by magnitude; a key such as `ts_ms` names it).
    public var timeUnit: TimeUnit = .auto
    /// An OHLC bar's open, high and low fields (the value is its close), set together: each
    /// record is then a bar, charted as a candle as given (Binance REST klines, `{"open":…}`).
    public var open: JSONField?, high: JSONField?, low: JSONField?
    /// A Binance kline stream's "is this kline closed" flag (`k.x`): when set, only records
    /// where it is `true` become bars; an update of a kline still forming is counted in
    /// ``FeedReport/unfinishedBars`` and skipped, since the stream repeats the whole bar so far
    /// (its volume is cumulative) and the final update carries the finished bar.
    public var closed: JSONField?
    /// Nanoseconds within the time's second, beside a time in whole seconds (Zabbix's `ns`
    /// beside its `clock`): added to it.
    public var subsecond: JSONField?
    /// With no ``value`` found: a field named as a value (`price`, `value`, …) whose text was
    /// no number in the object the layout was found in (`"price":"closed"`), so that object's
    /// bad line says a malformed number in it, not a missing field.
    public var unreadableValue: JSONField?

    /// Whether each record is an OHLC bar (see ``open``).
    public var hasBars: Bool { open != nil && high != nil && low != nil }

    /// E.g. `time=T, value=p, size=q`. Allocates.
    public var description: String {
        var parts: [String] = []
        parts.append(
            "time=" + (time.map { "\($0)" } ?? "(arrival)") + (subsecond.map { "+\($0)" } ?? "")
                + (timeUnit == .auto ? "" : " (\(timeUnit))"))
        parts.append("value=" + (value.map { "\($0)" } ?? "?"))
        if let size { parts.append("size=\(size)") }
        if let symbol { parts.append("symbol=\(symbol)") }
        if let open, let high, let low {
            parts.append("OHLC bars (open=\(open), high=\(high), low=\(low), close=\(value.map { "\($0)" } ?? "?"): one candle per bar, as given)")
        }
        if let closed { parts.append("closed klines only (\(closed) true)") }
        return parts.joined(separator: ", ")
    }

    /// Extra aliases for JSON keys, after the CSV ones: Binance's trade streams use `p`, `q`, `s`.
    static let valueAliases = CSVColumnAliases.value + ["p", "c"]
    static let sizeAliases = CSVColumnAliases.size + ["q", "v"]
    static let symbolAliases = CSVColumnAliases.symbol + ["s"]
    /// Bar fields: the CSV names, taken only when all three are there. (Not Binance's one-letter
    /// kline keys: names are compared case-folded, and its `L`, the last trade id, would read as
    /// the low `l`.)
    static let openAliases = CSVColumnAliases.open
    static let highAliases = CSVColumnAliases.high
    static let lowAliases = CSVColumnAliases.low

    /// What kind of value a key held in the first object.
    enum LeafKind { case number, numericText, text, other }

    /// A key of the first object: its path, kind, and whether its value reads as a time in
    /// ``TimeParser/plausibleTimes`` (so a trade id `t` is not taken for the trade time `T`).
    typealias Leaf = (path: [String], kind: LeafKind, plausibleTime: Bool)

    /// Chooses fields among `leaves` (key paths of the first object, outermost first, in
    /// document order) where options did not: time by alias (with a unit suffix), symbol by
    /// alias if it holds text, size by alias if numeric, value by alias if numeric, else the
    /// first numeric leaf no other field took. O(leaves × aliases); allocates.
    ///
    /// An index selector (`--value 2`) names the object's field at that place in document
    /// order (its first object's keys, nested ones included), as a column index names a CSV
    /// column; past the last field it throws ``FeedError/columnOutOfRange(option:index:columns:)``.
    ///
    /// With `shortBarKeys` (records of a REST response: Polygon's and Alpaca's
    /// `{"t":…,"o":…,"h":…,"l":…,"c":…,"v":…}`) the bar fields may also be the exact lower-case
    /// keys `o`, `h` and `l` (exact, so no `L` or `O` of a stream message is taken for them).
    static func resolve(options: FeedOptions, leaves: [Leaf], shortBarKeys: Bool = false) throws(FeedError) -> JSONFieldLayout {
        var layout = JSONFieldLayout()
        func field(_ selector: ColumnSelector?, _ option: String) throws(FeedError) -> JSONField? {
            guard let selector else { return nil }
            guard case let .index(i) = selector else { return JSONField(selector: selector) }
            guard i < leaves.count else { throw .columnOutOfRange(option: option, index: i, columns: leaves.count) }
            return .path(leaves[i].path)
        }
        layout.time = try field(options.timeColumn, "--time")
        layout.value = try field(options.valueColumn, "--value")
        layout.size = try field(options.sizeColumn, "--volume")
        layout.symbol = try field(options.symbolColumn, "--symbol-column")
        if let kline = klineLayout(options: options, leaves: leaves) { return kline }
        var claimed = Set<[String]>()
        for field in [layout.time, layout.value, layout.size, layout.symbol] {
            if case let .path(keys)? = field { claimed.insert(keys) }
        }
        // Shallow keys first, document order within a depth.
        let ordered = leaves.enumerated().sorted { ($0.element.path.count, $0.offset) < ($1.element.path.count, $1.offset) }
            .map(\.element)
        let names = ordered.map { CSVColumnAliases.normalize($0.path.last ?? "") }
        func find(_ aliases: [String], _ accept: (LeafKind) -> Bool) -> [String]? {
            for alias in aliases {
                for (i, leaf) in ordered.enumerated()
                where names[i] == alias && accept(leaf.kind) && !claimed.contains(leaf.path) {
                    claimed.insert(leaf.path)
                    return leaf.path
                }
            }
            return nil
        }
        let numeric: (LeafKind) -> Bool = { $0 == .number || $0 == .numericText }
        var unit: TimeUnit?
        if options.timeColumn == nil {
            outer: for alias in CSVColumnAliases.time {
                for (i, leaf) in ordered.enumerated()
                where !claimed.contains(leaf.path) && leaf.kind != .other && (leaf.kind == .text || leaf.plausibleTime) {
                    let (base, suffixUnit) = CSVColumnAliases.splitUnit(names[i])
                    if names[i] == alias || base == alias {
                        layout.time = .path(leaf.path)
                        unit = names[i] == alias ? nil : suffixUnit
                        claimed.insert(leaf.path)
                        break outer
                    }
                }
            }
            // Else Binance's event time `E` (exact case: its `e` is the event's type), the only
            // time of its ticker, mini-ticker and depth messages, when it reads as a time; else
            // the first text that reads as a date and time under a name that says when
            // (Home Assistant's `last_changed`; an `installed` date is not the records' time).
            func saysWhen(_ path: [String]) -> Bool {
                let name = CSVColumnAliases.normalize(path.last ?? "")
                return ["time", "date", "changed", "updated"].contains { name.contains($0) } || name.hasSuffix("_at")
            }
            if layout.time == nil,
                let event = ordered.first(where: { $0.path.last == "E" && $0.plausibleTime && !claimed.contains($0.path) })
                    ?? ordered.first(where: { $0.kind == .text && $0.plausibleTime && !claimed.contains($0.path) && saysWhen($0.path) })
            {
                layout.time = .path(event.path)
                claimed.insert(event.path)
            }
        } else if case let .path(keys)? = layout.time {
            unit = CSVColumnAliases.splitUnit(CSVColumnAliases.normalize(keys.last ?? "")).unit
        }
        // Nanoseconds beside a time found by name, under the same parent (Zabbix's `ns` beside
        // `clock`), read as the fraction of its second.
        if options.timeColumn == nil, case let .path(keys)? = layout.time,
            let leaf = ordered.first(where: {
                $0.path.count == keys.count && $0.path.dropLast() == keys.dropLast() && numeric($0.kind)
                    && CSVColumnAliases.units[CSVColumnAliases.normalize($0.path.last ?? "")] == .nanoseconds
                    && !claimed.contains($0.path)
            })
        {
            layout.subsecond = .path(leaf.path)
            claimed.insert(leaf.path)
        }
        if options.symbolColumn == nil, let keys = find(symbolAliases, { $0 == .text }) { layout.symbol = .path(keys) }
        if options.sizeColumn == nil, let keys = find(sizeAliases, numeric) { layout.size = .path(keys) }
        // Open, high and low beside a close: each record is a bar (claimed before the value's
        // fallback, so an `open` is never charted as the value).
        var bar: (open: [String], high: [String], low: [String])?
        if options.moreValueColumns.isEmpty {
            let before = claimed
            if let open = find(openAliases, numeric), let high = find(highAliases, numeric), let low = find(lowAliases, numeric) {
                bar = (open, high, low)
            } else {
                claimed = before
                func exact(_ key: String) -> [String]? {
                    guard let leaf = ordered.first(where: { $0.path.last == key && numeric($0.kind) && !claimed.contains($0.path) })
                    else { return nil }
                    claimed.insert(leaf.path)
                    return leaf.path
                }
                if shortBarKeys, let open = exact("o"), let high = exact("h"), let low = exact("l") {
                    bar = (open, high, low)
                } else {
                    claimed = before
                }
            }
        }
        if options.valueColumn == nil {
            if let keys = find(valueAliases, numeric) {
                layout.value = .path(keys)
            } else if bar == nil, let leaf = ordered.first(where: { numeric($0.kind) && !claimed.contains($0.path) }) {
                layout.value = .path(leaf.path)
            } else if bar == nil, let keys = find(valueAliases, { $0 == .text || $0 == .other }) {
                layout.unreadableValue = .path(keys)
            }
        }
        if let bar, case let .path(close)? = layout.value, ![bar.open, bar.high, bar.low].contains(close) {
            layout.open = .path(bar.open)
            layout.high = .path(bar.high)
            layout.low = .path(bar.low)
        } else if let bar, layout.value == nil {
            // No close: the bar fields were not a bar; the first of them is the value.
            layout.value = .path(bar.open)
        }
        layout.timeUnit = options.timeUnit != .auto ? options.timeUnit : (unit ?? .auto)
        return layout
    }

    /// A Binance kline stream message (`{"e":"kline","s":…,"k":{"t":…,"o":…,"h":…,"l":…,"c":…,
    /// "v":…,"x":false,…}}`, raw or inside the combined stream's `data`), when the options name
    /// no field: its one-letter keys read exactly (case matters: `L` is the last trade id, `l`
    /// the low; `q` the quote volume, `v` the base volume), the kline's open time `t` as the
    /// bar's time, and only closed klines (`x` true) as bars. Nil for any other shape. O(leaves).
    static func klineLayout(options: FeedOptions, leaves: [Leaf]) -> JSONFieldLayout? {
        guard options.timeColumn == nil, options.valueColumn == nil, options.sizeColumn == nil,
            options.moreValueColumns.isEmpty
        else { return nil }
        for prefix in [[], ["data"]] as [[String]] {
            func leaf(_ keys: [String]) -> Leaf? { leaves.first { $0.path == prefix + keys } }
            let numeric: (Leaf?) -> Bool = { $0?.kind == .number || $0?.kind == .numericText }
            guard numeric(leaf(["k", "t"])), numeric(leaf(["k", "o"])), numeric(leaf(["k", "h"])),
                numeric(leaf(["k", "l"])), numeric(leaf(["k", "c"])), leaf(["k", "x"])?.kind == .other
            else { continue }
            var layout = JSONFieldLayout()
            layout.time = .path(prefix + ["k", "t"])
            layout.timeUnit = options.timeUnit == .auto ? .milliseconds : options.timeUnit
            layout.open = .path(prefix + ["k", "o"])
            layout.high = .path(prefix + ["k", "h"])
            layout.low = .path(prefix + ["k", "l"])
            layout.value = .path(prefix + ["k", "c"])
            if numeric(leaf(["k", "v"])) { layout.size = .path(prefix + ["k", "v"]) }
            if let symbol = options.symbolColumn {
                layout.symbol = JSONField(selector: symbol)
            } else if leaf(["s"])?.kind == .text {
                layout.symbol = .path(prefix + ["s"])
            } else if leaf(["k", "s"])?.kind == .text {
                layout.symbol = .path(prefix + ["k", "s"])
            }
            layout.closed = .path(prefix + ["k", "x"])
            return layout
        }
        return nil
    }

    /// The layout of array rows: indices from options, else time 0 and, for rows of at least
    /// six elements (Binance klines: open time, open, high, low, close, volume, …), value 4
    /// (the close) and size 5, and each row a bar (open 1, high 2, low 3) unless `--value`
    /// chose the value; for shorter rows value 1 and size 2. With `lowFirst` (the first row's
    /// element 1 below its element 3, which a kline's open never is below its low) the rows are
    /// Coinbase's candles, `[time, low, high, open, close, volume]`: low 1, high 2, open 3.
    /// An index past the first row's last element throws ``FeedError/columnOutOfRange(option:index:columns:)``.
    static func resolveRow(options: FeedOptions, rowLength: Int, lowFirst: Bool = false) throws(FeedError) -> JSONFieldLayout {
        var layout = JSONFieldLayout()
        func field(_ selector: ColumnSelector?, _ fallback: Int?, _ option: String) throws(FeedError) -> JSONField? {
            if let selector {
                if case let .index(i) = selector, i >= rowLength {
                    throw .columnOutOfRange(option: option, index: i, columns: rowLength)
                }
                return JSONField(selector: selector)
            }
            guard let fallback, fallback < rowLength else { return nil }
            return .index(fallback)
        }
        let kline = rowLength >= 6
        layout.time = try field(options.timeColumn, 0, "--time")
        layout.value = try field(options.valueColumn, kline ? 4 : 1, "--value")
        layout.size = try field(options.sizeColumn, kline ? 5 : 2, "--volume")
        layout.symbol = try field(options.symbolColumn, nil, "--symbol-column")
        layout.timeUnit = options.timeUnit
        if kline && options.valueColumn == nil && options.moreValueColumns.isEmpty && layout.value == .index(4) {
            layout.open = .index(lowFirst ? 3 : 1)
            layout.high = .index(2)
            layout.low = .index(lowFirst ? 1 : 3)
        }
        return layout
    }
}

extension JSONFieldLayout {
    /// A layout of the fields given (a response whose columns are known); no bar fields.
    init(time: JSONField?, value: JSONField?, size: JSONField? = nil, timeUnit: TimeUnit) {
        self.init()
        self.time = time
        self.value = value
        self.size = size
        self.timeUnit = timeUnit
    }
}
