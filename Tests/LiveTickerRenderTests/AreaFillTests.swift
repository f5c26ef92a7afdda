import LiveTickerRender
import Testing

@Suite("Area fills")
struct AreaFillTests {
    let white = RGBColor(0xFFFFFF)

    @Test("a flat line over a baseline fills exactly the rectangle between them with the blended colour")
    func rectangleArea() {
        let c = GuardedCanvas(width: 40, height: 30)
        // Points span columns 5..<25 (centres 5.5 … 24.5); y from 10 down to baseline 20.
        Rasterizer().fillArea(
            xs: [5, 25], ys: [10, 10], baseline: 20, color: white, alpha: 77, clip: c.clip, into: c.fb)
        let expected = PixelBlend.blend(GuardedCanvas.background, 0xFFFFFF, alpha: 77)
        for y in 0..<30 {
            for x in 0..<40 {
                let inside = x >= 5 && x < 25 && y >= 10 && y < 20
                #expect(c.fb[x, y] == (inside ? expected : GuardedCanvas.background), "pixel \(x),\(y)")
            }
        }
    }

    @Test("the top edge is anti-aliased: half a pixel gives half the alpha")
    func fractionalTop() {
        let c = GuardedCanvas(width: 20, height: 20)
        Rasterizer().fillArea(
            xs: [2, 18], ys: [5.5, 5.5], baseline: 15, color: white, alpha: 200, clip: c.clip, into: c.fb)
        #expect(c.fb[10, 5] == PixelBlend.blend(GuardedCanvas.background, 0xFFFFFF, alpha: 100))
        #expect(c.fb[10, 6] == PixelBlend.blend(GuardedCanvas.background, 0xFFFFFF, alpha: 200))
        #expect(c.fb[10, 4] == GuardedCanvas.background)
        #expect(c.fb[10, 15] == GuardedCanvas.background)
    }

    @Test("a baseline above the line fills upwards")
    func baselineAbove() {
        let c = GuardedCanvas(width: 20, height: 20)
        Rasterizer().fillArea(
            xs: [2, 18], ys: [15, 15], baseline: 4, color: white, alpha: 255, clip: c.clip, into: c.fb)
        #expect(c.fb[10, 4] == 0xFFFFFF && c.fb[10, 14] == 0xFFFFFF)
        #expect(c.fb[10, 3] == GuardedCanvas.background && c.fb[10, 15] == GuardedCanvas.background)
    }

    @Test("a sloped line fills under its interpolated height")
    func slope() {
        let c = GuardedCanvas(width: 40, height: 40)
        Rasterizer().fillArea(
            xs: [0, 40], ys: [0, 40], baseline: 40, color: white, alpha: 255, clip: c.clip, into: c.fb)
        // Column 20 (centre 20.5): the line is at 20.5, so row 20 is half covered, 21 full, 19 empty.
        #expect(c.fb[20, 21] == 0xFFFFFF)
        #expect(c.fb[20, 19] == GuardedCanvas.background)
        #expect(distance(c.fb[20, 20], GuardedCanvas.background) > 100 && c.fb[20, 20] != 0xFFFFFF)
    }

    @Test("NaN gaps leave their columns empty")
    func gaps() {
        let c = GuardedCanvas(width: 60, height: 20)
        Rasterizer().fillArea(
            xs: [2, 20, 30, 40, 58], ys: [5, 5, .nan, 5, 5], baseline: 15, color: white, alpha: 255, clip: c.clip,
            into: c.fb)
        #expect(c.fb[10, 10] == 0xFFFFFF && c.fb[50, 10] == 0xFFFFFF)
        for x in 21..<40 { #expect(c.fb[x, 10] == GuardedCanvas.background, "column \(x)") }
    }

    @Test("every pixel is blended once even where x goes backwards over itself")
    func backwardsUnion() {
        let c = GuardedCanvas(width: 40, height: 20)
        Rasterizer().fillArea(
            xs: [2, 30, 10, 38], ys: [5, 5, 8, 8], baseline: 15, color: white, alpha: 100, clip: c.clip, into: c.fb)
        let once = PixelBlend.blend(GuardedCanvas.background, 0xFFFFFF, alpha: 100)
        for x in 3..<37 { #expect(c.fb[x, 12] == once, "column \(x)") }
    }

    @Test("wide spans cross 64-column words of the sweep correctly")
    func wide() {
        let c = GuardedCanvas(width: 300, height: 10)
        Rasterizer().fillArea(
            xs: [1, 299], ys: [2, 2], baseline: 8, color: white, alpha: 255, clip: c.clip, into: c.fb)
        for x in 1..<299 { #expect(c.fb[x, 5] == 0xFFFFFF, "column \(x)") }
        #expect(c.outsideWrites() == 0)
    }

    @Test(
        "extreme inputs never write outside the clip",
        arguments: [
            ([-1e308, 1e308], [1e308, -1e308]), ([.nan, .nan], [1, 2]), ([-.infinity, 5, .infinity], [3, 3, 3]),
            ([-1e6, 1e6], [-1e6, 1e6]), ([5, 5, 5], [-1e300, 1e300, 3]), ([], []), ([7], [7]),
        ] as [([Double], [Double])])
    func extremes(xs: [Double], ys: [Double]) {
        let c = GuardedCanvas(width: 30, height: 20)
        let r = Rasterizer()
        for b in [-1e308, -5, 0, 10, 19.5, 1e9, .infinity, -.infinity, .nan] {
            r.fillArea(xs: xs, ys: ys, baseline: b, color: white, alpha: 128, clip: c.clip, into: c.fb)
        }
        #expect(c.outsideWrites() == 0)
    }
}
