import LiveTickerCore
import Testing

@testable import LiveTickerScales

private let second: Int64 = 1_000_000_000
private let hour = 3600 * second
private let day = 24 * hour
/// New York's rule since 2007, as the footer of its TZif file states it.
private let newYork = try! TimeZoneRules(posixRule: "EST5EDT,M3.2.0,M11.1.0")

private func utc(_ y: Int64, _ m: Int, _ d: Int, _ h: Int64 = 0, _ min: Int64 = 0) -> Int64 {
    (CivilCalendar.days(fromYear: y, month: m, day: d) * 86_400 + h * 3600 + min * 60) * second
}

private func labelled(_ axis: CalendarTicks) -> [String] {
    axis.ticks.map { CalendarLabel.format($0.time, level: $0.level, step: axis.step, zone: axis.zone).description }
}

@Suite("Calendar-aware time axis")
struct CalendarTicksTests {
    @Test("hour ticks across spring forward in New York: local full hours, 02:00 does not exist")
    func springForward() {
        // 2024-03-10 00:00 EST (05:00Z) to 05:00 EDT (09:00Z).
        let axis = CalendarTicks(start: utc(2024, 3, 10, 5), end: utc(2024, 3, 10, 9), step: CalendarStep(1, .hour), zone: newYork)
        #expect(labelled(axis) == ["Sun 10", "01:00", "03:00", "04:00", "05:00"])
        #expect(axis.ticks.map(\.time) == [5, 6, 7, 8, 9].map { utc(2024, 3, 10, $0) })
    }

    @Test("hour ticks across fall back: 01:00 shows twice, as the wall clock does")
    func fallBack() {
        let axis = CalendarTicks(start: utc(2024, 11, 3, 4), end: utc(2024, 11, 3, 8), step: CalendarStep(1, .hour), zone: newYork)
        #expect(labelled(axis) == ["Sun 3", "01:00", "01:00", "02:00", "03:00"])
    }

    @Test("3-hour ticks on a 23-hour day stay on local multiples of three hours")
    func threeHours() {
        let axis = CalendarTicks(start: utc(2024, 3, 10, 5), end: utc(2024, 3, 11, 4), step: CalendarStep(3, .hour), zone: newYork)
        #expect(labelled(axis) == ["Sun 10", "03:00", "06:00", "09:00", "12:00", "15:00", "18:00", "21:00", "Mon 11"])
        // 00:00 EST to 03:00 EDT is two real hours.
        let times = axis.ticks.map(\.time)
        #expect(times[1] - times[0] == 2 * hour && times[8] - times[0] == 23 * hour)
    }

    @Test("days at local midnight; weeks on Mondays; quarters on Jan/Apr/Jul/Oct; years on Jan 1")
    func calendarUnits() {
        let days = CalendarTicks(start: utc(2024, 2, 27, 12), end: utc(2024, 3, 3, 12), step: CalendarStep(1, .day), zone: newYork)
        #expect(labelled(days) == ["Wed 28", "Thu 29", "Mar", "Sat 2", "Sun 3"])
        #expect(days.ticks.allSatisfy { CalendarLabel.local($0.time, zone: newYork).hour == 0 })
        let weeks = CalendarTicks(start: utc(2024, 1, 1), end: utc(2024, 4, 1), step: CalendarStep(2, .week), zone: .utc)
        #expect(weeks.ticks.allSatisfy { CalendarLabel.local($0.time, zone: .utc).weekday == 1 })
        #expect(labelled(weeks).prefix(3) == ["Jan 8", "Jan 22", "Feb 5"])
        let quarters = CalendarTicks(start: utc(2023, 11, 5), end: utc(2025, 2, 1), step: CalendarStep(3, .month), zone: .utc)
        #expect(labelled(quarters) == ["2024", "Apr", "Jul", "Oct", "2025"])
        let years = CalendarTicks(start: utc(1999, 6, 1), end: utc(2031, 1, 1), step: CalendarStep(10, .year), zone: .utc)
        #expect(labelled(years) == ["2000", "2010", "2020", "2030"])
    }

    @Test("the step follows the range's length only: a scrolling window keeps it")
    func stepByLength() {
        for shift in stride(from: Int64(0), to: 10 * hour, by: Int(7 * 60 * second)) {
            let axis = CalendarTicks(start: shift, end: shift + 8 * hour, maxTickCount: 12, zone: .utc)
            #expect(axis.step == CalendarStep(1, .hour))
        }
        #expect(CalendarTicks(start: 0, end: 360 * day, maxTickCount: 14, zone: .utc).step == CalendarStep(1, .month))
        #expect(CalendarTicks(start: 0, end: 9 * second, maxTickCount: 10, zone: .utc, minimumStep: hour).step == CalendarStep(1, .hour))
    }

    @Test("a multi-day chart names every day at its midnight, whatever the clock step")
    func datesShown() {
        let axis = CalendarTicks(start: utc(2024, 3, 1, 9), end: utc(2024, 3, 4, 17), maxTickCount: 14, zone: .utc)
        let labels = labelled(axis)
        for name in ["Sat 2", "Sun 3", "Mon 4"] { #expect(labels.contains(name), "\(labels)") }
    }

    @Test("seconds and milliseconds: whole minutes show the coarser form")
    func fine() {
        let axis = CalendarTicks(start: utc(2024, 3, 1, 9, 59) + 50 * second, end: utc(2024, 3, 1, 10, 0) + 10 * second, step: CalendarStep(5, .second), zone: .utc)
        #expect(labelled(axis) == ["09:59:50", "09:59:55", "10:00", "10:00:05", "10:00:10"])
        let ms = CalendarTicks(start: 0, end: 250_000_000, step: CalendarStep(100, .millisecond), zone: .utc)
        #expect(labelled(ms) == ["1970", "00:00:00.1", "00:00:00.2"])
    }

    @Test("a label after a gap names what changed: a Monday candle after Friday says the day")
    func afterGap() {
        let friday = utc(2024, 3, 1, 20)
        let monday = utc(2024, 3, 4, 14, 30)
        #expect(CalendarLabel.level(of: monday, after: friday, zone: .utc, step: CalendarStep(1, .hour)) == .day)
        #expect(CalendarLabel.level(of: utc(2024, 3, 1, 21), after: friday, zone: .utc, step: CalendarStep(1, .hour)) == .minute)
        #expect(CalendarLabel.level(of: utc(2025, 1, 2, 14), after: friday, zone: .utc, step: CalendarStep(1, .day)) == .year)
    }

    @Test("extreme ranges end cleanly: no trap, ticks in order")
    func extremes() {
        for (a, b) in [(Int64.min, Int64.max), (Int64.max - 10, Int64.max), (Int64.min, Int64.min + 5 * day)] {
            for zone in [TimeZoneRules.utc, newYork] {
                let axis = CalendarTicks(start: a, end: b, maxTickCount: 8, zone: zone)
                let times = Array(axis.ticks)
                #expect(times.count <= 40)
                #expect(zip(times, times.dropFirst()).allSatisfy { $0.time < $1.time })
            }
        }
    }
}
