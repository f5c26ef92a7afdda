import LiveTickerCore
import LiveTickerDownsampling
import LiveTickerRender
import LiveTickerTestSupport
import Testing

@testable import LiveTickerChart

/// A line over candle slots is downsampled slot by slot (`downsampleBySlots`): a closed
/// candle's picks stay put while the newest candle fills, gaps still lift the pen between
/// slots, narrow slots are grouped, and no algorithm writes past the scratch buffers.
@Suite("Line over candle slots: downsampled slot by slot")
struct SlotDownsamplingTests {
    static let start: Int64 = 1_709_280_000_000_000_000
    static let second: Int64 = 1_000_000_000

    /// A chart of `kind` over one series of one-second candles, following `window` seconds.
    func makeChart(_ series: LiveSeries, window: Int64 = 60, width: Int = 640, height: Int = 360,
               algorithm: DownsamplingAlgorithm = .lttb) -> LiveTickerChart {
        var options = ChartOptions()
        options.kind = .both
        options.window = .follow(nanoseconds: window * Self.second)
        options.algorithm = algorithm
        return LiveTickerChart(series: [series], width: width, height: height, options: options)
    }

    /// The kept points (pixels, bit patterns; NaN for a gap) left of column `x`.
    func keptPoints(_ chart: LiveTickerChart, leftOf x: Double) -> [UInt64] {
        let s = chart.scratch[0]
        var points: [UInt64] = []
        for k in 0..<s.keptCount where s.pixelXs[k].isNaN || s.pixelXs[k] < x {
            points.append(s.pixelXs[k].bitPattern)
            points.append(s.pixelYs[k].bitPattern)
        }
        return points
    }

    /// The line the last frame kept, in slot units: (x, y) for each pick, nil for a gap marker.
    func line(_ chart: LiveTickerChart) -> [(x: Double, y: Double)?] {
        let s = chart.scratch[0]
        let base = s.lineHalf * s.lineCapacity
        return (0..<s.keptCount).map { k in s.lineXs[base + k].isNaN ? nil : (s.lineXs[base + k], s.lineYs[base + k]) }
    }

    /// Whether two frames place slots and values alike (the time origin, which candle slots do
    /// not use, aside).
    func sameSlotGeometry(_ a: ChartGeometry?, _ b: ChartGeometry) -> Bool {
        guard var a else { return false }
        var b = b
        a.timeOrigin = 0
        b.timeOrigin = 0
        return a == b
    }

    /// Appends `count` ticks of a random walk, `spacing` ns apart, from `time`.
    func walk(_ series: LiveSeries, _ count: Int, from time: inout Int64, spacing: Int64, level: inout Double,
              generator: inout SplitMix64) {
        for _ in 0..<count {
            time += spacing
            level += generator.symmetricUnit() * 0.3
            series.append(Tick(time: time, value: level, size: 1))
        }
    }

    @Test("closed candles keep their picks, bit for bit, while the newest one fills (raw and summary paths)",
          arguments: [2_000, 200_000])
    func closedCandlesStayPut(ticks: Int) throws {
        let series = try LiveSeries(capacity: 1 << 18, candleInterval: .seconds(1))
        var time = Self.start
        var level = 100.0
        var generator = SplitMix64(seed: 7)
        // 20 s of ticks in a 60 s window: the window's start is the first tick, nothing is cut.
        let spacing = 20 * Self.second / Int64(ticks)
        walk(series, ticks, from: &time, spacing: spacing, level: &level, generator: &generator)
        let chart = makeChart(series)
        let framebuffer = Framebuffer(width: 640, height: 360)
        chart.draw(into: framebuffer)
        let geometry = try #require(chart.lastGeometry)
        let s = chart.scratch[0]
        #expect(s.usesCandidates == (ticks > 100_000))
        // The newest candle's slot starts here; everything left of it is closed candles.
        let newestSlot = Double(chart.slot(ofCandle: s.visibleCandles.upperBound - 1, in: s))
        let boundary = geometry.pixelX(newestSlot)
        let before = keptPoints(chart, leftOf: boundary)
        #expect(before.count > 100)
        var changedAny = false
        for _ in 0..<5 {
            // A few ticks more, all inside the newest candle's second, inside the old extremes.
            let newestStart = s.candles[s.visibleCandles.upperBound - 1].startTime
            let room = (newestStart + Self.second - 1 - time) / 6
            guard room > 0 else { break }
            for _ in 0..<5 {
                time += room
                series.append(Tick(time: time, value: level, size: 1))
            }
            chart.draw(into: framebuffer)
            // A step that moved the value domain moves every point: only the others compare.
            if sameSlotGeometry(chart.lastGeometry, geometry) {
                #expect(keptPoints(chart, leftOf: boundary) == before, "a closed candle's picks moved")
                changedAny = true
            }
        }
        #expect(changedAny, "the geometry changed at every step; the comparison never ran")
    }

