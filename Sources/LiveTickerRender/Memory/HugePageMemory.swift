import CLiveTickerKernels

/// Zeroed memory for the renderer's full-screen buffers (framebuffers, the stroke mask) from
/// ``ltk_huge_allocate``: from 2 MB on in transparent huge pages, so a sweep over a frame takes
/// no TLB miss and no prefetcher stop every 4 KB, and a new buffer costs a few page faults, not
/// one per 4 KB.
enum HugePageMemory {
    /// `count` zeroed values; traps when out of memory, naming `what`. O(count).
    static func zeroed<T: BitwiseCopyable & Numeric>(_ count: Int, of what: @autoclosure () -> String) -> UnsafeMutablePointer<T> {
        guard let memory = ltk_huge_allocate(count &* MemoryLayout<T>.stride) else {
            fatalError("out of memory for \(what())")
        }
        let values = memory.bindMemory(to: T.self, capacity: count)
        values.initialize(repeating: 0, count: count)
        return values
    }

    /// Frees memory from ``zeroed(_:of:)``. O(1).
    static func free<T>(_ values: UnsafeMutablePointer<T>) { ltk_huge_free(values) }
}
