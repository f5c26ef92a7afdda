import LiveTickerTestSupport
import Testing
@testable import LiveTickerDownsampling

/// The blocked y-only LTTB kernel on its own. The public entry point sends buckets under
/// ``LTTB/fastKernelMinimumBucket`` points to the plain kernel (faster there), so the fast
/// kernel's handling of small buckets is checked here directly: any bucket size must give the
/// plain implementation's indices.
@Suite("LTTB fast kernel")
struct LTTBFastKernelTests {
    @Test("every bucket size, from 1 point up past the threshold, gives the plain indices",
          arguments: [1, 2, 3, 7, 8, 9, 15, 16, 17, 23, 24, 25, 33])
    func anyBucketSize(bucket: Int) {
        for (m, seed) in [(5, 1), (40, 2), (300, 3)] as [(Int, UInt64)] {
            let n = bucket * (m - 2) + 2 + Int(seed % 3)
            let y = randomWalk(n, seed: seed &* 1000 &+ UInt64(bucket))
            var out = [Int](repeating: -1, count: m)
            let ok = y.withUnsafeBufferPointer { values in
                out.withUnsafeMutableBufferPointer { LTTB.fastKernel(values.baseAddress!, count: n, points: m, into: $0.baseAddress!) }
            }
            #expect(ok)
            #expect(out == plainLTTB(y, points: m), "bucket \(bucket), m \(m)")
        }
    }

    @Test("the public entry point picks the same indices on both sides of the threshold")
    func bothSidesOfThreshold() {
        for bucket in [LTTB.fastKernelMinimumBucket - 1, LTTB.fastKernelMinimumBucket] {
            let m = 64
            let n = bucket * (m - 2) + 2
            let y = randomWalk(n, seed: UInt64(bucket))
            #expect(downsample(.lttb, y, points: m) == plainLTTB(y, points: m))
        }
    }
}
