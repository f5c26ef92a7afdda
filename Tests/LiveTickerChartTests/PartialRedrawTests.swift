import LiveTickerChart
import LiveTickerCore
import LiveTickerRender
import LiveTickerTestSupport
import Testing

/// `LiveTickerChart.drawChanges(into:)`: after every step of a live feed, the framebuffer the
/// chart redrew only in part is byte for byte the one a whole frame of the same state gives
/// into a fresh framebuffer, and on a typical step the part redrawn really is small.
///
/// The whole frames come from a second chart over the same series, drawn whole at every step,
/// so both keep the same layout history (the value strip's width hysteresis).
@Suite("Partial redraw: byte-identical to a whole frame after every step")
struct PartialRedrawTests {
    static let start: Int64 = 1_709_280_000_000_000_000
    static let second: Int64 = 1_000_000_000

    /// One feed and two charts over it: `partial` redrawing changes into one framebuffer kept
    /// across steps, `whole` drawing every frame whole into a fresh framebuffer.
    final class Rig {
        let series: [LiveSeries]
        let partial: LiveTickerChart
        let whole: LiveTickerChart
        let framebuffer: Framebuffer
        let width: Int
        let height: Int
        var walks: [Double]
        var time: Int64
        var generator = SplitMix64(seed: 41)
        var steps = 0
        var partialSteps = 0
        var damagedPixels = 0
        var largestPartialDamage = 0
        /// The framebuffer as the last step left it: what a display already shows.
        var shown: [UInt32] = []

        init(
            seriesCount: Int, width: Int, height: Int, options: ChartOptions, panes: ((Int) -> [Pane])? = nil,
            interval: CandleInterval = .seconds(1), start: [Double]? = nil, capacity: Int = 1 << 16
        ) throws {
            series = try (0..<seriesCount).map { _ in try LiveSeries(capacity: capacity, candleInterval: interval) }
            let chartSeries = series.enumerated().map { ChartSeries(id: String($0.offset), title: "S\($0.offset)", source: $0.element) }
            func make() -> LiveTickerChart {
                if let panes {
                    return LiveTickerChart(series: chartSeries, panes: panes(seriesCount), width: width, height: height, options: options)
                }
                return LiveTickerChart(series: chartSeries, width: width, height: height, options: options)
            }
            partial = make()
            whole = make()
            self.width = width
            self.height = height
            framebuffer = Framebuffer(width: width, height: height, stride: width + 3)
            walks = start ?? (0..<seriesCount).map { 100 + Double($0) * 7 }
            time = PartialRedrawTests.start
        }

        /// Appends `count` ticks to every series, `spacing` ns apart, each a random-walk step
        /// (`value` overrides the walk for series 0).
        func append(_ count: Int, spacing: Int64 = 50_000_000, step: Double = 0.4, value: ((Int) -> Double)? = nil) {
            for i in 0..<count {
                time += spacing
                for s in series.indices {
                    walks[s] += generator.symmetricUnit() * step
                    let v = s == 0 ? (value?(i) ?? walks[s]) : walks[s]
                    series[s].append(Tick(time: time, value: v, size: 1 + Double(i % 3)))
                }
            }
        }

