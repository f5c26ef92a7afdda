import LiveTickerTestSupport
import LiveTickerRender
import Testing

@Suite("Plot backdrops")
struct BackdropTests {
    static let background = RGBColor(0x10_1418)
    static let grid = RGBColor(0x2A_3038)
    static let outline = RGBColor(0x70_7880)
    static let area = RGBColor(0x40_A0FF)

    /// The layered reference the one-pass painter must reproduce: background, horizontal grid
    /// lines, vertical grid lines and the outline, each drawn over the last.
    static func layered(_ backdrop: PlotBackdrop, clip: PixelRect, into fb: Framebuffer) {
        fb.fill(clip, color: backdrop.background, clip: clip)
        for y in backdrop.gridRows {
            fb.horizontalLine(y: y, minX: clip.minX, maxX: clip.maxX, color: backdrop.gridColor, clip: clip)
        }
        for x in backdrop.gridColumns {
            fb.verticalLine(x: x, minY: clip.minY, maxY: clip.maxY, color: backdrop.gridColor, clip: clip)
        }
        if let outline = backdrop.outline { fb.strokeRect(clip.intersection(fb.bounds), color: outline, clip: clip) }
    }

    static func backdrop(_ clip: PixelRect, outline: Bool = true) -> PlotBackdrop {
        PlotBackdrop(
            background: background, gridColor: grid,
            gridRows: [clip.minY, clip.minY + 3, clip.minY + 10, clip.maxY - 2, clip.maxY + 4, .min, .max],
            gridColumns: [clip.minX, clip.minX + 5, clip.minX + 17, clip.maxX - 1, clip.minX - 3, .min, .max],
            outline: outline ? Self.outline : nil)
    }

    @Test("without an area it stores exactly the layered background, grid lines and outline", arguments: [true, false])
    func backdropMatchesLayers(outline: Bool) {
        let painted = GuardedCanvas(width: 48, height: 32)
        let layers = GuardedCanvas(width: 48, height: 32)
        let backdrop = Self.backdrop(painted.clip, outline: outline)
        Rasterizer().paint(backdrop, clip: painted.clip, into: painted.fb)
        Self.layered(backdrop, clip: layers.clip, into: layers.fb)
        #expect(painted.snapshot() == layers.snapshot())
        #expect(painted.outsideWrites() == 0)
        // The lines are really there: a grid row, a grid column and the outline.
        #expect(painted.fb[20, painted.clip.minY + 3] == Self.grid.pixel)
        #expect(painted.fb[painted.clip.minX + 5, 20] == Self.grid.pixel)
        #expect(painted.fb[painted.clip.minX, 20] == (outline ? Self.outline.pixel : Self.grid.pixel))
        #expect(painted.fb[30, 20] == Self.background.pixel)
    }

    @Test(
        "with an area it gives the same bytes as the backdrop and then fillArea",
        arguments: [
            ([2, 10, 20, 30, 45], [8, 20.25, 3.5, 28.75, 12]),
            ([1, 12, .nan, 20, 33, 40], [15, 15.5, 0, 6, 6, 27.3]),  // a gap
            ([40, 30, 20, 10, 0], [5, 25, 5, 25, 5]),  // backwards
            ([5, 25, 15, 35], [10, 20, 2, 18]),  // turns back: overlapping columns
            ([-1e308, 1e308], [1e308, -1e308]),
            ([-.infinity, 3, 9, .infinity], [4, 4, 9, 9]),
            ([3, 9, 9, 30], [-1e300, 1e300, 12.5, 12.5]),  // vertical segment
            ([10], [10]),  // one point: no segment, no area
            ([], []),
        ] as [([Double], [Double])])
    func areaMatchesLayers(xs: [Double], ys: [Double]) {
        for baseline in [31.0, 30.4, 16, -4, 1e9, .nan, .infinity] {
            for alpha: UInt8 in [0, 1, 77, 254, 255] {
                let painted = GuardedCanvas(width: 48, height: 32)
                let layers = GuardedCanvas(width: 48, height: 32)
                let backdrop = Self.backdrop(painted.clip)
                Rasterizer().paint(
                    backdrop, areaUnder: xs, ys: ys, baseline: baseline, color: Self.area, alpha: alpha,
                    clip: painted.clip, into: painted.fb)
                Self.layered(backdrop, clip: layers.clip, into: layers.fb)
                Rasterizer().fillArea(
                    xs: xs, ys: ys, baseline: baseline, color: Self.area, alpha: alpha, clip: layers.clip, into: layers.fb)
                #expect(painted.snapshot() == layers.snapshot(), "baseline \(baseline), alpha \(alpha)")
                #expect(painted.outsideWrites() == 0)
            }
        }
    }

