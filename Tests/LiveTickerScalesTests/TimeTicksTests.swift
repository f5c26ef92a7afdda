import LiveTickerTestSupport
import LiveTickerCore
import Testing

@testable import LiveTickerScales

private let second: Int64 = 1_000_000_000
private let minute = 60 * second
private let hour = 60 * minute
private let day = 24 * hour
/// 2026-11-30T12:34:56.789Z, a Monday.
private let monday = 1_796_042_096_789_000_000 as Int64

private func labels(_ axis: TimeTicks) -> [String] { (0..<axis.count).map { axis.label(at: $0).description } }

@Suite("Civil calendar (Hinnant)")
struct CivilCalendarTests {
    @Test(
        "known dates and weekdays",
        arguments: [
            (Int64(0), Int64(1970), 1, 1, 4), (20787, 2026, 11, 30, 1), (-1, 1969, 12, 31, 3),
            (-719_162, 1, 1, 1, 1), (2_932_896, 9999, 12, 31, 5), (-106_752, 1677, 9, 21, 2),
            (106_751, 2262, 4, 11, 5), (11_016, 2000, 2, 29, 2),
        ] as [(Int64, Int64, Int, Int, Int)])
    func knownDates(days: Int64, year: Int64, month: Int, dayOfMonth: Int, weekday: Int) {
        let civil = CivilCalendar.civil(fromDays: days)
        #expect(civil.year == year && civil.month == month && civil.day == dayOfMonth)
        #expect(CivilCalendar.days(fromYear: year, month: month, day: dayOfMonth) == days)
        #expect(CivilCalendar.weekday(fromDays: days) == weekday)
    }

    @Test("days and civil dates round-trip, one day apart, over a full 400-year era either side of 1970")
    func roundTrip() {
        var previous = CivilCalendar.civil(fromDays: -150_001)
        var previousWeekday = CivilCalendar.weekday(fromDays: -150_001)
        var failures = 0
        for days in Int64(-150_000)...150_000 {
            let c = CivilCalendar.civil(fromDays: days)
            let sameMonth = c.day == previous.day + 1 && c.month == previous.month && c.year == previous.year
            let newMonth = c.day == 1 && c.month == previous.month + 1 && c.year == previous.year
            let newYear = c.day == 1 && c.month == 1 && previous.month == 12 && c.year == previous.year + 1
            let weekday = CivilCalendar.weekday(fromDays: days)
            if CivilCalendar.days(fromYear: c.year, month: c.month, day: c.day) != days
                || !(sameMonth || newMonth || newYear) || weekday != (previousWeekday + 1) % 7
            {
                failures += 1
            }
            previous = c
            previousWeekday = weekday
        }
        #expect(failures == 0)
    }
}

@Suite("Time labels")
struct TimeLabelTests {
    @Test(
        "formats for a known Monday",
        arguments: [
            (TimeLabelFormat.milliseconds, "12:34:56.789"), (.centiseconds, "12:34:56.78"),
            (.deciseconds, "12:34:56.7"),
            (.seconds, "12:34:56"), (.minutes, "12:34"), (.weekdayDay, "Mon 30"), (.monthDay, "Nov 30"),
            (.date, "2026-11-30"),
        ] as [(TimeLabelFormat, String)])
    func formats(format: TimeLabelFormat, expected: String) {
        #expect(TimeLabel.format(epochNanoseconds: monday, as: format).description == expected)
    }

    @Test("first of a month shows the month on day steps")
    func monthStart() {
        let december1 = 20788 * day
        #expect(TimeLabel.format(epochNanoseconds: december1, as: .weekdayDay) == "Dec 1")
        #expect(TimeLabel.format(epochNanoseconds: december1 - day, as: .weekdayDay) == "Mon 30")
    }

    @Test("before 1970: floor division, no negative clock fields")
    func beforeEpoch() {
        #expect(TimeLabel.format(epochNanoseconds: -500_000_000, as: .deciseconds) == "23:59:59.5")
        #expect(TimeLabel.format(epochNanoseconds: -1, as: .milliseconds) == "23:59:59.999")
        #expect(TimeLabel.format(epochNanoseconds: -1, as: .weekdayDay) == "Wed 31")
        #expect(TimeLabel.format(epochNanoseconds: -1, as: .date) == "1969-12-31")
    }

