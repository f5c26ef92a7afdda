/// Eight ASCII digits at a time in one 64-bit register ("SIMD within a register").
///
/// Timestamps carry 10–19 digits and prices a handful; a byte loop pays a dependent multiply
/// per digit and a mispredicted exit for every change of length. Here one unaligned load finds
/// how many of the next 8 bytes are digits (a bit trick on the high nibbles) and converts them
/// with three multiplies (the digit-pair/quad combining method popularised by simdjson, Lemire
/// et al.).
///
/// Precondition for every caller: 8 bytes are readable at the pointer. The readers' buffers and
/// the scratch buffers carry ``padding`` spare bytes after their last byte for this.
enum SWARDigits {
    /// Spare bytes every parse buffer holds past its end so an 8-byte load never leaves it.
    static let padding = 8

    @inline(__always)
    static func load(_ p: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
    }

    /// How many leading bytes (0…8, lowest address first) of `v` are ASCII digits. A byte is a
    /// digit when its high nibble is 3 and adding 6 keeps it 3; carries out of non-digit bytes
    /// only disturb later bytes, which no longer count.
    @inline(__always)
    static func leadingDigitCount(_ v: UInt64) -> Int {
        let highNibbles = (v & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030
        let plusSix = ((v &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030
        return (highNibbles | plusSix).trailingZeroBitCount >> 3
    }

    /// `Double(v)` for v < 2⁵² (every value of 15 digits or fewer), exactly: the double with
    /// exponent 2⁵² and v as its low mantissa bits is 2⁵² + v, and subtracting 2⁵² is exact.
    /// Why not the conversion instruction: `cvtsi2sd` writes only the low lane of its register
    /// and so waits for that register's last writer, which in the plain-line loop was the
    /// previous line's division: a chain from line to line through the divider. Measured on
    /// the Bench's ingest file, five alternating runs each: the parse alone 39.6 → 43.5 M
    /// lines/s (medians, AMD EPYC Zen 4); into a live series no change (37.3 and 37.1).
    @inline(__always)
    static func exactDouble(_ v: UInt64) -> Double {
        assert(v < 1 << 52, "exactDouble needs v < 2^52")
        return Double(bitPattern: 0x4330_0000_0000_0000 | v) - 4_503_599_627_370_496.0
    }

    /// The value of the first `count` (0…8) bytes of `v`, which must be digits. The digits are
    /// shifted to the top so the emptied low bytes read as leading zeros.
    @inline(__always)
    static func value(_ v: UInt64, count: Int) -> UInt64 {
        var x = v << UInt64(truncatingIfNeeded: 64 &- 8 &* count)
        x = ((x & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) >> 8
        x = ((x & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
        return ((x & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
    }
}
