/// ``PixelBlend/blend(_:_:alpha:)`` of one colour and opacity with the last destination and
/// its result remembered: a run over one background colour (a plot's fill, a dashed row across
/// it) costs a compare and a store per pixel instead of the arithmetic. Exact: a blend depends
/// on the destination alone. A plain value kept in a loop's locals.
struct RememberedBlend {
    let color: UInt32
    let alpha: UInt32
    /// The last destination blended, and its result.
    private(set) var seen: UInt32
    private(set) var result: UInt32

    /// Ready to blend `color` (`0x00RRGGBB`) at `alpha` (1…254), remembering `first`. O(1).
    init(color: UInt32, alpha: UInt32, first: UInt32) {
        self.color = color
        self.alpha = alpha
        seen = first
        result = PixelBlend.blend(first, color, alpha: alpha)
    }

    /// The blend over `destination`. O(1).
    @inline(__always)
    mutating func over(_ destination: UInt32) -> UInt32 {
        if destination != seen {
            seen = destination
            result = PixelBlend.blend(destination, color, alpha: alpha)
        }
        return result
    }
}
