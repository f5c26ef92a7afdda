/// Source-over blending of XRGB8888 pixels with exact rounding.
///
/// Each channel becomes `round((src·a + dst·(255 − a)) / 255)`. The division by 255 is the exact
/// rounding identity `x/255 ≈ (t + (t >> 8)) >> 8` with `t = x + 128` (Blinn, "Three wrongs make
/// a right", 1995), valid for every `x ≤ 255·255`. Red and blue share one 32-bit word (SWAR: two
/// 16-bit lanes that cannot carry into each other because every lane stays ≤ 65 535), green
/// gets its own, so a pixel costs two multiplies per colour word and no overflow checks.
public enum PixelBlend {
    /// `color` blended over `dst` with opacity `alpha` (0…255); the top byte of the result is 0.
    /// O(1), no allocation.
    @inlinable @inline(__always)
    public static func blend(_ dst: UInt32, _ color: UInt32, alpha: UInt32) -> UInt32 {
        let a = alpha
        let ia = 255 &- a
        var rb = (color & 0x00FF_00FF) &* a &+ (dst & 0x00FF_00FF) &* ia &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var g = (color & 0x0000_FF00) &* a &+ (dst & 0x0000_FF00) &* ia &+ 0x0000_8000
        g = ((g &+ ((g >> 8) & 0x0000_FF00)) >> 8) & 0x0000_FF00
        return rb | g
    }

    /// `round(a · b / 255)` for `a, b` in 0…255: combines a coverage with a colour's opacity.
    @inlinable @inline(__always)
    public static func multiply(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let t = a &* b &+ 128
        return (t &+ (t >> 8)) >> 8
    }

    /// Blends `color` with one opacity over `count` consecutive pixels starting at `row`.
    /// Alpha 255 stores the colour, alpha 0 does nothing. O(count), no allocation.
    ///
    /// The colour's share `color·a + 128` is computed once; four pixels are blended per step in
    /// 16-bit SIMD lanes, with results identical to `blend`. Spans mostly cross a uniform
    /// background, so the last four-pixel result is remembered: four pixels equal to the last
    /// destination just take its remembered result (a compare and a store instead of the
    /// arithmetic), which is exact.
    @inlinable
    public static func blendSpan(_ row: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32, alpha: UInt32) {
        guard count > 0, alpha != 0 else { return }
        if alpha >= 255 {
            PixelFill.fill(row, with: color & 0x00FF_FFFF, count: count)
            return
        }
        let ia = 255 &- alpha
        var i = 0
        // Four pixels at a time, viewed as eight 16-bit lanes (SSE2 `pmullw`, no widening):
        // `p & 0x00FF` holds blue and red, `p >> 8` green and the unused byte. Each lane gets
        // t = d·(255 − a) + s·a + 128 and the same exact division by 255 as `blend`; the unused
        // byte is cleared.
        let a16 = UInt16(truncatingIfNeeded: alpha)
        let cv = unsafeBitCast(SIMD4<UInt32>(repeating: color & 0x00FF_FFFF), to: SIMD8<UInt16>.self)
        let srcEven = (cv & 0x00FF) &* a16 &+ 128
        let inverse = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: ia))
        // The unused byte's lanes get factor 0 and offset 0, so they come out 0 without a mask.
        let oddLanes = SIMD8<UInt16>(0xFFFF, 0, 0xFFFF, 0, 0xFFFF, 0, 0xFFFF, 0)
        let srcOdd = ((cv &>> 8) &* a16 &+ 128) & oddLanes
        let inverseOdd = inverse & oddLanes
        let raw = UnsafeMutableRawPointer(row)
        // The memo: four equal destination pixels and their blended result.
        var seen = SIMD4<UInt32>(repeating: row[0])
        var result = SIMD4<UInt32>(repeating: blend(row[0], color, alpha: alpha))
        while i &+ 4 <= count {
            // Sixteen at a time while every quarter matches the memo: four compares, four stores.
            let seen16 = SIMD16<UInt32>(
                lowHalf: SIMD8(lowHalf: seen, highHalf: seen), highHalf: SIMD8(lowHalf: seen, highHalf: seen))
            let result16 = SIMD16<UInt32>(
                lowHalf: SIMD8(lowHalf: result, highHalf: result), highHalf: SIMD8(lowHalf: result, highHalf: result))
            while i &+ 16 <= count {
                let p = raw + i &* 4
                let d = p.loadUnaligned(as: SIMD16<UInt32>.self)
                guard all(d .== seen16) else { break }
                p.storeBytes(of: result16, as: SIMD16<UInt32>.self)
                i &+= 16
            }
            guard i &+ 4 <= count else { break }
            let p = raw + i &* 4
            let d4 = p.loadUnaligned(as: SIMD4<UInt32>.self)
            i &+= 4
            if all(d4 .== seen) {
                p.storeBytes(of: result, as: SIMD4<UInt32>.self)
                continue
            }
            let d = unsafeBitCast(d4, to: SIMD8<UInt16>.self)
            var even = (d & 0x00FF) &* inverse &+ srcEven
            var odd = (d &>> 8) &* inverseOdd &+ srcOdd
            even = (even &+ (even &>> 8)) &>> 8
            odd = (odd &+ (odd &>> 8)) &>> 8
            let out = unsafeBitCast(even | (odd &<< 8), to: SIMD4<UInt32>.self)
            p.storeBytes(of: out, as: SIMD4<UInt32>.self)
            // Remember the last pixel: the run after an edge is usually the background again.
            seen = SIMD4(repeating: d4[3])
            result = SIMD4(repeating: out[3])
        }
        let srcRB = (color & 0x00FF_00FF) &* alpha &+ 0x0080_0080
        let srcG = (color & 0x0000_FF00) &* alpha &+ 0x0000_8000
        while i < count {
            let d = row[i]
            var rb = srcRB &+ (d & 0x00FF_00FF) &* ia
            rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
            var g = srcG &+ (d & 0x0000_FF00) &* ia
            g = ((g &+ ((g >> 8) & 0x0000_FF00)) >> 8) & 0x0000_FF00
            row[i] = rb | g
            i &+= 1
        }
    }
}
