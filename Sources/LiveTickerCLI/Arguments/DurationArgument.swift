/// Parses the durations the command line accepts: a number and a unit, e.g. `500ms`, `30s`,
/// `1m`, `10m`, `1h`, `1d`, `2w` (also `us`/`µs` and `ns`); a bare number is seconds.
enum DurationArgument {
    /// A limit written as a positive duration or `off`: `.some(nil)` for off, the nanoseconds
    /// for a duration, nil for neither (`--max-ahead`, `max_ahead`).
    static func limitOrOff(_ text: String) -> Int64?? {
        text == "off" ? .some(nil) : nanoseconds(text).flatMap { $0 > 0 ? .some($0) : nil }
    }

    /// Nanoseconds in `text`, or nil when it is not a positive duration that fits in Int64.
    static func nanoseconds(_ text: String) -> Int64? {
        let units: [(suffix: String, nanoseconds: Double)] = [
            ("ns", 1), ("us", 1e3), ("µs", 1e3), ("ms", 1e6), ("s", 1e9), ("m", 60e9), ("min", 60e9),
            ("h", 3600e9), ("d", 86_400e9), ("w", 604_800e9),
        ]
        var best: (number: Substring, scale: Double)?
        for unit in units where text.hasSuffix(unit.suffix) {
            // The longest matching suffix wins ("ms" over "s", "min" over "m").
            let number = text.dropLast(unit.suffix.count)
            if best == nil || number.count < best!.number.count { best = (number, unit.nanoseconds) }
        }
        let (number, scale) = best ?? (Substring(text), 1e9)
        guard let value = Double(number), value.isFinite, value > 0 else { return nil }
        let nanoseconds = (value * scale).rounded()
        guard nanoseconds >= 1, nanoseconds < 9.2e18 else { return nil }
        return Int64(nanoseconds)
    }
}
