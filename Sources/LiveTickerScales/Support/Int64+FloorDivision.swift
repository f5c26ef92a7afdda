// Floor division for epoch arithmetic: times before 1970 must round toward the past.
extension Int64 {
    /// Floor division and its non-negative remainder (for a positive divisor). O(1).
    @inline(__always)
    func floorDividedWithRemainder(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        var q = self / divisor
        var r = self % divisor
        if r < 0 {
            q -= 1
            r += divisor
        }
        return (q, r)
    }
}
