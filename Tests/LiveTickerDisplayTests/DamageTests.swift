import CDRM
import LiveTickerChart
import LiveTickerCore
import LiveTickerLoop
import LiveTickerRender
import Testing

@testable import LiveTickerDisplay

/// A mock display for unit tests that records the damaged rectangles each present was given.
final class MockDamageDisplay: Display {
    let width: Int
    let height: Int
    var refreshInterval: Duration { .milliseconds(1) }
    var hasVBlank: Bool { false }
    var summary: String { "mock damage \(width)x\(height)" }
    /// Per present: the rectangles, or nil for a whole-frame present.
    var presented: [[PixelRect]?] = []
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
    func present(_ frame: Framebuffer) throws(DisplayError) -> Bool {
        presented.append(nil)
        return true
    }
    func present(_ frame: Framebuffer, damage: [PixelRect]) throws(DisplayError) -> Bool {
        presented.append(damage)
        return true
    }
    func close() {}
}

@Suite("Damaged rectangles")
struct DamageTests {
    @Test("the render loop hands the display only the rectangles of the panels that changed")
    func loopPresentsDamage() throws {
        let series = try (0..<4).map { _ in try LiveSeries(capacity: 256, candleInterval: .seconds(60)) }
        for (index, s) in series.enumerated() { s.append(Tick(time: 1_000_000_000, value: Double(index), size: 1)) }
        let display = MockDamageDisplay(width: 401, height: 301)
        let loop = RenderLoop(display: display) { width, height in
            Dashboard(
                grid: DashboardGrid(rows: 2, columns: 2),
                panels: (0..<4).map { index in
                    DashboardPanel(
                        place: GridPlace(row: index / 2, column: index % 2),
                        series: [ChartSeries(id: "s\(index)", source: series[index])], panes: [Pane(marks: [LineMark(series: 0)])])
                },
                width: width, height: height)
        }
        #expect(try loop.drawIfNeeded())
        #expect(display.presented.last! == [PixelRect(x: 0, y: 0, width: 401, height: 301)])  // the first frame: whole
        #expect(try !loop.drawIfNeeded())  // nothing changed: nothing presented
        #expect(display.presented.count == 1)
        series[3].append(Tick(time: 2_000_000_000, value: 9, size: 1))
        #expect(try loop.drawIfNeeded())
        #expect(display.presented.last! == [loop.scene.rects[3]])
        series[0].append(Tick(time: 2_000_000_000, value: 9, size: 1))
        series[1].append(Tick(time: 2_000_000_000, value: 9, size: 1))
        #expect(try loop.drawIfNeeded())
        #expect(display.presented.last! == [loop.scene.rects[0], loop.scene.rects[1]])
        try loop.drawNow()  // a forced repaint is presented whole
        #expect(display.presented.last! == nil)
    }

    @Test("a display without partial updates presents the whole frame")
    func defaultPresentsWhole() throws {
        let display = MockResizingDisplay(width: 10, height: 10)
        #expect(try display.present(Framebuffer(width: 10, height: 10), damage: [PixelRect(x: 1, y: 1, width: 2, height: 2)]))
        #expect(display.presented.count == 1)
    }

    @Test("full-frame damage is recognised, partial is not")
    func coversFrame() {
        #expect([PixelRect(x: 0, y: 0, width: 8, height: 6)].coversFrame(width: 8, height: 6))
        #expect([PixelRect(x: 1, y: 1, width: 2, height: 2), PixelRect(x: -1, y: -1, width: 20, height: 20)].coversFrame(width: 8, height: 6))
        #expect(![PixelRect(x: 0, y: 0, width: 8, height: 5)].coversFrame(width: 8, height: 6))
        #expect(![PixelRect]().coversFrame(width: 8, height: 6))
    }

    @Test("a flipped back buffer gets this frame's and the previous frame's damage; after a whole frame, all of it")
    func bufferAge() {
        var history = DamageHistory(capacity: 2)
        #expect(history.previousWasWhole)  // nothing shown yet: the back buffer is unknown
        let a = PixelRect(x: 0, y: 0, width: 5, height: 5)
        let b = PixelRect(x: 5, y: 0, width: 5, height: 5)
        history.presented(damage: [a])
        #expect(!history.previousWasWhole && history.previous == [a])
        history.presented(damage: [b, a])
        #expect(history.previous == [b, a])
        history.presented(damage: [a, b, a])  // more than fits: the next back buffer is rewritten whole
        #expect(history.previousWasWhole && history.previous.isEmpty)
        history.presented(damage: [])
        #expect(!history.previousWasWhole && history.previous.isEmpty)
        history.presentedWhole()
        #expect(history.previousWasWhole)
    }

    @Test("DirtyFB clips are the rectangles clipped to the buffer, empty ones skipped, too many refused")
    func dirtyClips() {
        let storage = UnsafeMutableBufferPointer<drmModeClip>.allocate(capacity: 2)
        defer { storage.deallocate() }
        let count = DirtyClips.fill(
            storage, from: [PixelRect(x: -4, y: 10, width: 20, height: 500), .empty, PixelRect(x: 90, y: 50, width: 30, height: 5)],
            width: 100, height: 80)
        #expect(count == 2)
        #expect((storage[0].x1, storage[0].y1, storage[0].x2, storage[0].y2) == (0, 10, 16, 80))
        #expect((storage[1].x1, storage[1].y1, storage[1].x2, storage[1].y2) == (90, 50, 100, 55))
        #expect(DirtyClips.fill(storage, from: [], width: 100, height: 80) == 0)
        let three = [PixelRect](repeating: PixelRect(x: 1, y: 1, width: 1, height: 1), count: 3)
        #expect(DirtyClips.fill(storage, from: three, width: 100, height: 80) == nil)
        // Sizes beyond what a clip holds are clipped to 65535, never trap.
        #expect(DirtyClips.fill(storage, from: [PixelRect(x: 0, y: 0, width: .max, height: .max)], width: .max, height: .max) == 1)
        #expect(storage[0].x2 == UInt16.max)
    }
}
