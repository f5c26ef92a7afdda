import LiveTickerCore
import LiveTickerScales

extension LiveTickerChart {
    /// A one-paragraph text alternative to the last frame drawn, for screen readers, logs and
    /// anyone who cannot see the wall: per series its name, last value, change over what is
    /// held, the range and trend over the visible window, the longest gap in time (a weekend, a
    /// silent feed) and missing values; the
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
            // The trend below reads every candidate, also those of candles whose line was copied.
            completeCandidates(of: index)
            let name = s.titleBytes.isEmpty ? "Series \(index + 1)" : String(decoding: s.titleBytes, as: UTF8.self)
            guard let newest = s.newest else {
                parts.append("\(name) has no ticks.")
                continue
            }
            guard !newest.value.isNaN else {
                parts.append("\(name) has only gaps so far, the newest at \(when(newest.time)).")
                continue
            }
            var sentence =
                s.newestIsGap
                ? "\(name): last \(number(newest.value)), then no value at \(when(newest.time))"
                : "\(name): last \(number(newest.value)) at \(when(newest.time))"
            if newest.value.isFinite, s.firstValue.isFinite, s.firstValue != 0 {
                let change = newest.value - s.firstValue
                let percent = Self.signedPercent(change / abs(s.firstValue) * 100).description
                sentence += ", \(change >= 0 ? "up" : "down") \(number(abs(change))) (\(percent)%) since the oldest value held"
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
            // Gaps in time (a weekend, a feed that went quiet): intervals between neighbouring
            // points longer than a twentieth of their span and ten times their mean spacing.
            func time(_ i: Int) -> Int64 { s.usesCandidates ? s.candidates[i].time : s.ticks[s.rawTicks.lowerBound &+ i].time }
            var timeGaps = 0
            var longest: (from: Int64, to: Int64) = (0, 0)
            // Times that run backwards (a live feed sent newest first) have no gaps to speak of:
            // every step back read as one, "from 1970 to 1970".
            if count > 2, time(count &- 1) > time(0) {
                let span = Double(time(count &- 1)) - Double(time(0))
                let threshold = max(span / 20, 10 * span / Double(count &- 1))
                for i in 1..<count where Double(time(i)) - Double(time(i &- 1)) > threshold {
                    timeGaps &+= 1
                    if time(i) &- time(i &- 1) > longest.to &- longest.from { longest = (time(i &- 1), time(i)) }
                }
            }
            if first.isFinite, last.isFinite {
                let span = extent.isEmpty ? 0 : extent.max - extent.min
                let move = last - first
                let trend = span == 0 || abs(move) < span * 0.1 ? "flat" : move > 0 ? "rising" : "falling"
                sentence += ", \(trend) over the window"
            }
            if timeGaps > 0 {
                sentence += ", no data from \(when(longest.from)) to \(when(longest.to))"
                if timeGaps > 1 { sentence += " (the longest of \(timeGaps) gaps in time)" }
            }
            sentence += gaps > 0 ? ", with \(gaps) gap\(gaps == 1 ? "" : "s") (missing values)." : "."
            parts.append(sentence)
        }
        return parts.joined(separator: " ")
    }
}
