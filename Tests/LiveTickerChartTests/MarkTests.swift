import LiveTickerChart
import LiveTickerCore
import LiveTickerRender
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Marks: interpolation, volume, averages, bands")
struct MarkTests {
    /// Samples the monotone cubic through the points, `perUnit` samples per unit of x.
    static func monotoneSamples(_ xs: [Double], _ ys: [Double], perUnit: Int = 1000) -> [Double] {
        var tangents = [Double](repeating: 0, count: xs.count)
        xs.withUnsafeBufferPointer { x in
            ys.withUnsafeBufferPointer { y in
                tangents.withUnsafeMutableBufferPointer { MonotoneCubic.tangents(xs: x, ys: y, into: $0) }
            }
        }
        var out: [Double] = []
        for k in 0..<(xs.count - 1) {
            for step in 0...perUnit {
                let t = Double(step) / Double(perUnit)
                out.append(
                    MonotoneCubic.value(
                        t: t, x0: xs[k], y0: ys[k], m0: tangents[k], x1: xs[k + 1], y1: ys[k + 1], m1: tangents[k + 1]))
            }
        }
        return out
    }

    @Test("monotone cubic through (0,0), (1,2), (2,1) never exceeds 2 (Fritsch–Carlson, zero tangent at the peak)")
    func monotoneNeverOvershoots() {
        let samples = Self.monotoneSamples([0, 1, 2], [0, 2, 1])
        let highest = samples.max()!
        #expect(highest <= 2 + 1e-12)
        #expect(highest >= 2 - 1e-12)  // and it does pass through the peak
        #expect(samples.min()! >= 0 - 1e-12)
        // Each interval stays between its end values.
        let first = samples[0...1000]
        #expect(first.allSatisfy { $0 >= -1e-12 && $0 <= 2 + 1e-12 })
        #expect(zip(first, first.dropFirst()).allSatisfy { $0 <= $1 + 1e-12 })  // increasing on [0, 1]
        let second = samples[1001...]
        #expect(zip(second, second.dropFirst()).allSatisfy { $0 >= $1 - 1e-12 })  // decreasing on [1, 2]
    }

