import CLiveTickerKernels
import LiveTickerCore
import LiveTickerTestSupport
import Testing

@testable import LiveTickerFeed

/// The kernel levels this CPU runs (AVX2 and AVX-512 have C builds), each with its group size;
/// AVX-512 also as on CPUs without VBMI2 (its delimiters listed bit by bit).
private let kernelLevels: [(level: Int32, group: Int)] = [
    (Int32(LTK_LEVEL_AVX2), 4), (Int32(LTK_LEVEL_AVX512), 8),
    (Int32(LTK_LEVEL_AVX512) | Int32(LTK_CSV_PLAIN_WITHOUT_VBMI2), 8),
].filter { ltk_level_supported($0.0 & ~Int32(LTK_CSV_PLAIN_WITHOUT_VBMI2)) != 0 }

/// A number in a form the kernel takes (most of them) or hands back to the Swift loop (a long
/// fraction, 8 or more digits, an exponent, a second dot, a lone sign, text).
private func number(_ rng: inout SplitMix64, odd: Bool) -> String {
    func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(rng.next() % 10)) }) }
    let sign = rng.next() % 6 == 0 ? "-" : ""
    if odd {
        switch rng.next() % 9 {
        case 0: return sign + digits(1 + Int(rng.next() % 3)) + "." + digits(5 + Int(rng.next() % 4))  // past one word
        case 1: return sign + digits(8 + Int(rng.next() % 3))
        case 2: return digits(2) + "e" + digits(1)
        case 3: return "1.2.3"
        case 4: return "-"
        case 5: return "+" + digits(2)
        case 6: return ""
        case 7: return "nan"
        default: return " " + digits(3)
        }
    }
    switch rng.next() % 8 {
    case 0: return sign + digits(1 + Int(rng.next() % 7))
    case 1: return sign + "." + digits(1 + Int(rng.next() % 6))
    case 2: return sign + digits(1 + Int(rng.next() % 6)) + "."
    case 3: return sign + "0"
    default:
        let integer = 1 + Int(rng.next() % 6)
        return sign + digits(integer) + "." + digits(Int(rng.next() % UInt64(8 - integer)))
    }
}

/// A time the kernel takes (1–15 digits) or hands back (16 or more, a sign, a fraction, a date).
private func time(_ rng: inout SplitMix64, odd: Bool, base: Int64) -> String {
    if odd {
        switch rng.next() % 5 {
        case 0: return String(1_709_285_400_000_000 + Int64(rng.next() % 1_000_000))  // 16 digits
        case 1: return "-" + String(rng.next() % 1000)
        case 2: return "1709285400.5"
        case 3: return "2024-03-01T09:30:00Z"
        default: return ""
        }
    }
    switch rng.next() % 10 {
    case 0: return String(1 + rng.next() % 99_999_999)  // 1–8 digits
    case 1: return String(1_709_285_400 + Int64(rng.next() % 100_000))  // seconds
    case 2: return String(1_709_285_400_000_000 / 10 + Int64(rng.next() % 1_000))  // 15 digits
    case 3: return String(99_999_999_999 + Int64(rng.next() % 3))  // across the seconds/ms bound
    default: return String(base)  // 13-digit milliseconds
    }
}

/// Runs of plain lines (long enough for the kernel to be called and to cross its 8 KB blocks)
/// broken by single odd lines: an odd field, a missing or extra field, blank lines, `\r\n`
/// endings mixed in, a lone `\r`.
private func kernelLines(_ count: Int, seed: UInt64, columns: Int, delimiter: Character) -> [String] {
    var rng = SplitMix64(seed: seed)
    let d = String(delimiter)
    var lines: [String] = []
    var base: Int64 = 1_709_285_400_000
    var oddEvery = 40 + Int(rng.next() % 400)
    for i in 0..<count {
        base += Int64(rng.next() % 3)
        if i % 997 == 0 { oddEvery = 3 + Int(rng.next() % 600) }
        let odd = rng.next() % UInt64(oddEvery) == 0
        var fields = [time(&rng, odd: false, base: base), number(&rng, odd: false)]
        if columns == 3 { fields.append(number(&rng, odd: false)) }
        var ending = rng.next() % 7 == 0 ? "\r" : ""
        if odd {
            switch rng.next() % 7 {
            case 0: fields[0] = time(&rng, odd: true, base: base)
            case 1: fields[1] = number(&rng, odd: true)
            case 2: fields[fields.count - 1] = number(&rng, odd: true)
            case 3: fields.removeLast()
            case 4: fields.append("1")
            case 5: fields = []
            default: ending = "\r\r"
            }
        }
        lines.append(fields.joined(separator: d) + ending)
    }
    return lines
}

