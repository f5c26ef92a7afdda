import LiveTickerCore
import Testing

@testable import LiveTickerFeed

private let second: Int64 = 1_000_000_000
private let day = 86_400 * second
/// 2026-12-07T00:00:00Z: a clock that is set.
private let now: Int64 = 1_796_601_600 * second

/// The times `admit` lets into series 0, in order, for `times` given in turn.
private func admitted(_ times: [Int64], guard guarding: inout LiveTimeGuard, series: Int = 0) -> [Int64] {
    var out: [Int64] = []
    for time in times {
        switch guarding.admit(LiveTimeGuard.Item(tick: Tick(time: time, value: Double(time % 1000))), series: series) {
        case .nothing: break
        case .item(let item): out.append(item.tick.time)
        case .waitingThenItem(let waited, let item), .feedMovedBack(let waited, let item):
            out += [waited.tick.time, item.tick.time]
        }
    }
    return out
}

private func makeGuard(lead: Int64? = LiveTimeGuard.defaultMaximumLead, stepBack: Int64 = day, series: Int = 1) -> LiveTimeGuard {
    var guarding = LiveTimeGuard(maximumLead: lead, maximumStepBack: stepBack)
    guarding.reserve(series: series)
    guarding.now = now
    return guarding
}

@Suite("LiveTimeGuard")
struct LiveTimeGuardTests {
    @Test("a tick dated more than the lead ahead of the clock is dropped and counted; up to the lead it passes")
    func aheadOfTheClock() {
        var guarding = makeGuard()
        let year2100: Int64 = 4_102_444_800 * second
        // Half a day ahead, two in a row (a lone one is a jump, judged below).
        let times = [now - 10 * second, now + day / 2, now + day / 2 + 1, year2100, now + day + 1, now - 5 * second]
        #expect(admitted(times, guard: &guarding) == [now - 10 * second, now + day / 2, now + day / 2 + 1, now - 5 * second])
        #expect(guarding.droppedAhead == 2)
        #expect(guarding.lastDroppedAhead?.time == now + day + 1)
        #expect(guarding.droppedAlone == 0)
    }

    @Test("no lead limit, or a clock before 2025 (unset), keeps ticks however far ahead")
    func clockNoMeasure() {
        var off = makeGuard(lead: nil)
        #expect(admitted([now, .max], guard: &off) == [now, .max])
        var unset = makeGuard()
        unset.now = 0  // a board without a real-time clock boots in 1970
        #expect(admitted([now, now + 400 * day], guard: &unset) == [now, now + 400 * day])
        #expect(off.droppedAhead == 0 && unset.droppedAhead == 0)
    }

    @Test("a lone tick far behind the ticks around it is dropped; one within the step back is kept")
    func loneStepBack() {
        var guarding = makeGuard(stepBack: 600 * second)
        let year2000: Int64 = 946_684_800 * second
        let times = [now, now + second, year2000, now + 2 * second, now + 3 * second - 599 * second, now + 4 * second]
        #expect(admitted(times, guard: &guarding) == [now, now + second, now + 2 * second, now - 596 * second, now + 4 * second])
        #expect(guarding.droppedAlone == 1 && guarding.lastDroppedAlone?.time == year2000)
        #expect(guarding.droppedAloneAhead == 0)
    }

