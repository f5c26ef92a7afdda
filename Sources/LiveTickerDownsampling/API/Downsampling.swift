/// Constants shared by every downsampling algorithm in this module.
///
/// Output convention (all algorithms): the output is a sequence of data indices in strictly
/// increasing order, interrupted by ``gapMarker`` wherever non-finite values (NaN, ±∞) separate
/// two kept runs of finite points. A renderer walks the output once (O(M)) and lifts the pen at
/// each marker. No marker is written before the first or after the last kept index.
public enum Downsampling {
    /// Sentinel written into an index buffer between two kept runs of finite points: "lift the pen
    /// here". Never a valid index (indices are ≥ 0).
    public static let gapMarker: Int = -1
}
