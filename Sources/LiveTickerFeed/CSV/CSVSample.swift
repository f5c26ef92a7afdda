import LiveTickerCore

#if canImport(Glibc)
import Glibc
#endif

/// The first data lines of a CSV input, split into fields, from which the reader decides what
/// it cannot tell from the header alone: which column holds times (and in what form), which
/// columns are numbers and which text, whether numbers use a decimal comma. Built once per
/// input from at most ``maximumRows`` lines of the first read; allocates (once).
struct CSVSample {
    /// Most lines looked at.
    static let maximumRows = 200

    /// Fewest lines a guess from the numbers alone needs (bars, quotes, a time written as
    /// digits): one line of four random signals stands as a bar one time in twelve, and a live
    /// feed's first read may hold a single line; three make a chance guess rare, and a file
    /// export has hundreds.
    static let rowsToGuess = 3

    /// Fields of each sampled line, unquoted and trimmed.
    let rows: [[String]]
    let delimiter: UInt8

    /// Fields per line (the most any sampled line has).
    var width: Int { rows.map(\.count).max() ?? 0 }

    /// Samples the complete lines in `[start, stop)`.
    init(_ start: UnsafePointer<UInt8>, stop: UnsafePointer<UInt8>, delimiter: UInt8) {
        var rows: [[String]] = []
        var p = start
        while p < stop && rows.count < Self.maximumRows {
            guard let hit = memchr(p, Int32(ASCII.newline), stop - p) else { break }
            let newline = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self))
            var end = newline
            if end > p && end[-1] == ASCII.carriageReturn { end -= 1 }
            if end > p { rows.append(CSVRecordParser.splitHeader(p, end, delimiter: delimiter)) }
            p = newline + 1
        }
        self.rows = rows
        self.delimiter = delimiter
    }

    /// The non-empty values of `column` (`null`, `NaN` and friends left out).
    func values(_ column: Int) -> [String] {
        rows.compactMap { row in
            guard column < row.count else { return nil }
            let v = row[column]
            return v.isEmpty || Self.isMissing(v) ? nil : v
        }
    }

    /// Whether `text` spells a missing value (``DecimalParser``'s words in any case, `nan`, and
    /// a lone `-`), left out when a column's values are sampled. O(text).
    static func isMissing(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        if text == "-" || text.lowercased() == "nan" { return true }
        return Array(text.utf8).withUnsafeBufferPointer { DecimalParser.isMissingWord($0.baseAddress!, $0.count) }
    }

    /// Whether `text` is a number in this file's conventions.
    func isNumber(_ text: String) -> Bool { number(text) != nil }

    /// `text` read as a number in this file's conventions, or nil. In a comma-delimited file a
    /// value holding a comma was quoted: its comma separates thousands (`"1,234.5"`) or, when
    /// nothing else reads it, is a decimal comma (`"17.570,51"`, see ``usesDecimalComma(_:)``).
    func number(_ text: String) -> Double? {
        number(text, decimalComma: false) ?? (delimiter == ASCII.comma && text.contains(",") ? number(text, decimalComma: true) : nil)
    }

    /// `text` read as a number, its `.` only between thousands when `decimalComma`.
    private func number(_ text: String, decimalComma: Bool) -> Double? {
        var bytes = Array(text.utf8)
        let count = bytes.count
        guard count > 0, count <= ParseScratch.capacity else { return nil }
        bytes.append(0)
        let scratch = ParseScratch()
        return bytes.withUnsafeBufferPointer {
            DecimalParser.parseSlow(
                $0.baseAddress!, count: count, scratch: scratch, allowDecimalComma: decimalComma || delimiter != ASCII.comma,
                decimalComma: decimalComma)
        }
    }

    /// The finite numbers of `columns` on each sampled line that has all of them.
    private func numberRows(_ columns: [Int]) -> [[Double]] {
        rows.compactMap { row in
            var numbers: [Double] = []
            for column in columns {
                guard column < row.count, let v = number(row[column]), v.isFinite else { return nil }
                numbers.append(v)
            }
            return numbers
        }
    }

    /// Whether columns `first ..< first + 4` hold OHLC bars with no header to name them
    /// (HistData's and NinjaTrader's `20120201 000000;open;high;low;close;volume`): all four
    /// numeric, and on every sampled line (at least ``rowsToGuess``) the second is the highest
    /// and the third the lowest. A file of four other signals that always stand so is read as
    /// bars too; `--value` says otherwise.
    func holdsBars(from first: Int) -> Bool {
        guard (first..<(first + 4)).allSatisfy(isNumeric) else { return false }
        let bars = numberRows(Array(first..<(first + 4)))
        return bars.count >= Self.rowsToGuess && bars.allSatisfy { b in b[1] >= b[0] && b[1] >= b[3] && b[2] <= b[0] && b[2] <= b[3] }
    }

    /// Whether columns `first` and `first + 1` hold bid and ask quotes with no header to name
    /// them (HistData's ticks: `20120201 000003660,1.306600,1.306770,0`): the second never
    /// below the first nor more than 0.5 % above it, and above it on nine lines in ten (of at
    /// least ``rowsToGuess``). Two signals that close together (two thermometers) rarely keep
    /// one always on top.
    func holdsQuotes(from first: Int) -> Bool {
        guard isNumeric(first), isNumeric(first + 1) else { return false }
        let quotes = numberRows([first, first + 1])
        guard quotes.count >= Self.rowsToGuess else { return false }
        var above = 0
        for q in quotes {
            let spread = q[1] - q[0]
            guard spread >= 0, spread <= abs(q[0]) * 0.005 else { return false }
            if spread > 0 { above += 1 }
        }
        return above * 10 >= quotes.count * 9
    }

    /// Whether every value of `column` is a date with no time of day (`2012.02.01`,
    /// `08/27/2005`, `20120201`), and there is one: the date half of a date column and a time
    /// column.
    func isDateOnly(_ column: Int) -> Bool {
        let values = values(column)
        guard !values.isEmpty, isPlausibleTime(column) else { return false }
        return values.allSatisfy { text in
            let b = Array(text.utf8)
            let digits = b.filter { ASCII.digit($0) <= 9 }.count
            let separators = b.filter { $0 == ASCII.dot || $0 == ASCII.minus || $0 == ASCII.slash }.count
            return b.count <= 10 && ((digits == 8 && separators == 0 && b.count == 8) || (separators == 2 && digits + 2 == b.count))
        }
    }

    /// Whether every value of `column` is a number (and there is one).
    func isNumeric(_ column: Int) -> Bool {
        let values = values(column)
        return !values.isEmpty && values.allSatisfy(isNumber)
    }

    /// Whether `column` holds text: some value that is not a number.
    func isText(_ column: Int) -> Bool {
        values(column).contains { !isNumber($0) }
    }

    /// Whether every value of `column` reads as a time in ``TimeParser/plausibleTimes`` (epoch
    /// numbers by magnitude), or as date text.
    func isPlausibleTime(_ column: Int) -> Bool {
        let values = values(column)
        guard !values.isEmpty else { return false }
        return values.allSatisfy { text in
            if let t = TimeParser.parse(text: text), TimeParser.plausibleTimes.contains(t) { return true }
            return (try? Self.form(of: [text])) .map { $0 != .standard } ?? false
        }
    }

    /// How a ``TimeForm/standard`` column's times are written, named for the summary from its
    /// first value: `epoch ms (by magnitude)` (or the unit given), `ISO-8601 date-time`,
    /// `ISO-8601 date`, `day.month.year`, `year.month.day`, `year/month/day`, or nil when the
    /// sample holds no value. Allocates.
    func standardTimeName(of column: Int, unit: TimeUnit) -> String? {
        guard let text = values(column).first else { return nil }
        return Self.standardTimeName(text, unit: unit)
    }

    /// The name of one standard time text's form (see ``standardTimeName(of:unit:)``).
    static func standardTimeName(_ text: String, unit: TimeUnit) -> String {
        let b = Array(text.utf8)
        func digits(_ from: Int) -> Int {
            var i = from
            while i < b.count && ASCII.digit(b[i]) <= 9 { i += 1 }
            return i - from
        }
        var start = 0
        if start < b.count && (b[start] == ASCII.minus || b[start] == ASCII.plus) { start += 1 }
        let n1 = digits(start)
        // A number alone (a fraction allowed): epoch time.
        if n1 > 0 {
            var end = start + n1
            if end < b.count && (b[end] == ASCII.dot || b[end] == ASCII.comma) { end += 1 + digits(end + 1) }
            if end == b.count {
                let magnitude = UInt64(String(decoding: b[start..<(start + n1)], as: UTF8.self)) ?? .max
                let found = unit != .auto ? unit : TimeUnit.detect(magnitude: magnitude)
                // Before 2000 is not a date a file means: a recording's own clock (an ECG's time_s).
                let nanoseconds = Double(magnitude) * Double(found.nanosecondsPerUnit)
                if nanoseconds < Double(TimeParser.plausibleTimes.lowerBound) { return "\(found) from 0 (a recording's clock, not dates)" }
                return unit != .auto ? "epoch \(unit)" : "epoch \(found) (by magnitude)"
            }
        }
        let separator = n1 < b.count ? b[n1] : 0
        let n2 = digits(n1 + 1)
        let n3 = n2 > 0 ? digits(n1 + 2 + n2) : 0
        let hasClock = b.contains(ASCII.colon)
        let clock = hasClock ? " time" : ""
        switch (n1, separator, n3) {
        case (4, ASCII.minus, 1...2): return hasClock ? "ISO-8601 date-time" : "ISO-8601 date"
        case (4, ASCII.dot, 1...2): return "year.month.day" + clock
        case (4, ASCII.slash, 1...2): return "year/month/day" + clock
        case (1...2, ASCII.dot, 4): return "day.month.year" + clock
        case (1...2, ASCII.slash, 4), (1...2, ASCII.minus, 4):
            // Slash dates whose order the numbers did not show as ambiguous: both below 13
            // cannot reach here (that is an error), so one side is above 12.
            return "slash date" + clock
        default: return "epoch or ISO-8601"
        }
    }

    /// The form of `column`'s times.
    func timeForm(of column: Int) throws(FeedError) -> TimeForm {
        try Self.form(of: values(column))
    }

    /// The form of a column holding `values`: slash dates day- or month-first by the numbers
    /// above 12 (ambiguous ones throw), compact dates, times of day, else standard.
    static func form(of values: [String]) throws(FeedError) -> TimeForm {
        guard !values.isEmpty else { return .standard }
        var slashDates = 0
        var firstAbove12 = false
        var secondAbove12 = false
        var compact = 0
        var timeOfDay = 0
        var example = ""
        for text in values {
            let b = Self.clockWithoutColons(Array(text.utf8))
            func digitsRun(_ from: Int) -> Int {
                var i = from
                while i < b.count && ASCII.digit(b[i]) <= 9 { i += 1 }
                return i - from
            }
            func number(_ from: Int, _ count: Int) -> Int { Int(String(decoding: b[from..<from + count], as: UTF8.self)) ?? 0 }
            let n1 = digitsRun(0)
            if (n1 == 1 || n1 == 2) && n1 < b.count && (b[n1] == ASCII.slash || b[n1] == ASCII.minus) {
                let n2 = digitsRun(n1 + 1)
                let yearDigits = n1 + 1 + n2 < b.count ? digitsRun(n1 + 2 + n2) : 0
                if (n2 == 1 || n2 == 2) && n1 + 1 + n2 < b.count && b[n1 + 1 + n2] == b[n1] && (yearDigits == 4 || yearDigits == 2) {
                    slashDates += 1
                    if number(0, n1) > 12 { firstAbove12 = true }
                    if number(n1 + 1, n2) > 12 { secondAbove12 = true }
                    if example.isEmpty { example = text }
                    continue
                }
            }
            // YYYYMMDD, then hhmm[ss] after T, a space or `-`, or run on with no separator;
            // seconds may run on into 3, 6 or 9 digits of fraction (HistData's ticks:
            // `20120201 000003660`). A run of 12 to 20 digits starting with a date is not an
            // epoch number anyone writes: as seconds or milliseconds it lies past 2250.
            if n1 == 8 || n1 == 12 || n1 == 14 || n1 == 17 || n1 == 20 {
                let year = number(0, 4), month = number(4, 2), day = number(6, 2)
                var rest = 8
                if n1 == 8 && rest < b.count && (b[rest] == ASCII.upperT || b[rest] == ASCII.space || b[rest] == ASCII.minus) {
                    rest += 1
                }
                let timeDigits = n1 == 8 ? digitsRun(rest) : n1 - 8
                let clockValid = timeDigits < 4 || (number(rest, 2) <= 23 && number(rest + 2, 2) <= 59)
                if year >= 1900 && year < 2100 && month >= 1 && month <= 12 && day >= 1 && day <= 31 && clockValid
                    && ((n1 == 8 && rest == b.count) || [4, 6, 9, 12, 15].contains(timeDigits))
                {
                    compact += 1
                    continue
                }
            }
            if (n1 == 1 || n1 == 2) && n1 < b.count && b[n1] == ASCII.colon && digitsRun(n1 + 1) == 2 {
                var i = n1 + 3
                if i < b.count && b[i] == ASCII.colon && digitsRun(i + 1) == 2 {
                    i += 3
                    if i < b.count && (b[i] == ASCII.dot || b[i] == ASCII.comma) { i += 1 + digitsRun(i + 1) }
                }
                if i == b.count {
                    timeOfDay += 1
                    continue
                }
            }
        }
        if slashDates > 0 {
            if firstAbove12 && !secondAbove12 { return .dayFirst }
            if secondAbove12 && !firstAbove12 { return .monthFirst }
            throw .ambiguousDates(example: example)
        }
        if compact == values.count { return .compact }
        if timeOfDay == values.count { return .timeOfDay }
        // Most values (a malformed date among them is then one bad line, not every line).
        if values.filter(Self.isMonthNameDate).count * 2 > values.count { return .monthName }
        return .standard
    }

    /// Whether every value of `column` is a time of day written as one run of digits, `hhmm`
    /// or `hhmmss` (Finam's `<TIME>` `093000` beside its `<DATE>`), on at least `lines` lines
    /// (a header naming the date column needs fewer than numbers alone).
    func isClockDigits(_ column: Int, atLeast lines: Int = rowsToGuess) -> Bool {
        let values = values(column)
        return values.count >= max(lines, 1) && values.allSatisfy { text in
            let b = Array(text.utf8)
            guard b.count == 4 || b.count == 6, b.allSatisfy({ ASCII.digit($0) <= 9 }) else { return false }
            func two(_ i: Int) -> Int { Int(ASCII.digit(b[i])) * 10 + Int(ASCII.digit(b[i + 1])) }
            return two(0) <= 23 && two(2) <= 59 && (b.count == 4 || two(4) <= 59)
        }
    }

    /// A compact date with a clock written with colons (TrueFX's `20240301 00:00:00.123`) as
    /// the digits alone (`20240301 000000`), for telling its form; other text as it is.
    static func clockWithoutColons(_ b: [UInt8]) -> [UInt8] {
        guard b.count >= 14, b[0..<8].allSatisfy({ ASCII.digit($0) <= 9 }),
            b[8] == ASCII.space || b[8] == ASCII.upperT || b[8] == ASCII.minus, b[11] == ASCII.colon
        else { return b }
        var clock = b[9...].prefix { $0 != ASCII.dot && $0 != ASCII.comma }
        clock.removeAll { $0 == ASCII.colon }
        return Array(b[0...8]) + clock
    }

    /// Whether `text` is a whole date with a month name (``TimeForm/monthName``).
    static func isMonthNameDate(_ text: String) -> Bool {
        var bytes = Array(text.utf8)
        let count = bytes.count
        guard count >= 6, bytes.contains(where: { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) else { return false }
        bytes += [UInt8](repeating: 0, count: 8)
        return bytes.withUnsafeBufferPointer { buffer in
            let result = TimeParser.parseMonthName(buffer.baseAddress!, commaFraction: true)
            return result.status == .ok && result.end == buffer.baseAddress! + count
        }
    }

    /// Whether the numbers of `column` use a decimal comma: where `,` is not the delimiter,
    /// some value has a comma after its last dot; in a comma-delimited file (numbers quoted, as
    /// a German investing.com export writes `"17.570,51"`), some value has a dot before its
    /// last comma or a last comma followed by other than three digits (`"1,51"`), which no
    /// number with commas between thousands (`"1,234.5"`, `"1,234"`) has.
    func usesDecimalComma(_ column: Int) -> Bool {
        if delimiter == ASCII.comma {
            return values(column).contains { text in
                guard let comma = text.lastIndex(of: ",") else { return false }
                let after = text[text.index(after: comma)...]
                let dotBefore = text[..<comma].contains(".") && !after.contains(".")
                guard dotBefore || (!after.contains(".") && after.count != 3) else { return false }
                return number(text, decimalComma: true) != nil
            }
        }
        return values(column).contains { text in
            guard let comma = text.lastIndex(of: ",") else { return false }
            if let dot = text.lastIndex(of: "."), dot > comma { return false }
            return isNumber(text)
        }
    }

    /// Decimals the values of `column` are written with, as a price display should show them:
    /// per value, the decimals ``ValueDecimals`` gives it (up to the decimals written): seven
    /// significant digits as written (`99999.99`: 2), so the float32 noise of an export is not
    /// taken for digits (Yahoo writes the price 185.64 as `185.639999`: 2 decimals); then the
    /// most any sampled value needs.
    /// Nil when the column has no number, or one written with an exponent. At most 10. O(rows).
    func decimals(of column: Int, decimalComma: Bool) -> Int? {
        Self.decimals(of: values(column), decimalComma: decimalComma)
    }

    /// The same per symbol (the text of column `symbol`): a file of several series writes each
    /// with its own decimals (a setpoint `72.0` beside a pressure `2.062`). Symbols without a
    /// numeric value in the sample are left out. Allocates.
    func decimalsBySymbol(value column: Int, symbol: Int, decimalComma: Bool) -> [String: Int] {
        var grouped: [String: [String]] = [:]
        for row in rows where column < row.count && symbol < row.count {
            let text = row[column]
            guard !text.isEmpty, !Self.isMissing(text) else { continue }
            grouped[row[symbol], default: []].append(text)
        }
        return grouped.compactMapValues { Self.decimals(of: $0, decimalComma: decimalComma) }
    }

    /// Decimals of `values` (see ``decimals(of:decimalComma:)``).
    static func decimals(of values: [String], decimalComma: Bool) -> Int? {
        let separator: Character = decimalComma ? "," : "."
        var most: Int?
        for text in values {
            if text.contains(where: { $0 == "e" || $0 == "E" }) { return nil }
            let plain = decimalComma ? String(text.filter { $0 != "." }.map { $0 == "," ? "." : $0 }) : text.filter { $0 != "," }
            guard let value = Double(plain.filter { $0 != "\"" && $0 != " " }), value.isFinite else { continue }
            let written = text.lastIndex(of: separator).map { text.distance(from: $0, to: text.endIndex) - 1 } ?? 0
            most = max(most ?? 0, ValueDecimals.needed(value, atMost: written))
        }
        return most
    }
}