    @Test("a NaN at the end of one candle and the start of the next lifts the pen between their slots")
    func gapAcrossSlots() throws {
        let series = try LiveSeries(capacity: 4096, candleInterval: .seconds(1))
        var time = Self.start
        for second in 0..<10 {
            for k in 0..<100 {
                time = Self.start + Int64(second) * Self.second + Int64(k) * 10_000_000
                // The last ten ticks of second 4 and the first ten of second 5 are gaps.
                let gap = (second == 4 && k >= 90) || (second == 5 && k < 10)
                series.append(Tick(time: time, value: gap ? .nan : 100 + Double(k % 7), size: 1))
            }
        }
        let chart = makeChart(series, window: 20)
        chart.draw(into: Framebuffer(width: 640, height: 360))
        let s = chart.scratch[0]
        let kept = line(chart)
        #expect(kept.count == s.keptCount)
        let markers = kept.filter { $0 == nil }.count
        #expect(markers == 1, "\(markers) gap markers")
        // No kept point is a NaN value: the gap is a marker, not a point.
        for point in kept.compactMap({ $0 }) { #expect(point.y.isFinite) }
        // The same data without the gap draws one unbroken line.
        let full = try LiveSeries(capacity: 4096, candleInterval: .seconds(1))
        for second in 0..<10 {
            for k in 0..<100 {
                full.append(Tick(time: Self.start + Int64(second) * Self.second + Int64(k) * 10_000_000, value: 100 + Double(k % 7), size: 1))
            }
        }
        let unbroken = makeChart(full, window: 20)
        unbroken.draw(into: Framebuffer(width: 640, height: 360))
        let u = unbroken.scratch[0]
        #expect(u.keptCount > 0 && line(unbroken).allSatisfy { $0 != nil })
    }

    @Test("an hour of one-second candles on a narrow panel: slots grouped, every algorithm within its buffers",
          arguments: [DownsamplingAlgorithm.lttb, .minmax, .m4, .minmaxlttb])
    func narrowSlotsEveryAlgorithm(algorithm: DownsamplingAlgorithm) throws {
        let series = try LiveSeries(capacity: 1 << 16, candleInterval: .seconds(1))
        var time = Self.start
        var level = 50.0
        var generator = SplitMix64(seed: 3)
        walk(series, 40_000, from: &time, spacing: 90_000_000, level: &level, generator: &generator)
        let chart = makeChart(series, window: 3600, width: 400, height: 240, algorithm: algorithm)
        let framebuffer = Framebuffer(width: 400, height: 240)
        chart.draw(into: framebuffer)
        let s = chart.scratch[0]
        let plotWidth = try #require(chart.lastGeometry).layout.plot.width
        #expect(chart.frame.slotCount == 3600)
        #expect(s.keptCount > 0 && s.keptCount <= s.lineCapacity)
        var data = 0
        var previous = -Double.infinity
        for (k, point) in line(chart).enumerated() {
            guard let point else { continue }
            #expect(point.x >= previous, "picks going back at \(k)")
            previous = point.x
            data += 1
        }
        // Budgets are the columns a group of slots covers (at least 6), plus 2 per outside chunk.
        #expect(data <= plotWidth + 4, "\(data) points kept for \(plotWidth) columns")
        // M4 keeps four points per bin of four columns or more: at least one per eight columns.
        #expect(data >= plotWidth / 8, "only \(data) points kept for \(plotWidth) columns")
        // A new tick in the newest candle changes only the last group's picks.
        let geometry = try #require(chart.lastGeometry)
        let before = keptPoints(chart, leftOf: Double(geometry.layout.plot.maxX) - 12)
        series.append(Tick(time: time + 1, value: level, size: 1))
        chart.draw(into: framebuffer)
        if sameSlotGeometry(chart.lastGeometry, geometry) {
            #expect(keptPoints(chart, leftOf: Double(geometry.layout.plot.maxX) - 12) == before)
        }
    }

    @Test("a busy feed in a follow window: a typical partial frame redraws a small part of the panel")
    func busyFeedSmallDamage() throws {
        let series = try LiveSeries(capacity: 1 << 18, candleInterval: .seconds(1))
        var time = Self.start
        var level = 100.0
        var generator = SplitMix64(seed: 11)
        walk(series, 60_000, from: &time, spacing: 1_000_000, level: &level, generator: &generator)
        let chart = makeChart(series, window: 60, width: 960, height: 540)
        let framebuffer = Framebuffer(width: 960, height: 540)
        chart.draw(into: framebuffer)
        var areas: [Int] = []
        // A minute of history, then 10 ticks a millisecond: 170 per 16.7 ms refresh, for 3 s.
        for _ in 0..<180 {
            walk(series, 170, from: &time, spacing: 100_000, level: &level, generator: &generator)
            chart.drawChanges(into: framebuffer)
            areas.append(chart.damage.reduce(0) { $0 + $1.width * $1.height })
        }
        let median = areas.sorted()[areas.count / 2]
        #expect(median * 4 < 960 * 540, "median damage \(median) of \(960 * 540) pixels")
        // And the picture is the whole frame's.
        let fresh = Framebuffer(width: 960, height: 540)
        let whole = makeChart(series, window: 60, width: 960, height: 540)
        whole.valueStripWidth = chart.valueStripWidth
        whole.steadyDomains = chart.steadyDomains
        whole.draw(into: fresh)
        var differing = 0
        for y in 0..<540 { for x in 0..<960 where framebuffer[x, y] != fresh[x, y] { differing += 1 } }
        #expect(differing == 0)
    }

    @Test("frames that copy closed candles' picks from the frame before draw what recomputing gives: a sliding window, new candles, gaps, a wrapped ring, a level change",
          arguments: [DownsamplingAlgorithm.lttb, .m4], [false, true])
    func copiedChunksMatchRecomputed(algorithm: DownsamplingAlgorithm, raw: Bool) throws {
        // 320 px wide: the summary path from 64 × 640 visible ticks, level 1 from 256 × 640;
        // `raw` feeds a tenth as many, which stay on the raw path.
        let scale: Int64 = raw ? 10 : 1
        let series = try LiveSeries(capacity: 1 << 18, candleInterval: .seconds(1))
        var time = Self.start
        var level = 100.0
        var generator = SplitMix64(seed: 23)
        var appended = 0
        /// `count` ticks `spacing` ns apart; a NaN now and then, and a run of them every 40 000.
        func feed(_ count: Int, spacing: Int64) {
            for _ in 0..<count {
                time += spacing
                level += generator.symmetricUnit() * 0.3
                appended += 1
                let gap = appended % 7_919 == 0 || appended % 40_000 < 90
                series.append(Tick(time: time, value: gap ? .nan : level, size: 1))
            }
        }
        feed(60_000 / Int(scale), spacing: 333_333 * scale)  // 20 s at 3 000 ticks/s: the window is full
        let copied = makeChart(series, window: 20, width: 320, height: 180, algorithm: algorithm)
        let plain = makeChart(series, window: 20, width: 320, height: 180, algorithm: algorithm)
        plain.scratch[0].reusesSlotChunks = false
        let a = Framebuffer(width: 320, height: 180)
        let b = Framebuffer(width: 320, height: 180)
        var levels = Set<Int>()
        var skipping = 0
        for frame in 0..<260 {
            // 3 000 ticks/s in frames of up to 100 ms (a new candle every few frames), then
            // 10 000 ticks/s until the window holds enough for the next level.
            if frame < 150 {
                feed(Int(generator.next() % 300) / Int(scale), spacing: 333_333 * scale)
            } else {
                feed(2_000 / Int(scale), spacing: 100_000 * scale)
            }
            copied.draw(into: a)
            plain.draw(into: b)
            let s = copied.scratch[0]
            let p = plain.scratch[0]
            #expect(s.usesCandidates == !raw)
            levels.insert(s.candidateLevel)
            // Candles whose picks are copied are not collected; their values still count.
            if s.skippedCount > 0 { skipping += 1 }
            #expect(s.candidateCount <= p.candidateCount)
            #expect(s.tickExtent == p.tickExtent, "frame \(frame): value ranges differ")
            #expect(s.keptCount == p.keptCount, "frame \(frame): \(s.keptCount) points kept, \(p.keptCount) recomputed")
            let same = (0..<min(s.keptCount, p.keptCount)).allSatisfy {
                s.pixelXs[$0].bitPattern == p.pixelXs[$0].bitPattern && s.pixelYs[$0].bitPattern == p.pixelYs[$0].bitPattern
            }
            #expect(same, "frame \(frame): the kept points differ")
            #expect(pixels(a) == pixels(b), "frame \(frame): pictures differ")
        }
        #expect(raw || appended > 1 << 18, "the ring never wrapped")
        #expect(levels == (raw ? [-1] : [0, 1]), "levels \(levels)")
        // Most closed candles' picks were copied, none when told not to.
        #expect(copied.scratch[0].slotChunksCopied > 260 * 10)
        #expect(plain.scratch[0].slotChunksCopied == 0)
        #expect(raw || skipping > 130, "only \(skipping) frames left candles out of the collection")
        // The text alternative reads every candidate, left out or not.
        #expect(copied.describe() == plain.describe())
    }

    @Test("a new candle every frame shifts every slot: the closed candles' picks are copied into their new slots and draw what recomputing gives",
          arguments: [DownsamplingAlgorithm.lttb, .minmax, .m4])
    func shiftedChunksAreCopied(algorithm: DownsamplingAlgorithm) throws {
        // Tick-count candles of 10, one appended a frame: each frame's candles sit one slot
        // left of the last frame's (as in the Bench's reference frame). 60 slots on a 640-px
        // panel are about 9 columns each: a chunk holds more points than its budget, so the
        // downsampler picks.
        func makeSeries() throws -> LiveSeries {
            try LiveSeries(capacity: 4_096, candleInterval: .ticks(10), candleCapacity: 1_024)
        }
        let series = try makeSeries()
        var time = Self.start
        var level = 100.0
        var generator = SplitMix64(seed: 41)
        func feed(_ count: Int) {
            for k in 0..<count {
                time += Self.second / 10
                level += generator.symmetricUnit()
                // A NaN now and then: a gap inside a copied chunk must come along with it.
                series.append(Tick(time: time, value: k == 3 && generator.next() % 5 == 0 ? .nan : level, size: 1))
            }
        }
        feed(1_200)
        let copied = makeChart(series, window: 60, width: 640, height: 360, algorithm: algorithm)
        let plain = makeChart(series, window: 60, width: 640, height: 360, algorithm: algorithm)
        plain.scratch[0].reusesSlotChunks = false
        let a = Framebuffer(width: 640, height: 360)
        let b = Framebuffer(width: 640, height: 360)
        copied.draw(into: a)
        plain.draw(into: b)
        var lastCopied = copied.scratch[0].slotChunksCopied
        for frame in 0..<40 {
            feed(10)
            copied.draw(into: a)
            plain.draw(into: b)
            let s = copied.scratch[0]
            let p = plain.scratch[0]
            #expect(s.keptCount == p.keptCount, "frame \(frame): \(s.keptCount) points kept, \(p.keptCount) recomputed")
            let same = (0..<min(s.keptCount, p.keptCount)).allSatisfy {
                s.pixelXs[$0].bitPattern == p.pixelXs[$0].bitPattern && s.pixelYs[$0].bitPattern == p.pixelYs[$0].bitPattern
            }
            #expect(same, "frame \(frame): the kept points differ")
            #expect(pixels(a) == pixels(b), "frame \(frame): pictures differ")
            // 60 candles in view, every one in a new slot: all but the newest two are copied.
            let visible = s.visibleCandles.count
            #expect(visible >= 55)
            #expect(s.slotChunksCopied - lastCopied >= UInt64(visible - 2), "frame \(frame): \(s.slotChunksCopied - lastCopied) of \(visible) copied")
            lastCopied = s.slotChunksCopied
        }
        #expect(plain.scratch[0].slotChunksCopied == 0)
    }
}
