/// A POSIX `TZ` rule such as `EST5EDT,M3.2.0,M11.1.0` or `<+0530>-5:30`: a standard time, and
/// optionally a daylight-saving time with the yearly rules for when it starts and ends
/// (POSIX.1-2017 §8.3, with the RFC 9636 extensions: hours up to ±167 in the transition times).
///
/// It is the footer of a TZif v2+ file and says what the zone does after the file's last
/// transition (New York's table ends in 2037); `TZ=...` may also hold one directly.
///
/// Value type; parsing O(length of the rule); every query O(1) and allocation-free.
public struct POSIXTimeZoneRule: Sendable, Hashable {
    /// Standard time.
    public let standard: LocalTimeType
    /// Daylight-saving time and when it starts and ends each year; nil when the zone has none.
    public let daylightSaving: DaylightSaving?

    /// Daylight-saving time and its yearly start and end.
    public struct DaylightSaving: Sendable, Hashable {
        /// The daylight-saving local time type.
        public let type: LocalTimeType
        /// When it starts, in local standard time.
        public let start: Transition
        /// When it ends, in local daylight-saving time.
        public let end: Transition
    }

    /// A yearly moment: a day rule and a time of that day (seconds, may be negative or past 24 h).
    public struct Transition: Sendable, Hashable {
        /// Which day of the year.
        public let day: Day
        /// Seconds after that day's local midnight (default 7200, 02:00).
        public let time: Int32
    }

    /// The POSIX day forms.
    public enum Day: Sendable, Hashable {
        /// `Jn`: day 1...365, February 29 never counted.
        case julianNoLeap(Int)
        /// `n`: day 0...365, February 29 counted in leap years.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (1...4, 5 = the last) of month `m`.
        case monthWeekDay(month: Int, week: Int, weekday: Int)
    }

    /// Parses a rule; nil-free: a rule that cannot be read throws. O(length).
    public init(parsing text: String) throws(TimeZoneError) {
        var parser = RuleParser(bytes: Array(text.utf8))
        guard let std = parser.name(), let stdOffset = parser.offset() else { throw .badRule(text) }
        // POSIX offsets are west of UTC (EST5 is UTC-5); ours are east.
        standard = LocalTimeType(utcOffset: -stdOffset, isDaylightSaving: false, abbreviation: std)
        if parser.atEnd {
            daylightSaving = nil
            return
        }
        guard let dst = parser.name() else { throw .badRule(text) }
        var dstOffset = stdOffset - 3600
        if !parser.atEnd, parser.peek != UInt8(ascii: ",") {
            guard let offset = parser.offset() else { throw .badRule(text) }
            dstOffset = offset
        }
        let start: Transition
        let end: Transition
        if parser.atEnd {
            // No rule: POSIX leaves it to the implementation; tzcode uses the US rule.
            start = Transition(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7200)
            end = Transition(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7200)
        } else {
            guard parser.take(UInt8(ascii: ",")), let s = parser.transition(), parser.take(UInt8(ascii: ",")),
                let e = parser.transition(), parser.atEnd
            else { throw .badRule(text) }
            start = s
            end = e
        }
        daylightSaving = DaylightSaving(
            type: LocalTimeType(utcOffset: -dstOffset, isDaylightSaving: true, abbreviation: dst), start: start, end: end)
    }

    /// The local time type in effect at `utcSeconds` (seconds since 1970-01-01T00:00:00Z).
    /// Same semantics as Python's `zoneinfo` (its `_TZStr`): the year's transitions are those of
    /// the UTC year. O(1).
    public func type(atUTCSeconds utcSeconds: Int64) -> LocalTimeType {
        guard let dst = daylightSaving else { return standard }
        let year = CivilCalendar.civil(fromDays: utcSeconds.floorDivided(by: 86_400)).year
        let start = Self.localSeconds(of: dst.start, year: year) &- Int64(standard.utcOffset)
        let end = Self.localSeconds(of: dst.end, year: year) &- Int64(dst.type.utcOffset)
        let inDST = start < end ? (start <= utcSeconds && utcSeconds < end) : !(end <= utcSeconds && utcSeconds < start)
        return inDST ? dst.type : standard
    }

    /// The first start or end of daylight saving after `utcSeconds`, or nil without daylight
    /// saving. O(1).
    public func nextChange(afterUTCSeconds utcSeconds: Int64) -> Int64? {
        guard let dst = daylightSaving else { return nil }
        let year = CivilCalendar.civil(fromDays: utcSeconds.floorDivided(by: 86_400)).year
        var best = Int64.max
        for y in (year - 1)...(year + 1) {
            let start = Self.localSeconds(of: dst.start, year: y) &- Int64(standard.utcOffset)
            let end = Self.localSeconds(of: dst.end, year: y) &- Int64(dst.type.utcOffset)
            if start > utcSeconds { best = min(best, start) }
            if end > utcSeconds { best = min(best, end) }
        }
        return best == .max ? nil : best
    }