    @Test("Int64 extremes and years 1 and 9999 do not crash and are right")
    func extremes() {
        #expect(TimeLabel.format(epochNanoseconds: .min, as: .milliseconds) == "00:12:43.145")
        #expect(TimeLabel.format(epochNanoseconds: .min, as: .date) == "1677-09-21")
        #expect(TimeLabel.format(epochNanoseconds: .max, as: .milliseconds) == "23:47:16.854")
        #expect(TimeLabel.format(epochNanoseconds: .max, as: .weekdayDay) == "Fri 11")
        let year1 = UTCDateTime(epochSeconds: -62_135_596_800)
        #expect(year1.year == 1 && year1.month == 1 && year1.day == 1 && year1.weekday == 1)
        #expect(TimeLabel.format(year1, as: .date) == "0001-01-01")
        #expect(TimeLabel.format(year1, as: .weekdayDay) == "Jan 1")
        let lastSecond = UTCDateTime(epochSeconds: 2_932_897 * 86_400 - 1, nanosecond: 999_999_999)
        #expect(TimeLabel.format(lastSecond, as: .milliseconds) == "23:59:59.999")
        #expect(TimeLabel.format(lastSecond, as: .weekdayDay) == "Fri 31")
        #expect(TimeLabel.format(lastSecond, as: .date) == "9999-12-31")
        let farPast = UTCDateTime(epochSeconds: .min)
        #expect(!TimeLabel.format(farPast, as: .date).isTruncated)
        let farFuture = UTCDateTime(epochSeconds: .max)
        #expect(!TimeLabel.format(farFuture, as: .date).isTruncated)
    }
}

@Suite("Time ticks")
struct TimeTicksTests {
    @Test(
        "step chosen for common ranges (at most 6 ticks)",
        arguments: [
            (500 * 1_000_000 as Int64, 100 * 1_000_000 as Int64), (3 * second, second), (90 * second, 30 * second),
            (20 * minute, 5 * minute), (5 * hour, hour), (10 * day, 2 * day), (40 * day, 14 * day),
            (300 * day, 70 * day), (365 * day, 140 * day), (2 * second / 1000, 1_000_000),
        ] as [(Int64, Int64)])
    func steps(span: Int64, expectedStep: Int64) {
        let axis = TimeTicks(start: monday, end: monday + span, maxTickCount: 6)
        #expect(axis.step.nanoseconds == expectedStep)
        #expect(axis.count <= 6 && axis.count >= 1)
    }

    @Test("the step depends on the window length only, not its position (no flicker while scrolling)")
    func stableWhileScrolling() {
        let width = 20 * minute
        let reference = TimeTicks(start: monday, end: monday + width, maxTickCount: 6).step
        for shift in stride(from: Int64(0), to: 3 * hour, by: Int(7 * second + 123_456_789)) {
            let axis = TimeTicks(start: monday + shift, end: monday + shift + width, maxTickCount: 6)
            #expect(axis.step == reference)
            #expect(axis.count <= 6)
        }
    }

    @Test("ticks are aligned to the step in UTC and lie inside the range")
    func aligned() {
        let axis = TimeTicks(start: monday, end: monday + 20 * minute, maxTickCount: 6)
        #expect(labels(axis) == ["12:35", "12:40", "12:45", "12:50"])
        for t in axis.ticks {
            #expect(t % (5 * minute) == 0)
            #expect(t >= monday && t <= monday + 20 * minute)
        }
    }

    @Test(
        "labels fit the step",
        arguments: [
            (3 * second, ["12:34:57", "12:34:58", "12:34:59"]),
            (90 * second, ["12:35:00", "12:35:30", "12:36:00"]),
            (5 * hour, ["13:00", "14:00", "15:00", "16:00", "17:00"]),
            (10 * day, ["Tue 1", "Thu 3", "Sat 5", "Mon 7", "Wed 9"]),  // even days since 1970
            (500_000_000, ["12:34:56.8", "12:34:56.9", "12:34:57.0", "12:34:57.1", "12:34:57.2"]),
            (20_000_000, ["12:34:56.790", "12:34:56.795", "12:34:56.800", "12:34:56.805"]),
        ] as [(Int64, [String])])
    func stepLabels(span: Int64, expected: [String]) {
        let axis = TimeTicks(start: monday, end: monday + span, maxTickCount: 6)
        var got = labels(axis)
        if span == 10 * day { got = got.map { $0 == "Dec 1" ? "Tue 1" : $0 } }
        #expect(got == expected)
    }

