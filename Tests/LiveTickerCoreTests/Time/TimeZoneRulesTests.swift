import LiveTickerCore
import LiveTickerTestSupport
import Testing

/// A TZif v2 file built byte by byte: a v1 block (filled with junk the reader must skip by its
/// counts), then the 64-bit block and a footer. Shaped like Debian's "fat" files.
private func tzif(
    transitions: [Int64], types: [(Int32, Bool, String)], indices: [UInt8], footer: String, v1Junk: Bool = true
) -> [UInt8] {
    var abbreviations: [UInt8] = []
    var typeBytes: [UInt8] = []
    for (offset, dst, name) in types {
        typeBytes += be32(UInt32(bitPattern: offset)) + [dst ? 1 : 0, UInt8(abbreviations.count)]
        abbreviations += Array(name.utf8) + [0]
    }
    func header(version: UInt8, times: Int) -> [UInt8] {
        Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
            + be32(0) + be32(0) + be32(0) + be32(UInt32(times)) + be32(UInt32(types.count)) + be32(UInt32(abbreviations.count))
    }
    var bytes = header(version: 0x32, times: v1Junk ? transitions.count : 0)
    if v1Junk {
        // 32-bit times deliberately wrong: a reader that used this block would fail the tests.
        for _ in transitions { bytes += be32(0x7fff_ffff) }
        bytes += indices.map { _ in 0 }
        bytes += typeBytes + abbreviations
    }
    bytes += header(version: 0x32, times: transitions.count)
    for t in transitions { bytes += be32(UInt32(truncatingIfNeeded: UInt64(bitPattern: t) >> 32)) + be32(UInt32(truncatingIfNeeded: t)) }
    bytes += indices + typeBytes + abbreviations
    bytes += Array("\n\(footer)\n".utf8)
    return bytes
}

private func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }

/// New York from 2007 as a zone file would hold it: two transitions, then the footer rule.
private let newYork = tzif(
    transitions: [1_173_596_400, 1_194_156_000],  // 2007-03-11 07:00Z, 2007-11-04 06:00Z
    types: [(-18000, false, "EST"), (-14400, true, "EDT")], indices: [1, 0], footer: "EST5EDT,M3.2.0,M11.1.0")

@Suite("TimeZoneRules")
struct TimeZoneRulesTests {
    @Test("reads the 64-bit block of a v2 file and skips the v1 block by its counts")
    func readsV2() throws {
        let zone = try TimeZoneRules(tzif: newYork, identifier: "America/New_York")
        #expect(zone.identifier == "America/New_York")
        #expect(zone.offset(atUTCSeconds: 1_173_596_399) == -18000)
        #expect(zone.type(atUTCSeconds: 1_173_596_400).abbreviation == "EDT")
        #expect(zone.type(atUTCSeconds: 1_194_155_999).isDaylightSaving)
        #expect(zone.offset(atUTCSeconds: 1_194_156_000) == -18000)
        #expect(!zone.isFixedOffset)
    }

    @Test("past the table the footer rule decides: 2024 and 2100 in New York")
    func footer() throws {
        let zone = try TimeZoneRules(tzif: newYork, identifier: "America/New_York")
        // 2024-03-10 07:00Z spring forward, 2024-11-03 06:00Z fall back.
        #expect(zone.offset(atUTCSeconds: 1_710_053_999) == -18000)
        #expect(zone.offset(atUTCSeconds: 1_710_054_000) == -14400)
        #expect(zone.offset(atUTCSeconds: 1_730_613_599) == -14400)
        #expect(zone.offset(atUTCSeconds: 1_730_613_600) == -18000)
        // 2100-03-14 07:00Z (second Sunday of March 2100).
        #expect(zone.offset(atUTCSeconds: 4_108_690_799) == -18000)
        #expect(zone.offset(atUTCSeconds: 4_108_690_800) == -14400)
    }

    @Test("local civil time to an instant: the skipped hour and the repeated hour (fold=0)")
    func localToInstant() throws {
        let zone = try TimeZoneRules(tzif: newYork, identifier: "America/New_York")
        let day = CivilCalendar.days(fromYear: 2024, month: 3, day: 10) * 86_400
        // 01:59:59 EST, 02:30 (does not exist: read as EST, so 03:30 EDT), 03:00 EDT.
        #expect(zone.utcSeconds(forLocalSeconds: day + 7199) == 1_710_053_999)
        #expect(zone.utcSeconds(forLocalSeconds: day + 9000) == 1_710_055_800)
        #expect(zone.utcSeconds(forLocalSeconds: day + 10800) == 1_710_054_000)
        let fall = CivilCalendar.days(fromYear: 2024, month: 11, day: 3) * 86_400
        // 01:30 happens twice: the first (EDT) one.
        #expect(zone.utcSeconds(forLocalSeconds: fall + 5400) == 1_730_611_800)
        #expect(zone.utcSeconds(forLocalSeconds: fall + 7200) == 1_730_617_200)  // 02:00 EST
    }

