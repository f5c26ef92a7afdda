/// Which CSV column plays which role, decided once from the header (or the line protocol's
/// fixed order) and then used for every line.
public struct CSVColumnLayout: Sendable, Equatable, CustomStringConvertible {
    /// Most columns that can carry a role; columns past it are ignored.
    public static let maximumColumns = 1024

    /// The header names as found (unquoted, untrimmed); empty for headerless input.
    public let header: [String]
    /// Index of the time column.
    public let time: Int
    /// Index of the value column, or nil when the value is the bid/ask mid.
    public let value: Int?
    /// Index of the size column, if any.
    public let size: Int?
    /// Indices of the bid and ask columns, if any.
    public let bid: Int?, ask: Int?
    /// Index of the symbol column, if any.
    public let symbol: Int?
    /// The unit numeric times are read in (`.auto` = by magnitude).
    public let timeUnit: TimeUnit
    /// How the time column's text is read (decided from the first lines, or `--time-format`).
    public internal(set) var timeForm: TimeForm = .standard
    /// A date column whose day the time-of-day column's times fall on (`Date,Time,…`).
    public internal(set) var date: Int? = nil
    /// How the date column's text is read.
    public internal(set) var dateForm: TimeForm = .standard
    /// For the summary: how the first sampled time (and date) of a ``TimeForm/standard``
    /// column is written (`epoch ms (by magnitude)`, `day.month.year time`, …); nil unsampled.
    public internal(set) var timeFormName: String? = nil, dateFormName: String? = nil
    /// Numbers are written with a decimal comma, `.` between thousands (`16.750,00`).
    public internal(set) var decimalComma = false
    /// An OHLC bar file's open, high and low columns (its close is ``value``): set together,
    /// when all three are found and the value is none of them; each line is then a bar.
    public internal(set) var open: Int? = nil, high: Int? = nil, low: Int? = nil
    /// Further value columns (`--value a,b,c`): each line gives a tick per value column, the
    /// first for ``value``, then one per column here, each its own series (``seriesNames``).
    public internal(set) var moreValues: [Int] = []
    /// Headerless input: how many fields its first lines had (nil: not sampled), so a size or
    /// symbol column kept for later lines (the line protocol's optional fields) is described
    /// as such, not as a column the file has.
    var sampledWidth: Int? = nil
    /// The series a line's ticks go to when there are several value columns: each value
    /// column's name. Empty for one value column.
    public var valueColumnNames: [String] {
        guard let value, !moreValues.isEmpty else { return [] }
        return ([value] + moreValues).map { name(of: $0) }
    }
    /// Whether each line is an OHLC bar, charted as a candle as given (see ``open``).
    public var hasBars: Bool { open != nil }
    /// Decimals the value column is written with (float32 export noise left out: see
    /// `CSVSample.decimals(of:decimalComma:)`), for a display to show prices as the file does;
    /// nil when the first lines do not say.
    public internal(set) var valueDecimals: Int? = nil
    /// ``valueDecimals`` per symbol seen in the first lines, when there is a symbol column.
    public internal(set) var valueDecimalsBySymbol: [String: Int] = [:]
    /// Numeric columns no role reads (a wide telemetry file's other signals), for the summary.
    public internal(set) var otherNumericColumns: [Int] = []

    /// Whether the value is the mid of bid and ask (no price column).
    public var valueIsMid: Bool { value == nil }

    var roles: [ColumnRole] {
        var roles = [ColumnRole](repeating: .ignore, count: lastNeeded + 1)
        roles[time] = .time
        if let value { roles[value] = .value }
        if let size { roles[size] = .size }
        if let symbol { roles[symbol] = .symbol }
        if let date { roles[date] = .date }
        for column in moreValues { roles[column] = .moreValue }
        if let open, let high, let low {
            roles[open] = .open
            roles[high] = .high
            roles[low] = .low
        }
        if value == nil {
            if let bid { roles[bid] = .bid }
            if let ask { roles[ask] = .ask }
        }
        return roles
    }

    /// The last column any role reads.
    var lastNeeded: Int {
        var last = time
        for column in [value, size, symbol, date, open, high, low] { if let column { last = max(last, column) } }
        for column in moreValues { last = max(last, column) }
        if value == nil {
            for column in [bid, ask] { if let column { last = max(last, column) } }
        }
        return last
    }

    /// The last column a line must have (time and value; size and symbol are optional).
    var lastRequired: Int {
        if let value { return max(time, value, date ?? 0) }
        return max(time, bid ?? 0, ask ?? 0, date ?? 0)
    }