    /// Seconds since the epoch of `transition` in `year`, read as if local time were UTC. O(1).
    static func localSeconds(of transition: Transition, year: Int64) -> Int64 {
        let jan1 = CivilCalendar.days(fromYear: year, month: 1, day: 1)
        let day: Int64
        switch transition.day {
        case .julianNoLeap(let n):
            // Day n of a 365-day year: from March on, a leap year's day is one later.
            day = jan1 + Int64(n - 1) + (CivilCalendar.isLeap(year) && n >= 60 ? 1 : 0)
        case .zeroBased(let n):
            day = jan1 + Int64(n)
        case .monthWeekDay(let month, let week, let weekday):
            let first = CivilCalendar.days(fromYear: year, month: month, day: 1)
            let firstWeekday = CivilCalendar.weekday(fromDays: first)
            var dayOfMonth = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
            let length = CivilCalendar.daysIn(month: month, year: year)
            while dayOfMonth > length { dayOfMonth -= 7 }  // week 5: the last such weekday
            day = first + Int64(dayOfMonth - 1)
        }
        return day &* 86_400 &+ Int64(transition.time)
    }
}

/// A cursor over the bytes of a POSIX TZ rule.
private struct RuleParser {
    let bytes: [UInt8]
    var index = 0

    var atEnd: Bool { index >= bytes.count }
    var peek: UInt8 { bytes[index] }

    mutating func take(_ byte: UInt8) -> Bool {
        guard !atEnd, peek == byte else { return false }
        index += 1
        return true
    }

    /// `EST` (3+ letters) or `<+0530>` (quoted: letters, digits, + and -).
    mutating func name() -> String? {
        var name: [UInt8] = []
        if take(UInt8(ascii: "<")) {
            while !atEnd, peek != UInt8(ascii: ">") {
                name.append(peek)
                index += 1
            }
            guard take(UInt8(ascii: ">")) else { return nil }
        } else {
            while !atEnd, (peek | 0x20) >= UInt8(ascii: "a"), (peek | 0x20) <= UInt8(ascii: "z") {
                name.append(peek)
                index += 1
            }
        }
        guard name.count >= 3 else { return nil }
        return String(decoding: name, as: UTF8.self)
    }

    /// `[+-]hh[:mm[:ss]]` in seconds (hours up to 167).
    mutating func offset() -> Int32? {
        var sign: Int32 = 1
        if take(UInt8(ascii: "-")) { sign = -1 } else { _ = take(UInt8(ascii: "+")) }
        guard let hours = number(maxDigits: 3), hours <= 167 else { return nil }
        var seconds = hours * 3600
        if take(UInt8(ascii: ":")) {
            guard let minutes = number(maxDigits: 2), minutes < 60 else { return nil }
            seconds += minutes * 60
            if take(UInt8(ascii: ":")) {
                guard let secs = number(maxDigits: 2), secs < 60 else { return nil }
                seconds += secs
            }
        }
        return sign * seconds
    }

    /// `Jn`, `n` or `Mm.w.d`, then an optional `/time`.
    mutating func transition() -> POSIXTimeZoneRule.Transition? {
        let day: POSIXTimeZoneRule.Day
        if take(UInt8(ascii: "J")) {
            guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
            day = .julianNoLeap(Int(n))
        } else if take(UInt8(ascii: "M")) {
            guard let m = number(maxDigits: 2), (1...12).contains(m), take(UInt8(ascii: ".")),
                let w = number(maxDigits: 1), (1...5).contains(w), take(UInt8(ascii: ".")),
                let d = number(maxDigits: 1), (0...6).contains(d)
            else { return nil }
            day = .monthWeekDay(month: Int(m), week: Int(w), weekday: Int(d))
        } else {
            guard let n = number(maxDigits: 3), (0...365).contains(n) else { return nil }
            day = .zeroBased(Int(n))
        }
        var time: Int32 = 7200
        if take(UInt8(ascii: "/")) {
            guard let t = offset() else { return nil }
            time = t
        }
        return POSIXTimeZoneRule.Transition(day: day, time: time)
    }

    mutating func number(maxDigits: Int) -> Int32? {
        var value: Int32 = 0
        var digits = 0
        while !atEnd, peek >= UInt8(ascii: "0"), peek <= UInt8(ascii: "9"), digits < maxDigits {
            value = value * 10 + Int32(peek - UInt8(ascii: "0"))
            index += 1
            digits += 1
        }
        return digits > 0 ? value : nil
    }
}
