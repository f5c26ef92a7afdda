import LiveTickerFeed

/// The tick-feed options shared by `convert`, `replay` and `live`: CSV columns, time unit,
/// symbol and time filters, strictness. Reads them into a ``FeedOptions``.
enum FeedArguments {
    /// Options of this group that take no value.
    static let flags: Set<String> = ["strict"]

    /// Help lines for a command's Options section.
    static let helpLines = """
          --time COL          time column, by name or 0-based index (default: a column named
                              time, timestamp, ts, date, datetime, epoch, …); in JSON a key
                              path such as T or data.T (--json-time is the same option)
          --value COL         value column (default: price, last, value, close, mid, …; else
                              the bid/ask mid; else the first other column); COL,COL,… charts
                              several columns of a wide CSV, one series each, named by column
                              (SYMBOL.column with a symbol column)
          --volume COL        size/volume column (default: size, qty, volume, …)
          --symbol-column COL symbol column (default: symbol, sym, ticker, instrument, … if it
                              holds text); none: no symbol column
          --time-format F     time layout in strftime notation, e.g. '%d/%m/%Y %H:%M' (default:
                              decided from the data: epoch, ISO-8601, dd.mm.yyyy, mm/dd or
                              dd/mm by the numbers above 12, 20240301T093000, time of day)
          --time-unit UNIT    unit of numeric times: auto, s, ms, us, ns (default auto: by
                              magnitude, < 1e11 s, < 1e14 ms, < 1e17 us, else ns)
          --delimiter D       field delimiter: , ; tab | (default: detected from the first line)
          --header MODE       auto, yes or no (no: lines are time,value[,size[,symbol]])
          --symbol NAME       chart only this symbol (default: the first one in the file);
                              NAME,NAME,… charts several, one series each, on one axis
                              (a comma inside {…} or "…" is part of a name: Prometheus'
                              'up{instance="a:9100", job="node"}')
          --from TIME         keep ticks at or after TIME (epoch number or ISO-8601)
          --to TIME           keep ticks before TIME
          --strict            stop at the first bad line (exit 1) instead of skipping it
        """

    /// Reads the group's options (consuming them).
    static func read(from arguments: inout ParsedArguments) throws(UsageError) -> FeedOptions {
        var options = FeedOptions()
        options.timeColumn = (arguments.value("time") ?? arguments.value("json-time")).map(ColumnSelector.init(argument:))
        if let value = arguments.value("value") ?? arguments.value("json-value") {
            // `a,b,c`: several value columns, a series each (CSV).
            let columns = value.contains(",") ? value.split(separator: ",").map { String($0.filter { $0 != " " }) }.filter { !$0.isEmpty } : [value]
            guard let first = columns.first else { throw UsageError("--value needs a column name") }
            options.valueColumn = ColumnSelector(argument: first)
            options.moreValueColumns = columns.dropFirst().map(ColumnSelector.init(argument:))
        }
        // `--volume`, not `--size`: `--size WxH` is the picture size of the drawing commands.
        options.sizeColumn = (arguments.value("volume") ?? arguments.value("size-column") ?? arguments.value("json-size"))
            .map(ColumnSelector.init(argument:))
        if let symbolColumn = arguments.value("symbol-column") ?? arguments.value("json-symbol") {
            if symbolColumn.lowercased() == "none" {
                options.noSymbolColumn = true
            } else {
                options.symbolColumn = ColumnSelector(argument: symbolColumn)
            }
        }
        options.timeFormat = try arguments.value(
            "time-format", expected: "a strftime pattern such as '%d/%m/%Y %H:%M:%S' (%Y %y %m %d %H %I %M %S %f %b %p %z %s %j)"
        ) { TimePattern($0) }
        options.timeUnit = try arguments.value("time-unit", expected: "auto, s, ms, us or ns") {
            TimeUnit(argument: $0)
        } ?? .auto
        options.delimiter = try arguments.value("delimiter", expected: "one character or 'tab'") {
            FeedOptions.parseDelimiter($0)
        }
        options.header = try arguments.value("header", expected: "auto, yes or no") { text -> HeaderMode? in
            switch text.lowercased() {
            case "auto": .auto
            case "yes", "present", "true": .present
            case "no", "absent", "none", "false": .absent
            default: nil
            }
        } ?? .auto
        options.symbol = arguments.value("symbol")
        options.from = try arguments.value("from", expected: "an epoch time or ISO-8601 timestamp") {
            FeedOptions.parseTimestamp($0)
        }
        options.to = try arguments.value("to", expected: "an epoch time or ISO-8601 timestamp") {
            FeedOptions.parseTimestamp($0)
        }
        options.strict = arguments.flag("strict")
        return options
    }

    /// The symbols to chart as separate series when `--symbol` names several (`A,B`); then the
    /// reader's single-symbol filter is cleared so every named symbol is read. Empty otherwise.
    /// The series to chart: value columns (`--value a,b,c`, then `byColumn`), else symbols
    /// (``chartedSymbols(_:)``). Several of both at once is a usage error.
    static func chartedSeries(_ options: inout FeedOptions) throws(UsageError) -> (names: [String], byColumn: Bool) {
        guard !options.moreValueColumns.isEmpty, let first = options.valueColumn else {
            return (chartedSymbols(&options), false)
        }
        if let list = options.symbol, symbolNames(list).count > 1 {
            throw UsageError("--value A,B and --symbol A,B cannot both name several: chart several columns of one symbol, or one column of several symbols")
        }
        return (([first] + options.moreValueColumns).map(\.description), true)
    }

    static func chartedSymbols(_ options: inout FeedOptions) -> [String] {
        guard let list = options.symbol, list.contains(",") else { return [] }
        let names = symbolNames(list)
        guard names.count > 1 else {
            // One name with a comma in it: the single-symbol filter, as for any one name.
            options.symbol = names.first
            return []
        }
        options.symbol = nil
        return names
    }

    /// The names of a `--symbol` list: split at commas outside `{…}` and `"…"` (a Prometheus
    /// series, `up{instance="a:9100", job="node"}`, is one name), spaces around each name
    /// dropped, empty names left out. O(characters).
    static func symbolNames(_ list: String) -> [String] {
        var names: [String] = []
        var current = ""
        var depth = 0
        var quoted = false
        var escaped = false
        for c in list {
            if quoted {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { quoted = false }
            } else if c == "\"" {
                quoted = true
            } else if c == "{" {
                depth += 1
            } else if c == "}" {
                depth = max(0, depth - 1)
            } else if c == "," && depth == 0 {
                names.append(current)
                current = ""
                continue
            }
            current.append(c)
        }
        names.append(current)
        return names.map { String($0.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
            .filter { !$0.isEmpty }
    }
}
