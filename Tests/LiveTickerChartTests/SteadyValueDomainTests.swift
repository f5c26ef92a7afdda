import LiveTickerCore
import LiveTickerRender
import LiveTickerTestSupport
import Testing

@testable import LiveTickerChart

/// The automatic value domain from frame to frame: kept while the data stays inside it, moved
/// with headroom when the data leaves it, narrowed only after the data has used less than half
/// of it for ten seconds of data time, and forgotten by `resetLayoutHistory()`.
@Suite("Value domain: hysteresis from frame to frame")
struct SteadyValueDomainTests {
    static let start: Int64 = 1_709_280_000_000_000_000
    static let second: Int64 = 1_000_000_000

    /// The fit of data spanning `lower…upper` as the automatic scale pads it (6 % each side).
    func fitted(_ lower: Double, _ upper: Double) -> FittedDomain {
        let pad = (upper - lower) * 0.06
        return FittedDomain(lower: lower - pad, upper: upper + pad, dataLower: lower, dataUpper: upper)
    }

    func near(_ a: (Double, Double), _ b: (Double, Double)) -> Bool {
        abs(a.0 - b.0) <= 1e-9 * max(1, abs(b.0)) && abs(a.1 - b.1) <= 1e-9 * max(1, abs(b.1))
    }

    @Test("the first frame fits; data inside keeps it, even a new extreme in the padding; a side left moves by the headroom")
    func keepAndWiden() {
        var domain = SteadyValueDomain()
        let first = domain.steady(fitted: fitted(10, 20), newest: 0, lowerPinnedAtZero: false)
        #expect(near(first, (9.4, 20.6)))
        // Inside, more than half used: kept. A new maximum inside the top's padding moves
        // neither side (the padded fit's bottom would have moved down with the larger span).
        #expect(domain.steady(fitted: fitted(12, 19), newest: 1, lowerPinnedAtZero: false) == first)
        #expect(domain.steady(fitted: fitted(10, 20.3), newest: 2, lowerPinnedAtZero: false) == first)
        // Within 1 % of the top counts as leaving it: the top moves 15 % of the fitted span
        // past the fitted top; the bottom stays.
        let up = fitted(12, 22)
        let widened = domain.steady(fitted: up, newest: 3, lowerPinnedAtZero: false)
        #expect(widened.0 == first.0)
        #expect(near(widened, (first.0, up.upper + 0.15 * (up.upper - up.lower))))
        // Below the bottom too.
        let down = fitted(5, 15)
        let both = domain.steady(fitted: down, newest: 4, lowerPinnedAtZero: false)
        #expect(near(both, (down.lower - 0.15 * (down.upper - down.lower), widened.1)))
    }

    @Test("a volume pane's zero stays on the bottom edge while its top grows")
    func pinnedAtZero() {
        var volume = SteadyValueDomain()
        let zero = FittedDomain(lower: 0, upper: 106, dataLower: 0, dataUpper: 100)
        #expect(volume.steady(fitted: zero, newest: 0, lowerPinnedAtZero: true) == (0, 106))
        #expect(volume.steady(fitted: FittedDomain(lower: 0, upper: 90, dataLower: 0, dataUpper: 85), newest: 1, lowerPinnedAtZero: true) == (0, 106))
        let taller = volume.steady(fitted: FittedDomain(lower: 0, upper: 212, dataLower: 0, dataUpper: 200), newest: 2, lowerPinnedAtZero: true)
        #expect(taller.0 == 0 && abs(taller.1 - (212 + 0.15 * 212)) < 1e-9)
    }

    @Test("narrowing waits ten seconds of data time; at once with no times; a feed started again fits at once")
    func narrowing() {
        var domain = SteadyValueDomain()
        let wide = domain.steady(fitted: fitted(0, 100), newest: Self.start, lowerPinnedAtZero: false)
        // The data now uses under 10 % of the domain: kept for just under ten seconds of data time.
        for step in 0..<100 {
            let kept = domain.steady(fitted: fitted(40, 50), newest: Self.start + Int64(step) * Self.second / 10, lowerPinnedAtZero: false)
            #expect(kept == wide, "narrowed after \(step) steps")
        }
        let narrow = fitted(40, 50)
        let narrowed = domain.steady(fitted: narrow, newest: Self.start + 10 * Self.second, lowerPinnedAtZero: false)
        #expect(near(narrowed, (narrow.lower - 0.15 * 11.2, narrow.upper + 0.15 * 11.2)))
        // Using half or more again forgets a pending narrowing.
        var other = SteadyValueDomain()
        let kept = other.steady(fitted: fitted(0, 100), newest: 0, lowerPinnedAtZero: false)
        _ = other.steady(fitted: fitted(40, 50), newest: 1, lowerPinnedAtZero: false)
        _ = other.steady(fitted: fitted(10, 90), newest: 5 * Self.second, lowerPinnedAtZero: false)
        #expect(other.steady(fitted: fitted(40, 50), newest: 11 * Self.second, lowerPinnedAtZero: false) == kept)
        // No tick carries a time: narrowed at once.
        var untimed = SteadyValueDomain()
        _ = untimed.steady(fitted: fitted(0, 100), newest: .min, lowerPinnedAtZero: false)
        #expect(near(untimed.steady(fitted: narrow, newest: .min, lowerPinnedAtZero: false), narrowed))
        // Time went backwards (a replay looping): fitted at the next frame.
        var looped = SteadyValueDomain()
        let before = looped.steady(fitted: fitted(0, 100), newest: 50 * Self.second, lowerPinnedAtZero: false)
        _ = looped.steady(fitted: narrow, newest: 51 * Self.second, lowerPinnedAtZero: false)
        #expect(looped.steady(fitted: narrow, newest: 1, lowerPinnedAtZero: false) != before)
    }