    @Test("two ticks in a row as far back are a feed that moved: both go in, the first one tick late")
    func feedMovedBack() {
        var guarding = makeGuard()
        let yesterday = now - 2 * day
        #expect(admitted([now, yesterday], guard: &guarding) == [now])
        #expect(admitted([yesterday + second], guard: &guarding) == [yesterday, yesterday + second])
        #expect(admitted([yesterday + 2 * second], guard: &guarding) == [yesterday + 2 * second])
        #expect(guarding.droppedAlone == 0)
        // Said as a move back, so the sink starts the series' held history again there.
        #expect(guarding.movedBack == 1)
        #expect(guarding.lastMoveBack.map { [Int64($0.series), $0.from, $0.to] } == [0, now, yesterday])
        var moving = makeGuard()
        _ = moving.admit(LiveTimeGuard.Item(tick: Tick(time: now, value: 1)), series: 0)
        _ = moving.admit(LiveTimeGuard.Item(tick: Tick(time: yesterday, value: 1)), series: 0)
        guard case .feedMovedBack(let first, let second) = moving.admit(LiveTimeGuard.Item(tick: Tick(time: yesterday + 1, value: 1)), series: 0)
        else {
            Issue.record("two ticks a day back are not said as a move back")
            return
        }
        #expect(first.tick.time == yesterday && second.tick.time == yesterday + 1)
        // A file read newest first, a week a line: every tick goes in, in arrival order, but
        // the last, which waits for a tick that never comes.
        var newestFirst = makeGuard()
        let weeks = (0..<10).map { now - Int64($0) * 7 * day }
        let out = admitted(weeks, guard: &newestFirst)
        newestFirst.release()
        #expect(out == Array(weeks.prefix(9)))
        #expect(newestFirst.droppedAlone == 1 && newestFirst.lastDroppedAlone?.time == weeks[9])
        #expect(newestFirst.movedBack == 4)
    }

    @Test("a tick still waiting when the feed ends is dropped as alone (a last tick dated 2000 blanked the picture)")
    func releaseAtTheEnd() {
        var guarding = makeGuard(series: 3)
        _ = admitted([now], guard: &guarding, series: 2)
        _ = admitted([946_684_800 * second], guard: &guarding, series: 2)
        guarding.release()
        #expect(guarding.droppedAlone == 1 && guarding.lastDroppedAlone?.time == 946_684_800 * second)
        guarding.release()
        #expect(guarding.droppedAlone == 1)
        // The series' newest is still the last tick accepted: a tick right after it is plain.
        #expect(admitted([now + second], guard: &guarding, series: 2) == [now + second])
    }

    @Test("a tick dated before 1971 (a sender's clock not set) is dropped, however many come")
    func unsetClock() {
        var guarding = makeGuard()
        #expect(admitted([now, 0, -5 * second, 1_000 * second, now + second], guard: &guarding) == [now, now + second])
        #expect(guarding.droppedUnset == 3 && guarding.lastDroppedUnset?.time == 1_000 * second)
        #expect(guarding.droppedAlone == 0 && guarding.droppedAhead == 0)
    }

    @Test("a lone jump ahead of the clock (within the lead) is dropped; a feed stamped hours ahead keeps every tick")
    func loneJumpAhead() {
        var guarding = makeGuard(stepBack: 600 * second)
        let times = [now - 60 * second, now - 50 * second, now + 12 * 3_600 * second, now - 40 * second, now - 30 * second]
        #expect(admitted(times, guard: &guarding) == [now - 60 * second, now - 50 * second, now - 40 * second, now - 30 * second])
        #expect(guarding.droppedAlone == 1 && guarding.lastDroppedAlone?.time == now + 12 * 3_600 * second)
        // A feed in a zone 8 h ahead read as UTC: ahead of the clock, but never a jump.
        var local = makeGuard(stepBack: 600 * second)
        let eight = 8 * 3_600 * second
        let steady = (0..<20).map { now + eight + Int64($0) * 10 * second }
        #expect(admitted(steady, guard: &local) == steady)
        // A feed that moves ahead of the clock (a sender switched to a zone 12 h ahead) moves
        // after two ticks, and is no move back.
        var ahead = makeGuard(stepBack: 600 * second)
        let twelve = 12 * 3_600 * second
        let moved = [now - 60 * second, now + twelve, now + twelve + second]
        #expect(admitted(moved, guard: &ahead) == moved)
        #expect(ahead.movedBack == 0 && ahead.droppedAlone == 0)
        // Without a window (a step back of a day), a lone tick two hours ahead of the clock is
        // judged all the same (a jump ahead waits from an hour): it squeezed the chart.
        var whole = makeGuard()
        let glitch = [now - 60 * second, now + 2 * 3_600 * second, now - 59 * second]
        #expect(admitted(glitch, guard: &whole) == [now - 60 * second, now - 59 * second])
        #expect(whole.droppedAlone == 1 && whole.lastDroppedAloneAhead && whole.droppedAloneAhead == 1)
        // And one far back after it: each counted on its own side.
        _ = admitted([now - 3 * day, now - 58 * second], guard: &whole)
        #expect(whole.droppedAlone == 2 && !whole.lastDroppedAloneAhead && whole.droppedAloneAhead == 1)
        // An hourly forecast ahead of the clock goes in as it comes.
        var forecast = makeGuard()
        let hours = (0..<24).map { now + Int64($0) * 3_600 * second }
        #expect(admitted(hours, guard: &forecast) == hours)
        // A jump forward that the clock allows (a feed back after a pause) never waits.
        var paused = makeGuard(stepBack: 600 * second)
        #expect(admitted([now - 3 * 3_600 * second, now - 60 * second], guard: &paused) == [now - 3 * 3_600 * second, now - 60 * second])
    }