    @Test("random polylines over a clip partly outside the buffer match the layered result")
    func randomMatchesLayers() {
        var generator = SplitMix64(seed: 7)
        let rasterizer = Rasterizer()
        for trial in 0..<40 {
            let fb = Framebuffer(width: 90, height: 60, stride: 96)
            let reference = Framebuffer(width: 90, height: 60, stride: 96)
            let clip = PixelRect(minX: trial % 3 == 0 ? -5 : 4, minY: 2, maxX: trial % 2 == 0 ? 120 : 80, maxY: 58)
            let count = Int(generator.next() % 40)
            var xs = [Double]()
            var ys = [Double]()
            var x = Double(generator.next() % 20) - 10
            for _ in 0..<count {
                x += Double(generator.next() % 700) / 100 - (trial % 5 == 0 ? 2 : 0)
                xs.append(x)
                ys.append(generator.next() % 17 == 0 ? .nan : Double(generator.next() % 7000) / 100 - 5)
            }
            let baseline = Double(generator.next() % 7000) / 100
            let backdrop = Self.backdrop(clip, outline: trial % 4 != 0)
            rasterizer.paint(
                backdrop, areaUnder: xs, ys: ys, baseline: baseline, color: Self.area, alpha: 77, clip: clip, into: fb)
            Self.layered(backdrop, clip: clip, into: reference)
            Rasterizer().fillArea(
                xs: xs, ys: ys, baseline: baseline, color: Self.area, alpha: 77, clip: clip, into: reference)
            let same = (0..<(96 * 60)).allSatisfy { fb.pixels[$0] == reference.pixels[$0] }
            let firstDifference = (0..<(96 * 60)).first { fb.pixels[$0] != reference.pixels[$0] }
            #expect(same, "trial \(trial): first difference at \(String(describing: firstDifference.map { ($0 % 96, $0 / 96) })), clip \(clip), baseline \(baseline)")
        }
    }

    @Test(
        "wide plots (several 64-column words, a ragged last word) match the layered result",
        arguments: [333, 320, 257, 64, 65, 63])
    func wideMatchesLayers(width: Int) {
        var generator = SplitMix64(seed: UInt64(width))
        let height = 70
        for trial in 0..<6 {
            let fb = Framebuffer(width: width, height: height, stride: width + 3)
            let reference = Framebuffer(width: width, height: height, stride: width + 3)
            let clip = PixelRect(minX: trial == 0 ? 0 : 2, minY: 1, maxX: width - (trial % 2), maxY: height)
            // A random walk with a flat stretch (whole words inside) and a gap.
            var level = 35.0
            var xs = [Double]()
            var ys = [Double]()
            for i in stride(from: -4.0, through: Double(width) + 4, by: trial < 3 ? 1 : 2.5) {
                level = min(max(level + generator.symmetricUnit() * 9, -10), 80)
                xs.append(i)
                ys.append(i > 100 && i < 180 ? 20 : (Int(i) % 97 == 50 ? .nan : level))
            }
            let backdrop = Self.backdrop(clip, outline: trial != 2)
            Rasterizer().paint(
                backdrop, areaUnder: xs, ys: ys, baseline: Double(height) - 0.5 * Double(trial), color: Self.area,
                alpha: 77, clip: clip, into: fb)
            Self.layered(backdrop, clip: clip, into: reference)
            Rasterizer().fillArea(
                xs: xs, ys: ys, baseline: Double(height) - 0.5 * Double(trial), color: Self.area, alpha: 77,
                clip: clip, into: reference)
            let count = (width + 3) * height
            let firstDifference = (0..<count).first { fb.pixels[$0] != reference.pixels[$0] }
            #expect(firstDifference == nil, "trial \(trial): first difference at \(String(describing: firstDifference.map { ($0 % (width + 3), $0 / (width + 3)) }))")
        }
    }

