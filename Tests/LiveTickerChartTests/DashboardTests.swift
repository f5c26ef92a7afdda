import Glibc
@testable import LiveTickerChart
import LiveTickerCore
import LiveTickerRender
import Testing

@Suite("Dashboard: grid, panes, redrawing only what changed")
struct DashboardTests {
    @Test("cells tile the frame exactly at odd sizes, with weights and gutters", arguments: [
        (1920, 1080, 2, 2, 8), (1001, 333, 3, 3, 5), (7, 5, 3, 2, 1), (640, 481, 1, 4, 0),
    ])
    func gridTiles(width: Int, height: Int, rows: Int, columns: Int, gutter: Int) {
        let grid = DashboardGrid(
            rowWeights: (0..<rows).map { Double($0 + 1) }, columnWeights: (0..<columns).map { Double(2 - $0 % 2) },
            gutter: gutter)
        let bounds = PixelRect(x: 0, y: 0, width: width, height: height)
        for r in 0..<rows {
            for c in 0..<columns {
                let cell = grid.rect(of: GridPlace(row: r, column: c), in: bounds)
                #expect(bounds.intersection(cell) == cell || cell.isEmpty)
                if c + 1 < columns {
                    let right = grid.rect(of: GridPlace(row: r, column: c + 1), in: bounds)
                    #expect(right.minX == cell.maxX + gutter || cell.isEmpty || right.isEmpty)
                } else if !cell.isEmpty {
                    #expect(cell.maxX == width - gutter)
                }
                if r + 1 < rows {
                    let below = grid.rect(of: GridPlace(row: r + 1, column: c), in: bounds)
                    #expect(below.minY == cell.maxY + gutter || cell.isEmpty || below.isEmpty)
                } else if !cell.isEmpty {
                    #expect(cell.maxY == height - gutter)
                }
            }
        }
        // A span covers its cells and the gutters between them.
        if columns >= 2 {
            let span = grid.rect(of: GridPlace(row: 0, column: 0, rowSpan: 1, columnSpan: 2), in: bounds)
            let a = grid.rect(of: GridPlace(row: 0, column: 0), in: bounds)
            let b = grid.rect(of: GridPlace(row: 0, column: 1), in: bounds)
            if !a.isEmpty, !b.isEmpty {
                #expect(span.minX == a.minX && span.maxX == b.maxX && span.minY == a.minY && span.maxY == a.maxY)
            }
        }
    }

    @Test("weights share the space: a column of weight 2 is twice as wide")
    func weights() {
        let grid = DashboardGrid(rowWeights: [1], columnWeights: [1, 2], gutter: 10)
        let bounds = PixelRect(x: 0, y: 0, width: 330, height: 100)
        #expect(grid.rect(of: GridPlace(row: 0, column: 0), in: bounds).width == 100)
        #expect(grid.rect(of: GridPlace(row: 0, column: 1), in: bounds).width == 200)
    }

    static func series(_ values: [Double]) throws -> LiveSeries { try makeSeries(values) }

    @Test("a frame too small for its grid draws without trapping; tiny panels are skipped")
    func tinyFrames() throws {
        let s = try Self.series((0..<50).map { Double($0) })
        for (w, h) in [(1, 1), (5, 5), (17, 9), (40, 30)] {
            let panels = (0..<9).map { i in
                DashboardPanel(
                    place: GridPlace(row: i / 3, column: i % 3), series: [ChartSeries(id: "s", source: s)],
                    panes: [Pane(marks: [LineMark(series: 0)]), Pane(marks: [VolumeMark(series: 0)], scale: .includingZero)])
            }
            let wall = Dashboard(grid: DashboardGrid(rows: 3, columns: 3, gutter: 4), panels: panels, width: w, height: h, title: "T")
            let frame = Framebuffer(width: w, height: h, stride: w + 3)
            for y in 0..<h { for x in w..<(w + 3) { frame.pixels[y * frame.stride + x] = 0xDEAD_BEEF } }
            wall.draw(into: frame)
            #expect(paddingIntact(frame))
        }
    }

