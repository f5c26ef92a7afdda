/// MQTT topic filter matching (MQTT 3.1.1 §4.7): `+` stands for one level, a final `#` for
/// any number of levels (the parent level included), and wildcards at the first level do not
/// match topics starting with `$`. O(levels); allocates the split levels.
public enum TopicFilter {
    /// Whether a message on `topic` reaches a subscription to `filter`. A `{symbol}` level in
    /// `topic` (a publishing pattern) stands for any name, so it matches whatever the filter has
    /// at that level.
    public static func matches(_ filter: String, topic: String) -> Bool {
        let filterLevels = filter.split(separator: "/", omittingEmptySubsequences: false)
        let topicLevels = topic.split(separator: "/", omittingEmptySubsequences: false)
        if topic.hasPrefix("$") && (filter.hasPrefix("+") || filter.hasPrefix("#")) { return false }
        var i = 0
        while i < filterLevels.count {
            let level = filterLevels[i]
            if level == "#" { return i == filterLevels.count - 1 }
            guard i < topicLevels.count else { return false }
            if level != "+" && topicLevels[i] != "{symbol}" && level != topicLevels[i] { return false }
            i += 1
        }
        return i == topicLevels.count
    }

    /// Why `filter` is no valid subscription (MQTT 3.1.1 §4.7.1), or nil: `#` only as the
    /// whole last level, `+` only as a whole level. A broker refuses such a filter at subscribe
    /// time with a bare "Failure"; said up front, it names what is wrong. O(length).
    public static func problem(in filter: String) -> String? {
        let levels = filter.split(separator: "/", omittingEmptySubsequences: false)
        for (index, level) in levels.enumerated() {
            if level == "#" && index != levels.count - 1 {
                return "'#' must be the topic filter's last level (a/#), not followed by more"
            }
            if level.contains("#") && level != "#" {
                return "'#' may only stand alone as the topic filter's last level (a/#), not in '\(level)'"
            }
            if level.contains("+") && level != "+" {
                return "'+' may only stand alone as a level (a/+/b), not in '\(level)'"
            }
        }
        return nil
    }
}
