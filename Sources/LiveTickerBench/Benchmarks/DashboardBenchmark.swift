import LiveTickerChart
import LiveTickerCore
import LiveTickerRender

/// Dashboards at 1920×1080: a 2×2 and a 3×3 wall of panels (each a line over candles with a
/// volume pane, one live series per panel scrolling 8 ticks a frame), with every panel
/// changing each frame and with only one changing (the others are not redrawn), median and
/// p99 frame time and allocations per frame; each wall's frames alternate with frames of the
/// one-panel reference scene, so the wall's cost reads as a ratio under the same load. With
/// every panel changing, the wall is also timed alone (its caches its own, as on a display),
/// beside the reference frame timed alone.
enum DashboardBenchmark {
    static func run(_ options: BenchOptions, into report: inout BenchReport) {
        let frames = options.quick ? 60 : 300
        let reference = ReferenceScene(width: 1920, height: 1080)
        let single = TimingSamples.measure(count: frames) {
            reference.advance()
            reference.chart.draw(into: reference.framebuffer)
        }
        report.add("dashboard.reference_1080p.median_ms", single.medianMilliseconds, "ms", note: "one-panel reference frame, this run")
        for grid in [2, 3] {
            let wall = WallScene(side: grid, width: 1920, height: 1080)
            for changing in ["all", "one"] {
                let key = "dashboard.\(grid)x\(grid).\(changing)_changing"
                let advance: () -> Void = changing == "all" ? wall.advanceAll : wall.advanceOne
                // A reference frame and a wall frame in turn: the ratio compares frames drawn
                // under the same load (measured one after the other, the reference's median
                // moved by 1.33-1.91 ms between three runs at load 4).
                let timed = TimingSamples.inTurn(count: frames, warmup: 3, [
                    {
                        reference.advance()
                        reference.chart.draw(into: reference.framebuffer)
                    },
                    {
                        advance()
                        wall.dashboard.draw(into: wall.framebuffer)
                    },
                ])
                let (beside, samples) = (timed[0], timed[1])
                let ratio = samples.medianMilliseconds / max(1e-9, beside.medianMilliseconds)
                report.add("\(key).median_ms", samples.medianMilliseconds, "ms", note: "×\(fixed(ratio, digits: 2)) the reference frame")
                report.add("\(key).p99_ms", samples.p99Milliseconds, "ms")
                // The goal reads off this figure: a 2×2 wall with every panel changing
                // at most 1.3× the reference frame, proportionally less with one changing.
                report.add(
                    "\(key).ratio_to_reference", ratio, "x",
                    note: "median over the median of reference frames drawn in turn with it (\(fixed(beside.medianMilliseconds, digits: 2)) ms)")
                AllocationProbe.measure("\(key).allocations_per_frame", section: "dashboard", options: options, into: &report) {
                    advance()
                    wall.dashboard.draw(into: wall.framebuffer)
                }
                guard changing == "all" else { continue }
                // The wall alone, frame after frame, as on a display: drawn in turn with the
                // reference scene, each evicts the other's 8 MB framebuffer, which a wall that
                // runs by itself never pays. Beside the goal's figure, not instead of it.
                let alone = TimingSamples.measure(count: frames) {
                    advance()
                    wall.dashboard.draw(into: wall.framebuffer)
                }
                report.add(
                    "\(key).alone_median_ms", alone.medianMilliseconds, "ms",
                    note: "×\(fixed(alone.medianMilliseconds / max(1e-9, single.medianMilliseconds), digits: 2)) the reference frame drawn alone")
            }
        }
        report.note("dashboard", "each panel: candles (8 ticks each) with the tick line over them and a volume pane; one changing: only that panel is redrawn (the others keep their pixels); alone_median_ms: the wall drawn by itself frame after frame, beside the reference frame drawn by itself (dashboard.reference_1080p.median_ms)")
    }
}

/// A `side × side` wall of panels, each over its own random-walk series.
final class WallScene {
    let dashboard: Dashboard
    let framebuffer: Framebuffer
    let series: [LiveSeries]
    private var generator = SplitMix64(seed: 7)
    private var levels: [Double]
    private var times: [Int64]
    private var next = 0
    static let ticksPerFrame = 8
    static let step: Int64 = 1_000_000_000

    init(side: Int, width: Int, height: Int) {
        framebuffer = Framebuffer(width: width, height: height)
        let count = side * side
        let visible = width / side
        let series = (0..<count).map { _ in
            try! LiveSeries(capacity: visible * 2, candleInterval: .ticks(Self.ticksPerFrame), candleCapacity: 1024)
        }
        self.series = series
        levels = (0..<count).map { 100 + Double($0) }
        times = [Int64](repeating: 1_709_280_000_000_000_000, count: count)
        var options = ChartOptions()
        options.window = .follow(nanoseconds: Int64(visible) * Self.step)
        let panels = (0..<count).map { i in
            DashboardPanel(
                place: GridPlace(row: i / side, column: i % side),
                series: [ChartSeries(id: "s\(i)", title: "S\(i + 1)", source: series[i])],
                panes: [
                    Pane(marks: [CandlesMark(series: 0), LineMark(series: 0), LastValueMark(series: [0])], weight: 3),
                    Pane(marks: [VolumeMark(series: 0)], scale: .includingZero, weight: 1),
                ], options: options)
        }
        dashboard = Dashboard(grid: DashboardGrid(rows: side, columns: side), panels: panels, width: width, height: height, title: "Bench")
        for i in 0..<count {
            for _ in 0..<(visible / Self.ticksPerFrame) { advance(i) }
        }
        dashboard.draw(into: framebuffer)
    }

    func advance(_ i: Int) {
        for _ in 0..<Self.ticksPerFrame {
            levels[i] += generator.symmetricUnit() * 0.2
            times[i] &+= Self.step
            series[i].append(Tick(time: times[i], value: levels[i], size: 5 + generator.symmetricUnit() * 4))
        }
    }

    func advanceAll() {
        for i in series.indices { advance(i) }
    }

    /// One panel at a time, in turn.
    func advanceOne() {
        advance(next)
        next = (next + 1) % series.count
    }
}
