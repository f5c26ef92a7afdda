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

    /// Allocates `count` zeroed atomic words aligned to a line group. O(count); allocates.
    static func allocate(count: Int) -> UnsafeMutablePointer<Atomic<UInt64>> {
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: count * MemoryLayout<Atomic<UInt64>>.stride,
            alignment: lineBytes
        )
        let words = raw.bindMemory(to: Atomic<UInt64>.self, capacity: count)
        for i in 0..<count {
            (words + i).initialize(to: Atomic<UInt64>(0))
        }
        return words
    }

    /// Deinitialises and frees words from `allocate(count:)`. Only when no thread uses them.
    static func deallocate(_ words: UnsafeMutablePointer<Atomic<UInt64>>, count: Int) {
        words.deinitialize(count: count)
        UnsafeMutableRawPointer(words).deallocate()
    }
}