    @Test("panes share the time axis: same columns, only the bottom one labels time")
    func panesShareTimeAxis() throws {
        let s = try LiveSeries(capacity: 1024, candleInterval: .seconds(120))
        for i in 0..<900 {
            s.append(Tick(time: 1_709_280_000_000_000_000 + Int64(i) * 4_000_000_000, value: 100 + Double(i % 23), size: Double(1 + i % 5)))
        }
        var options = ChartOptions()
        options.showsHeader = false
        let chart = LiveTickerChart(
            series: [ChartSeries(id: "s", source: s)],
            panes: [
                Pane(marks: [CandlesMark(series: 0), MovingAverageMark(series: 0, kind: .simple(period: 5))], weight: 3),
                Pane(marks: [VolumeMark(series: 0)], scale: .includingZero, weight: 1),
            ], width: 800, height: 400, options: options)
        let frame = Framebuffer(width: 800, height: 400)
        chart.draw(into: frame)
        let top = try #require(chart.geometry(ofPane: 0))
        let bottom = try #require(chart.geometry(ofPane: 1))
        #expect(top.layout.plot.minX == bottom.layout.plot.minX && top.layout.plot.maxX == bottom.layout.plot.maxX)
        #expect(top.layout.plot.maxY < bottom.layout.plot.minY)
        #expect(top.layout.plot.height > 2 * bottom.layout.plot.height)
        // The same slot maps to the same column in both panes.
        #expect(top.pixelX(7.5) == bottom.pixelX(7.5))
        // Between the panes: background only (no time labels there); below the bottom: labels.
        let label = options.theme.label
        let between = PixelRect(minX: 0, minY: top.layout.plot.maxY + 1, maxX: top.layout.plot.maxX, maxY: bottom.layout.plot.minY)
        #expect(count(label, in: between, of: frame) == 0)
        #expect(count(label, in: bottom.layout.timeAxis, of: frame) > 20)
        // Volume pane: bars reach its bottom edge, in up and down colours.
        let volumeRow = PixelRect(x: bottom.layout.plot.minX, y: bottom.layout.plot.maxY - 1, width: bottom.layout.plot.width, height: 1)
        #expect(count(options.theme.up, in: volumeRow, of: frame, tolerance: 40) + count(options.theme.down, in: volumeRow, of: frame, tolerance: 40) > 10)
    }

    @Test("a logarithmic pane maps decades to equal heights")
    func logarithmicPane() throws {
        let s = try makeSeries([1, 10, 100, 1000, 10000])
        let chart = LiveTickerChart(
            series: [ChartSeries(id: "s", source: s)], panes: [Pane(marks: [LineMark(series: 0)], scale: .logarithmic)],
            width: 320, height: 240)
        let frame = Framebuffer(width: 320, height: 240)
        chart.draw(into: frame)
        let g = try #require(chart.geometry(ofPane: 0))
        let d1 = g.pixelY(1) - g.pixelY(10)
        let d2 = g.pixelY(100) - g.pixelY(1000)
        #expect(abs(d1 - d2) < 1e-9 && d1 > 10)
        #expect(!g.pixelY(0).isFinite && g.pixelY(-5).isNaN)
        #expect(abs(g.dataY(atPixel: g.pixelY(250)) - 250) < 1e-9)
    }

