import LiveTickerCore
import LiveTickerScales

extension LiveTickerChart {
    /// A one-paragraph text alternative to the last frame drawn, for screen readers, logs and
    /// anyone who cannot see the wall: per series its name, last value, change over what is
    /// held, the range and trend over the visible window, and whether the line has gaps; the
    /// window's start and end in the chart's time zone. Allocates a String (call it on
    /// demand, not per frame). O(series + visible points).
    public func describe() -> String {
        guard frame.hasData else { return "The chart shows no data yet." }
        let zone = options.timeZone
        func when(_ time: Int64) -> String { CalendarLabel.timestamp(time, zone: zone) }
        let decimals = valueDecimals()
        func number(_ value: Double) -> String { Self.headerNumber(value, decimals: decimals).description }
        var parts: [String] = []
        let kind = usesCandleSlots ? "candles" : "a line"
        parts.append(
            "The chart shows \(scratch.count == 1 ? "one series" : "\(scratch.count) series") as \(kind) from \(when(frame.windowStart)) to \(when(frame.windowEnd)) (\(zone.identifier)).")
        for (index, s) in scratch.enumerated() {
            let name = s.titleBytes.isEmpty ? "Series \(index + 1)" : String(decoding: s.titleBytes, as: UTF8.self)
            guard let newest = s.newest else {
                parts.append("\(name) has no ticks.")
                continue
            }
            var sentence = "\(name): last \(number(newest.value)) at \(when(newest.time))"
            if newest.value.isFinite, s.firstValue.isFinite, s.firstValue != 0 {
                let change = newest.value - s.firstValue
                let percent = ValueLabel.fixed(change / abs(s.firstValue) * 100, fractionDigits: 2).description
                sentence += ", \(change >= 0 ? "up" : "down") \(number(abs(change))) (\(change >= 0 ? "+" : "")\(percent)%) since the oldest value held"
            }
            let extent = s.tickExtent
            if !extent.isEmpty {
                sentence += "; in view it ranged from \(number(extent.min)) to \(number(extent.max))"
            }
            // Trend over the window: the first and last finite points the line was drawn through.
            var first = Double.nan
            var last = Double.nan
            var gaps = 0
            let count = s.usesCandidates ? s.candidateCount : s.rawTicks.count
            for i in 0..<count {
                let value = s.usesCandidates ? s.candidates[i].value : s.ticks[s.rawTicks.lowerBound &+ i].value
                if value.isFinite {
                    if first.isNaN { first = value }
                    last = value
                } else {
                    gaps &+= 1
                }
            }
            if first.isFinite, last.isFinite {
                let span = extent.isEmpty ? 0 : extent.max - extent.min
                let move = last - first
                let trend = span == 0 || abs(move) < span * 0.1 ? "flat" : move > 0 ? "rising" : "falling"
                sentence += ", \(trend) over the window"
            }
            sentence += gaps > 0 ? ", with \(gaps) gap\(gaps == 1 ? "" : "s") (missing values)." : "."
            parts.append(sentence)
        }
        return parts.joined(separator: " ")
    }
}
