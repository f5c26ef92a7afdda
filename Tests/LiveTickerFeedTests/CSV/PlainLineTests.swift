import LiveTickerTestSupport
import LiveTickerCore
import Testing

@testable import LiveTickerFeed


/// A random field in one of the forms the plain-line fast path takes or just misses.
private func randomNumber(_ rng: inout SplitMix64) -> String {
    func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(rng.next() % 10)) }) }
    let sign = rng.next() % 5 == 0 ? "-" : ""
    switch rng.next() % 20 {
    case 0: return sign + digits(Int(rng.next() % 12))  // up to 11 integer digits
    case 1: return sign + "." + digits(1 + Int(rng.next() % 9))
    case 2: return sign + digits(1 + Int(rng.next() % 9)) + "."
    case 3: return "+" + digits(2)
    case 4: return digits(2) + "e" + digits(1)
    case 5: return "nan"
    case 6: return sign + digits(8) + "." + digits(Int(rng.next() % 10))
    case 7: return ""
    case 8: return "-0"
    case 9: return "1x"
    default: return sign + digits(Int(rng.next() % 8)) + "." + digits(Int(rng.next() % 9))
    }
}

private func randomTime(_ rng: inout SplitMix64) -> String {
    switch rng.next() % 12 {
    case 0: return String(rng.next() % 1_000_000)  // seconds by magnitude
    case 1: return String(rng.next())  // up to 20 digits: ns, or out of range
    case 2: return "9223372036854775807"
    case 3: return "-" + String(rng.next() % 1000)
    case 4: return "2024-03-01T09:30:00Z"
    case 5: return "1709285400.5"
    case 6: return ""
    default: return String(1_709_285_400_000 + Int64(rng.next() % 100_000_000))  // 13-digit ms
    }
}

/// Lines mixing plain ones with every kind the general loop must take over.
private func randomLines(_ count: Int, seed: UInt64, columns: Int, delimiter: Character) -> [String] {
    var rng = SplitMix64(seed: seed)
    let d = String(delimiter)
    var lines: [String] = []
    for _ in 0..<count {
        switch rng.next() % 40 {
        case 0: lines.append("")
        case 1: lines.append("junk")
        case 2: lines.append(randomTime(&rng))  // missing value
        case 3:
            let fields: [String] = [randomTime(&rng), randomNumber(&rng), "1", "extra"]
            lines.append(fields.joined(separator: d))
        default:
            var fields = [randomTime(&rng), randomNumber(&rng)]
            if columns == 3 && rng.next() % 8 != 0 { fields.append(randomNumber(&rng)) }
            var line = fields.joined(separator: d)
            if rng.next() % 10 == 0 { line += "\r" }
            lines.append(line)
        }
    }
    return lines
}

/// The same text with a space after every delimiter: values are unchanged (spaces around
/// fields are ignored) but no line is plain any more, so the general loop parses them all.
private func spaced(_ lines: [String], delimiter: Character) -> [String] {
    lines.map { $0.replacingOccurrences(of: String(delimiter), with: String(delimiter) + " ") }
}

