import LiveTickerCore

extension CalendarLabel {
    /// An instant as the chart shows it in text: local date and time of day in `zone`, to the
    /// second, e.g. `2024-03-01 09:30:00` (the zone's name is the caller's to add). Allocates a
    /// String; for messages and text alternatives, not per frame.
    public static func timestamp(_ time: Int64, zone: TimeZoneRules) -> String {
        let t = local(time, zone: zone)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(t.year)-\(two(t.month))-\(two(t.day)) \(two(t.hour)):\(two(t.minute)):\(two(t.second))"
    }

    /// The local date of `time` in `zone` as `2024-03-01` (ISO 8601). O(log transitions), no
    /// allocation.
    public static func date(_ time: Int64, zone: TimeZoneRules) -> LabelText {
        TimeLabel.format(local(time, zone: zone), as: .date)
    }
}
