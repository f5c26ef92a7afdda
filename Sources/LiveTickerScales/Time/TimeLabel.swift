import LiveTickerCore
/// Allocation-free UTC time labels written into `LabelText` (formats in `TimeLabelFormat`).
/// Sub-second digits are truncated, not rounded, so a label never shows the next second.
///
/// O(1), no allocation.
public enum TimeLabel {
    /// The label of an epoch time in nanoseconds (UTC; negative is before 1970). O(1).
    public static func format(epochNanoseconds: Int64, as format: TimeLabelFormat) -> LabelText {
        self.format(UTCDateTime(epochNanoseconds: epochNanoseconds), as: format)
    }

    /// The label of a broken-out UTC date and time (any year, e.g. 0001 or 9999). O(1).
    public static func format(_ time: UTCDateTime, as format: TimeLabelFormat) -> LabelText {
        var text = LabelText()
        switch format {
        case .milliseconds, .centiseconds, .deciseconds, .seconds:
            appendClock(time, seconds: true, into: &text)
            let digits = format == .milliseconds ? 3 : format == .centiseconds ? 2 : format == .deciseconds ? 1 : 0
            if digits > 0 {
                text.append(UInt8(ascii: "."))
                let divisor = integerPowersOfTen[9 - digits]
                text.appendDigits(UInt64(time.nanosecond) / divisor, minimumWidth: digits)
            }
        case .minutes:
            appendClock(time, seconds: false, into: &text)
        case .weekdayDay:
            if time.day == 1 {
                text.append(Self.monthNames[time.month - 1])
            } else {
                text.append(Self.weekdayNames[time.weekday])
            }
            text.append(UInt8(ascii: " "))
            text.appendDigits(UInt64(time.day))
        case .monthDay:
            text.append(Self.monthNames[time.month - 1])
            text.append(UInt8(ascii: " "))
            text.appendDigits(UInt64(time.day))
        case .date:
            text.appendInteger(time.year, minimumWidth: 4)
            text.append(UInt8(ascii: "-"))
            text.appendDigits(UInt64(time.month), minimumWidth: 2)
            text.append(UInt8(ascii: "-"))
            text.appendDigits(UInt64(time.day), minimumWidth: 2)
        }
        return text
    }

    /// `hh:mm` or `hh:mm:ss`.
    private static func appendClock(_ time: UTCDateTime, seconds: Bool, into text: inout LabelText) {
        text.appendDigits(UInt64(time.hour), minimumWidth: 2)
        text.append(UInt8(ascii: ":"))
        text.appendDigits(UInt64(time.minute), minimumWidth: 2)
        if seconds {
            text.append(UInt8(ascii: ":"))
            text.appendDigits(UInt64(time.second), minimumWidth: 2)
        }
    }

    /// Three-letter English weekday names, Sunday first.
    static let weekdayNames: [StaticString] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    /// Three-letter English month names, January first.
    static let monthNames: [StaticString] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
}