        /// Draws the step both ways and compares every visible pixel.
        func check(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
            partial.drawChanges(into: framebuffer)
            let fresh = Framebuffer(width: width, height: height)
            fresh.clear(to: 0x00FF_00FF)
            whole.draw(into: fresh)
            steps += 1
            var area = 0
            for r in partial.damage { area += r.width * r.height }
            let full = partial.damage.count == 1 && partial.damage[0] == framebuffer.bounds
            if !full {
                partialSteps += 1
                damagedPixels += area
                largestPartialDamage = max(largestPartialDamage, area)
            }
            var differing = 0
            var first = (-1, -1)
            for y in 0..<height {
                for x in 0..<width where framebuffer[x, y] != fresh[x, y] {
                    if differing == 0 { first = (x, y) }
                    differing += 1
                }
            }
            #expect(
                differing == 0,
                "\(what), step \(steps) (\(full ? "whole" : "partial: \(partial.damage)")): \(differing) pixels differ, first at \(first)",
                sourceLocation: sourceLocation)
            // A display copies only the damage: every pixel that changed must lie in it.
            if !shown.isEmpty {
                var unlisted = 0
                var firstUnlisted = (-1, -1)
                for y in 0..<height {
                    for x in 0..<width where framebuffer[x, y] != shown[y * width + x] {
                        if partial.damage.contains(where: { $0.minX <= x && x < $0.maxX && $0.minY <= y && y < $0.maxY }) { continue }
                        if unlisted == 0 { firstUnlisted = (x, y) }
                        unlisted += 1
                    }
                }
                #expect(
                    unlisted == 0, "\(what), step \(steps): \(unlisted) changed pixels outside the damage, first at \(firstUnlisted)",
                    sourceLocation: sourceLocation)
            }
            shown = (0..<height).flatMap { y in (0..<width).map { x in framebuffer[x, y] } }
        }

        /// Keeps the whole chart's framebuffer-independent state in step: what it draws must
        /// not depend on anything but the data and the layout history.
        func sync(_ body: (LiveTickerChart) -> Void) {
            body(partial)
            body(whole)
        }
    }

    static func fixedWindow(_ seconds: Int64) -> ChartOptions.Window {
        .fixed(from: start, to: start + seconds * second)
    }

    @Test("a line over a fixed window: random walks, bursts, single ticks, a NaN gap, a price crossing 1000")
    func lineFixedWindow() throws {
        var options = ChartOptions()
        options.window = Self.fixedWindow(120)
        let rig = try Rig(seriesCount: 1, width: 320, height: 200, options: options)
        rig.append(200)
        rig.check("first frame")
        for step in 0..<60 {
            rig.append(1 + step % 7)
            rig.check("walk")
        }
        rig.append(3, value: { _ in .nan })
        rig.check("gap")
        rig.append(10)
        rig.check("after the gap")
        for _ in 0..<6 {
            rig.append(4, value: { 990 + Double($0) * 4 })
            rig.check("towards 1000")
        }
        for _ in 0..<10 {
            rig.append(2)
            rig.check("after 1000")
        }
        #expect(rig.partialSteps >= 50, "only \(rig.partialSteps) of \(rig.steps) steps were drawn in part")
    }

    @Test("lone points between gaps come and go: their dots, wider than the pen, are redrawn in part as a whole frame draws them")
    func loneDots() throws {
        var options = ChartOptions()
        options.window = Self.fixedWindow(120)
        // A wide pen, no fill: the dots' reach beyond the pen's is all that is damaged.
        options.lineWidth = 3
        options.areaFill = false
        let rig = try Rig(seriesCount: 1, width: 320, height: 200, options: options)
        rig.append(100)
        rig.check("first frame")
        for step in 0..<30 {
            // A gap, a lone reading, a gap: the reading is a dot until the walk joins it.
            rig.append(1, value: { _ in .nan })
            rig.append(1, value: { _ in 100 + Double(step % 5) * 3 })
            rig.append(1, value: { _ in .nan })
            rig.check("lone point \(step)")
            rig.append(step % 3)
            rig.check("after it")
        }
        #expect(rig.partialSteps >= 30, "only \(rig.partialSteps) of \(rig.steps) steps were drawn in part")
    }

    @Test("several series with dashes and markers, step and monotone lines, thresholds and a band")
    func severalSeries() throws {
        var options = ChartOptions()
        options.window = Self.fixedWindow(60)
        options.thresholds = [101, 112]
        let rig = try Rig(seriesCount: 5, width: 480, height: 300, options: options, panes: { count in
            [
                Pane(marks: [BandMark(lower: 104, upper: 108), AreaMark(series: 0)]
                    + (0..<count).map { LineMark(series: $0, interpolation: $0 == 1 ? .stepAfter : $0 == 2 ? .monotone : .linear) }
                    + [ThresholdMark(values: [101, 112]), LastValueMark(series: Array(0..<count))])
            ]
        })
        rig.append(150)
        rig.check("first")
        for step in 0..<50 {
            rig.append(1 + step % 4, step: 0.8)
            rig.check("walk")
        }
        #expect(rig.partialSteps >= 35, "only \(rig.partialSteps) of \(rig.steps) steps were drawn in part")
    }

    @Test("candles with the line, scrolling a follow window: new candles, the window start moving")
    func candlesScrolling() throws {
        var options = ChartOptions()
        options.kind = .both
        options.window = .follow(nanoseconds: 30 * Self.second)
        let rig = try Rig(seriesCount: 1, width: 400, height: 260, options: options)
        rig.append(400, spacing: 100_000_000)
        rig.check("first")
        // 20 ms apart: 50 steps a second, a new candle every 50 steps.
        for _ in 0..<160 {
            rig.append(2, spacing: 10_000_000)
            rig.check("scroll")
        }
        #expect(rig.partialSteps >= 100, "only \(rig.partialSteps) of \(rig.steps) steps were drawn in part")
    }

    @Test("candles over volume with a moving average, two panes")
    func panesAndAverages() throws {
        var options = ChartOptions()
        options.kind = .candles
        options.window = .follow(nanoseconds: 40 * Self.second)
        let rig = try Rig(seriesCount: 1, width: 360, height: 280, options: options, panes: { _ in
            [
                Pane(marks: [CandlesMark(series: 0), LineMark(series: 0), MovingAverageMark(series: 0, kind: .simple(period: 5)),
                             MovingAverageMark(series: 0, kind: .exponential(period: 8), lineWidth: 3), LastValueMark(series: [0])], weight: 3),
                Pane(marks: [VolumeMark(series: 0)], scale: .includingZero, weight: 1),
            ]
        })
        rig.append(600, spacing: 100_000_000)
        rig.check("first")
        for _ in 0..<120 {
            rig.append(3, spacing: 8_000_000)
            rig.check("step")
        }
        #expect(rig.partialSteps >= 40, "only \(rig.partialSteps) of \(rig.steps) steps were drawn in part")
    }

    @Test("candles over volume without an average: the newest candle's rows, not its whole column")
    func candleRowsOnly() throws {
        var options = ChartOptions()
        options.kind = .candles
        options.window = .follow(nanoseconds: 40 * Self.second)
        let rig = try Rig(seriesCount: 1, width: 420, height: 320, options: options, panes: { _ in
            [
                Pane(marks: [CandlesMark(series: 0), LastValueMark(series: [0])], weight: 3),
                Pane(marks: [VolumeMark(series: 0)], scale: .includingZero, weight: 1),
            ]
        })
        // A wide range first, so that the newest candle spans a small part of the plot's rows.
        rig.append(300, spacing: 100_000_000, step: 3)
        rig.check("first")
        var shortCandleSteps = 0
        for step in 0..<150 {
            // Now and then a NaN tick (the candle keeps its fields finite) and a jump that
            // makes a new high, which moves the value axis and draws the frame whole.
            if step % 37 == 36 {
                rig.append(1, spacing: 8_000_000, value: { _ in .nan })
            } else if step % 53 == 52 {
                rig.append(1, spacing: 8_000_000, value: { _ in rig.walks[0] + 40 })
            } else {
                rig.append(2, spacing: 8_000_000, step: 0.05)
            }
            rig.check("step \(step)")
            let halfPanel = 320 / 2
            // No rectangle of a partial frame reaches over half the panel's height (the
            // candle's whole column would be the plot's, over 250 rows).
            let full = rig.partial.damage == [rig.framebuffer.bounds]
            if !full, rig.partial.damage.allSatisfy({ $0.height < halfPanel }) { shortCandleSteps += 1 }
        }
        #expect(rig.partialSteps >= 60, "only \(rig.partialSteps) of \(rig.steps) steps were drawn in part")
        #expect(shortCandleSteps >= 60, "only \(shortCandleSteps) partial steps kept the candle's box short")
    }

    @Test("a crosshair moving, a badge appearing, decimals changing, a new framebuffer, invalidate()")
    func viewChanges() throws {
        var options = ChartOptions()
        options.window = Self.fixedWindow(60)
        let rig = try Rig(seriesCount: 2, width: 300, height: 180, options: options)
        rig.append(100)
        rig.check("first")
        for step in 0..<30 {
            rig.append(2)
            if step == 5 { rig.sync { $0.crosshair = Self.start + 3 * Self.second } }
            if step == 8 { rig.sync { $0.crosshair = Self.start + 4 * Self.second } }
            if step == 11 { rig.sync { $0.crosshair = nil } }
            if step == 14 { rig.sync { $0.setBadge("disconnected") } }
            if step == 18 { rig.sync { $0.setBadge(nil) } }
            if step == 21 { rig.sync { $0.dataDecimals = 4 } }
            if step == 24 { rig.sync { $0.setTitle("RENAMED", forSeries: 1) } }
            if step == 26 {
                // Something else wrote into the framebuffer: only invalidate() makes that safe.
                rig.framebuffer.fill(PixelRect(minX: 0, minY: 0, maxX: 50, maxY: 50), color: RGBColor(0xFF_0000), clip: rig.framebuffer.bounds)
                rig.partial.invalidate()
            }
            rig.check("view \(step)")
        }
        #expect(rig.partialSteps >= 15, "only \(rig.partialSteps) of \(rig.steps) steps were drawn in part")
    }

    @Test("one series' last-value line moved without a pass: NaN, ±∞ and ±1.7e308 newest, jumps, a crosshair, another framebuffer, invalidate()")
    func lastValueLineUnderlay() throws {
        var options = ChartOptions()
        options.window = Self.fixedWindow(60)
        let rig = try Rig(seriesCount: 1, width: 300, height: 180, options: options)
        rig.append(100)
        rig.check("first")
        var oneRowSteps = 0
        for step in 0..<48 {
            switch step {
            case 3: rig.append(1, value: { _ in .nan })
            case 4: rig.append(1, value: { _ in .infinity })
            case 5: rig.append(1, value: { _ in -.infinity })
            // Last: a value this far out widens the domain for the rest of the window.
            case 45: rig.append(1, value: { _ in 1.7e308 })
            case 46: rig.append(1, value: { _ in -1.7e308 })
            case 12, 30: rig.append(1, step: 25)
            default: rig.append(1 + step % 3, step: 0.6)
            }
            if step == 15 { rig.sync { $0.crosshair = Self.start + 3 * Self.second } }
            if step == 18 { rig.sync { $0.crosshair = nil } }
            if step == 22 {
                // A whole frame into another framebuffer between two into the rig's.
                rig.sync { $0.draw(into: Framebuffer(width: 300, height: 180)) }
            }
            if step == 26 {
                rig.framebuffer.fill(PixelRect(minX: 0, minY: 60, maxX: 300, maxY: 120), color: RGBColor(0xFF_0000), clip: rig.framebuffer.bounds)
                rig.partial.invalidate()
            }
            rig.check("step \(step)")
            // The line's old and new rows are listed for the display, one row each, not
            // redrawn through the marks in bands.
            if rig.partial.damage.contains(where: { $0.height == 1 && $0.width > 200 }) { oneRowSteps += 1 }
        }
        #expect(rig.partialSteps >= 30, "only \(rig.partialSteps) of \(rig.steps) steps were drawn in part")
        #expect(oneRowSteps >= 20, "the line moved by its saved rows in only \(oneRowSteps) of \(rig.partialSteps) partial steps")
    }

    @Test("a 1080p kiosk at 10 k ticks a second (60 s of 1 s candles): every step byte-identical")
    func busyKiosk() throws {
        var options = ChartOptions()
        options.kind = .both
        options.window = .follow(nanoseconds: 60 * Self.second)
        let rig = try Rig(seriesCount: 1, width: 1920, height: 1080, options: options, capacity: 1 << 20)
        // A full minute held, then a step per 60 Hz refresh: 167 ticks 0.1 ms apart. The window
        // start moves every step, so the downsampled line (LTTB over a changing count) moves
        // nearly everywhere: the damage is the band around the line, not a few columns.
        rig.append(700_000, spacing: 100_000, step: 0.05)
        rig.check("first")
        var wholeHeaderSteps = 0
        for _ in 0..<12 {
            rig.append(167, spacing: 100_000, step: 0.05)
            rig.check("kiosk step")
            // The header's value and tick count change every step; the empty middle does not.
            let header = try #require(rig.partial.geometry(ofPane: 0)).layout.header
            let partial = rig.partial.damage != [rig.framebuffer.bounds]
            if partial, rig.partial.damage.contains(where: { $0.intersection(header) == header }) { wholeHeaderSteps += 1 }
        }
        #expect(wholeHeaderSteps == 0, "\(wholeHeaderSteps) partial steps redrew the whole header")
        #expect(rig.partialSteps >= 8, "only \(rig.partialSteps) of \(rig.steps) steps were drawn in part")
        let mean = rig.damagedPixels / max(1, rig.partialSteps)
        #expect(mean * 3 < 1920 * 1080 * 2, "a partial step redrew \(mean) pixels on average")
    }

    @Test("a 1080p kiosk at a tick a second (15 min of 1 min candles): a typical step redraws a small part")
    func calmKioskDamageIsSmall() throws {
        var options = ChartOptions()
        options.kind = .both
        options.window = .follow(nanoseconds: 15 * 60 * Self.second)
        let rig = try Rig(seriesCount: 1, width: 1920, height: 1080, options: options, interval: .seconds(60))
        rig.append(800, spacing: Self.second)
        rig.check("first")
        for _ in 0..<30 {
            rig.append(1, spacing: Self.second)
            rig.check("calm step")
        }
        #expect(rig.partialSteps >= 25, "only \(rig.partialSteps) of \(rig.steps) steps were drawn in part")
        let frame = 1920 * 1080
        let mean = rig.damagedPixels / max(1, rig.partialSteps)
        // Header, value strip and the newest candle's columns: about a sixth of the frame.
        #expect(mean * 5 < frame, "a partial step redrew \(mean) of \(frame) pixels on average")
    }

    @Test("small panels: 120×80 and 64×48, lines and candles")
    func smallPanels() throws {
        for (width, height) in [(120, 80), (64, 48)] {
            for kind in [ChartOptions.Kind.line, .both] {
                var options = ChartOptions()
                options.kind = kind
                options.window = kind == .line ? Self.fixedWindow(30) : .follow(nanoseconds: 20 * Self.second)
                let rig = try Rig(seriesCount: 2, width: width, height: height, options: options)
                rig.append(50, spacing: 100_000_000)
                rig.check("\(width)×\(height) \(kind) first")
                for _ in 0..<40 {
                    rig.append(3, spacing: 30_000_000)
                    rig.check("\(width)×\(height) \(kind)")
                }
            }
        }
    }

    @Test("the first frame reports the whole frame, a partial one rectangles inside it")
    func damageInsideFrame() throws {
        var options = ChartOptions()
        options.window = Self.fixedWindow(60)
        let rig = try Rig(seriesCount: 1, width: 200, height: 120, options: options)
        rig.append(40)
        rig.check("first")
        #expect(rig.partial.damage == [rig.framebuffer.bounds])
        rig.append(2)
        rig.check("second")
        #expect(!rig.partial.damage.isEmpty)
        for r in rig.partial.damage { #expect(r.intersection(rig.framebuffer.bounds) == r && !r.isEmpty) }
        #expect(rig.partial.damage != [rig.framebuffer.bounds])
    }
}