    @Test("a fixed pane maps exactly its range (reversed bounds swapped); an include-zero pane puts 0 on its edge")
    func fixedAndZeroPanes() throws {
        let s = try makeSeries([40, 55, 47, 60, 52])
        let negative = try makeSeries([-40, -55, -47, -60, -52])
        func geometry(_ series: LiveSeries, _ scale: Pane.Scale) throws -> ChartGeometry {
            let chart = LiveTickerChart(
                series: [ChartSeries(id: "s", source: series)], panes: [Pane(marks: [LineMark(series: 0)], scale: scale)],
                width: 320, height: 240)
            chart.draw(into: Framebuffer(width: 320, height: 240))
            return try #require(chart.geometry(ofPane: 0))
        }
        for scale in [Pane.Scale.fixed(lower: 0, upper: 100), .fixed(lower: 100, upper: 0)] {
            let g = try geometry(s, scale)
            // Exactly 0…100 on the plot, not the data's 40…60 padded.
            #expect(g.yLower == 0 && g.yUpper == 100)
            #expect(g.pixelY(0) == Double(g.layout.plot.maxY) && g.pixelY(100) == Double(g.layout.plot.minY))
        }
        let flat = try geometry(s, .fixed(lower: 5, upper: 5))
        #expect(flat.yLower < 5 && flat.yUpper > 5)
        let auto = try geometry(s, .auto)
        #expect(auto.yLower > 30 && auto.yUpper < 70)
        let zero = try geometry(s, .includingZero)
        #expect(zero.yLower == 0 && zero.yUpper > 60)
        #expect(zero.pixelY(0) == Double(zero.layout.plot.maxY))
        // All below zero: 0 on the top edge.
        let below = try geometry(negative, .includingZero)
        #expect(below.yUpper == 0 && below.yLower < -60)
        #expect(below.pixelY(0) == Double(below.layout.plot.minY))
    }

    @Test("only the panel whose data changed is redrawn; the others keep their pixels")
    func onlyChangedPanelsRedraw() throws {
        let a = try Self.series((0..<100).map { Double($0) })
        let b = try Self.series((0..<100).map { Double(100 - $0) })
        let panels = [a, b].enumerated().map { i, s in
            DashboardPanel(
                place: GridPlace(row: 0, column: i), series: [ChartSeries(id: "\(i)", title: "P\(i)", source: s)],
                panes: [Pane(marks: LiveTickerChart.defaultMarks(seriesCount: 1, options: ChartOptions()))])
        }
        let wall = Dashboard(grid: DashboardGrid(rows: 1, columns: 2), panels: panels, width: 640, height: 240, title: "wall")
        // A second wall drawn whole into its own framebuffer at the same steps: the same
        // history of frames (the value domains are kept with hysteresis from frame to frame).
        let twin = Dashboard(grid: DashboardGrid(rows: 1, columns: 2), panels: panels, width: 640, height: 240, title: "wall")
        let frame = Framebuffer(width: 640, height: 240)
        #expect(wall.needsDraw)
        #expect(wall.draw(into: frame) == 2)
        twin.draw(into: Framebuffer(width: 640, height: 240))
        twin.invalidate()
        #expect(wall.damage == [frame.bounds])
        #expect(!wall.needsDraw)
        #expect(wall.draw(into: frame) == 0)
        #expect(wall.damage.isEmpty)

        let before = pixels(frame)
        a.append(Tick(time: 1_709_280_000_000_000_000 + 100 * 1_000_000_000, value: 300, size: 1))
        twin.draw(into: Framebuffer(width: 640, height: 240))
        #expect(wall.needsDraw)
        #expect(wall.draw(into: frame) == 1)
        #expect(wall.damage == [wall.rects[0]])
        let after = pixels(frame)
        var changedOutside = 0
        var changedInside = 0
        for y in 0..<240 {
            for x in 0..<640 where before[y * 640 + x] != after[y * 640 + x] {
                if wall.rects[0].contains(x: x, y: y) { changedInside += 1 } else { changedOutside += 1 }
            }
        }
        #expect(changedInside > 0)
        #expect(changedOutside == 0)

        // Moving a panel's crosshair is a view change: that panel redraws.
        wall.panels[1]?.crosshair = 1_709_280_000_000_000_000 + 50 * 1_000_000_000
        #expect(wall.draw(into: frame) == 1)
        #expect(wall.damage == [wall.rects[1]])
        // The same full picture as the twin drawing everything into a new framebuffer.
        twin.panels[1]?.crosshair = wall.panels[1]?.crosshair
        let other = Framebuffer(width: 640, height: 240)
        twin.invalidate()
        twin.draw(into: other)
        #expect(pixels(other) == pixels(frame))
    }

