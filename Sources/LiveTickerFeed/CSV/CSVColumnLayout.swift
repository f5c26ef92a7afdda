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

    /// Whether the value is the mid of bid and ask (no price column).
    public var valueIsMid: Bool { value == nil }

    var roles: [ColumnRole] {
        var roles = [ColumnRole](repeating: .ignore, count: lastNeeded + 1)
        roles[time] = .time
        if let value { roles[value] = .value }
        if let size { roles[size] = .size }
        if let symbol { roles[symbol] = .symbol }
        if value == nil {
            if let bid { roles[bid] = .bid }
            if let ask { roles[ask] = .ask }
        }
        return roles
    }

    /// The last column any role reads.
    var lastNeeded: Int {
        var last = time
        for column in [value, size, symbol] { if let column { last = max(last, column) } }
        if value == nil {
            for column in [bid, ask] { if let column { last = max(last, column) } }
        }
        return last
    }

    /// The last column a line must have (time and value; size and symbol are optional).
    var lastRequired: Int {
        if let value { return max(time, value) }
        return max(time, bid ?? 0, ask ?? 0)
    }

    /// The header name of column `index`, or its index as text.
    func name(of index: Int) -> String {
        index < header.count ? header[index] : String(index)
    }

    /// E.g. `time=ts (ms), value=price, size=qty, symbol=sym`. Allocates.
    public var description: String {
        var parts = ["time=\(name(of: time))" + (timeUnit == .auto ? "" : " (\(timeUnit))")]
        if let value {
            parts.append("value=\(name(of: value))")
        } else {
            parts.append("value=mid(\(name(of: bid ?? 0)), \(name(of: ask ?? 0)))")
        }
        if let size { parts.append("size=\(name(of: size))") }
        if let symbol { parts.append("symbol=\(name(of: symbol))") }
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

    /// The line protocol without a header: `time, value[, size[, symbol]]`, unless options
    /// choose other indices. Name selectors are errors (there are no names).
    static func headerless(options: FeedOptions) throws(FeedError) -> CSVColumnLayout {
        func index(_ selector: ColumnSelector?, _ option: String, _ fallback: Int) throws(FeedError) -> Int {
            switch selector {
            case nil: return fallback
            case let .index(i)?:
                guard i < maximumColumns else {
                    throw .unknownColumn(option: option, selector: String(i), header: [])
                }
                return i
            case let .name(name)?: throw .unknownColumn(option: option, selector: name, header: [])
            }
        }
        let time = try index(options.timeColumn, "--time", 0)
        let value = try index(options.valueColumn, "--value", 1)
        let size = try index(options.sizeColumn, "--size", 2)
        let symbol = try index(options.symbolColumn, "--symbol-column", 3)
        return CSVColumnLayout(
            header: [], time: time, value: value, size: size == time || size == value ? nil : size,
            bid: nil, ask: nil, symbol: symbol == time || symbol == value || symbol == size ? nil : symbol,
            timeUnit: options.timeUnit)
    }

    /// Assigns roles from header names: explicit selectors first, then aliases, then fallbacks
    /// (value: bid/ask mid, a lone bid or ask, else the first unclaimed column). Throws when the
    /// time or value column cannot be found, naming what is missing and the header found.
    static func fromHeader(_ header: [String], options: FeedOptions) throws(FeedError) -> CSVColumnLayout {
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
        let explicitSize = claim(try resolve(options.sizeColumn, "--size"))
        let explicitSymbol = claim(try resolve(options.symbolColumn, "--symbol-column"))

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
            _ = claim(time)
        } else if let time {
            unitFromName = CSVColumnAliases.splitUnit(normalized[time]).unit
        }
        let symbol = explicitSymbol ?? claim(find(CSVColumnAliases.symbol))
        let size = explicitSize ?? claim(find(CSVColumnAliases.size))
        var value = explicitValue ?? claim(find(CSVColumnAliases.value))
        var bid: Int?
        var ask: Int?
        if value == nil {
            bid = claim(find(CSVColumnAliases.bid))
            ask = claim(find(CSVColumnAliases.ask))
            if bid == nil || ask == nil {
                // A lone bid or ask is the best price there is.
                value = bid ?? ask
                bid = nil
                ask = nil
                if value == nil {
                    value = claim(normalized.indices.first { !claimed.contains($0) })
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
        return CSVColumnLayout(
            header: header, time: time, value: value, size: size, bid: bid, ask: ask, symbol: symbol,
            timeUnit: unit)
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
