/// Growable point buffers a mark builds its polyline in. Grown only when a frame needs more
/// than any frame before (the first frames), then reused: steady-state frames allocate nothing.
///
/// Invariant: `xs` and `ys` always have the same capacity, freed in `deinit`.
final class PolylineScratch {
    private(set) var xs: UnsafeMutableBufferPointer<Double>
    private(set) var ys: UnsafeMutableBufferPointer<Double>
    var count = 0

    init(capacity: Int = 0) {
        xs = .allocate(capacity: max(16, capacity))
        ys = .allocate(capacity: max(16, capacity))
    }

    deinit {
        xs.deallocate()
        ys.deallocate()
    }

    /// Makes room for at least `capacity` points (keeping none). O(capacity) when it grows.
    func reserve(_ capacity: Int) {
        count = 0
        guard capacity > xs.count else { return }
        xs.deallocate()
        ys.deallocate()
        let size = max(capacity, xs.count * 2)
        xs = .allocate(capacity: size)
        ys = .allocate(capacity: size)
    }

    /// Appends a point; the caller reserved room. O(1).
    @inline(__always)
    func append(_ x: Double, _ y: Double) {
        xs[count] = x
        ys[count] = y
        count &+= 1
    }

    var pointsX: UnsafeBufferPointer<Double> { UnsafeBufferPointer(rebasing: xs[0..<count]) }
    var pointsY: UnsafeBufferPointer<Double> { UnsafeBufferPointer(rebasing: ys[0..<count]) }
}