    @Test("a panel's window changes between frames (zoom, a fixed range, follow again): that panel redraws, as a wall made with that window")
    func windowChangesBetweenFrames() throws {
        let start: Int64 = 1_709_280_000_000_000_000
        let second: Int64 = 1_000_000_000
        let a = try makeSeries((0..<3600).map { 100 + sin(Double($0) / 90) * 5 }, interval: .seconds(60))
        let b = try makeSeries((0..<3600).map { 50 + cos(Double($0) / 70) * 3 }, interval: .seconds(60))
        func panels(_ windowA: ChartOptions.Window) -> [DashboardPanel] {
            [a, b].enumerated().map { i, s in
                var options = ChartOptions()
                options.window = i == 0 ? windowA : .follow(.minutes(10))
                return DashboardPanel(
                    place: GridPlace(row: 0, column: i), series: [ChartSeries(id: "\(i)", title: "P\(i)", source: s)],
                    panes: [Pane(marks: [CandlesMark(series: 0), LineMark(series: 0)], weight: 3),
                            Pane(marks: [VolumeMark(series: 0)], scale: .includingZero)],
                    options: options)
            }
        }
        let wall = Dashboard(grid: DashboardGrid(rows: 1, columns: 2), panels: panels(.follow(.minutes(10))), width: 640, height: 240)
        let frame = Framebuffer(width: 640, height: 240)
        wall.draw(into: frame)
        let chart = try #require(wall.panels[0])
        let tenMinutes = try #require(chart.lastGeometry)
        #expect(!wall.needsDraw)
        // Setting the window it already has is no change.
        chart.window = .follow(.minutes(10))
        #expect(!wall.needsDraw)
        for window in [ChartOptions.Window.follow(.minutes(40)), .fixed(from: start + 600 * second, to: start + 900 * second), .follow(.minutes(2))] {
            chart.window = window
            #expect(wall.needsDraw)
            #expect(wall.draw(into: frame) == 1)
            #expect(wall.damage == [wall.rects[0]])
            #expect(!wall.needsDraw)
            let fresh = Dashboard(grid: DashboardGrid(rows: 1, columns: 2), panels: panels(window), width: 640, height: 240)
            let other = Framebuffer(width: 640, height: 240)
            fresh.draw(into: other)
            #expect(pixels(other) == pixels(frame), "window \(window)")
        }
        // Two minutes of candles are placed otherwise than ten.
        #expect(try #require(chart.lastGeometry) != tenMinutes)
        // New ticks after the change (the same curve on: labels of the same width, so the
        // strip, which narrows only after ten seconds of narrower labels, keeps what a fresh
        // wall picks) redraw as usual (partially), still equal to a fresh wall.
        // The fresh wall draws the frame before the ticks too: the value domains are kept
        // with hysteresis from frame to frame, so both walls see the same history.
        let fresh = Dashboard(grid: DashboardGrid(rows: 1, columns: 2), panels: panels(.follow(.minutes(2))), width: 640, height: 240)
        fresh.draw(into: Framebuffer(width: 640, height: 240))
        fresh.invalidate()
        for i in 0..<30 { a.append(Tick(time: start + Int64(3600 + i) * second, value: 100 + sin(Double(3600 + i) / 90) * 5, size: 2)) }
        #expect(wall.draw(into: frame) == 1)
        let other = Framebuffer(width: 640, height: 240)
        fresh.draw(into: other)
        #expect(pixels(other) == pixels(frame))
    }

