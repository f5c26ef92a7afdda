extension LTTB {
    /// The reference LTTB over a whole y-only series with x = index, unscaled. Same indices as
    /// ``kernel(_:start:count:points:into:)`` with an ``ImplicitXInput``; returns false when an
    /// area is not finite. O(N), allocates nothing.
    static func fastKernel(
        _ y: UnsafePointer<Double>, count: Int, points: Int, into out: UnsafeMutablePointer<Int>
    ) -> Bool {
        kernel(ImplicitXInput(values: y, yScale: 1), start: 0, count: count, points: points, into: out)
    }
}