    /// The header name of column `index`, or its index as text (also for an unnamed column:
    /// pandas writes its index column with an empty name).
    func name(of index: Int) -> String {
        index < header.count && !header[index].isEmpty ? header[index] : String(index)
    }

    /// E.g. `time=ts (ms), value=price, size=qty, symbol=sym`. Allocates.
    public var description: String {
        var parts = ["time=\(name(of: time))" + (timeUnit == .auto ? "" : " (\(timeUnit))")]
        if let date { parts[0] += " on date=\(name(of: date))" }
        if value != nil, !moreValues.isEmpty {
            parts.append(
                "values=" + valueColumnNames.joined(separator: ", ")
                    + (symbol == nil ? " (a series each, named by column)" : " (a series each, named symbol.column)"))
        } else if let value {
            parts.append("value=\(name(of: value))")
        } else {
            parts.append("value=mid(\(name(of: bid ?? 0)), \(name(of: ask ?? 0)))")
        }
        func optional(_ column: Int) -> String {
            column >= (sampledWidth ?? .max) ? "\(name(of: column)) if a line has it" : name(of: column)
        }
        if let size { parts.append("size=\(optional(size))") }
        if let symbol { parts.append("symbol=\(optional(symbol))") }
        if let open, let high, let low {
            parts.append(
                "OHLC bars (open=\(name(of: open)), high=\(name(of: high)), low=\(name(of: low)), close=\(name(of: value ?? 0)): one candle per bar, as given)")
        }
        return parts.joined(separator: ", ")
    }

    init(
        header: [String], time: Int, value: Int?, size: Int?, bid: Int?, ask: Int?, symbol: Int?,
        timeUnit: TimeUnit
    ) {
        self.header = header
        self.time = time
        self.value = value
        self.size = size
        self.bid = bid
        self.ask = ask
        self.symbol = symbol
        self.timeUnit = timeUnit
    }

