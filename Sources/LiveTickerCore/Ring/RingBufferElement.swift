/// A value a `RingBuffer` can hold: encoded as a fixed number of 64-bit words.
///
/// The ring stores every word in an atomic so that a reader racing the writer never performs
/// a data race (ThreadSanitizer-clean) and detects torn slots with a per-slot sequence number
/// instead. Encoding and decoding must be cheap: they run once per item on the hot paths.
///
/// Requirements for conformers:
/// - Plain data (`BitwiseCopyable`): readers copy items into caller buffers by assignment
///   and never run a deinitialiser.
/// - `wordCount` is a constant for the type and at least 1.
/// - `init(ringWords:)` must accept **any** bit pattern without trapping: a slot torn by the
///   writer is decoded first and discarded after its sequence check fails.
public protocol RingBufferElement: Sendable, BitwiseCopyable {
    /// Number of 64-bit words one element occupies. Constant per type.
    static var ringWordCount: Int { get }

    /// Writes the element's `ringWordCount` words through `words`. Called by the producer only.
    func store(into words: RingBufferWordWriter)

    /// Rebuilds an element from its words. Must be total over all bit patterns.
    init(ringWords words: RingBufferWordReader)
}
