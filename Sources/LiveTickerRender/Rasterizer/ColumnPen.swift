/// The pen of a column sweep, with its constants splatted into SIMD lanes once per stroke.
@usableFromInline
struct ColumnPen {
    let pixels: UnsafeMutablePointer<UInt32>
    let stride: Int
    let radius: SIMD4<Float>
    let radiusSquared: SIMD4<Float>
    let alpha: UInt32
    let color: UInt32
    /// Whether √ needs its second Newton step: coverage depends on d only for d < r, so the
    /// one-step error (6.6·10⁻⁴ · d) stays below 0.7 of a coverage level while r ≤ 4.
    let refinedRoot: Bool
    /// The colour's blue/red and green bytes in the 16-bit lanes of four pixels (see
    /// `PixelBlend.blendSpan` for the layout); the unused byte's lanes are 0.
    let colorEven: SIMD8<UInt16>
    let colorOdd: SIMD8<UInt16>

    @usableFromInline
    init(_ g: StrokeGeometry) {
        pixels = g.pixels
        stride = g.stride
        let r = Float(g.radius)
        radius = SIMD4(repeating: r)
        radiusSquared = SIMD4(repeating: r * r)
        refinedRoot = r > 4
        alpha = g.alpha
        color = g.color & 0x00FF_FFFF
        let cv = unsafeBitCast(SIMD4<UInt32>(repeating: color), to: SIMD8<UInt16>.self)
        colorEven = cv & 0x00FF
        colorOdd = cv &>> 8
    }

    /// Blends rows `row..<row+4` of `column` given their squared distances to the nearest
    /// capsule; rows at or past `rows` are neither read nor written.
    @inline(__always)
    func blendFour(_ d2: SIMD4<Float>, column: Int, row: Int, rows: Int) {
        let inside = d2 .< radiusSquared
        guard any(inside) else { return }
        // Coverage min(r − d, 1), 0 outside; rounded to 0…255 by the 1.5·2²³ trick (the
        // integer lands in the low mantissa bits), as in the general path.
        let cov = lanesMin(radius - squareRoot(d2, refined: refinedRoot), SIMD4<Float>(repeating: 1))
            .replacing(with: 0, where: .!inside)
        var a = unsafeBitCast(cov * 255 + 12_582_912, to: SIMD4<UInt32>.self) & 0xFF
        if alpha < 255 {
            // round(c · alpha / 255) per lane, exactly as `PixelBlend.multiply`.
            let t = a &* alpha &+ 128
            a = (t &+ (t &>> 8)) &>> 8
        }
        let dst = pixels + (row &* stride &+ column)
        if row &+ 4 <= rows {
            let s = stride
            let d = SIMD4<UInt32>(dst[0], dst[s], dst[s &* 2], dst[s &* 3])
            let out = blend(d, a)
            dst[0] = out[0]
            dst[s] = out[1]
            dst[s &* 2] = out[2]
            dst[s &* 3] = out[3]
        } else {
            var lane = 0
            var p = dst
            while row &+ lane < rows {
                let al = a[lane]
                if al != 0 { p.pointee = PixelBlend.blend(p.pointee, color, alpha: al) }
                p += stride
                lane &+= 1
            }
        }
    }

    /// `PixelBlend.blend` of four pixels, each with its own opacity, in 16-bit lanes.
    @inline(__always)
    func blend(_ d: SIMD4<UInt32>, _ a: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let a16 = unsafeBitCast(a | (a &<< 16), to: SIMD8<UInt16>.self)
        let ia16 = 255 &- a16
        let dv = unsafeBitCast(d, to: SIMD8<UInt16>.self)
        var even = (dv & 0x00FF) &* ia16 &+ colorEven &* a16 &+ 128
        var odd = (dv &>> 8) &* ia16 &+ colorOdd &* a16 &+ 128
        even = (even &+ (even &>> 8)) &>> 8
        odd = (odd &+ (odd &>> 8)) &>> 8
        let merged = unsafeBitCast(even | (odd &<< 8), to: SIMD4<UInt32>.self)
        return merged & 0x00FF_FFFF
    }
}