    /// Headerless lines: `time, value[, size[, symbol]]`, unless options choose other indices
    /// (name selectors are errors: there are no names). With a `sample` of the first lines: the
    /// time column is the first one holding plausible times (so a leading trade id is passed
    /// over, as in Binance aggTrades dumps, and then value and size are columns 1 and 2), or,
    /// when that column holds dates alone and the next one times of day, the next one on the
    /// first's day (MetaTrader's `2012.02.01,00:00,…`, AmiBroker's `20050606,162959`);
    /// Binance klines rows (12 columns, times in 0 and 6) chart the close (4) with volume 5;
    /// after a leading time (and date), four columns that stand as bars do are open, high, low
    /// and close with the volume next (HistData, NinjaTrader), and two that stand as quotes do
    /// are bid and ask, charted as their mid (HistData's ticks); a symbol column is one that
    /// holds text, never a number (a leading ticker before the time, else column 3).
    static func headerless(options: FeedOptions, sample: CSVSample? = nil) throws(FeedError) -> CSVColumnLayout {
        func index(_ selector: ColumnSelector?, _ option: String) throws(FeedError) -> Int? {
            switch selector {
            case nil: return nil
            case let .index(i)?:
                guard i < maximumColumns else {
                    throw .columnOutOfRange(option: option, index: i, columns: sample?.width ?? maximumColumns)
                }
                // Past every sampled line's fields: every line would be short of it.
                if let width = sample?.width, width > 0, i >= width {
                    throw .columnOutOfRange(option: option, index: i, columns: width)
                }
                return i
            case let .name(name)?: throw .unknownColumn(option: option, selector: name, header: [])
            }
        }
        let width = sample?.width ?? 4
        var time = try index(options.timeColumn, "--time")
        if time == nil, let sample, !sample.isPlausibleTime(0) {
            time = (0..<width).first { sample.isPlausibleTime($0) }
        }
        var timeColumn = time ?? 0
        // A date column with a time-of-day column beside it (MetaTrader's and QCollector's
        // `2012.02.01,00:00,…`): the time is the second, on the first's day.
        var dateColumn: Int? = nil
        if options.timeColumn == nil, let sample, timeColumn + 1 < width, sample.isDateOnly(timeColumn),
            (try? sample.timeForm(of: timeColumn + 1)) == .timeOfDay || sample.isClockDigits(timeColumn + 1)
        {
            dateColumn = timeColumn
            timeColumn += 1
        }
        let isKline = sample.map { $0.width >= 11 && timeColumn == 0 && $0.isPlausibleTime(6) && (1...5).allSatisfy($0.isNumeric) } ?? false
        // A ticker before the time (TrueFX's `EUR/USD,20240301 00:00:00.123,…`, AmiBroker's
        // `MOL,0,20050606,…`): text in column 0, which holds no time.
        let leadingTicker = timeColumn > 0 && dateColumn != 0 && sample.map { $0.isText(0) && !$0.isPlausibleTime(0) } == true
        // The columns right after a leading time (and date, or a ticker): open, high, low,
        // close[, volume] when they stand as bars do; bid, ask[, volume] when they stand as
        // quotes do. Only when no option names a value, volume or further values.
        let firstAfterTime = dateColumn != nil || timeColumn == 0 || (leadingTicker && timeColumn == 1) ? timeColumn + 1 : nil
        let guessing = options.valueColumn == nil && options.sizeColumn == nil && options.moreValueColumns.isEmpty && !isKline
        let guessFrom = guessing ? firstAfterTime : nil
        let barsFrom = guessFrom.flatMap { sample?.holdsBars(from: $0) == true ? $0 : nil }
        // Quotes are the last columns: bid, ask and at most a volume.
        let quotesFrom =
            barsFrom == nil ? guessFrom.flatMap { width <= $0 + 3 && sample?.holdsQuotes(from: $0) == true ? $0 : nil } : nil
        let defaultValue = isKline ? 4 : barsFrom.map { $0 + 3 } ?? firstAfterTime ?? (timeColumn == 1 ? 0 : 1)
        let value = try index(options.valueColumn, "--value") ?? defaultValue
        var size = try index(options.sizeColumn, "--volume")
        if size == nil {
            let candidate = isKline ? 5 : barsFrom.map { $0 + 4 } ?? quotesFrom.map { $0 + 2 } ?? (dateColumn != nil ? value + 1 : 2)
            // Unseen in the first lines (a live feed's first datagram) counts as possible.
            if candidate != timeColumn && candidate != value
                && (sample.map { $0.values(candidate).isEmpty || $0.isNumeric(candidate) } ?? true)
            {
                size = candidate
            }
        }
        var symbol = try index(options.symbolColumn, "--symbol-column")
        if symbol == nil && !options.noSymbolColumn && !isKline {
            // A leading ticker before the time, else column 3.
            let candidate = leadingTicker ? 0 : 3
            if candidate != timeColumn && candidate != value && candidate != size
                && (sample.map { $0.values(candidate).isEmpty || $0.isText(candidate) } ?? true)
            {
                symbol = candidate
            }
        }
        var more: [Int] = []
        for selector in options.moreValueColumns {
            if let column = try index(selector, "--value"), column != value, !more.contains(column) { more.append(column) }
        }
        if !more.isEmpty {
            if size.map(more.contains) == true { size = nil }
            if symbol.map(more.contains) == true { symbol = nil }
        }
        var layout = CSVColumnLayout(
            header: [], time: timeColumn, value: quotesFrom == nil ? value : nil,
            size: size == timeColumn || size == value ? nil : size,
            bid: quotesFrom, ask: quotesFrom.map { $0 + 1 },
            symbol: symbol == timeColumn || symbol == value || symbol == size ? nil : symbol,
            timeUnit: options.timeUnit)
        layout.moreValues = more
        layout.date = dateColumn
        if let width = sample?.width, width > 0 { layout.sampledWidth = width }
        // A kline row is a bar: open 1, high 2, low 3 (when the close is the value).
        if isKline && value == 4 && more.isEmpty {
            layout.setBars(open: 1, high: 2, low: 3)
        } else if let barsFrom {
            layout.setBars(open: barsFrom, high: barsFrom + 1, low: barsFrom + 2)
        }
        try layout.decideForms(options: options, sample: sample)
        return layout
    }

    /// Makes each line an OHLC bar read from these columns (the value is its close).
    mutating func setBars(open: Int, high: Int, low: Int) {
        self.open = open
        self.high = high
        self.low = low
    }

