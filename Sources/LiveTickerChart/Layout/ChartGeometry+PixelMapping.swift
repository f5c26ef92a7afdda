import LiveTickerScales

extension ChartGeometry {
    /// Maps the points `(xs[k], ys[k])`, `k < count`, to pixels: `pixelXs[k]` is
    /// ``pixelX(_:)`` of `xs[k]` and `pixelYs[k]` ``pixelY(_:)`` of
    /// `ValueSanitizer.clampForScale(ys[k])`, and both are NaN where `xs[k]` is NaN (a gap
    /// marker, whatever its y).
    ///
    /// Four points a step, with the scalar forms' IEEE operations in their order, so every
    /// coordinate has the same bits as one at a time: each point costs two divisions, which
    /// one by one were the bulk of mapping a 1080p frame's four lines (a vector divide takes
    /// four at about the rate of one). A logarithmic value axis maps one at a time.
    /// O(count), no allocation.
    func mapToPixels(
        xs: UnsafePointer<Double>, ys: UnsafePointer<Double>, count: Int, pixelXs: UnsafeMutablePointer<Double>,
        pixelYs: UnsafeMutablePointer<Double>
    ) {
        var k = 0
        if !logarithmic {
            let plot = layout.plot
            let left = SIMD4(repeating: Double(plot.minX))
            let bottom = SIMD4(repeating: Double(plot.maxY))
            let width = SIMD4(repeating: Double(plot.width))
            let height = SIMD4(repeating: Double(plot.height))
            let xLow = SIMD4(repeating: xLower)
            let xSpan = SIMD4(repeating: xUpper - xLower)
            let yLow = SIMD4(repeating: yLower)
            let ySpan = SIMD4(repeating: yUpper - yLower)
            let limit = SIMD4(repeating: ValueSanitizer.limit)
            let nan = SIMD4(repeating: Double.nan)
            let rawXs = UnsafeRawPointer(xs)
            let rawYs = UnsafeRawPointer(ys)
            let outXs = UnsafeMutableRawPointer(pixelXs)
            let outYs = UnsafeMutableRawPointer(pixelYs)
            while k &+ 4 <= count {
                let offset = k &* 8
                let x = rawXs.loadUnaligned(fromByteOffset: offset, as: SIMD4<Double>.self)
                var y = rawYs.loadUnaligned(fromByteOffset: offset, as: SIMD4<Double>.self)
                y.replace(with: limit, where: y .> limit)
                y.replace(with: -limit, where: y .< -limit)
                let gap = x .!= x
                let px = (left + (x - xLow) / xSpan * width).replacing(with: nan, where: gap)
                let py = (bottom - (y - yLow) / ySpan * height).replacing(with: nan, where: gap)
                outXs.storeBytes(of: px, toByteOffset: offset, as: SIMD4<Double>.self)
                outYs.storeBytes(of: py, toByteOffset: offset, as: SIMD4<Double>.self)
                k &+= 4
            }
        }
        while k < count {
            let x = xs[k]
            if x.isNaN {
                pixelXs[k] = .nan
                pixelYs[k] = .nan
            } else {
                pixelXs[k] = pixelX(x)
                pixelYs[k] = pixelY(ValueSanitizer.clampForScale(ys[k]))
            }
            k &+= 1
        }
    }
}
