import LiveTickerTestSupport
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import LiveTickerChart
import LiveTickerCore
import LiveTickerDownsampling
import LiveTickerRender


/// A random walk of `count` ticks, one second apart, with NaN runs and the odd backwards time.
func randomWalk(_ count: Int, seed: UInt64, start: Int64 = 1_709_280_000_000_000_000) -> [Tick] {
    var random = SplitMix64(seed: seed)
    var ticks: [Tick] = []
    ticks.reserveCapacity(count)
    var value = 100.0
    var time = start
    var gap = 0
    for _ in 0..<count {
        let r = random.next() % 10_000
        time += r < 20 ? -5_000_000_000 : 1_000_000_000
        value += Double(Int64(random.next() % 2001) - 1000) / 1000
        if r >= 20 && r < 23 { gap = Int(random.next() % 500) }
        if gap > 0 {
            gap -= 1
            ticks.append(Tick(time: time, value: .nan))
        } else {
            ticks.append(Tick(time: time, value: value))
        }
    }
    return ticks
}

func series(of ticks: [Tick], capacity: Int, interval: CandleInterval = .seconds(60)) throws -> LiveSeries {
    let series = try LiveSeries(capacity: capacity, candleInterval: interval, candleCapacity: 4096)
    for tick in ticks { series.append(tick) }
    return series
}

@Suite("Chart over long histories")
struct HistoryPathTests {
    @Test("a long window draws exactly LTTB over the block-summary candidates")
    func candidatePathIsLTTBOverCandidates() throws {
        let ticks = randomWalk(300_000, seed: 7)
        let s = try series(of: ticks, capacity: 300_000)
        let (framebuffer, chart) = render([s], width: 320, height: 200)
        #expect(paddingIntact(framebuffer))
        let scratch = chart.scratch[0]
        #expect(scratch.usesCandidates)
        let geometry = try #require(chart.lastGeometry)
        let start = chart.frame.windowStart

        // The same candidate set, gathered here through the public API.
        let visible = s.positions(inTimeWindow: start, chart.frame.windowEnd)
        #expect(visible == 0..<300_000)
        let level = try #require(s.summaryLevel(forCount: UInt64(visible.count), minimumBlocks: scratch.minimumBlocks))
        var candidates = [HistoryCandidate](
            repeating: HistoryCandidate(position: 0, time: 0, drawTime: 0, value: 0),
            count: s.candidateCapacity(minimumBlocks: scratch.minimumBlocks))
        let set = candidates.withUnsafeMutableBufferPointer { s.collectCandidates(positions: visible, level: level, into: $0) }
        candidates.removeSubrange(set.count...)
        #expect(candidates.count == scratch.candidateCount)
        #expect(candidates.count > 4 * 320 && candidates.count < 40_000)

        // The candidates hold the window's extremes and a gap point for every NaN run.
        let finite = ticks.indices.filter { ticks[$0].value.isFinite }
        let lowest = finite.min { ticks[$0].value < ticks[$1].value }!
        let highest = finite.min { ticks[$0].value > ticks[$1].value }!
        let positions = Set(candidates.map(\.position))
        #expect(positions.contains(UInt64(lowest)) && positions.contains(UInt64(highest)))
        #expect(positions.contains(0) && positions.contains(299_999))
        #expect(candidates.contains { $0.value.isNaN })

        // Plain LTTB over exactly those points, mapped with the frame's geometry.
        let xs = candidates.map { Double($0.drawTime &- start) }
        let ys = candidates.map(\.value)
        let points = max(3, geometry.layout.plot.width)
        var indices = [Int](repeating: 0, count: LTTB.requiredCapacity(count: xs.count, points: points))
        let kept = xs.withUnsafeBufferPointer { x in
            ys.withUnsafeBufferPointer { y in
                indices.withUnsafeMutableBufferPointer { LTTB.downsample(x: x, y: y, points: points, into: $0) }
            }
        }
        #expect(kept == scratch.keptCount)
        var mismatches = 0
        for k in 0..<min(kept, scratch.keptCount) {
            let i = indices[k]
            let wantX = i == Downsampling.gapMarker ? Double.nan : geometry.pixelX(xs[i])
            let wantY = i == Downsampling.gapMarker ? Double.nan : geometry.pixelY(ys[i])
            let same = (wantX.isNaN && scratch.pixelXs[k].isNaN) || (wantX == scratch.pixelXs[k] && wantY == scratch.pixelYs[k])
            if !same { mismatches += 1 }
        }
        #expect(mismatches == 0)
        #expect(count(chart.options.theme.seriesColor(0), in: geometry.layout.plot, of: framebuffer, tolerance: 8) > 100)
    }

