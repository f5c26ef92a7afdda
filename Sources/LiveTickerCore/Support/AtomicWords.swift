import CLiveTickerKernels
import Synchronization

/// Allocation of `UInt64` atomics in raw, never-moving memory.
///
/// Why raw memory: `Atomic` is `~Copyable` and must live at a stable address; a class can
/// store one, but Swift gives no control over field layout, so indices written by different
/// threads could share a cache line. Allocating the words here lets the owner place each
/// thread's words on its own line group and keep all slot data in atomics (which is what
/// keeps the ring clean under ThreadSanitizer).
@usableFromInline
enum AtomicWords {
    /// Bytes between words written by different threads. 128, not 64: Intel's adjacent-line
    /// prefetcher pulls cache lines in pairs, so 64-byte padding still ping-pongs.
    @usableFromInline static let lineBytes = 128

    /// Words per padded line group.
    @usableFromInline static let wordsPerLine = lineBytes / MemoryLayout<UInt64>.stride

    /// Bytes from which the words come from ``ltk_zeroed_huge_allocate`` (one 2 MB huge page).
    static let hugeFrom = 2 << 20

    /// Allocates `count` zeroed atomic words aligned to a line group. O(count); allocates.
    ///
    /// From 2 MB on the words come from ``ltk_zeroed_huge_allocate``: in transparent huge
    /// pages (a ring sized to a file of 10⁶ ticks is tens of MB, and faulted in 4 KB at a time
    /// its page faults cost a `replay` to PNG about as much as parsing the file), backed at
    /// once (a kiosk's ring is committed at start, not when a long run first wraps it), and
    /// zeroed by the kernel only.
    static func allocate(count: Int) -> UnsafeMutablePointer<Atomic<UInt64>> {
        let bytes = count * MemoryLayout<Atomic<UInt64>>.stride
        if bytes >= Self.hugeFrom {
            guard let huge = ltk_zeroed_huge_allocate(bytes) else { fatalError("out of memory for \(count) ring words") }
            // Invariant: every byte is zero, and an `Atomic<UInt64>` is its value's eight bytes
            // (no header, nothing to retain), so zero bytes are words holding 0: the same state
            // `initialize(to: Atomic(0))` leaves, without a second pass over the memory.
            return huge.bindMemory(to: Atomic<UInt64>.self, capacity: count)
        }
        // The size alone decides which allocator, so `deallocate` frees with the matching one.
        let raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: lineBytes)
        let words = raw.bindMemory(to: Atomic<UInt64>.self, capacity: count)
        for i in 0..<count {
            (words + i).initialize(to: Atomic<UInt64>(0))
        }
        return words
    }

    /// Deinitialises and frees words from `allocate(count:)`. Only when no thread uses them.
    static func deallocate(_ words: UnsafeMutablePointer<Atomic<UInt64>>, count: Int) {
        words.deinitialize(count: count)
        let bytes = count * MemoryLayout<Atomic<UInt64>>.stride
        if bytes >= Self.hugeFrom {
            ltk_zeroed_huge_free(words, bytes)
        } else {
            UnsafeMutableRawPointer(words).deallocate()
        }
    }
}
