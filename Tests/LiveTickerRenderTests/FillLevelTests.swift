import CLiveTickerKernels
import Testing

@testable import LiveTickerRender

/// The solid fill's C kernel (`ltk_fill_words`, every level this CPU runs) against the Swift
/// loop it replaces for long runs: the same words stored, none outside the run, at every
/// length around the vector widths and every start within a 64-byte line.
@Suite("Pixel fill: every kernel level stores what the Swift loop stores")
struct FillLevelTests {
    static let wide: [Int32] = [1, 2].filter { ltk_level_supported($0) != 0 }

    @Test("a wide level exists on x86-64 (else the C fill is not exercised here)")
    func wideLevelsPresent() {
        #if arch(x86_64)
        #expect(!Self.wide.isEmpty, "no AVX2 on this CPU: the C fill is not exercised here")
        #endif
        #expect(ltk_fill_words(0, nil, 0, 0) == false, "the baseline level leaves the fill to Swift")
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
}