    @Test("frames drawn with the candidate cache equal frames drawn without it, window sliding and wrapping",
          arguments: [ChartOptions.Kind.line, .both])
    func cachedFramesMatchUncached(kind: ChartOptions.Kind) throws {
        // 160 px wide: the summary path from 64 × 320 visible ticks; the ring wraps after 60 000.
        let ticks = randomWalk(110_000, seed: 17)
        let s = try LiveSeries(capacity: 60_000, candleInterval: .ticks(250), candleCapacity: 512)
        var fed = 0
        func feed(_ n: Int) {
            for t in ticks[fed..<min(ticks.count, fed + n)] { s.append(t) }
            fed = min(ticks.count, fed + n)
        }
        feed(40_000)
        var options = ChartOptions()
        options.kind = kind
        let cached = LiveTickerChart(series: [s], width: 160, height: 100, options: options)
        let plain = LiveTickerChart(series: [s], width: 160, height: 100, options: options)
        #expect(cached.scratch[0].candidateCache != nil)
        plain.scratch[0].candidateCache = nil
        let a = Framebuffer(width: 160, height: 100)
        let b = Framebuffer(width: 160, height: 100)
        var random = SplitMix64(seed: 4)
        for frame in 0..<240 {
            feed(frame % 60 == 59 ? 9_000 : Int(random.next() % 300))
            cached.draw(into: a)
            plain.draw(into: b)
            #expect(cached.scratch[0].usesCandidates)
            #expect(cached.scratch[0].candidateCount == plain.scratch[0].candidateCount)
            let n = plain.scratch[0].candidateCount
            #expect(memcmp(cached.scratch[0].candidates.baseAddress!, plain.scratch[0].candidates.baseAddress!,
                           n * MemoryLayout<HistoryCandidate>.stride) == 0, "frame \(frame): candidates differ")
            #expect(pixels(a) == pixels(b), "frame \(frame): pictures differ")
        }
        #expect(fed == ticks.count)
        // Most blocks came from the cache.
        let cache = try #require(cached.scratch[0].candidateCache)
        #expect(cache.summariesRead > 0 && cache.summariesRead < 240 * 100)
    }

    @Test("a short window of a long history draws the same picture as those ticks alone")
    func shortWindowIsRaw() throws {
        let all = randomWalk(150_000, seed: 3)
        let shown = Array(all[148_000...])
        var options = ChartOptions()
        options.showsHeader = false
        let newest = shown.map(\.time).max()!
        options.window = .follow(nanoseconds: newest - shown.map(\.time).min()!)
        let long = try series(of: all, capacity: 150_000)
        let alone = try series(of: shown, capacity: 4096)
        let (a, chartA) = render([long], width: 320, height: 200, options: options)
        let (b, _) = render([alone], width: 320, height: 200, options: options)
        #expect(!chartA.scratch[0].usesCandidates)
        #expect(chartA.scratch[0].visibleTicks.count == 2000)
        #expect(pixels(a) == pixels(b))
    }

    @Test("candidates are placed in candle slots exactly where their raw ticks go",
          arguments: [CandleInterval.ticks(7), .seconds(60)])
    func candidateSlotsMatchRawSlots(interval: CandleInterval) throws {
        let ticks = randomWalk(3000, seed: 5)
        let s = try series(of: ticks, capacity: 4096, interval: interval)
        var options = ChartOptions()
        options.kind = .both
        let (_, chart) = render([s], width: 320, height: 200, options: options)
        let scratch = chart.scratch[0]
        #expect(!scratch.usesCandidates)
        let raw = scratch.rawTicks
        let rawXs = (0..<raw.count).map { scratch.xs[$0] }
        // Hand every visible tick to the candidate mapping and compare the slots.
        for i in 0..<raw.count {
            let tick = scratch.ticks[raw.lowerBound + i]
            scratch.candidates[i] = HistoryCandidate(
                position: scratch.visibleTicks.lowerBound + UInt64(i), time: tick.time, drawTime: tick.time, value: tick.value)
        }
        scratch.candidateCount = raw.count
        scratch.usesCandidates = true
        // No closed blocks: every slot's points are mapped again.
        scratch.closedCandidatePositions = 0..<0
        chart.prepareLine(of: 0, try #require(chart.lastGeometry))
        let candidateXs = (0..<raw.count).map { scratch.xs[$0] }
        #expect(candidateXs == rawXs)
    }

    @Test("a window of 10⁶ ticks renders through the summaries in every chart kind",
          arguments: ChartOptions.Kind.allCases)
    func millionTicks(kind: ChartOptions.Kind) throws {
        let s = try LiveSeries(capacity: 1_000_000, candleInterval: .ticks(4096), candleCapacity: 512)
        var value = 50.0
        for i in 0..<1_000_000 {
            value += i % 3 == 0 ? 0.01 : -0.005
            s.append(Tick(time: 1_709_280_000_000_000_000 + Int64(i) * 1_000_000, value: i == 500_000 ? 1e9 : value))
        }
        var options = ChartOptions()
        options.kind = kind
        let (framebuffer, chart) = render([s], width: 320, height: 200, options: options)
        #expect(paddingIntact(framebuffer))
        let scratch = chart.scratch[0]
        #expect(scratch.visibleTicks.count == 1_000_000)
        if kind != .candles {
            #expect(scratch.usesCandidates)
            #expect(scratch.keptCount > 100)
            // The one spike is in the value range and so at the top of the plot.
            #expect(chart.frame.valueUpper >= 1e9)
        }
        let plot = try #require(chart.lastGeometry).layout.plot
        let lineColour = chart.options.theme.seriesColor(0)
        if kind == .line { #expect(count(lineColour, in: plot, of: framebuffer, tolerance: 8) > 50) }
    }
}