private func identical(_ a: Parsed, _ b: Parsed) -> Bool {
    a.ticks.count == b.ticks.count && a.symbols == b.symbols
        && zip(a.ticks, b.ticks).allSatisfy {
            $0.time == $1.time && $0.value.bitPattern == $1.value.bitPattern && $0.size.bitPattern == $1.size.bitPattern
        }
}

@Suite("Plain-line kernels (AVX2, AVX-512)")
struct PlainLineKernelTests {
    @Test(
        "each kernel level gives the Swift loop's ticks, bits, counts and bad lines",
        .enabled(if: !kernelLevels.isEmpty, "this CPU has neither AVX2 nor AVX-512: the Swift loop parses every line"),
        arguments: [(UInt64(11), 3, Character(",")), (12, 2, ","), (13, 3, ";"), (14, 2, "\t"), (15, 3, "\t")])
    func kernelEqualsSwift(seed: UInt64, columns: Int, delimiter: Character) throws {
        let header = (columns == 3 ? ["time", "price", "size"] : ["time", "price"]).joined(separator: String(delimiter))
        let text = ([header] + kernelLines(30_000, seed: seed, columns: columns, delimiter: delimiter)).joined(separator: "\n")
        // Each with the fewest ticks it must give: in seconds, most 13-digit times overflow (bad
        // lines, through both paths).
        var configurations: [(minimum: Int, configure: (inout FeedOptions) -> Void)] = [(20_000, { _ in })]
        configurations.append((20_000, { $0.timeUnit = .milliseconds }))
        configurations.append((20_000, { $0.batchCapacity = 7 }))
        configurations.append((20_000, { $0.batchCapacity = 8 }))
        configurations.append((20_000, { $0.batchCapacity = 100 }))
        configurations.append((3_000, { $0.timeUnit = .seconds }))
        for (minimum, configure) in configurations {
            let swift = try parse(text) {
                configure(&$0)
                $0.plainLineKernelLevel = Int32(LTK_LEVEL_BASELINE)
            }
            #expect(swift.ticks.count > minimum)
            for (level, _) in kernelLevels {
                let kernel = try parse(text) {
                    configure(&$0)
                    $0.plainLineKernelLevel = level
                }
                let same = identical(swift, kernel)
                #expect(same, "level \(level), seed \(seed): \(swift.ticks.count) vs \(kernel.ticks.count) ticks")
                #expect(swift.report.lines == kernel.report.lines && swift.report.ticks == kernel.report.ticks)
                #expect(swift.report.badCounts == kernel.report.badCounts && swift.report.badLines > 0)
                #expect(swift.report.firstBadLines.map(\.line) == kernel.report.firstBadLines.map(\.line))
                #expect(swift.report.blankLines == kernel.report.blankLines)
                #expect(swift.report.nonFiniteValues == kernel.report.nonFiniteValues)
            }
        }
    }

    @Test(
        "each kernel level takes whole groups of plain lines and stops before a group holding another",
        .enabled(if: !kernelLevels.isEmpty, "this CPU has neither AVX2 nor AVX-512: the Swift loop parses every line"))
    func kernelTakesGroups() {
        for (level, group) in kernelLevels {
            takesGroups(level: level, group: group)
        }
    }

