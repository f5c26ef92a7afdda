import LiveTickerRender
import Testing

@Suite("Anti-aliased strokes")
struct StrokeTests {
    let white = RGBColor(0xFFFFFF)

    @Test("a horizontal 1 px line on pixel centres lights exactly one row")
    func horizontalCentred() {
        let c = GuardedCanvas(width: 40, height: 20)
        Rasterizer().strokeLine(x0: 5, y0: 10.5, x1: 30, y1: 10.5, width: 1, color: white, clip: c.clip, into: c.fb)
        #expect(c.fb[10, 10] == 0xFFFFFF)
        #expect(c.fb[20, 10] == 0xFFFFFF)
        #expect(c.fb[20, 9] == GuardedCanvas.background)
        #expect(c.fb[20, 11] == GuardedCanvas.background)
        #expect(c.fb[35, 10] == GuardedCanvas.background)
        #expect(c.fb[2, 10] == GuardedCanvas.background)
    }

    @Test("a horizontal line on a pixel edge splits half and half")
    func horizontalOnEdge() {
        let c = GuardedCanvas(width: 40, height: 20)
        Rasterizer().strokeLine(x0: 5, y0: 10, x1: 30, y1: 10, width: 1, color: white, clip: c.clip, into: c.fb)
        let above = c.fb[20, 9]
        let below = c.fb[20, 10]
        #expect(above == below)
        // Half coverage of white over 0x10: (255 + 16) / 2 ≈ 135.
        #expect(abs(channel(above, 2) - 135) <= 1)
        #expect(c.fb[20, 8] == GuardedCanvas.background && c.fb[20, 11] == GuardedCanvas.background)
    }

    @Test("a vertical 1.5 px line has full coverage in its column and partial on both sides")
    func verticalWide() {
        let c = GuardedCanvas(width: 30, height: 40)
        Rasterizer().strokeLine(x0: 12.5, y0: 5, x1: 12.5, y1: 30, width: 1.5, color: white, clip: c.clip, into: c.fb)
        #expect(c.fb[12, 20] == 0xFFFFFF)
        let left = c.fb[11, 20]
        let right = c.fb[13, 20]
        #expect(left == right)
        #expect(distance(left, GuardedCanvas.background) > 40)
        #expect(left != 0xFFFFFF)
        #expect(c.fb[10, 20] == GuardedCanvas.background && c.fb[14, 20] == GuardedCanvas.background)
    }

    @Test("a diagonal lights the diagonal and leaves far pixels alone")
    func diagonal() {
        let c = GuardedCanvas(width: 40, height: 40)
        Rasterizer().strokeLine(x0: 5, y0: 5, x1: 35, y1: 35, width: 1, color: white, clip: c.clip, into: c.fb)
        for k in 6..<34 {
            #expect(distance(c.fb[k, k], GuardedCanvas.background) > 150)
            #expect(c.fb[k, k + 3] == GuardedCanvas.background)
            #expect(c.fb[k + 3, k] == GuardedCanvas.background)
        }
        // Symmetric about the diagonal.
        #expect(c.fb[10, 11] == c.fb[11, 10])
    }

    @Test(
        "huge, infinite and NaN coordinates stay inside the clip and padding stays intact",
        arguments: [
            (-1e6, -1e6, 1e6, 1e6), (-1e308, 5, 1e308, 12), (1.7e308, -1.7e308, -1.7e308, 1.7e308),
            (.nan, 3, 10, 10), (3, 3, .infinity, 10), (-.infinity, -.infinity, .infinity, .infinity),
            (5, 5, 5, 5), (-10, 15, 1e300, 15), (2e9, 2e9, -2e9, -2e9), (1e-320, 1e-320, 5e-324, 30),
        ])
    func extremes(a: (Double, Double, Double, Double)) {
        let c = GuardedCanvas(width: 32, height: 24)
        let r = Rasterizer()
        for w in [1.0, 1.5, 7, 1e9, .nan, .infinity, -3] {
            r.strokeLine(x0: a.0, y0: a.1, x1: a.2, y1: a.3, width: w, color: white, clip: c.clip, into: c.fb)
        }
        #expect(c.outsideWrites() == 0)
    }

    @Test("the ±1e6 diagonal is drawn through the canvas")
    func hugeDiagonalVisible() {
        let c = GuardedCanvas(width: 32, height: 32)
        Rasterizer().strokeLine(x0: -1e6, y0: -1e6, x1: 1e6, y1: 1e6, width: 1, color: white, clip: c.clip, into: c.fb)
        #expect(distance(c.fb[15, 15], GuardedCanvas.background) > 150)
        #expect(c.fb[15, 20] == GuardedCanvas.background)
        #expect(c.outsideWrites() == 0)
    }

