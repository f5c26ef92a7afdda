import LiveTickerCore
import LiveTickerRender
import LiveTickerTestSupport
import Testing

@testable import LiveTickerChart

/// A frame reads from the source only the ticks the last frame's copy did not hold
/// (`copyTicks(of:positions:into:)`) and only the candles that changed since
/// (`copyNewestCandles(of:into:)`); the frames are byte for byte those of a chart that copies
/// everything anew.
@Suite("Held ticks and candles: a frame reads only what changed, drawing what a whole copy draws")
struct HeldDataTests {
    static let start: Int64 = 1_709_280_000_000_000_000
    static let second: Int64 = 1_000_000_000

    /// Two charts over the same series, `copied` with one reuse turned off, and a framebuffer
    /// each.
    struct ChartPair {
        let held: LiveTickerChart
        let copied: LiveTickerChart
        let a = Framebuffer(width: 320, height: 180)
        let b = Framebuffer(width: 320, height: 180)

        init(_ series: LiveSeries, options: ChartOptions, turningOff reuse: ReferenceWritableKeyPath<SeriesScratch, Bool>) {
            held = LiveTickerChart(series: [series], width: 320, height: 180, options: options)
            copied = LiveTickerChart(series: [series], width: 320, height: 180, options: options)
            copied.scratch[0][keyPath: reuse] = false
        }

        /// Draws both; whether their frames are byte for byte the same.
        func drawBoth() -> Bool {
            held.draw(into: a)
            copied.draw(into: b)
            return pixels(a) == pixels(b)
        }
    }

    @Test("a following window over a ring that wraps: steady feeds, bursts past the window and the ring, NaN, a backwards time, idle frames",
          arguments: [ChartOptions.Kind.line, .both], [512, 1024])
    func heldTicksDrawWhatAWholeCopyDraws(kind: ChartOptions.Kind, capacity: Int) throws {
        // Up to 10 ticks a second. 512 ticks held, 120 s shown: the ring wraps every few dozen
        // frames, the window holds up to 512 ticks, and the chart's copy (as large as the ring)
        // has no room after the held ticks, so they move to its front every frame. 1024 held,
        // 30 s shown: the window (about 300 ticks) leaves room after it in the copy, so the
        // held ticks stay where they are for a hundred frames or more, then move.
        let series = try LiveSeries(capacity: capacity, candleInterval: .seconds(5))
        var options = ChartOptions()
        options.kind = kind
        options.window = .follow(nanoseconds: (capacity == 512 ? 120 : 30) * Self.second)
        let charts = ChartPair(series, options: options, turningOff: \.reusesHeldTicks)
        let (held, copied) = (charts.held, charts.copied)
        var generator = SplitMix64(seed: 77)
        var time = Self.start
        var level = 100.0
        var appended = 0
        var continued = 0
        var inPlace = 0  // frames whose held ticks stayed away from the copy's front
        var moved = 0  // frames that moved them back to it
        for frame in 0..<400 {
            let count: Int
            switch frame {
            case 150: count = 600  // more than the ring holds: nothing held survives
            case 250...260: count = 0  // idle: the same window again
            default: count = Int(generator.next() % 9)
            }
            for _ in 0..<count {
                appended += 1
                // A tick 3 s back in time now and then: the run keeps its arrival order.
                time += appended % 97 == 0 ? -3 * Self.second : Self.second / 10 + Int64(generator.next() % 1_000)
                level += generator.symmetricUnit() * 0.4
                series.append(Tick(time: time, value: appended % 61 == 0 ? .nan : level, size: 1))
            }
            let before = held.scratch[0].heldTickPositions
            let startBefore = held.scratch[0].heldTickStart
            let same = charts.drawBoth()
            let s = held.scratch[0]
            #expect(!s.usesCandidates)
            #expect(s.heldTickPositions == copied.scratch[0].heldTickPositions)
            #expect(s.rawTicks.count == copied.scratch[0].rawTicks.count)
            if !before.isEmpty && before.lowerBound <= s.heldTickPositions.lowerBound
                && s.heldTickPositions.lowerBound < before.upperBound
            {
                continued += 1
                if s.heldTickStart > 0 { inPlace += 1 }
                if s.heldTickStart == 0 && startBefore > 0 { moved += 1 }
            }
            #expect(same, "frame \(frame): the frames differ")
            guard same else { return }
        }
        // Most frames really took the held ticks; with room in the copy, most left them in place.
        #expect(continued > 300)
        if capacity == 1024 {
            #expect(inPlace > 200 && moved >= 1, "in place \(inPlace), moved \(moved)")
        }
    }

    @Test("candles: the open candle growing, new candles, a ring of candles that wraps, a burst past it, idle frames; tick-count and time candles",
          arguments: [CandleInterval.ticks(6), .seconds(2)])
    func heldCandlesDrawWhatAWholeCopyDraws(interval: CandleInterval) throws {
        // 64 candles held: the candle ring wraps every few dozen frames.
        let series = try LiveSeries(capacity: 4096, candleInterval: interval, candleCapacity: 64)
        var options = ChartOptions()
        options.kind = .both
        options.window = .follow(nanoseconds: 60 * Self.second)
        let charts = ChartPair(series, options: options, turningOff: \.reusesHeldCandles)
        let (held, copied) = (charts.held, charts.copied)
        var generator = SplitMix64(seed: 91)
        var time = Self.start
        var level = 50.0
        var reused = 0
        for frame in 0..<300 {
            let count: Int
            switch frame {
            case 120: count = 900  // more candles than the ring holds
            case 200...210: count = 0
            default: count = Int(generator.next() % 5)
            }
            for _ in 0..<count {
                time += Self.second / 4 + Int64(generator.next() % 1_000_000)
                level += generator.symmetricUnit() * 0.6
                series.append(Tick(time: time, value: level, size: Double(1 + generator.next() % 9)))
            }
            let same = charts.drawBoth()
            let s = held.scratch[0]
            #expect(s.copiedCandleCount == copied.scratch[0].copiedCandleCount)
            let candles = (0..<s.copiedCandleCount).allSatisfy {
                LiveTickerChart.sameBits(s.candles[$0], copied.scratch[0].candles[$0])
            }
            #expect(candles, "frame \(frame): the copied candles differ")
            if !s.drawnCandlePositions.isEmpty && s.copiedCandlePositions.lowerBound < s.drawnCandlePositions.upperBound {
                reused += 1
            }
            #expect(same, "frame \(frame): the frames differ")
            guard same && candles else { return }
        }
        // Most frames really took the held candles.
        #expect(reused > 250)
    }
}