    private func takesGroups(level: Int32, group: Int) {
        for (oddLine, ending) in [(-1, "\n"), (-1, "\r\n"), (0, "\n"), (7, "\r\n"), (8, "\n"), (13, "\n"), (300, "\n"), (999, "\r\n")] {
            var text = ""
            var starts: [Int] = []
            for i in 0..<1_000 {
                starts.append(text.utf8.count)
                text += i == oddLine ? "1709285400000,1e5,3\n" : "\(1_709_285_400_000 + i),\(i % 997).\(i % 10),\(i)" + ending
            }
            starts.append(text.utf8.count)
            var bytes = Array(text.utf8)
            bytes += [UInt8](repeating: 0, count: SWARDigits.padding)
            var ticks = [Tick](repeating: Tick(time: 0, value: 0, size: 0), count: 1_000)
            var symbols = [SymbolID](repeating: SymbolID(7), count: 1_000)
            let entries = UnsafeMutablePointer<Int32>.allocate(capacity: Int(LTK_CSV_PLAIN_ENTRIES))
            defer { entries.deallocate() }
            let (taken, nextOffset) = bytes.withUnsafeBufferPointer { buffer in
                ticks.withUnsafeMutableBytes { tickBytes in
                    symbols.withUnsafeMutableBufferPointer { symbolBuffer in
                        let start = buffer.baseAddress!
                        var next: UnsafePointer<UInt8>? = nil
                        let taken = ltk_csv_plain_lines(
                            level, start, start + (buffer.count - SWARDigits.padding), 3, UInt8(ascii: ","), 0,
                            tickBytes.baseAddress, UnsafeMutableRawPointer(symbolBuffer.baseAddress!).assumingMemoryBound(to: UInt32.self),
                            1_000, entries, &next)
                        return (taken, next! - start)
                    }
                }
            }
            let expected = oddLine < 0 ? 1_000 : oddLine / group * group
            #expect(taken == expected, "level \(level), odd line \(oddLine), lines ending \(ending == "\n" ? "LF" : "CRLF")")
            #expect(nextOffset == starts[taken])
            for i in 0..<taken {
                #expect(ticks[i].time == (1_709_285_400_000 + Int64(i)) * 1_000_000)
                #expect(ticks[i].value == Double("\(i % 997).\(i % 10)")!)
                #expect(ticks[i].size == Double(i) && symbols[i] == .first)
            }
            #expect(symbols[taken...].allSatisfy { $0 == SymbolID(7) })
        }
    }

    @Test("at the baseline level, and with a delimiter a plain field may hold, the kernel takes nothing")
    func otherLevelsTakeNothing() {
        let line = "1709285400000,1.5,2\n"
        let bytes = Array(String(repeating: line, count: 16).utf8) + [UInt8](repeating: 0, count: 8)
        var ticks = [Tick](repeating: Tick(time: 0, value: 0, size: 0), count: 16)
        var symbols = [UInt32](repeating: 7, count: 16)
        let entries = UnsafeMutablePointer<Int32>.allocate(capacity: Int(LTK_CSV_PLAIN_ENTRIES))
        defer { entries.deallocate() }
        var cases = [(Int32(LTK_LEVEL_BASELINE), UInt8(ascii: ","))]
        for (level, _) in kernelLevels { cases += ["5", "-", ".", "\r", "\n", "\0"].map { (level, UInt8(ascii: $0)) } }
        for (level, delimiter) in cases {
            bytes.withUnsafeBufferPointer { buffer in
                var next: UnsafePointer<UInt8>? = nil
                let taken = ltk_csv_plain_lines(
                    level, buffer.baseAddress!, buffer.baseAddress! + 16 * line.utf8.count, 3, delimiter, 0, &ticks,
                    &symbols, 16, entries, &next)
                #expect(taken == 0 && next == buffer.baseAddress!, "level \(level), delimiter \(delimiter)")
            }
        }
        #expect(symbols.allSatisfy { $0 == 7 } && ticks.allSatisfy { $0.time == 0 })
        for (level, _) in kernelLevels {
            // The same lines with their own delimiter: all taken.
            bytes.withUnsafeBufferPointer { buffer in
                var next: UnsafePointer<UInt8>? = nil
                let taken = ltk_csv_plain_lines(
                    level, buffer.baseAddress!, buffer.baseAddress! + 16 * line.utf8.count, 3, UInt8(ascii: ","), 0, &ticks,
                    &symbols, 16, entries, &next)
                #expect(taken == 16 && ticks[15] == Tick(time: 1_709_285_400_000_000_000, value: 1.5, size: 2))
            }
        }
    }
}
