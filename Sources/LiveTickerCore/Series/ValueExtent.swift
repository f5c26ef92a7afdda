/// Lowest and highest finite value of a block of ticks; empty (`+∞`, `−∞`) when the block
/// had no finite value, so folding it into a running min/max changes nothing.
@usableFromInline
struct ValueExtent: Sendable, BitwiseCopyable {
    @usableFromInline var minimum: Double
    @usableFromInline var maximum: Double

    @usableFromInline static let empty = ValueExtent(minimum: .infinity, maximum: -.infinity)

    @inlinable init(minimum: Double, maximum: Double) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Widens the extent to include a finite `value`. O(1).
    @inlinable @inline(__always)
    mutating func include(_ value: Double) {
        if value < minimum { minimum = value }
        if value > maximum { maximum = value }
    }

    /// Widens the extent to include `other`. O(1).
    @inlinable @inline(__always)
    mutating func include(_ other: ValueExtent) {
        if other.minimum < minimum { minimum = other.minimum }
        if other.maximum > maximum { maximum = other.maximum }
    }

    /// True when no finite value was included.
    @inlinable var isEmpty: Bool { minimum > maximum }
}