    @Test("a panel whose feed goes silent redraws with its STALE badge though no tick came; the others stay")
    func staleBadgeRedraws() throws {
        let start: Int64 = 1_709_280_000_000_000_000
        let quiet = try Self.series((0..<50).map { Double($0) })
        let other = try Self.series((0..<50).map { Double(50 - $0) })
        let clock = TestClock(start + 50 * 1_000_000_000)  // just after the newest tick
        var staleOptions = ChartOptions()
        staleOptions.staleAfter = 30 * 1_000_000_000
        staleOptions.clock = { clock.now }
        let panels = [
            DashboardPanel(
                place: GridPlace(row: 0, column: 0), series: [ChartSeries(id: "q", title: "Q", source: quiet)],
                panes: [Pane(marks: [LineMark(series: 0)])], options: staleOptions),
            DashboardPanel(
                place: GridPlace(row: 0, column: 1), series: [ChartSeries(id: "o", title: "O", source: other)],
                panes: [Pane(marks: [LineMark(series: 0)])]),
        ]
        let wall = Dashboard(grid: DashboardGrid(rows: 1, columns: 2), panels: panels, width: 640, height: 240)
        let frame = Framebuffer(width: 640, height: 240)
        wall.draw(into: frame)
        #expect(wall.panels[0]?.isStale == false)
        #expect(!wall.needsDraw)
        let fresh = pixels(frame)
        clock.now += 31 * 1_000_000_000  // 31 s of silence
        #expect(wall.panels[0]?.isStale == true)
        #expect(wall.needsDraw)
        #expect(wall.draw(into: frame) == 1)
        #expect(wall.damage == [wall.rects[0]])
        // The badge: the theme's down colour appears in the panel's header strip.
        let header = wall.rects[0]
        let down = ChartTheme.dark.down.pixel
        var badge = 0
        var outside = 0
        let stale = pixels(frame)
        for y in header.minY..<(header.minY + 24) {
            for x in header.minX..<header.maxX where stale[y * 640 + x] == down && fresh[y * 640 + x] != down { badge += 1 }
        }
        for y in 0..<240 {
            for x in 0..<640 where !header.contains(x: x, y: y) && stale[y * 640 + x] != fresh[y * 640 + x] { outside += 1 }
        }
        #expect(badge > 50)
        #expect(outside == 0)
        #expect(!wall.needsDraw)  // stays stale: no redraw per frame
        quiet.append(Tick(time: clock.now, value: 7, size: 1))  // a tick clears it
        #expect(wall.draw(into: frame) == 1)
        #expect(wall.panels[0]?.isStale == false)
    }