    @Test("10-day window starting on the Monday: the month change shows as 'Dec 1'")
    func dayTicks() {
        let midnight = 20787 * day
        let axis = TimeTicks(start: midnight, end: midnight + 10 * day, maxTickCount: 6)
        #expect(axis.step.nanoseconds == 2 * day)
        #expect(labels(axis) == ["Dec 1", "Thu 3", "Sat 5", "Mon 7", "Wed 9"])
    }

    @Test("week steps tick on Mondays")
    func weeks() {
        let axis = TimeTicks(start: monday, end: monday + 40 * day, maxTickCount: 6)
        #expect(axis.step.nanoseconds == 14 * day)
        for t in axis.ticks {
            #expect(UTCDateTime(epochNanoseconds: t).weekday == 1)
            #expect(t % day == 0)
        }
        #expect(labels(axis) == ["Dec 7", "Dec 21", "Jan 4"])
    }

    @Test("a 360 Hz ECG second gets 200 ms ticks with one decimal")
    func ecg() {
        let start: Int64 = 1_700_000_000 * second + 2_777_778  // one sample period in
        let axis = TimeTicks(start: start, end: start + second, maxTickCount: 6)
        #expect(axis.step.nanoseconds == 200_000_000)
        #expect(labels(axis) == ["22:13:20.2", "22:13:20.4", "22:13:20.6", "22:13:20.8", "22:13:21.0"])
    }

    @Test("ranges before 1970 and across the epoch")
    func negativeTimes() {
        let axis = TimeTicks(start: -3 * second - 1, end: 0, maxTickCount: 6)
        #expect(axis.step.nanoseconds == second)
        #expect(Array(axis.ticks) == [-3 * second, -2 * second, -second, 0])
        #expect(labels(axis) == ["23:59:57", "23:59:58", "23:59:59", "00:00:00"])
    }

    @Test("backwards, empty and single-instant ranges")
    func degenerate() {
        let forwards = TimeTicks(start: monday, end: monday + 20 * minute, maxTickCount: 6)
        #expect(TimeTicks(start: monday + 20 * minute, end: monday, maxTickCount: 6) == forwards)
        let instant = TimeTicks(start: monday + 1, end: monday + 1, maxTickCount: 6)
        #expect(instant.step.nanoseconds == 1_000_000 && instant.count == 0)
        let onTick = TimeTicks(start: 0, end: 0, maxTickCount: 0)
        #expect(onTick.count == 1 && onTick.tick(at: 0) == 0)
    }

    @Test("the whole Int64 range does not crash and stays within the limit's documented bound")
    func wholeRange() {
        for maxTicks in [0, 2, 5, 10, 1000] {
            let axis = TimeTicks(start: .min, end: .max, maxTickCount: maxTicks)
            #expect(axis.count >= 1 && axis.count <= max(maxTicks, 4))
            for i in 0..<axis.count { _ = axis.label(at: i) }
        }
        let nearMax = TimeTicks(start: .max - 3 * second, end: .max, maxTickCount: 6)
        #expect(nearMax.count == 3)
        let nearMin = TimeTicks(start: .min, end: .min + 3 * second, maxTickCount: 6)
        #expect(nearMin.count == 3)
    }

    @Test("every candidate step: tick count never exceeds the limit for random windows")
    func randomWindows() {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<5000 {
            let start = Int64(bitPattern: rng.next() >> 2) - Int64(1) << 61
            let span = Int64(rng.next() % UInt64(400 * day))
            let maxTicks = 2 + Int(rng.next() % 15)
            let axis = TimeTicks(start: start, end: start + span, maxTickCount: maxTicks)
            #expect(axis.count <= maxTicks)
            for t in axis.ticks {
                #expect(t >= start && t <= start + span)
                #expect((t &- axis.step.alignmentOffset) % axis.step.nanoseconds == 0)
            }
        }
    }
}