    @Test("series are judged apart: one series' time does not make another's tick lone")
    func seriesApart() {
        var guarding = makeGuard(series: 2)
        #expect(admitted([now], guard: &guarding, series: 0) == [now])
        #expect(admitted([now - 30 * day], guard: &guarding, series: 1) == [now - 30 * day])
        #expect(admitted([now - 30 * day + 1], guard: &guarding, series: 1) == [now - 30 * day + 1])
    }

    @Test("plainRun stops at the first tick the rules would hold, and at a waiting tick")
    func plainRun() {
        var guarding = makeGuard(stepBack: 10 * second)
        let times = [now, now + 1, now - 5 * second, now + 2 * day, now + 3]
        let ticks = times.map { Tick(time: $0, value: 1) }
        ticks.withUnsafeBufferPointer { buffer in
            #expect(guarding.plainRun(buffer, series: 0) == 3)  // the tick two days ahead
            #expect(guarding.plainRun(UnsafeBufferPointer(rebasing: buffer[4...]), series: 0) == 1)
        }
        guarding.noteAccepted(ticks[2], series: 0)
        #expect(admitted([now - 20 * second], guard: &guarding).isEmpty)  // waits
        ticks.withUnsafeBufferPointer { buffer in
            #expect(guarding.plainRun(buffer, series: 0) == 0)
        }
    }

    @Test("the step back follows the window span, never under a minute; without a window, a day")
    func stepBackForWindows() {
        #expect(LiveTimeGuard.stepBack(forWindowSpan: 600 * second) == 600 * second)
        #expect(LiveTimeGuard.stepBack(forWindowSpan: 5 * second) == 60 * second)
        #expect(LiveTimeGuard.stepBack(forWindowSpan: nil) == day)
        #expect(LiveTimeGuard.stepBack(forWindowSpan: .max) == .max)
    }

    @Test("times at Int64's ends neither trap nor pass wrongly", arguments: [Int64.min, Int64.min + 1, -1, 0, Int64.max - 1, Int64.max])
    func extremes(time: Int64) {
        var guarding = makeGuard(lead: .max, stepBack: .max)
        guarding.now = .max
        let unset = time < LiveTimeGuard.unsetClockBefore
        #expect(admitted([time, time], guard: &guarding) == (unset ? [] : [time, time]))
        #expect(guarding.droppedUnset == (unset ? 2 : 0))
        var tight = makeGuard()
        let out = admitted([Int64.min, now, time, Int64.max], guard: &tight)
        #expect(!out.contains(Int64.max) && !out.contains(Int64.min))  // far ahead of the clock; unset
        #expect(out.first == now)
    }
}
