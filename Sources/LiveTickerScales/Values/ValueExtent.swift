/// Running minimum and maximum of the finite values of a series, clamped to ±1e307.
/// Non-finite values (NaN, ±∞) are ignored: they are gaps, and one bad tick must not flatten
/// the whole chart. Use it to feed `ValueDomain` / `NiceScale` from a visible window.
///
/// Value type, no allocation; `include` is O(1).
public struct ValueExtent: Sendable, Equatable {
    @usableFromInline var storedMin: Double = .infinity
    @usableFromInline var storedMax: Double = -.infinity
    @usableFromInline var storedCount: Int = 0

    /// An empty extent. O(1).
    @inlinable
    public init() {}

    /// The extent of the finite values of a sequence (an `UnsafeBufferPointer`, an array, a
    /// slice...). O(n), no allocation (the generic is specialised at the call site).
    @inlinable
    public init<S: Sequence>(of values: S) where S.Element == Double {
        self.init()
        for value in values { include(value) }
    }

    /// Smallest finite value seen (clamped to ±1e307), `+∞` while empty.
    @inlinable public var min: Double { storedMin }
    /// Largest finite value seen (clamped to ±1e307), `-∞` while empty.
    @inlinable public var max: Double { storedMax }
    /// How many finite values were included.
    @inlinable public var count: Int { storedCount }
    /// Whether no finite value has been included.
    @inlinable public var isEmpty: Bool { storedCount == 0 }

    /// Adds one value; NaN and ±∞ are ignored. O(1).
    @inlinable
    public mutating func include(_ value: Double) {
        guard value.isFinite else { return }
        let v = ValueSanitizer.clampForScale(value)
        if v < storedMin { storedMin = v }
        if v > storedMax { storedMax = v }
        storedCount &+= 1
    }

    /// The finite, non-degenerate domain for these values (see `ValueDomain`); the empty
    /// extent gives `ValueDomain.empty`. O(1).
    public var domain: ValueDomain { isEmpty ? ValueDomain.empty : ValueDomain(min: storedMin, max: storedMax) }
}
