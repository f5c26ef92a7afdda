import LiveTickerCore

/// Labels of a calendar-aware time axis: each names the largest unit that changes at its tick,
/// in the axis's time zone: `2024` at a new year, `Mar` at a new month, `Tue 5` at a new day
/// (`Mar 4` on a week axis or coarser), else the clock: `09:30`, `09:30:15`, `09:30:15.250`.
///
/// Every member O(log transitions), allocation-free (labels are inline ``LabelText``).
public enum CalendarLabel {
    /// What a label names, from the finest.
    public enum Level: Int, Sendable, Hashable, Comparable {
        case millisecond, second, minute, day, month, year

        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    /// The local civil date and time of an instant in `zone`.
    public static func local(_ time: Int64, zone: TimeZoneRules) -> UTCDateTime {
        let offset = Int64(zone.offset(atEpochNanoseconds: time))
        let seconds = time.floorDividedWithRemainder(by: 1_000_000_000)
        return UTCDateTime(epochSeconds: seconds.quotient &+ offset, nanosecond: Int(seconds.remainder))
    }

    /// The local day number (days since 1970-01-01 on the local calendar) of an instant.
    static func localDay(of time: Int64, zone: TimeZoneRules) -> Int64 {
        let offset = Int64(zone.offset(atEpochNanoseconds: time))
        let seconds = time.floorDividedWithRemainder(by: 1_000_000_000).quotient &+ offset
        return seconds.floorDividedWithRemainder(by: 86_400).quotient
    }

    /// The instant local `day` begins (its midnight, or the first moment after it when the
    /// zone skipped midnight that day), or nil outside the Int64 nanosecond range.
    static func midnight(ofLocalDay day: Int64, zone: TimeZoneRules) -> Int64? {
        let (seconds, overflow) = day.multipliedReportingOverflow(by: 86_400)
        guard !overflow else { return nil }
        let utc = zone.utcSeconds(forLocalSeconds: seconds)
        let (ns, o) = utc.multipliedReportingOverflow(by: 1_000_000_000)
        return o ? nil : ns
    }

    /// The level of a tick at `time` on an axis of `step`: which boundary of the local
    /// calendar it sits on. O(log transitions).
    public static func level(of time: Int64, zone: TimeZoneRules, step: CalendarStep) -> Level {
        let t = local(time, zone: zone)
        let atMidnight = t.hour == 0 && t.minute == 0 && t.second == 0 && t.nanosecond == 0
        guard atMidnight || step.unit >= .day else { return clockLevel(t, step: step) }
        if t.day == 1 { return t.month == 1 ? .year : .month }
        return .day
    }

    /// The level of a label at `time` after a label at `previous` (nil for the first): the
    /// largest unit that differs, so a candle after a weekend names its new day. The clock
    /// level never goes finer than `step` needs. O(log transitions).
    public static func level(of time: Int64, after previous: Int64?, zone: TimeZoneRules, step: CalendarStep) -> Level {
        guard let previous else { return level(of: time, zone: zone, step: step) }
        let t = local(time, zone: zone)
        let p = local(previous, zone: zone)
        if t.year != p.year { return .year }
        if t.month != p.month { return .month }
        if t.day != p.day { return .day }
        return step.unit >= .day ? .day : clockLevel(t, step: step)
    }

    /// `09:30` for minute and hour steps, `09:30:15` for seconds, `…​.250` for milliseconds;
    /// a tick on a whole minute (second) of a finer step shows the coarser form.
    static func clockLevel(_ t: UTCDateTime, step: CalendarStep) -> Level {
        switch step.unit {
        case .millisecond:
            if t.nanosecond != 0 { return .millisecond }
            return t.second == 0 ? .minute : .second
        case .second:
            return t.second == 0 && t.nanosecond == 0 ? .minute : .second
        default:
            return .minute
        }
    }

    /// The label of `time` at `level`, on an axis of `step`. O(log transitions), no allocation.
    public static func format(_ time: Int64, level: Level, step: CalendarStep, zone: TimeZoneRules) -> LabelText {
        let t = local(time, zone: zone)
        var text = LabelText()
        switch level {
        case .year:
            text.appendInteger(t.year, minimumWidth: 4)
        case .month:
            text.append(TimeLabel.monthNames[t.month - 1])
        case .day:
            if step.unit >= .week {
                text.append(TimeLabel.monthNames[t.month - 1])
            } else {
                text.append(TimeLabel.weekdayNames[t.weekday])
            }
            text.append(UInt8(ascii: " "))
            text.appendDigits(UInt64(t.day))
        case .minute, .second, .millisecond:
            text.appendDigits(UInt64(t.hour), minimumWidth: 2)
            text.append(UInt8(ascii: ":"))
            text.appendDigits(UInt64(t.minute), minimumWidth: 2)
            if level != .minute {
                text.append(UInt8(ascii: ":"))
                text.appendDigits(UInt64(t.second), minimumWidth: 2)
            }
            if level == .millisecond {
                let digits = step.count >= 100 ? 1 : step.count >= 10 ? 2 : 3
                text.append(UInt8(ascii: "."))
                text.appendDigits(UInt64(t.nanosecond) / integerPowersOfTen[9 - digits], minimumWidth: digits)
            }
        }
        return text
    }

    /// The widest label an axis of `step` can show, for sizing (`00:00:00.000`, `Wed 30`). O(1).
    public static func widestSample(for step: CalendarStep) -> LabelText {
        switch step.unit {
        case .millisecond: step.count >= 100 ? "00:00:00.0" : step.count >= 10 ? "00:00:00.00" : "00:00:00.000"
        case .second: "00:00:00"
        case .minute, .hour: "Wed 30"
        default: "Wed 30"
        }
    }
}
