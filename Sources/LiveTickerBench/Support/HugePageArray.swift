import CLiveTickerKernels
#if canImport(Glibc)
import Glibc
#endif

/// A copy of an f64 array in memory aligned to 2 MB and advised into transparent huge pages
/// (`madvise(MADV_HUGEPAGE)`), as numpy places every array over 4 MB: so our kernels and the
/// Python peers read their input through the same kind of pages. Why it matters: with 4 KB
/// pages the hardware prefetchers stop at every page boundary, and a read pass over 80 MB
/// measured 1.1–1.9 G points/s against 2.7 G in huge pages on the same machine.
final class HugePageArray {
    /// The values (valid for the lifetime of this object).
    let buffer: UnsafeMutableBufferPointer<Double>

    init(_ values: [Double]) {
        // The framebuffers' allocator (`ltk_huge_allocate`): huge pages from 2 MB on.
        guard let raw = ltk_huge_allocate(max(1 << 21, values.count * 8)) else {
            fatalError("out of memory for \(values.count) values")
        }
        let base = raw.bindMemory(to: Double.self, capacity: values.count)
        _ = values.withUnsafeBufferPointer { memcpy(base, $0.baseAddress!, values.count * 8) }
        buffer = UnsafeMutableBufferPointer(start: base, count: values.count)
    }

    /// The values, read-only.
    var values: UnsafeBufferPointer<Double> { UnsafeBufferPointer(buffer) }

    deinit { ltk_huge_free(buffer.baseAddress) }
}
