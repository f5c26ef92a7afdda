extension FeedReport {
    /// A human summary, one line of totals followed by one line per remembered bad line, e.g.
    ///
    ///     12 lines, 9 ticks, 2 bad lines (1 malformed number, 1 time out of range), 1 NaN/inf value kept as gap
    ///       line 4: malformed number in column "price": 1700000000000,abc,1
    ///       line 9: time out of range in column "time": 0001-01-01T00:00:00Z,1,1
    ///
    /// Zero counts are left out. A JSON array counts bad *records* (``countsRecords``): one
    /// line may hold several. Allocates.
    public var summary: String {
        var parts: [String] = []
        if lines > 0 { parts.append(Self.plural(lines, "line")) }
        if bars > 0 && bars == ticks {
            parts.append(Self.plural(bars, "bar"))
        } else if bars > 0 {
            parts.append("\(Self.plural(ticks, "tick")) (\(bars) of them bars)")
        } else {
            parts.append(Self.plural(ticks, "tick"))
        }
        let bad = badLines
        if bad > 0 {
            let kinds = BadLineKind.allCases.filter { count(of: $0) > 0 }.map { "\(count(of: $0)) \($0)" }
            parts.append("\(Self.plural(bad, countsRecords ? "bad record" : "bad line")) (\(kinds.joined(separator: ", ")))")
        } else {
            parts.append(countsRecords ? "no bad records" : "no bad lines")
        }
        if nonFiniteValues > 0 {
            parts.append("\(nonFiniteValues) NaN/inf value\(nonFiniteValues == 1 ? "" : "s") kept as gap\(nonFiniteValues == 1 ? "" : "s")")
        }
        if preambleLines > 0 { parts.append("\(Self.plural(preambleLines, "line")) before the header skipped (not a table row)") }
        if filteredBySymbol > 0 { parts.append("\(filteredBySymbol) filtered by symbol") }
        if filteredByTime > 0 { parts.append("\(filteredByTime) outside the time range") }
        if truncatedRecords > 0 { parts.append("\(Self.plural(truncatedRecords, "truncated record"))") }
        if badRecords > 0 { parts.append("\(Self.plural(badRecords, "bad record")) (symbol id not in the table)") }
        if emptyIntervals > 0 {
            parts.append("\(Self.plural(emptyIntervals, "null value")) skipped (an interval or field with nothing in it)")
        }
        if unfinishedBars > 0 {
            parts.append("\(Self.plural(unfinishedBars, "update")) of klines still forming skipped (a candle is drawn when its kline closes)")
        }
        if dropped > 0 { parts.append("\(dropped) dropped (consumer behind)") }
        if replacementsFollowed > 0 {
            parts.append("followed \(Self.plural(replacementsFollowed, "rotation")) (file replaced at its path)")
        }
        if truncationsFollowed > 0 { parts.append("followed \(Self.plural(truncationsFollowed, "truncation")) (read again from the start)") }
        if endedEarly { parts.append("the compressed data ends early (the file was cut off): read up to the cut") }
        var text = parts.joined(separator: ", ")
        for line in firstBadLines { text += "\n  \(line)" }
        if bad > firstBadLines.count, !firstBadLines.isEmpty {
            text += "\n  … and \(bad - firstBadLines.count) more"
        }
        return text
    }

    private static func plural(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
