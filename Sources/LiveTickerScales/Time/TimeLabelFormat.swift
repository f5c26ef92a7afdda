/// The label formats of a time axis, from the finest: each shows just what its step changes.
public enum TimeLabelFormat: Sendable, Equatable {
    /// `12:34:56.789` (1–5 ms steps).
    case milliseconds
    /// `12:34:56.78` (10–50 ms steps).
    case centiseconds
    /// `12:34:56.5` (100–500 ms steps).
    case deciseconds
    /// `12:34:56` (second steps).
    case seconds
    /// `12:35` (minute and hour steps).
    case minutes
    /// `Mon 30`, or `Dec 1` on the first of a month so month changes show (day steps).
    case weekdayDay
    /// `Nov 30` (week steps: the weekday is always Monday, the month is what changes).
    case monthDay
    /// `2026-11-30` (steps of 70 days and more, where years change).
    case date
}