    /// Sets the time form (and a date column for times of day) and the number style from the
    /// sample; throws when dates are ambiguous (`03/04/2024`) and no `--time-format` says which.
    mutating func decideForms(options: FeedOptions, sample: CSVSample?) throws(FeedError) {
        if let pattern = options.timeFormat {
            timeForm = .pattern(pattern)
            return
        }
        guard let sample else { return }
        var form = try sample.timeForm(of: time)
        // A time of day on a date column's day. Written as digits (`093000`, Finam's and
        // AmiBroker's), it is one only beside such a column: one a header names (then one line
        // tells), or one the headerless layout found (from numbers alone: three lines).
        let clockDigits =
            form == .standard && sample.isClockDigits(time, atLeast: header.isEmpty ? CSVSample.rowsToGuess : 1)
        if date == nil && !header.isEmpty && (form == .timeOfDay || clockDigits) {
            let names = header.map(CSVColumnAliases.normalize)
            date = names.indices.first {
                $0 != time && $0 != value && $0 != size && $0 != symbol && CSVColumnAliases.date.contains(names[$0])
            }
        }
        if date != nil && clockDigits { form = .timeOfDay }
        timeForm = form
        if timeForm == .standard { timeFormName = sample.standardTimeName(of: time, unit: timeUnit) }
        if let date {
            dateForm = try sample.timeForm(of: date)
            if dateForm == .standard { dateFormName = sample.standardTimeName(of: date, unit: timeUnit) }
        }
        if let value {
            decimalComma = sample.usesDecimalComma(value)
            valueDecimals = sample.decimals(of: value, decimalComma: decimalComma)
            if let symbol { valueDecimalsBySymbol = sample.decimalsBySymbol(value: value, symbol: symbol, decimalComma: decimalComma) }
        }
        let used = Set([time, value, size, bid, ask, symbol, date, open, high, low].compactMap { $0 } + moreValues)
        otherNumericColumns = (0..<min(sample.width, Self.maximumColumns)).filter { !used.contains($0) && sample.isNumeric($0) }
    }

    /// What the reader chose, for the run's summary: delimiter, header, columns, time form,
    /// number style, the numeric columns left out. Allocates.
    func summary(delimiter: UInt8) -> String {
        let delimiterName: String
        switch delimiter {
        case ASCII.comma: delimiterName = "','"
        case ASCII.semicolon: delimiterName = "';'"
        case ASCII.tab: delimiterName = "tab"
        default: delimiterName = "'\(Character(Unicode.Scalar(delimiter)))'"
        }
        var text = "CSV (\(delimiterName), \(header.isEmpty ? "no header" : "header")): \(description); times: "
        // The form the first lines showed, so a wrong guess is seen at once.
        if timeForm == .standard {
            text += timeFormName ?? (timeUnit == .auto ? "epoch (unit by magnitude) or ISO-8601" : "epoch \(timeUnit)")
        } else {
            text += timeForm.description
        }
        if date != nil { text += ", date " + (dateForm == .standard ? dateFormName ?? dateForm.description : dateForm.description) }
        if decimalComma { text += "; decimal comma" }
        if !otherNumericColumns.isEmpty {
            text += "; other numeric columns: " + otherNumericColumns.map { name(of: $0) }.joined(separator: ", ")
                + " (chart one with --value NAME, several with --value A,B,…)"
        }
        return text
    }