    @Test("polyline joints are never darker than the straight part")
    func joinsNotOverdrawn() {
        let c = GuardedCanvas(width: 80, height: 60)
        // A zig-zag with sharp and shallow joints, half-transparent so double blending would show.
        let xs: [Double] = [5, 20, 30, 45, 50, 70, 72]
        let ys: [Double] = [30, 10, 50, 20, 40, 38, 5]
        Rasterizer().strokePolyline(xs: xs, ys: ys, width: 1.5, color: white, alpha: 128, clip: c.clip, into: c.fb)
        // Straight-part alpha: a pixel centred on the first segment's interior.
        var maxChannel = 0
        for y in 0..<60 { for x in 0..<80 { maxChannel = max(maxChannel, channel(c.fb[x, y], 2)) } }
        let single = channel(PixelBlend.blend(GuardedCanvas.background, 0xFFFFFF, alpha: 128), 2)
        #expect(maxChannel <= single + 1)
        #expect(maxChannel >= single - 1)
    }

    @Test("NaN splits a polyline: nothing is drawn between the pieces")
    func nanGap() {
        let c = GuardedCanvas(width: 80, height: 20)
        let xs: [Double] = [2, 20, .nan, 60, 78]
        let ys: [Double] = [10.5, 10.5, 10.5, 10.5, 10.5]
        Rasterizer().strokePolyline(xs: xs, ys: ys, width: 1.5, color: white, clip: c.clip, into: c.fb)
        #expect(c.fb[10, 10] == 0xFFFFFF)
        #expect(c.fb[70, 10] == 0xFFFFFF)
        for x in 23..<58 { #expect(c.fb[x, 10] == GuardedCanvas.background) }
    }

    @Test("a lone point between gaps is a dot; an all-NaN or empty polyline draws nothing")
    func dotsAndEmpty() {
        let c = GuardedCanvas(width: 20, height: 20)
        let r = Rasterizer()
        r.strokePolyline(xs: [], ys: [], width: 2, color: white, clip: c.clip, into: c.fb)
        r.strokePolyline(xs: [.nan, .nan], ys: [1, 2], width: 2, color: white, clip: c.clip, into: c.fb)
        #expect(c.changedPixels() == 0)
        r.strokePolyline(xs: [.nan, 10.5, .nan], ys: [0, 10.5, 0], width: 2, color: white, clip: c.clip, into: c.fb)
        #expect(c.fb[10, 10] == 0xFFFFFF)
        #expect(c.changedPixels() <= 16)
    }

    @Test("clipping to an inner rectangle leaves the rest untouched")
    func innerClip() {
        let c = GuardedCanvas(width: 40, height: 40)
        let inner = PixelRect(minX: 10, minY: 10, maxX: 30, maxY: 30)
        Rasterizer().strokeLine(x0: 0, y0: 20, x1: 40, y1: 20, width: 5, color: white, clip: inner, into: c.fb)
        #expect(c.fb[9, 20] == GuardedCanvas.background)
        #expect(c.fb[30, 20] == GuardedCanvas.background)
        #expect(c.fb[10, 20] == 0xFFFFFF && c.fb[29, 20] == 0xFFFFFF)
    }

    @Test("the same drawing twice gives identical bytes; Float and Double agree within rounding")
    func deterministic() {
        var xs: [Double] = []
        var ys: [Double] = []
        var v = 50.0
        for i in 0..<200 {
            xs.append(Double(i) * 0.7 + 3)
            v += Double((i * 7919) % 13) - 6
            ys.append(i % 37 == 0 ? .nan : v)
        }
        func draw(_ useFloat: Bool) -> [UInt32] {
            let c = GuardedCanvas(width: 150, height: 120)
            let r = Rasterizer()
            for _ in 0..<2 {
                if useFloat {
                    let fx = xs.map(Float.init)
                    let fy = ys.map(Float.init)
                    fx.withUnsafeBufferPointer { x in
                        fy.withUnsafeBufferPointer { y in
                            r.strokePolyline(
                                xs: x, ys: y, width: 1.5, color: RGBColor(0x3399FF), alpha: 200, clip: c.clip,
                                into: c.fb)
                        }
                    }
                } else {
                    r.strokePolyline(
                        xs: xs, ys: ys, width: 1.5, color: RGBColor(0x3399FF), alpha: 200, clip: c.clip, into: c.fb)
                }
            }
            #expect(c.outsideWrites() == 0)
            return c.snapshot()
        }
        let a = draw(false)
        let b = draw(false)
        let f = draw(true)
        #expect(a.count == b.count)
        #expect(zip(a, b).filter { $0 != $1 }.count == 0)
        #expect(a.contains { $0 != GuardedCanvas.background && $0 != GuardedCanvas.padding })
        // Float rounding of the inputs may move coverage by a level or two, never more.
        #expect(zip(a, f).map { distance($0, $1) }.max()! <= 3)
    }
}
