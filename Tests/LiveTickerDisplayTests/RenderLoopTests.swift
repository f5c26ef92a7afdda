import LiveTickerChart
import LiveTickerCore
import LiveTickerDisplay
import LiveTickerLoop
import LiveTickerRender
import Testing

/// A mock display for unit tests: counts presents and can change size like a replugged panel.
final class MockResizingDisplay: Display {
    var width: Int
    var height: Int
    var refreshInterval: Duration { .milliseconds(1) }
    var hasVBlank: Bool { false }
    var summary: String { "mock \(width)x\(height)" }
    var presented: [(Int, Int)] = []
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
    func present(_ frame: Framebuffer) throws(DisplayError) -> Bool {
        presented.append((frame.width, frame.height))
        return true
    }
    func close() {}
}

@Suite("RenderLoop")
struct RenderLoopTests {
    @Test("draws when data changed, sleeps when still, rebuilds at a new display size, stops on the caller's token")
    func loop() throws {
        let series = try LiveSeries(capacity: 256, candleInterval: .seconds(60))
        let display = MockResizingDisplay(width: 200, height: 120)
        var built: [(Int, Int)] = []
        let loop = RenderLoop(display: display) { width, height in
            built.append((width, height))
            return Dashboard(
                grid: DashboardGrid(rows: 1, columns: 1),
                panels: [DashboardPanel(place: GridPlace(row: 0, column: 0), series: [ChartSeries(id: "s", source: series)], panes: [Pane(marks: [LineMark(series: 0)])])],
                width: width, height: height)
        }
        let token = RenderStopToken()
        var turn = 0
        let frames = try loop.run(until: token) {
            turn += 1
            // Data on turns 2 and 4, still on the others; the panel is replugged at 300x160 on turn 6.
            if turn == 2 || turn == 4 { series.append(Tick(time: Int64(turn) * 1_000_000_000, value: Double(turn), size: 1)) }
            if turn == 6 {
                display.width = 300
                display.height = 160
            }
            if turn == 9 { token.stop() }
        }
        // The first frame, one per change, one at the new size.
        #expect(frames == 4)
        #expect(display.presented.map { $0.0 } == [200, 200, 200, 300])
        #expect(built.count == 2 && built[1] == (300, 160))
        #expect(try loop.run(until: token) == 0)  // a stopped token returns at once
    }
}
