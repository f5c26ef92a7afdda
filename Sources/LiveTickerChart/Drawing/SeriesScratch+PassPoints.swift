import LiveTickerRender

extension SeriesScratch {
    /// Records whether this frame's kept points' x never turns back (``keptXAscending``):
    /// call once after they are made. O(kept points), no allocation.
    func noteKeptOrder() {
        keptXAscending = Self.xNeverTurnsBack(
            UnsafeBufferPointer(rebasing: pixelXs[0..<keptCount]), UnsafeBufferPointer(rebasing: pixelYs[0..<keptCount]))
    }

    /// Whether the finite points' x never decreases (a time series after downsampling).
    /// O(points).
    static func xNeverTurnsBack(_ xs: UnsafeBufferPointer<Double>, _ ys: UnsafeBufferPointer<Double>) -> Bool {
        var last = -Double.infinity
        for i in 0..<xs.count where xs[i].isFinite && ys[i].isFinite {
            if xs[i] < last { return false }
            last = xs[i]
        }
        return true
    }

    /// The kept points (indices into `pixelXs`/`pixelYs`) that a pass storing only inside the
    /// pixel columns `columns` needs: from the last finite point left of them to the first
    /// right of them, so every segment over them is kept whole and every segment left out lies
    /// entirely beside them. A stroke or area fill over this slice therefore stores, inside
    /// `columns`, what it stores over all the points. All of them when x turns back.
    ///
    /// Why: a partial frame draws each damaged rectangle as its own pass, and walking every
    /// point in each pass was most of a narrow pass's cost. O(log kept points × the longest
    /// run of gap markers) (a point that is not finite is placed at the nearest finite one
    /// before it; a line has one marker per gap), no allocation.
    func keptPoints(reaching columns: ClosedRange<Double>) -> Range<Int> {
        let n = keptCount
        guard keptXAscending, n > 2 else { return 0..<n }
        // The x of point i for the search: a gap (not finite) sits where the pen last was, so
        // the x seen by the search never decreases.
        @inline(__always) func placedX(_ i: Int) -> Double {
            var k = i
            while k >= 0 {
                if pixelXs[k].isFinite && pixelYs[k].isFinite { return pixelXs[k] }
                k &-= 1
            }
            return -.infinity
        }
        // The first point placed at or right of `x` (strictly right with `past`).
        @inline(__always) func firstPlaced(from x: Double, past: Bool) -> Int {
            var low = 0
            var high = n
            while low < high {
                let middle = low &+ (high &- low) / 2
                let placed = placedX(middle)
                if past ? placed > x : placed >= x { high = middle } else { low = middle &+ 1 }
            }
            return low
        }
        // The point before the first one at or right of the columns starts the segment that
        // enters them; the first point right of them ends the segment that leaves them.
        let start = Swift.max(firstPlaced(from: columns.lowerBound, past: false) &- 1, 0)
        let end = Swift.min(firstPlaced(from: columns.upperBound, past: true) &+ 1, n)
        return start..<Swift.max(start, end)
    }

    /// ``keptPoints(reaching:)`` for a pass storing only inside `scissor`, of a pen that
    /// stores up to `reach` px beside its points (a stroke's width is safe; NaN or less than
    /// a pixel counts as one), widened by 2 px of anti-aliasing. None when the scissor is
    /// empty: such a pass stores nothing. O(as that).
    func keptPoints(near scissor: PixelRect, reach: Double) -> Range<Int> {
        guard !scissor.isEmpty else { return 0..<0 }
        let margin = (reach.isNaN ? 1 : Swift.max(reach, 1)) + 2
        return keptPoints(reaching: (Double(scissor.minX) - margin)...(Double(scissor.maxX) + margin))
    }
}
