/// A fixed run of bytes allocated once and freed with its owner (decoders' name and copy
/// buffers), so decoding never allocates. Invariant: `bytes` holds `capacity` initialised bytes
/// until `deinit`; only the owning decoder's thread touches them.
final class FixedBytes {
    let bytes: UnsafeMutablePointer<UInt8>
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        bytes = .allocate(capacity: capacity)
        bytes.initialize(repeating: 0, count: capacity)
    }

    deinit { bytes.deallocate() }
}