    @Test("extreme values keep the domain finite and ordered")
    func extremes() {
        var domain = SteadyValueDomain()
        _ = domain.steady(fitted: fitted(-1, 1), newest: 0, lowerPinnedAtZero: false)
        let huge = domain.steady(
            fitted: FittedDomain(lower: -1e307, upper: 1e307, dataLower: -9e306, dataUpper: 9e306), newest: 1, lowerPinnedAtZero: false)
        #expect(huge.0.isFinite && huge.1.isFinite && huge.0 < huge.1)
        let tiny = domain.steady(fitted: FittedDomain(lower: 0, upper: 5e-324, dataLower: 0, dataUpper: 5e-324), newest: 2, lowerPinnedAtZero: false)
        #expect(tiny.0.isFinite && tiny.1.isFinite && tiny.0 < tiny.1)
        // A degenerate fit (no span) is taken as it comes rather than kept.
        var flat = SteadyValueDomain()
        #expect(flat.steady(fitted: FittedDomain(lower: 3, upper: 3, dataLower: 3, dataUpper: 3), newest: 0, lowerPinnedAtZero: false) == (3, 3))
    }

    func liveChart(_ series: LiveSeries) -> LiveTickerChart {
        var options = ChartOptions()
        options.window = .follow(nanoseconds: 60 * Self.second)
        options.kind = .both  // candles and the line, in candle slots: as a kiosk shows a feed
        return LiveTickerChart(series: [series], width: 640, height: 360, options: options)
    }

    @Test("a new extreme inside the domain keeps the axis and redraws in part; the bytes outside the damage stay")
    func newExtremeInside() throws {
        let series = try LiveSeries(capacity: 1 << 14, candleInterval: .seconds(1))
        var time = Self.start
        var generator = SplitMix64(seed: 5)
        var level = 100.0
        var highest = -Double.infinity
        var lowest = Double.infinity
        for _ in 0..<600 {
            time += Self.second / 10
            level += generator.symmetricUnit() * 0.2
            series.append(Tick(time: time, value: level, size: 1))
            highest = max(highest, level)
            lowest = min(lowest, level)
        }
        let chart = liveChart(series)
        let framebuffer = Framebuffer(width: 640, height: 360)
        chart.draw(into: framebuffer)
        let first = try #require(chart.lastGeometry)
        // A tick above every value so far, inside the top's 6 % padding: a new maximum.
        let before = pixels(framebuffer)
        time += Self.second / 10
        series.append(Tick(time: time, value: highest + (first.yUpper - highest) / 2, size: 1))
        chart.drawChanges(into: framebuffer)
        let second = try #require(chart.lastGeometry)
        #expect(second.yLower == first.yLower && second.yUpper == first.yUpper)
        #expect(chart.damage != [framebuffer.bounds], "a new extreme inside the domain redrew the whole frame")
        let after = pixels(framebuffer)
        var outside = 0
        var inside = 0
        for y in 0..<360 {
            for x in 0..<640 where before[y * 640 + x] != after[y * 640 + x] {
                if chart.damage.contains(where: { $0.contains(x: x, y: y) }) { inside += 1 } else { outside += 1 }
            }
        }
        #expect(inside > 0)
        #expect(outside == 0)

        // Above the domain: the top moves past the new value by the headroom.
        let jump = second.yUpper + (highest - lowest)
        time += Self.second / 10
        series.append(Tick(time: time, value: jump, size: 1))
        chart.drawChanges(into: framebuffer)
        let third = try #require(chart.lastGeometry)
        #expect(third.yLower == second.yLower)
        #expect(third.yUpper > jump + 0.1 * (jump - lowest))
        #expect(chart.damage == [framebuffer.bounds])

        // resetLayoutHistory(): the next frame is the one a chart drawing this data first draws.
        chart.resetLayoutHistory()
        chart.draw(into: framebuffer)
        let fresh = liveChart(series)
        let other = Framebuffer(width: 640, height: 360)
        fresh.draw(into: other)
        #expect(pixels(other) == pixels(framebuffer))
        #expect(try #require(fresh.lastGeometry).yUpper < third.yUpper)
    }

    @Test("a change of window fits the domain to what it shows, as a chart made with that window")
    func windowChangeFits() throws {
        let series = try LiveSeries(capacity: 1 << 12, candleInterval: .seconds(1))
        for i in 0..<600 { series.append(Tick(time: Self.start + Int64(i) * Self.second, value: i < 300 ? 500 : 100 + Double(i % 7), size: 1)) }
        var options = ChartOptions()
        options.window = .everything
        let chart = LiveTickerChart(series: [series], width: 480, height: 270, options: options)
        chart.draw(into: Framebuffer(width: 480, height: 270))
        chart.window = .follow(nanoseconds: 60 * Self.second)
        let framebuffer = Framebuffer(width: 480, height: 270)
        chart.draw(into: framebuffer)
        options.window = .follow(nanoseconds: 60 * Self.second)
        let fresh = LiveTickerChart(series: [series], width: 480, height: 270, options: options)
        let other = Framebuffer(width: 480, height: 270)
        fresh.draw(into: other)
        #expect(pixels(other) == pixels(framebuffer))
        #expect(try #require(chart.lastGeometry).yUpper < 200)
    }
}