private func sameTicks(_ a: Parsed, _ b: Parsed) -> Bool {
    a.ticks.count == b.ticks.count
        && zip(a.ticks, b.ticks).allSatisfy {
            $0.time == $1.time && $0.value.bitPattern == $1.value.bitPattern && $0.size.bitPattern == $1.size.bitPattern
        }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

@Suite("Plain-line fast path")
struct PlainLineTests {
    @Test(
        "plain lines parse exactly as the general loop parses the same values (ticks, counts, bad lines)",
        arguments: [(UInt64(1), 3, Character(",")), (2, 2, ","), (3, 3, ";"), (4, 3, "\t"), (5, 2, ";")])
    func plainEqualsGeneral(seed: UInt64, columns: Int, delimiter: Character) throws {
        let header = (columns == 3 ? ["time", "price", "size"] : ["time", "price"]).joined(separator: String(delimiter))
        let lines = randomLines(4_000, seed: seed, columns: columns, delimiter: delimiter)
        var milliseconds = FeedOptions()
        milliseconds.timeUnit = .milliseconds
        milliseconds.batchCapacity = 7
        var window = FeedOptions()
        window.from = 1_709_285_420_000_000_000
        window.to = 1_709_285_460_000_000_000
        for options in [FeedOptions(), milliseconds, window] {
            let plain = try parse(([header] + lines).joined(separator: "\n")) { $0 = options }
            let general = try parse(([header] + spaced(lines, delimiter: delimiter)).joined(separator: "\n")) {
                $0 = options
            }
            #expect(plain.ticks.count > 1_000 || options.from != nil)
            let identical = sameTicks(plain, general)
            #expect(identical, "seed \(seed): \(plain.ticks.count) vs \(general.ticks.count) ticks")
            #expect(plain.report.lines == general.report.lines && plain.report.ticks == general.report.ticks)
            #expect(plain.report.badCounts == general.report.badCounts && plain.report.badLines > 0)
            #expect(plain.report.firstBadLines.map(\.line) == general.report.firstBadLines.map(\.line))
            #expect(plain.report.firstBadLines.map(\.kind) == general.report.firstBadLines.map(\.kind))
            #expect(plain.report.blankLines == general.report.blankLines)
            #expect(plain.report.filteredByTime == general.report.filteredByTime)
            #expect(plain.report.nonFiniteValues == general.report.nonFiniteValues)
        }
    }

    @Test("plain values are the correctly rounded doubles of their text")
    func correctlyRounded() throws {
        var rng = SplitMix64(seed: 99)
        var lines = ["time,price,size"]
        var expected: [(Double, Double)] = []
        for i in 0..<3_000 {
            let intDigits = Int(rng.next() % 8)
            let fracDigits = Int(rng.next() % 8)
            var text = String(String(rng.next() % 10_000_000).suffix(intDigits))
            if fracDigits > 0 || text.isEmpty {
                let fraction = (0..<max(1, fracDigits)).map { _ in String(rng.next() % 10) }.joined()
                text += "." + fraction
            }
            if rng.next() % 3 == 0 { text = "-" + text }
            let size = String(rng.next() % 100_000)
            lines.append("\(1_709_285_400_000 + i),\(text),\(size)")
            expected.append((Double(text)!, Double(size)!))
        }
        // Plain lines, the same with spaces (the general loop), and with a symbol column (the
        // general loop's field parsers try the plain forms first).
        let spacedLines = spaced(lines, delimiter: ",")
        let symbolLines =
            ["time,symbol,price,size"]
            + lines.dropFirst().map { line -> String in
                let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                return ([String(fields[0]), "SYM"] + fields.dropFirst().map(String.init)).joined(separator: ",")
            }
        for text in [lines, spacedLines, symbolLines] {
            let parsed = try parse(text.joined(separator: "\n"))
            #expect(parsed.ticks.count == expected.count)
            let mismatch = zip(parsed.ticks, expected).first {
                $0.value.bitPattern != $1.0.bitPattern || $0.size != $1.1
            }
            #expect(mismatch == nil)
            #expect(parsed.times == (0..<3_000).map { (1_709_285_400_000 + Int64($0)) * 1_000_000 })
        }
    }

    @Test("times sharing, then not sharing, their first 8 digits (the reused leading word)")
    func leadingDigitsReuse() throws {
        let text = """
            time,price
            1709285412345,1
            1709285499999,2
            17092854,3
            170928541,4
            1709285512345,5
            1709285412345,6
            12345678,7
            123456789012,8

            """
        let parsed = try parse(text) { $0.timeUnit = .milliseconds }
        let ms: [Int64] = [
            1_709_285_412_345, 1_709_285_499_999, 17_092_854, 170_928_541, 1_709_285_512_345,
            1_709_285_412_345, 12_345_678, 123_456_789_012,
        ]
        #expect(parsed.times == ms.map { $0 * 1_000_000 })
        #expect(parsed.values == (1...8).map(Double.init))
    }

    @Test("other column orders and symbol columns still parse (through the general loop)")
    func otherLayouts() throws {
        let swapped = try parse("price,time\n1.5,1709285400000\n2.5,1709285401000\n")
        #expect(swapped.values == [1.5, 2.5] && swapped.times == [ns(march1At0930), ns(march1At0930) + 1_000_000_000])
        let symbols = try parse("time,price,size,symbol\n1709285400000,1.5,2,AB\n1709285400001,2.5,3,CD\n")
        #expect(symbols.names == ["AB", "CD"] && symbols.values == [1.5, 2.5])
    }
}