    @Test(
        "a surround stores the clip's rows beside it as a frame around the plot does, under every scissor",
        arguments: [
            PixelRect(minX: 0, minY: 0, maxX: 64, maxY: 40),  // everything
            PixelRect(minX: 5, minY: 8, maxX: 30, maxY: 20),  // the left side and part of the plot
            PixelRect(minX: 44, minY: 3, maxX: 64, maxY: 38),  // the right side and part of the plot
            PixelRect(minX: 0, minY: 12, maxX: 64, maxY: 13),  // one row across
            PixelRect(minX: 3, minY: 0, maxX: 4, maxY: 40),  // one column of the left side: no plot
            PixelRect(minX: 12, minY: 6, maxX: 40, maxY: 30),  // inside the plot: no side
        ])
    func surroundMatchesFrame(scissor: PixelRect) {
        let clip = PixelRect(minX: 10, minY: 6, maxX: 50, maxY: 34)
        let margin = RGBColor(0x20_2A33)
        let xs: [Double] = [8, 20, 31.5, 44, 55]
        let ys: [Double] = [30, 12.25, 18, 7.5, 26]
        func render(_ surround: Bool) -> [UInt32] {
            let fb = Framebuffer(width: 64, height: 40, stride: 67)
            fb.clear(to: 0x00AB_CDEF)
            fb.scissor = scissor
            var backdrop = Self.backdrop(clip)
            if surround {
                backdrop.surround = PlotSurround(color: margin, minX: 2, maxX: 60)
            } else if !scissor.intersection(clip).isEmpty {
                // The frame a chart fills around its plot in the plot's rows, stored first.
                let rows = PixelRect(minX: 2, minY: clip.minY, maxX: 60, maxY: clip.maxY)
                fb.fill(rows, color: margin, around: clip, clip: rows)
            }
            Rasterizer().paint(
                backdrop, areaUnder: xs, ys: ys, baseline: Double(clip.maxY), color: Self.area, alpha: 77, clip: clip,
                into: fb)
            return Array(UnsafeBufferPointer(start: fb.pixels, count: fb.stride * fb.height))
        }
        let framed = render(false)
        let surrounded = render(true)
        #expect(surrounded == framed)
        // The sides are really stored where the scissor reaches the plot's rows.
        let stored = scissor.intersection(PixelRect(minX: 2, minY: clip.minY, maxX: 60, maxY: clip.maxY))
        let sideStored = !scissor.intersection(clip).isEmpty && stored.minX < clip.minX
        #expect((surrounded[stored.minY * 67 + stored.minX] == margin.pixel) == sideStored)
    }

    @Test("a change in the data changes the picture; the same data gives the same bytes")
    func dataChangesPicture() {
        func render(_ ys: [Double]) -> [UInt32] {
            let c = GuardedCanvas(width: 40, height: 30)
            Rasterizer().paint(
                Self.backdrop(c.clip), areaUnder: [2, 12, 22, 38], ys: ys, baseline: 28, color: Self.area, alpha: 77,
                clip: c.clip, into: c.fb)
            return c.snapshot()
        }
        #expect(render([5, 9, 14, 6]) == render([5, 9, 14, 6]))
        #expect(render([5, 9, 14, 6]) != render([5, 9, 14.5, 6]))
    }

