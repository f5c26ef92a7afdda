import LiveTickerCore
import LiveTickerRender

extension LiveTickerChart {
    /// The pixel column (continuous) where `time` is drawn in the last frame, or nil before a
    /// frame with data. The one time → pixel mapping that the lines, candles, crosshair and
    /// labels share, so an app can place its own marks or map a touch back:
    /// - time axes: linear in time over the window;
    /// - candle slots: the slot of the candle holding `time` (the last one starting at or
    ///   before it), at the time's fraction of the candle's interval within the slot (a candle
    ///   of one tick, such as a daily bar, at its slot's centre). A time before the first
    ///   visible candle is nil.
    /// O(visible candles), no allocation.
    public func pixelX(forTime time: Int64) -> Double? {
        guard let geometry = lastGeometry, frame.hasData else { return nil }
        guard usesCandleSlots else { return geometry.pixelX(geometry.x(forTime: time)) }
        guard let s = scratch.first, !s.visibleCandles.isEmpty else { return nil }
        var index = s.visibleCandles.upperBound
        while index > s.visibleCandles.lowerBound, s.candles[index &- 1].startTime > time { index &-= 1 }
        guard index > s.visibleCandles.lowerBound else { return nil }
        let candle = s.candles[index &- 1]
        let width = s.candleWidth
        let fraction = width > 0 ? Self.slotFraction(of: time, in: candle, width: width) : 0.5
        return geometry.pixelX(Double(slot(ofCandle: index &- 1, in: s)) + fraction)
    }

    /// The time drawn at pixel column `x` (continuous) in the last frame: the inverse of
    /// ``pixelX(forTime:)``. Candle slots: the start of the slot's candle plus the pixel's
    /// fraction of its interval (its start for tick-count candles); nil over an empty slot or
    /// before a frame with data. O(1).
    public func time(atPixelX x: Double) -> Int64? {
        guard let geometry = lastGeometry, frame.hasData, x.isFinite else { return nil }
        let dataX = geometry.dataX(atPixel: x)
        guard usesCandleSlots else { return geometry.time(forX: dataX) }
        guard let s = scratch.first, !s.visibleCandles.isEmpty, dataX >= 0, dataX < Double(frame.slotCount) else {
            return nil
        }
        let slot = Int(dataX.rounded(.down))
        let index = s.visibleCandles.lowerBound &+ (slot &- (frame.slotCount &- s.visibleCandles.count))
        guard s.visibleCandles.contains(index) else { return nil }
        let candle = s.candles[index]
        let width = s.candleWidth
        guard width > 0, candle.tickCount > 1 else {
            return candle.startTime
        }
        let fraction = dataX - Double(slot)
        return candle.startTime &+ Int64(min(Double(width &- 1), fraction * Double(width)))
    }

    /// Where in its slot (0 ..< 1) a time inside `candle` sits: its fraction of the candle's
    /// interval; a candle of a single tick (a daily bar, a sparse feed) puts it at the centre,
    /// where the candle itself is drawn. O(1).
    static func slotFraction(of time: Int64, in candle: Candle, width: Int64) -> Double {
        guard candle.tickCount > 1 else { return 0.5 }
        return min(0.999, max(0, Double(time &- candle.startTime) / Double(width)))
    }
}