    /// Assigns roles from header names: explicit selectors first, then aliases, then fallbacks
    /// (value: bid/ask mid, a lone bid or ask, else the first unclaimed column). Throws when the
    /// time or value column cannot be found, naming what is missing and the header found.
    static func fromHeader(_ header: [String], options: FeedOptions, sample: CSVSample? = nil) throws(FeedError)
        -> CSVColumnLayout
    {
        let normalized = header.prefix(maximumColumns).map(CSVColumnAliases.normalize)
        let trimmedLower = header.prefix(maximumColumns).map { $0.trimmingASCIISpaces().lowercased() }
        var claimed = Set<Int>()

        func resolve(_ selector: ColumnSelector?, _ option: String) throws(FeedError) -> Int? {
            guard let selector else { return nil }
            switch selector {
            case let .index(i):
                guard i < normalized.count else {
                    throw .unknownColumn(option: option, selector: String(i), header: header)
                }
                return i
            case let .name(name):
                let lower = name.trimmingASCIISpaces().lowercased()
                if let i = trimmedLower.firstIndex(of: lower) { return i }
                if let i = normalized.firstIndex(of: CSVColumnAliases.normalize(name)) { return i }
                throw .unknownColumn(option: option, selector: name, header: header)
            }
        }
        func find(_ aliases: [String]) -> Int? {
            for alias in aliases {
                if let i = normalized.indices.first(where: { normalized[$0] == alias && !claimed.contains($0) }) {
                    return i
                }
            }
            return nil
        }
        func claim(_ i: Int?) -> Int? {
            if let i { claimed.insert(i) }
            return i
        }

        // Explicit choices claim their columns before any alias is matched.
        let explicitTime = claim(try resolve(options.timeColumn, "--time"))
        let explicitValue = claim(try resolve(options.valueColumn, "--value"))
        let explicitSize = claim(try resolve(options.sizeColumn, "--volume"))
        let explicitSymbol = claim(try resolve(options.symbolColumn, "--symbol-column"))
        var moreValues: [Int] = []
        for selector in options.moreValueColumns {
            if let column = try resolve(selector, "--value"), column != explicitValue, !moreValues.contains(column) {
                moreValues.append(column)
                claimed.insert(column)
            }
        }

        var time = explicitTime
        var unitFromName: TimeUnit?
        if time == nil {
            outer: for alias in CSVColumnAliases.time {
                for i in normalized.indices where !claimed.contains(i) {
                    let (base, unit) = CSVColumnAliases.splitUnit(normalized[i])
                    if normalized[i] == alias || base == alias {
                        time = i
                        unitFromName = normalized[i] == alias ? nil : unit
                        break outer
                    }
                }
            }
            // No name says time: the first column whose values are times.
            if time == nil, let sample {
                time = normalized.indices.first { !claimed.contains($0) && sample.isPlausibleTime($0) }
            }
            _ = claim(time)
        } else if let time {
            unitFromName = CSVColumnAliases.splitUnit(normalized[time]).unit
        }
        // A symbol column holds text: a numeric `code` or `name` column is not one. A column
        // the sample holds no values of keeps the name's word (a live peer may send its header
        // before its first line: deciding on an empty sample dropped the symbols at random).
        var symbol = explicitSymbol
        if symbol == nil && !options.noSymbolColumn {
            for alias in CSVColumnAliases.symbol {
                if let i = normalized.indices.first(where: { column in
                    normalized[column] == alias && !claimed.contains(column)
                        && (sample.map { $0.values(column).isEmpty || $0.isText(column) } ?? true)
                }) {
                    symbol = claim(i)
                    break
                }
            }
        }
        // Else the first volume named with its currency (CryptoDataDownload's `Volume BTC`
        // before `Volume USDT`: the traded asset's, as `volume` is elsewhere).
        let size =
            explicitSize
            ?? claim(find(CSVColumnAliases.size) ?? normalized.indices.first { normalized[$0].hasPrefix("volume_") && !claimed.contains($0) })
        var value = explicitValue ?? claim(find(CSVColumnAliases.value))
        var bid: Int?
        var ask: Int?
        // MetaTrader 5's ticks of a currency: `<LAST>` empty on every sampled line, beside
        // `<BID>` and `<ASK>`: their mid is the value.
        let emptyValue = explicitValue == nil && value.map { sample?.values($0).isEmpty == true } == true
        if value == nil || emptyValue {
            let before = claimed
            bid = claim(find(CSVColumnAliases.bid))
            ask = claim(find(CSVColumnAliases.ask))
            if emptyValue {
                if let bid, let ask, sample?.values(bid).isEmpty == false, sample?.values(ask).isEmpty == false {
                    value = nil
                } else {
                    (claimed, bid, ask) = (before, nil, nil)
                }
            } else if bid == nil || ask == nil {
                // A lone bid or ask is the best price there is.
                value = bid ?? ask
                bid = nil
                ask = nil
                if value == nil {
                    // The first column whose values are numbers (a `device_id` is not a value),
                    // passing over numbered ids (ThingSpeak's `entry_id` before its `field1`).
                    func isIdentifier(_ column: Int) -> Bool { normalized[column] == "id" || normalized[column].hasSuffix("_id") }
                    let numeric = normalized.indices.filter { !claimed.contains($0) && (sample?.isNumeric($0) ?? true) }
                    value = claim(
                        numeric.first { !isIdentifier($0) } ?? numeric.first ?? normalized.indices.first { !claimed.contains($0) })
                }
            }
        }
        var missing: [String] = []
        if time == nil { missing.append("time (time, timestamp, ts, date, datetime, epoch, …)") }
        if value == nil && (bid == nil || ask == nil) {
            missing.append("value (price, last, value, close, mid, …, or bid and ask)")
        }
        guard missing.isEmpty, let time else { throw .missingColumns(missing: missing, header: header) }
        let unit = options.timeUnit != .auto ? options.timeUnit : (unitFromName ?? .auto)
        var layout = CSVColumnLayout(
            header: header, time: time, value: value, size: size, bid: bid, ask: ask, symbol: symbol,
            timeUnit: unit)
        layout.moreValues = moreValues
        // Open, high and low beside the value (the close): each line is an OHLC bar.
        if moreValues.isEmpty, let value, let open = find(CSVColumnAliases.open), let high = find(CSVColumnAliases.high),
            let low = find(CSVColumnAliases.low), ![open, high, low].contains(value)
        {
            layout.setBars(open: open, high: high, low: low)
        }
        try layout.decideForms(options: options, sample: sample)
        return layout
    }
}

extension String {
    /// The string without leading and trailing ASCII spaces and tabs. O(length).
    func trimmingASCIISpaces() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
