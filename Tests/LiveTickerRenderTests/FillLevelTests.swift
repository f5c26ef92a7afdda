import CLiveTickerKernels
import Testing

@testable import LiveTickerRender

/// The solid fill's C kernel (`ltk_fill_words`, every level this CPU runs) against the Swift
/// loop it replaces for long runs: the same words stored, none outside the run, at every
/// length around the vector widths and every start within a 64-byte line. Likewise the area's
/// row kernel (`ltk_fill_selecting`) against a pixel-by-pixel reading of its bitset.
@Suite("Pixel fill: every kernel level stores what the Swift loop stores")
struct FillLevelTests {
    static let wide: [Int32] = [1, 2].filter { ltk_level_supported($0) != 0 }

    @Test("a wide level exists on x86-64 (else the C fill is not exercised here)")
    func wideLevelsPresent() {
        #if arch(x86_64)
        #expect(!Self.wide.isEmpty, "no AVX2 on this CPU: the C fill is not exercised here")
        #endif
        #expect(ltk_fill_words(0, nil, 0, 0) == false, "the baseline level leaves the fill to Swift")
        #expect(ltk_fill_selecting(0, nil, 0, 0, nil, 0, 0, 0) == false, "the baseline level leaves the row to Swift")
    }

    @Test("every length 0…100 and a long run, at every start offset 0…15: the run filled, its neighbours untouched", arguments: wide)
    func sameWords(level: Int32) {
        let guardWords = 24
        for count in Array(0...100) + [1_920, 7_681] {
            for offset in 0..<16 {
                let total = guardWords + offset + count + guardWords
                var expected = (0..<total).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) }
                var actual = expected
                let value: UInt32 = 0x00AB_CDEF ^ UInt32(count)
                expected.withUnsafeMutableBufferPointer {
                    ($0.baseAddress! + guardWords + offset).update(repeating: value, count: count)
                }
                let stored = actual.withUnsafeMutableBufferPointer {
                    ltk_fill_words(level, $0.baseAddress! + guardWords + offset, value, count)
                }
                #expect(stored, "level \(level) must fill")
                if actual != expected {
                    Issue.record("level \(level), \(count) words at offset \(offset): stores differ")
                    return
                }
            }
        }
    }

    @Test(
        "the area's row kernel: tint where the bit is set, base elsewhere and past the bitset's words, only inside from..<to",
        arguments: wide)
    func selectingRows(level: Int32) {
        var generator = SystemRandomNumberGenerator()
        let base: UInt32 = 0x0010_1418
        let tint: UInt32 = 0x0020_4060
        let guardWords = 24
        for width in [0, 1, 7, 8, 15, 16, 17, 63, 64, 65, 100, 128, 200, 1_814] {
            for wordCount in Set([0, 1, 2, width / 64, width / 64 + 1, width / 64 + 2]) {
                // Word patterns: random, all clear, all set, one bit, and alternating words.
                for pattern in 0..<5 {
                    var bits = (0..<(wordCount + 1)).map { k -> UInt64 in
                        switch pattern {
                        case 0: return generator.next()
                        case 1: return 0
                        case 2: return ~0
                        case 3: return 1 << UInt64(k % 64)
                        default: return k % 2 == 0 ? 0 : ~0
                        }
                    }
                    // A word past `words` with bits set: it must read as clear.
                    bits[wordCount] = ~0
                    let bounds = [(0, width), (min(3, width), width), (0, max(0, width - 5)), (width / 3, width - width / 4), (min(17, width), max(min(17, width), width - 9))]
                    for (from, to) in bounds where from <= to {
                        let total = guardWords + width + guardWords
                        var expected = (0..<total).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) }
                        var actual = expected
                        for c in from..<to {
                            let set = c < wordCount * 64 && bits[c >> 6] & (1 << UInt64(c & 63)) != 0
                            expected[guardWords + c] = set ? tint : base
                        }
                        let stored = actual.withUnsafeMutableBufferPointer { pixels in
                            bits.withUnsafeBufferPointer {
                                ltk_fill_selecting(level, pixels.baseAddress! + guardWords, from, to, $0.baseAddress!, wordCount, base, tint)
                            }
                        }
                        #expect(stored, "level \(level) must store")
                        if actual != expected {
                            let first = zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }!.offset - guardWords
                            Issue.record("level \(level), width \(width), \(wordCount) words, pattern \(pattern), columns \(from)..<\(to): first difference at column \(first)")
                            return
                        }
                    }
                }
            }
        }
    }

    @Test("PixelFill, the renderer's entry, at the active level: the same words as the Swift loop")
    func entryPoint() {
        for count in [0, 1, 31, 32, 33, 1_000] {
            var expected = [UInt32](repeating: 7, count: count + 8)
            var actual = expected
            expected.withUnsafeMutableBufferPointer { ($0.baseAddress! + 4).update(repeating: 0x10_1418, count: count) }
            actual.withUnsafeMutableBufferPointer { PixelFill.fill($0.baseAddress! + 4, with: 0x10_1418, count: count) }
            #expect(actual == expected, "\(count) words")
        }
    }

    @Test("PixelFill.fillSelecting, the area rows' entry, at the active level: the row the bitset says, or nothing at the baseline")
    func selectingEntryPoint() {
        let bits: [UInt64] = [0xF0F0_0000_FFFF_0001, 0x8000_0000_0000_0003]
        let base: UInt32 = 0x0010_1418
        let tint: UInt32 = 0x0020_4060
        var row = [UInt32](repeating: 7, count: 150)
        let stored = row.withUnsafeMutableBufferPointer { pixels in
            bits.withUnsafeBufferPointer {
                PixelFill.fillSelecting(pixels.baseAddress!, from: 5, to: 140, bits: $0.baseAddress!, words: 2, base: base, tint: tint)
            }
        }
        #expect(stored == (ltk_level_active() != 0), "the kernel runs at AVX2 and AVX-512 only")
        guard stored else { return }
        for c in 0..<150 {
            let set = c < 128 && bits[c >> 6] & (1 << UInt64(c & 63)) != 0
            let expected: UInt32 = (5..<140).contains(c) ? (set ? tint : base) : 7
            #expect(row[c] == expected, "column \(c)")
        }
    }
}
