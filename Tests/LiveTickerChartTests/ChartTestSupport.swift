import LiveTickerChart
import LiveTickerCore
import LiveTickerRender
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Builds a series from values, one tick per second from a fixed start.
func makeSeries(
    _ values: [Double], start: Int64 = 1_709_280_000_000_000_000, step: Int64 = 1_000_000_000,
    interval: CandleInterval = .seconds(60), capacity: Int = 4096
) throws -> LiveSeries {
    let series = try LiveSeries(capacity: capacity, candleInterval: interval)
    for (i, value) in values.enumerated() {
        series.append(Tick(time: start + Int64(i) * step, value: value, size: 1))
    }
    return series
}

/// Draws `series` once into a fresh framebuffer (stride wider than the width, so writes past a
/// row's end would show in the padding) and returns it with the chart.
func render(
    _ series: [LiveSeries], width: Int = 320, height: Int = 200, options: ChartOptions = ChartOptions()
) -> (Framebuffer, LiveTickerChart) {
    let chart = LiveTickerChart(series: series, width: width, height: height, options: options)
    let framebuffer = Framebuffer(width: width, height: height, stride: width + 7)
    for y in 0..<height {
        for x in width..<(width + 7) { framebuffer.pixels[y * framebuffer.stride + x] = 0xDEAD_BEEF }
    }
    chart.draw(into: framebuffer)
    return (framebuffer, chart)
}

/// Draws `series` as candles with its line drawn over them (the default draws the line under
/// the candles, where a body can hide it), for tests about where the line and the slots are.
func renderLineOverCandles(
    _ series: LiveSeries, width: Int, height: Int, options: ChartOptions
) throws -> (chart: LiveTickerChart, framebuffer: Framebuffer, geometry: ChartGeometry) {
    let chart = LiveTickerChart(
        series: [ChartSeries(id: "0", source: series)], marks: [CandlesMark(series: 0), LineMark(series: 0)],
        width: width, height: height, options: options)
    let framebuffer = Framebuffer(width: width, height: height)
    chart.draw(into: framebuffer)
    let geometry = try #require(chart.lastGeometry)
    return (chart, framebuffer, geometry)
}

/// The visible pixels of a framebuffer, row by row (padding excluded).
func pixels(_ framebuffer: Framebuffer) -> [UInt32] {
    var out: [UInt32] = []
    out.reserveCapacity(framebuffer.width * framebuffer.height)
    for y in 0..<framebuffer.height {
        for x in 0..<framebuffer.width { out.append(framebuffer[x, y]) }
    }
    return out
}

/// Whether the stride padding still holds the guard value everywhere.
func paddingIntact(_ framebuffer: Framebuffer) -> Bool {
    for y in 0..<framebuffer.height {
        for x in framebuffer.width..<framebuffer.stride where framebuffer.pixels[y * framebuffer.stride + x] != 0xDEAD_BEEF {
            return false
        }
    }
    return true
}

/// Counts pixels inside `rect` whose colour is within `tolerance` per channel of `color`.
func count(_ color: RGBColor, in rect: PixelRect, of framebuffer: Framebuffer, tolerance: Int = 0) -> Int {
    var n = 0
    for y in max(0, rect.minY)..<min(framebuffer.height, rect.maxY) {
        for x in max(0, rect.minX)..<min(framebuffer.width, rect.maxX) {
            let p = RGBColor(framebuffer[x, y])
            if abs(Int(p.red) - Int(color.red)) <= tolerance, abs(Int(p.green) - Int(color.green)) <= tolerance,
                abs(Int(p.blue) - Int(color.blue)) <= tolerance
            {
                n += 1
            }
        }
    }
    return n
}

/// Columns of `rect` that contain at least one pixel of exactly `color`.
func columns(with color: RGBColor, in rect: PixelRect, of framebuffer: Framebuffer) -> [Int] {
    var result: [Int] = []
    for x in max(0, rect.minX)..<min(framebuffer.width, rect.maxX) {
        for y in max(0, rect.minY)..<min(framebuffer.height, rect.maxY) where framebuffer[x, y] == color.pixel {
            result.append(x)
            break
        }
    }
    return result
}

/// Writes `framebuffer` as a binary PPM to `path` (for looking at a test's picture while
/// debugging it). Returns whether the file was written.
@discardableResult
func writePPM(_ framebuffer: Framebuffer, to path: String) -> Bool {
    var bytes = Array("P6\n\(framebuffer.width) \(framebuffer.height)\n255\n".utf8)
    for y in 0..<framebuffer.height {
        for x in 0..<framebuffer.width {
            let p = framebuffer[x, y]
            bytes.append(UInt8((p >> 16) & 0xFF))
            bytes.append(UInt8((p >> 8) & 0xFF))
            bytes.append(UInt8(p & 0xFF))
        }
    }
    guard let file = fopen(path, "wb") else { return false }
    defer { fclose(file) }
    return fwrite(bytes, 1, bytes.count, file) == bytes.count
}