    @Test("two plots side by side stored a few rows at a time in turn give the bytes each pass gives whole")
    func rowPassesInterleaved() {
        var generator = SplitMix64(seed: 11)
        for trial in 0..<30 {
            // Two plots in one row of panels, each with its own rasteriser (a pass lives in
            // its rasteriser's scratch), one of them reaching past the buffer's right edge.
            let left = PixelRect(minX: 3, minY: 4 + trial % 3, maxX: 47, maxY: 50)
            let right = PixelRect(minX: 55, minY: 2, maxX: trial % 2 == 0 ? 130 : 95, maxY: 57 - trial % 4)
            var polylines: [([Double], [Double], Double)] = []
            for clip in [left, right] {
                var xs = [Double]()
                var ys = [Double]()
                var x = Double(clip.minX) - 6 + Double(generator.next() % 8)
                for _ in 0..<Int(generator.next() % 30) {
                    x += Double(generator.next() % 500) / 100 - (trial % 5 == 0 ? 1.5 : 0)
                    xs.append(x)
                    ys.append(generator.next() % 13 == 0 ? .nan : Double(generator.next() % 7000) / 100 - 5)
                }
                polylines.append((xs, ys, Double(generator.next() % 6000) / 100))
            }
            let surrounds = [PlotSurround(color: Self.outline, minX: 0, maxX: 51), PlotSurround(color: Self.grid, minX: 51, maxX: 100)]
            let alpha: UInt8 = trial % 6 == 0 ? 0 : 77
            let whole = Framebuffer(width: 100, height: 60, stride: 104)
            let rows = Framebuffer(width: 100, height: 60, stride: 104)
            whole.clear(to: 0x00AB_CDEF)
            rows.clear(to: 0x00AB_CDEF)
            let passes = [Rasterizer(), Rasterizer()]
            var next = [0, 0]
            var ends = [0, 0]
            for (k, clip) in [left, right].enumerated() {
                var backdrop = Self.backdrop(clip, outline: trial % 4 != 0)
                backdrop.surround = surrounds[k]
                let (xs, ys, baseline) = polylines[k]
                Rasterizer().paint(
                    backdrop, areaUnder: xs, ys: ys, baseline: baseline, color: Self.area, alpha: alpha, clip: clip, into: whole)
                let span = xs.withUnsafeBufferPointer { x in
                    ys.withUnsafeBufferPointer { y in
                        passes[k].beginPlotRows(
                            backdrop, areaUnder: x, ys: y, baseline: baseline, color: Self.area, alpha: alpha, clip: clip,
                            into: rows)
                    }
                }
                #expect(span == clip.minY..<Swift.min(clip.maxY, 60))
                next[k] = span.lowerBound
                ends[k] = span.upperBound
            }
            // In turn, 1 to 4 rows at a time.
            while next[0] < ends[0] || next[1] < ends[1] {
                for k in 0..<2 where next[k] < ends[k] {
                    let end = Swift.min(ends[k], next[k] + 1 + Int(generator.next() % 4))
                    passes[k].paintPlotRows(next[k]..<end)
                    next[k] = end
                }
            }
            let firstDifference = (0..<(104 * 60)).first { whole.pixels[$0] != rows.pixels[$0] }
            #expect(firstDifference == nil, "trial \(trial): first difference at \(String(describing: firstDifference.map { ($0 % 104, $0 / 104) }))")
        }
    }

    @Test("a plot row pass under a scissor that narrows the plot stores paint's bytes at once and leaves no rows")
    func rowPassUnderScissor() {
        let clip = PixelRect(minX: 10, minY: 6, maxX: 50, maxY: 34)
        let xs: [Double] = [8, 20, 31.5, 44, 55]
        let ys: [Double] = [30, 12.25, 18, 7.5, 26]
        var backdrop = Self.backdrop(clip)
        backdrop.surround = PlotSurround(color: Self.outline, minX: 2, maxX: 60)
        func render(rows: Bool) -> ([UInt32], Range<Int>) {
            let fb = Framebuffer(width: 64, height: 40, stride: 67)
            fb.clear(to: 0x00AB_CDEF)
            fb.scissor = PixelRect(minX: 5, minY: 8, maxX: 30, maxY: 20)
            var left = 0..<0
            if rows {
                left = xs.withUnsafeBufferPointer { x in
                    ys.withUnsafeBufferPointer { y in
                        Rasterizer().beginPlotRows(
                            backdrop, areaUnder: x, ys: y, baseline: Double(clip.maxY), color: Self.area, alpha: 77,
                            clip: clip, into: fb)
                    }
                }
            } else {
                Rasterizer().paint(
                    backdrop, areaUnder: xs, ys: ys, baseline: Double(clip.maxY), color: Self.area, alpha: 77, clip: clip,
                    into: fb)
            }
            return (Array(UnsafeBufferPointer(start: fb.pixels, count: fb.stride * fb.height)), left)
        }
        let (painted, _) = render(rows: false)
        let (begun, left) = render(rows: true)
        #expect(left.isEmpty)
        #expect(begun == painted)
        #expect(begun.contains(Self.area.pixel) || begun.contains { $0 != 0x00AB_CDEF })
    }

    @Test("a plot row pass over a clip outside the buffer stores nothing and has no rows")
    func rowPassOutside() {
        let c = GuardedCanvas(width: 20, height: 10)
        let before = c.snapshot()
        let rows = Rasterizer().beginPlotRows(Self.backdrop(c.clip), clip: PixelRect(minX: 30, minY: 2, maxX: 40, maxY: 8), into: c.fb)
        #expect(rows.isEmpty)
        #expect(c.snapshot() == before)
    }
}