    @Test("panels one above another share a rasteriser; panels whose rows overlap never do")
    func rasterizersShared() {
        let grid = DashboardGrid(rowWeights: [1, 1], columnWeights: [1, 1, 1], gutter: 4)
        let bounds = PixelRect(x: 0, y: 0, width: 600, height: 400)
        let places = [
            GridPlace(row: 0, column: 0, rowSpan: 2),  // tall: overlaps everything
            GridPlace(row: 0, column: 1), GridPlace(row: 0, column: 2),
            GridPlace(row: 1, column: 1), GridPlace(row: 1, column: 2),
        ]
        var rects = places.map { grid.rect(of: $0, in: bounds) }
        rects.append(.empty)  // a panel too small to draw
        let made = Dashboard.rasterizers(for: rects)
        #expect(made[5] == nil)
        for a in 0..<5 {
            for b in 0..<5 where a != b {
                let rowsOverlap = rects[a].minY < rects[b].maxY && rects[b].minY < rects[a].maxY
                if rowsOverlap { #expect(made[a]! !== made[b]!, "panels \(a) and \(b) share rows") }
            }
        }
        // Three rows overlap at most (the tall panel and two beside it): three rasterisers.
        #expect(Set(made.compactMap { $0.map(ObjectIdentifier.init) }).count == 3)
        #expect(made[1]! === made[3]! || made[1]! === made[4]!)
    }

    @Test("panels drawn whole store their backdrops row by row together: each panel's pixels are those it draws alone", arguments: [
        (640, 360), (1280, 720), (333, 517),
    ])
    func rowByRowBackdropsMatchPanelsAlone(size: (Int, Int)) throws {
        let (width, height) = size
        let start: Int64 = 1_709_280_000_000_000_000
        let steps = (0..<400).map { Double($0) }
        let rising = try Self.series(steps.map { (s: Double) -> Double in 100 + s.truncatingRemainder(dividingBy: 37) * 0.5 + s * 0.05 })
        let falling = try Self.series(steps.map { (s: Double) -> Double in 200 - s * 0.1 + s.truncatingRemainder(dividingBy: 11) })
        // Panels of different heights and widths (spans), so that the set of panels crossing
        // a row changes down the frame; areas, a volume pane, a band, a crosshair.
        let specs: [(GridPlace, LiveSeries, [Pane])] = [
            (GridPlace(row: 0, column: 0, rowSpan: 2), rising,
             [Pane(marks: [AreaMark(series: 0), LineMark(series: 0), LastValueMark(series: [0])])]),
            (GridPlace(row: 0, column: 1, columnSpan: 2), falling,
             [Pane(marks: [CandlesMark(series: 0), LineMark(series: 0)], weight: 3),
              Pane(marks: [VolumeMark(series: 0)], scale: .includingZero, weight: 1)]),
            (GridPlace(row: 1, column: 1), falling,
             [Pane(marks: [BandMark(lower: 160, upper: 180), AreaMark(series: 0), LineMark(series: 0)])]),
            (GridPlace(row: 1, column: 2), rising,
             [Pane(marks: [AreaMark(series: 0), LineMark(series: 0)], weight: 2),
              Pane(marks: [AreaMark(series: 0), LineMark(series: 0)], weight: 1)]),
        ]
        let panels = specs.enumerated().map { i, spec in
            DashboardPanel(place: spec.0, series: [ChartSeries(id: "s\(i)", title: "P\(i)", source: spec.1)], panes: spec.2)
        }
        let grid = DashboardGrid(rowWeights: [2, 1], columnWeights: [1, 1, 1], gutter: 5)
        let wall = Dashboard(grid: grid, panels: panels, width: width, height: height, title: "rows")
        wall.panels[3]?.crosshair = start + 200 * 1_000_000_000
        // Each panel alone, drawn at the same steps (value domains are kept with hysteresis).
        let alone = panels.enumerated().map { index, panel in
            let rect = wall.rects[index]
            let chart = LiveTickerChart(
                series: panel.series, panes: panel.panes, width: rect.width, height: rect.height, options: panel.options)
            chart.crosshair = wall.panels[index]?.crosshair
            return chart
        }
        let frame = Framebuffer(width: width, height: height)
        let own = (0..<panels.count).map { _ in Framebuffer(width: width, height: height) }
        #expect(wall.draw(into: frame) == 4)
        for index in panels.indices { alone[index].draw(into: own[index], in: wall.rects[index]) }
        // Again after data came: every panel changed, each redrawn whole or in part.
        rising.append(Tick(time: start + 400 * 1_000_000_000, value: 150, size: 3))
        falling.append(Tick(time: start + 400 * 1_000_000_000, value: 120, size: 3))
        #expect(wall.draw(into: frame) == 4)
        for index in panels.indices {
            let rect = wall.rects[index]
            try #require(!rect.isEmpty)
            alone[index].draw(into: own[index], in: rect)
            var differing = 0
            for y in rect.minY..<rect.maxY {
                for x in rect.minX..<rect.maxX where own[index][x, y] != frame[x, y] { differing += 1 }
            }
            #expect(differing == 0, "panel \(index) at \(width)x\(height)")
        }
        #expect(paddingIntact(frame))
    }
}

/// A wall clock a test moves by hand (read from the chart's clock closure).
final class TestClock: @unchecked Sendable {
    // Invariant: written and read on the test's thread only.
    var now: Int64
    init(_ now: Int64) { self.now = now }
}
