import LiveTickerCore
import LiveTickerRender
import Testing

@testable import LiveTickerChart

@Suite("Dashboard text is the standalone chart's text (issue 13)")
struct DashboardTextTests {
    @Test("panels and the title strip take the glyphs made for their own size; without a maker, the bitmap font")
    func glyphsFollowThePanel() throws {
        let s = try makeSeries((0..<50).map { Double($0) })
        let panels = (0..<3).map { i in
            DashboardPanel(
                place: GridPlace(row: 0, column: i), series: [ChartSeries(id: "s", title: "P\(i)", source: s)],
                panes: [Pane(marks: [LineMark(series: 0)])])
        }
        var asked: [[Int]] = []
        // A stand-in for TrueType text: the bitmap font scaled by the size asked for, so the
        // test sees which size each panel got.
        let wall = Dashboard(
            grid: DashboardGrid(rows: 1, columns: 3, gutter: 0), panels: panels, width: 1800, height: 900, title: "Wall",
            glyphs: { width, height in
                asked.append([width, height])
                return GlyphAtlas(bitmap: .builtin, scale: max(1, min(width, height) / 200))
            })
        #expect(asked.contains([1800, 900]), "the title strip's size: \(asked)")
        #expect(asked.filter { $0 == [600, asked.last![1]] }.count == 1, "one atlas per distinct panel size: \(asked)")
        for panel in wall.panels {
            let chart = try #require(panel)
            #expect(chart.glyphs.lineHeight == 16 * (min(chart.width, chart.height) / 200))
        }
        #expect(wall.titleGlyphs.lineHeight == 16 * 4)
        #expect(wall.titleRect.height >= 64)
        let frame = Framebuffer(width: 1800, height: 900)
        wall.draw(into: frame)
        // The title is drawn with those glyphs: its lit rows span about their height.
        var rows = 0
        for y in wall.titleRect.minY..<wall.titleRect.maxY where (0..<1800).contains(where: { frame[$0, y] == ChartTheme.dark.title.pixel }) {
            rows += 1
        }
        #expect(rows >= 32, "title rows lit: \(rows)")

        let plain = Dashboard(grid: DashboardGrid(rows: 1, columns: 3), panels: panels, width: 1800, height: 900, title: "Wall")
        #expect(plain.titleGlyphs.lineHeight == 16)
        #expect(try #require(plain.panels[0]).glyphs.lineHeight == 16)
    }
}