    @Test("POSIX rules: southern hemisphere, Julian days, negative times, quoted names, no DST")
    func posixRules() throws {
        let sydney = try TimeZoneRules(posixRule: "AEST-10AEDT,M10.1.0,M4.1.0/3")
        #expect(sydney.offset(atUTCSeconds: 1_704_067_200) == 39600)  // 2024-01-01: summer
        #expect(sydney.offset(atUTCSeconds: 1_719_792_000) == 36000)  // 2024-07-01: winter
        let nuuk = try TimeZoneRules(posixRule: "<-02>2<-01>,M3.5.0/-1,M10.5.0/0")
        #expect(nuuk.type(atUTCSeconds: 1_719_792_000).abbreviation == "-01")
        let india = try TimeZoneRules(posixRule: "IST-5:30")
        #expect(india.offset(atUTCSeconds: 0) == 19800)
        #expect(india.isFixedOffset)
        let julian = try POSIXTimeZoneRule(parsing: "XST3XDT,J60/2,J300")
        #expect(julian.daylightSaving?.start.day == .julianNoLeap(60))
        for bad in ["", "E5", "EST", "EST5EDT,M13.1.0,M11.1.0", "EST5EDT,M3.2.0", "<EST5", "EST5EDT,M3.2.0/200,M11.1.0"] {
            #expect(throws: TimeZoneError.self, "\(bad)") { try TimeZoneRules(posixRule: bad) }
        }
    }

    @Test("fixed offsets and UTC")
    func fixed() {
        #expect(TimeZoneRules.utc.offset(atEpochNanoseconds: .max) == 0)
        let plusOne = TimeZoneRules(fixedOffsetSeconds: 3600)
        #expect(plusOne.identifier == "UTC+01:00")
        #expect(plusOne.utcSeconds(forLocalSeconds: 3600) == 0)
        #expect(TimeZoneRules(fixedOffsetSeconds: -19800).identifier == "UTC-05:30")
    }

    @Test("bad bytes are errors, never crashes: wrong magic, every truncation, random corruption")
    func malformed() {
        #expect(throws: TimeZoneError.notTZif) { try TimeZoneRules(tzif: Array("TZig".utf8) + newYork.dropFirst(4), identifier: "x") }
        #expect(throws: TimeZoneError.notTZif) { try TimeZoneRules(tzif: [], identifier: "x") }
        for length in 0..<newYork.count {
            #expect(throws: TimeZoneError.self) { try TimeZoneRules(tzif: Array(newYork[0..<length]), identifier: "x") }
        }
        var random = SplitMix64(seed: 7)
        for _ in 0..<2000 {
            var bytes = newYork
            for _ in 0..<3 { bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next()) }
            if let zone = try? TimeZoneRules(tzif: bytes, identifier: "x") {
                _ = zone.offset(atUTCSeconds: Int64(bitPattern: random.next()) >> 20)
                _ = zone.utcSeconds(forLocalSeconds: Int64(bitPattern: random.next()) >> 20)
            }
        }
        // Extreme instants never trap.
        let zone = try? TimeZoneRules(tzif: newYork, identifier: "x")
        for t in [Int64.min, .max, .min / 2, .max / 2] {
            _ = zone?.offset(atUTCSeconds: t)
            _ = zone?.utcSeconds(forLocalSeconds: t)
        }
    }
}

@Suite("Candles on a local calendar")
struct CalendarCandleTests {
    @Test("daily candles open at local midnight in New York; the spring-forward day has 23 hours")
    func dailyNewYork() throws {
        let zone = try TimeZoneRules(posixRule: "EST5EDT,M3.2.0,M11.1.0")
        let aggregator = try CandleAggregator(interval: .seconds(86_400), capacity: 16, timeZone: zone)
        let start: Int64 = 1_709_856_000  // 2024-03-08T00:00Z = Thu 7 19:00 EST
        for hour in 0..<(4 * 24) { aggregator.add(Tick(time: (start + Int64(hour) * 3600) * 1_000_000_000, value: Double(hour), size: 1)) }
        let starts = aggregator.candles.heldPositions.compactMap { aggregator.candles.element(at: $0)?.startTime }
        let seconds = starts.map { $0 / 1_000_000_000 }
        // Thu 7, Fri 8, Sat 9 at 05:00Z (EST); Sun 10 at 05:00Z; Mon 11 at 04:00Z (EDT).
        #expect(seconds == [1_709_787_600, 1_709_874_000, 1_709_960_400, 1_710_046_800, 1_710_129_600])
        #expect(seconds[4] - seconds[3] == 23 * 3600)
    }

    @Test("UTC daily candles still split at UTC midnight; weeks start on Monday")
    func utcAndWeeks() throws {
        let daily = try CandleAggregator(interval: .seconds(86_400), capacity: 4)
        daily.add(Tick(time: 1_709_856_000 * 1_000_000_000 + 5, value: 1, size: 1))
        #expect(daily.candles.newest?.startTime == Int64(1_709_856_000) * 1_000_000_000)
        let weekly = try CandleAggregator(interval: .seconds(7 * 86_400), capacity: 4)
        weekly.add(Tick(time: 1_709_856_000 * 1_000_000_000, value: 1, size: 1))  // Fri 2024-03-08
        #expect(weekly.candles.newest?.startTime == Int64(1_709_510_400) * 1_000_000_000)  // Mon 2024-03-04
    }
}
