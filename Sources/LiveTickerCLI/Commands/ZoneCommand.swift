#if canImport(Glibc)
import Glibc
#endif
import LiveTickerCore
import LiveTickerFeed

/// `liveticker zone`: shows what the chart's clock says for given instants in a time zone
/// (and which instant a local time is), read from the same TZif files `--tz` uses. For a
/// person checking a zone before putting it on a wall, and for the differential test against
/// Python's `zoneinfo` (`Tests/TimeZone/run-tz-check`).
enum ZoneCommand: Command {
    static let name = "zone"
    static let summary = "show local times in a time zone (IANA name, TZif files), daylight saving included"
    static let help = """
        Usage: liveticker zone [--tz NAME] [TIME...]
               liveticker zone [--tz NAME] -          (times from standard input, one a line)

        Prints, for each TIME, the instant and its local time in the zone:
          @SECONDS  YYYY-MM-DDTHH:MM:SS±HH:MM  ABBREVIATION
        With no TIME, the current time. NAME is an IANA name (America/New_York), UTC, a TZif
        file path, or a POSIX rule (EST5EDT,M3.2.0,M11.1.0); default: TZ, then /etc/localtime.

        TIME is an epoch time (seconds, ms, µs or ns by magnitude), ISO-8601 with an offset
        (2024-03-10T07:00:00Z), @SECONDS (whole epoch seconds, any year), or local:DATE-TIME
        (2024-03-10T02:30:00, a local civil time in the zone: a repeated time gives its first
        occurrence, a skipped one is read with the offset before the change). On standard
        input a line may start with a zone name: `Europe/Paris @1711846800`.

        Examples:
          liveticker zone --tz America/New_York 2024-03-10T07:00:00Z
          liveticker zone --tz Europe/Berlin local:2024-10-27T02:30:00
        """

    static func run(_ arguments: inout ParsedArguments) throws -> Int32 {
        let defaultZone: TimeZoneRules
        if let name = arguments.value("tz") {
            defaultZone = try SystemTimeZone.named(name)
        } else {
            defaultZone = try SystemTimeZone.current()
        }
        try arguments.finish()
        var out = StandardOutput(descriptor: 1)
        defer { out.flush() }
        if arguments.operands == ["-"] {
            var zones: [String: TimeZoneRules] = [:]
            var lineNumber = 0
            var bad = 0
            while let line = readLine() {
                lineNumber += 1
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                guard !fields.isEmpty else { continue }
                var zone = defaultZone
                if fields.count == 2 {
                    let name = String(fields[0])
                    if let cached = zones[name] {
                        zone = cached
                    } else {
                        do {
                            zone = try SystemTimeZone.named(name)
                            zones[name] = zone
                        } catch {
                            printError("line \(lineNumber): \(error.message)")
                            bad += 1
                            continue
                        }
                    }
                }
                guard fields.count <= 2, let instant = instant(String(fields[fields.count - 1]), in: zone) else {
                    printError("line \(lineNumber): not a time: '\(line)'")
                    bad += 1
                    continue
                }
                out.write(describe(instant, in: zone) + "\n")
            }
            return bad == 0 ? 0 : 1
        }
        var times: [Int64] = []
        for text in arguments.operands {
            guard let instant = instant(text, in: defaultZone) else {
                throw UsageError("not a time: '\(text)' (epoch, ISO-8601 with an offset, @SECONDS or local:DATE-TIME)")
            }
            times.append(instant)
        }
        if times.isEmpty { times.append(Int64(time(nil))) }
        for instant in times { out.write(describe(instant, in: defaultZone) + "\n") }
        return 0
    }

    /// Epoch seconds of a TIME operand, or nil.
    static func instant(_ text: String, in zone: TimeZoneRules) -> Int64? {
        if text.hasPrefix("@") { return Int64(text.dropFirst()) }
        if text.hasPrefix("local:") {
            guard let local = localSeconds(String(text.dropFirst(6))) else { return nil }
            return zone.utcSeconds(forLocalSeconds: local)
        }
        return FeedOptions.parseTimestamp(text).map { $0.floorDivided(by: 1_000_000_000) }
    }

    /// `YYYY-MM-DDTHH:MM:SS` (or with a space) read as if it were UTC, in seconds.
    static func localSeconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count == 19 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                guard bytes[i] >= 48, bytes[i] <= 57 else { return nil }
                value = value * 10 + Int(bytes[i] - 48)
            }
            return value
        }
        guard let year = number(0..<4), bytes[4] == 45, let month = number(5..<7), bytes[7] == 45,
            let day = number(8..<10), bytes[10] == 84 || bytes[10] == 32, let hour = number(11..<13), bytes[13] == 58,
            let minute = number(14..<16), bytes[16] == 58, let second = number(17..<19),
            (1...12).contains(month), day >= 1, day <= CivilCalendar.daysIn(month: month, year: Int64(year)), hour < 24,
            minute < 60, second < 60
        else { return nil }
        return CivilCalendar.days(fromYear: Int64(year), month: month, day: day) * 86_400
            + Int64(hour * 3600 + minute * 60 + second)
    }

    /// `@SECONDS  local-ISO±HH:MM[:SS]  ABBR`.
    static func describe(_ instant: Int64, in zone: TimeZoneRules) -> String {
        let type = zone.type(atUTCSeconds: instant)
        let local = instant &+ Int64(type.utcOffset)
        let days = local.floorDivided(by: 86_400)
        let secondOfDay = Int(local &- days &* 86_400)
        let (year, month, day) = CivilCalendar.civil(fromDays: days)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var yearText = String(abs(year))
        while yearText.count < 4 { yearText = "0" + yearText }
        if year < 0 { yearText = "-" + yearText }
        let offset = Int(type.utcOffset)
        let magnitude = abs(offset)
        var offsetText = (offset < 0 ? "-" : "+") + two(magnitude / 3600) + ":" + two(magnitude / 60 % 60)
        if magnitude % 60 != 0 { offsetText += ":" + two(magnitude % 60) }
        return "@\(instant) \(yearText)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))\(offsetText) \(type.abbreviation)"
    }
}

extension Int64 {
    /// Floor division (toward −∞) by a positive divisor.
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let q = self / divisor
        return self % divisor < 0 ? q - 1 : q
    }
}
