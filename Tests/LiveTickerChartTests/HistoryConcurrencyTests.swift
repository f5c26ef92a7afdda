import LiveTickerTestSupport
import Testing
@testable import LiveTickerChart
import LiveTickerCore
import LiveTickerRender

@Suite("Chart over long histories Concurrency")
struct HistoryConcurrencyTests {
    /// A producer appends at full rate, lapping the history ring many times, while the chart
    /// draws frame after frame over the whole held window (the summary path) in every kind:
    /// nothing is written outside the buffer, and frames keep finding data. Run under
    /// `swift test --sanitize=thread --filter Concurrency`.
    @Test(arguments: ChartOptions.Kind.allCases)
    func producerAppendsWhileChartDraws(kind: ChartOptions.Kind) throws {
        let series = try LiveSeries(capacity: 60_000, candleInterval: .ticks(500), candleCapacity: 256)
        var options = ChartOptions()
        options.kind = kind
        let chart = LiveTickerChart(series: [series], width: 160, height: 100, options: options)
        let framebuffer = Framebuffer(width: 160, height: 100, stride: 167)
        for y in 0..<100 { for x in 160..<167 { framebuffer.pixels[y * 167 + x] = 0xDEAD_BEEF } }
        let producer = TestThread { [series] in
            var value = 10.0
            for i in 0..<600_000 {
                value += i % 5 < 2 ? 0.25 : -0.125
                series.append(Tick(time: Int64(i / 2), value: i % 4999 == 0 ? .nan : value))
            }
        }
        var frames = 0
        while series.version < 600_000 {
            chart.draw(into: framebuffer)
            frames += 1
        }
        producer.join()
        chart.draw(into: framebuffer)
        #expect(frames > 0)
        #expect(chart.scratch[0].visibleTicks.count == 60_000)
        if kind != .candles { #expect(chart.scratch[0].usesCandidates && chart.scratch[0].keptCount > 0) }
        #expect(paddingIntact(framebuffer))
    }
}