    @Test("monotone cubic stays monotone on steep data (tangents scaled back onto the radius-3 circle)")
    func monotoneSteep() {
        let xs: [Double] = [0, 1, 2, 3, 4, 5]
        let ys: [Double] = [0, 0.1, 0.2, 10, 10.1, 10.2]
        let samples = Self.monotoneSamples(xs, ys)
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0 <= $1 + 1e-9 })
        #expect(samples.max()! <= 10.2 + 1e-12)
    }

    /// A pane of one line mark over values one second apart, drawn at 320×200.
    static func drawLine(_ values: [Double], _ interpolation: LineMark.Interpolation) throws -> (Framebuffer, LiveTickerChart) {
        let series = try makeSeries(values)
        var options = ChartOptions()
        options.showsHeader = false
        options.lineWidth = 3
        let chart = LiveTickerChart(
            series: [ChartSeries(id: "s", source: series)], marks: [LineMark(series: 0, interpolation: interpolation)],
            width: 320, height: 200, options: options)
        let frame = Framebuffer(width: 320, height: 200)
        chart.draw(into: frame)
        return (frame, chart)
    }

    @Test("step-after holds each value until the next point, then steps")
    func stepAfter() throws {
        let (frame, chart) = try Self.drawLine([1, 1, 3, 3, 2], .stepAfter)
        let geometry = try #require(chart.lastGeometry)
        let color = chart.options.theme.seriesColor(0)
        // Halfway between the points at t=1 s (value 1) and t=2 s (value 3): the line is at
        // the row of value 1, not between 1 and 3 as a linear line would be.
        let x = Int(geometry.pixelX(1.5e9))
        let rowOfOne = Int(geometry.pixelY(1))
        let rowOfTwo = Int(geometry.pixelY(2))
        #expect(count(color, in: PixelRect(x: x, y: rowOfOne - 1, width: 1, height: 3), of: frame, tolerance: 40) > 0)
        #expect(count(color, in: PixelRect(x: x, y: rowOfTwo - 2, width: 1, height: 5), of: frame, tolerance: 40) == 0)
        // The vertical step at t=2 s covers the rows between 1 and 3.
        let stepX = Int(geometry.pixelX(2e9))
        #expect(count(color, in: PixelRect(x: stepX - 1, y: rowOfTwo - 1, width: 3, height: 3), of: frame, tolerance: 60) > 0)
    }

    @Test("step-after vertices are (x0,y0) (x1,y0) (x1,y1) …, a gap lifts the pen")
    func stepVertices() throws {
        // Pixel-level check through the drawing: a NaN between two steps leaves its span empty.
        let (frame, chart) = try Self.drawLine([1, 2, .nan, 2, 1], .stepAfter)
        let geometry = try #require(chart.lastGeometry)
        let color = chart.options.theme.seriesColor(0)
        let gapX = Int(geometry.pixelX(2e9))
        #expect(count(color, in: PixelRect(x: gapX - 3, y: 0, width: 7, height: 200), of: frame, tolerance: 40) == 0)
    }

    @Test("a monotone line through a peak draws no pixel above the peak's row")
    func monotoneNoPixelAbovePeak() throws {
        let (frame, chart) = try Self.drawLine([0, 2, 1, 2, 0, 1, 2, 1], .monotone)
        let geometry = try #require(chart.lastGeometry)
        let color = chart.options.theme.seriesColor(0)
        let peakRow = Int(geometry.pixelY(2).rounded(.down))
        let plot = geometry.layout.plot
        // Anti-aliasing reaches half the pen width plus a pixel: nothing beyond that.
        let above = PixelRect(minX: plot.minX, minY: plot.minY, maxX: plot.maxX, maxY: peakRow - 1)
        #expect(count(color, in: above, of: frame, tolerance: 100) == 0)
        #expect(count(color, in: plot, of: frame, tolerance: 40) > 100)
    }

    @Test("a lone point (a reading between gaps, a series of one tick) is a dot a few pixels across, in every interpolation", arguments: LineMark.Interpolation.allCases)
    func loneDots(interpolation: LineMark.Interpolation) throws {
        for (values, lone) in [([1, .nan, 5, .nan, 2, 3], 2), ([4.0], 0)] {
            var options = ChartOptions()
            options.showsHeader = false
            let chart = LiveTickerChart(
                series: [ChartSeries(id: "s", source: try makeSeries(values))], marks: [LineMark(series: 0, interpolation: interpolation)],
                width: 320, height: 200, options: options)
            let frame = Framebuffer(width: 320, height: 200)
            chart.draw(into: frame)
            let geometry = try #require(chart.lastGeometry)
            let x = Int(geometry.pixelX(geometry.x(forTime: 1_709_280_000_000_000_000 + Int64(lone) * 1_000_000_000)).rounded(.down))
            let y = Int(geometry.pixelY(values[lone]).rounded(.down))
            let color = chart.options.theme.seriesColor(0)
            // The default pen (1.5 px) drew a dot of about two pixels; the dot is 5 px across.
            let box = PixelRect(minX: x - 3, minY: y - 3, maxX: x + 4, maxY: y + 4)
            #expect(count(color, in: box, of: frame, tolerance: 60) >= 9, "\(values) \(interpolation)")
            let wide = PixelRect(minX: x - 6, minY: y - 6, maxX: x + 7, maxY: y + 7)
            #expect(count(color, in: wide, of: frame, tolerance: 60) == count(color, in: box, of: frame, tolerance: 60))
        }
    }

    @Test("an area follows its line's steps and curve, not straight segments between the points (a step line's fill cut across its steps)")
    func areaFollowsInterpolation() throws {
        func draw(_ interpolation: LineMark.Interpolation) throws -> (Framebuffer, ChartGeometry) {
            var options = ChartOptions()
            options.showsHeader = false
            let chart = LiveTickerChart(
                series: [ChartSeries(id: "s", source: try makeSeries([100, 105, 101, 108, 103]))],
                marks: [AreaMark(series: 0, interpolation: interpolation), LineMark(series: 0, interpolation: interpolation)],
                width: 320, height: 200, options: options)
            let frame = Framebuffer(width: 320, height: 200)
            chart.draw(into: frame)
            return (frame, try #require(chart.lastGeometry))
        }
        let (linear, geometry) = try draw(.linear)
        let (step, _) = try draw(.stepAfter)
        // Halfway from the first point (100) to the second (105), above the step's 100 and under
        // the straight segment's 102.5: filled under the straight line only.
        let x = Int(geometry.pixelX(geometry.x(forTime: 1_709_280_000_500_000_000)))
        let y = Int(geometry.pixelY(101.5))
        #expect(linear[x, y] != step[x, y])
        #expect(step[x, y] == step[x, Int(geometry.pixelY(104.9))], "above the step: the plot's background")
        // Halfway from 105 to 101: the step holds 105, the segment is at 103; 102 is under both.
        let later = Int(geometry.pixelX(geometry.x(forTime: 1_709_280_001_500_000_000)))
        let under = Int(geometry.pixelY(102))
        #expect(step[later, under] == linear[later, under] && step[later, under] != step[x, y], "under both: the fill")
    }

    @Test("volume bars take their candle's direction colour and grow from the pane's bottom")
    func volumeColours() throws {
        // Candles of 10 s: rising, falling, rising; sizes 1, 3, 2 per tick.
        let series = try LiveSeries(capacity: 256, candleInterval: .seconds(10))
        let start: Int64 = 1_709_280_000_000_000_000
        for i in 0..<30 {
            let candle = i / 10
            let value = candle == 1 ? 100 - Double(i % 10) : 100 + Double(i % 10)
            series.append(Tick(time: start + Int64(i) * 1_000_000_000, value: value, size: [1, 3, 2][candle]))
        }
        var options = ChartOptions()
        options.showsHeader = false
        let chart = LiveTickerChart(
            series: [ChartSeries(id: "v", source: series)],
            panes: [Pane(marks: [VolumeMark(series: 0, alpha: 255)], scale: .includingZero)], width: 300, height: 200,
            options: options)
        let frame = Framebuffer(width: 300, height: 200)
        chart.draw(into: frame)
        let plot = try #require(chart.lastGeometry).layout.plot
        let theme = options.theme
        let up = columns(with: theme.up, in: plot, of: frame)
        let down = columns(with: theme.down, in: plot, of: frame)
        #expect(!up.isEmpty && !down.isEmpty)
        // The falling candle is the middle one of the three slots drawn rightmost.
        #expect(down.min()! > up.min()!)
        #expect(down.max()! < up.max()!)
        // Bars touch the plot's bottom row (the pane includes zero at its edge).
        #expect(count(theme.down, in: PixelRect(x: plot.minX, y: plot.maxY - 1, width: plot.width, height: 1), of: frame) > 0)
        // The tallest bar (volume 30) is the falling one.
        var topDown = plot.maxY
        var topUp = plot.maxY
        for y in plot.minY..<plot.maxY {
            for x in plot.minX..<plot.maxX {
                if frame[x, y] == theme.down.pixel { topDown = min(topDown, y) }
                if frame[x, y] == theme.up.pixel { topUp = min(topUp, y) }
            }
        }
        #expect(topDown < topUp)
    }

    @Test("simple and exponential moving averages of candle closes")
    func movingAverages() throws {
        let series = try LiveSeries(capacity: 256, candleInterval: .ticks(1))
        for (i, close) in [10.0, 20, 30, 40, .nan, 50].enumerated() {
            series.append(Tick(time: Int64(i + 1) * 1_000_000_000, value: close, size: 1))
        }
        let candles = UnsafeMutableBufferPointer<Candle>.allocate(capacity: 16)
        defer { candles.deallocate() }
        let n = series.copyNewestCandles(into: candles)
        let sma = MovingAverageMark.values(of: UnsafeBufferPointer(rebasing: candles[0..<n]), kind: .simple(period: 3))
        #expect(sma.count == 6)
        #expect(sma[0].isNaN && sma[1].isNaN)
        #expect(sma[2] == 20)
        #expect(sma[3] == 30)
        #expect(sma[4].isNaN)  // no finite close: skipped
        #expect(sma[5] == 40)  // mean of 30, 40, 50
        let ema = MovingAverageMark.values(of: UnsafeBufferPointer(rebasing: candles[0..<n]), kind: .exponential(period: 3))
        #expect(ema[0] == 10)
        #expect(ema[1] == 15)  // α = 0.5
        #expect(ema[2] == 22.5)
        #expect(ema[5] == 31.25 + 0.5 * (50 - 31.25))
    }

    @Test("a band shades its value range across the plot, under the data")
    func band() throws {
        let series = try makeSeries((0..<100).map { Double($0 % 10) })
        var options = ChartOptions()
        options.showsHeader = false
        let red = RGBColor(0xFF_00_00)
        let chart = LiveTickerChart(
            series: [ChartSeries(id: "s", source: series)],
            marks: [BandMark(lower: 2, upper: 4, color: red, alpha: 255), LineMark(series: 0)],
            width: 320, height: 200, options: options)
        let frame = Framebuffer(width: 320, height: 200)
        chart.draw(into: frame)
        let geometry = try #require(chart.lastGeometry)
        let plot = geometry.layout.plot
        let middle = Int(geometry.pixelY(3))
        #expect(count(red, in: PixelRect(x: plot.minX, y: middle, width: plot.width, height: 1), of: frame) > plot.width / 2)
        #expect(count(red, in: PixelRect(x: plot.minX, y: Int(geometry.pixelY(6)), width: plot.width, height: 1), of: frame) == 0)
    }
}
