/// A human time-axis step and the label format that fits it.
///
/// The candidates, smallest first: 1, 2, 5, 10, 20, 50, 100, 200, 500 ms (fast telemetry such
/// as a 360 Hz ECG); 1, 2, 5, 10, 15, 30 s; 1, 2, 5, 10, 15, 30 min; 1, 2, 3, 6, 12 h; 1, 2 days;
/// then weeks: 7 days × 1, 2, 5, 10, 20, 50 … up to 70,000 days (the largest that fits an Int64
/// of nanoseconds). Every step up to a day divides a day, so ticks aligned to the epoch are
/// aligned to UTC midnight; week steps are aligned to Mondays.
///
/// Value type; O(1), no allocation.
public struct TimeStep: Sendable, Equatable {
    /// The step length in nanoseconds.
    public let nanoseconds: Int64
    /// How ticks on this step are labelled.
    public let labelFormat: TimeLabelFormat

    /// A step of `nanoseconds` labelled with `labelFormat`. O(1).
    public init(nanoseconds: Int64, labelFormat: TimeLabelFormat) {
        precondition(nanoseconds > 0, "a time step must be positive")
        self.nanoseconds = nanoseconds
        self.labelFormat = labelFormat
    }

    /// Ticks on this step sit at `alignmentOffset + k × nanoseconds` for integer k: 0 (the
    /// epoch, a UTC midnight) for day-dividing steps, Monday 1970-01-05 for week steps.
    public var alignmentOffset: Int64 { nanoseconds % (7 * Self.day) == 0 ? 4 * Self.day : 0 }

    static let millisecond: Int64 = 1_000_000
    static let second: Int64 = 1_000_000_000
    static let minute: Int64 = 60 * second
    static let hour: Int64 = 60 * minute
    static let day: Int64 = 24 * hour

    /// The number of candidate steps.
    public static let candidateCount = 41

    /// Candidate `index` (0 ..< candidateCount), smallest first. O(1).
    public static func candidate(at index: Int) -> TimeStep {
        precondition(index >= 0 && index < candidateCount, "no such time step")
        let ms = millisecond
        let s = second
        let min = minute
        let h = hour
        let d = day
        switch index {
        case 0: return TimeStep(nanoseconds: 1 * ms, labelFormat: .milliseconds)
        case 1: return TimeStep(nanoseconds: 2 * ms, labelFormat: .milliseconds)
        case 2: return TimeStep(nanoseconds: 5 * ms, labelFormat: .milliseconds)
        case 3: return TimeStep(nanoseconds: 10 * ms, labelFormat: .centiseconds)
        case 4: return TimeStep(nanoseconds: 20 * ms, labelFormat: .centiseconds)
        case 5: return TimeStep(nanoseconds: 50 * ms, labelFormat: .centiseconds)
        case 6: return TimeStep(nanoseconds: 100 * ms, labelFormat: .deciseconds)
        case 7: return TimeStep(nanoseconds: 200 * ms, labelFormat: .deciseconds)
        case 8: return TimeStep(nanoseconds: 500 * ms, labelFormat: .deciseconds)
        case 9: return TimeStep(nanoseconds: 1 * s, labelFormat: .seconds)
        case 10: return TimeStep(nanoseconds: 2 * s, labelFormat: .seconds)
        case 11: return TimeStep(nanoseconds: 5 * s, labelFormat: .seconds)
        case 12: return TimeStep(nanoseconds: 10 * s, labelFormat: .seconds)
        case 13: return TimeStep(nanoseconds: 15 * s, labelFormat: .seconds)
        case 14: return TimeStep(nanoseconds: 30 * s, labelFormat: .seconds)
        case 15: return TimeStep(nanoseconds: 1 * min, labelFormat: .minutes)
        case 16: return TimeStep(nanoseconds: 2 * min, labelFormat: .minutes)
        case 17: return TimeStep(nanoseconds: 5 * min, labelFormat: .minutes)
        case 18: return TimeStep(nanoseconds: 10 * min, labelFormat: .minutes)
        case 19: return TimeStep(nanoseconds: 15 * min, labelFormat: .minutes)
        case 20: return TimeStep(nanoseconds: 30 * min, labelFormat: .minutes)
        case 21: return TimeStep(nanoseconds: 1 * h, labelFormat: .minutes)
        case 22: return TimeStep(nanoseconds: 2 * h, labelFormat: .minutes)
        case 23: return TimeStep(nanoseconds: 3 * h, labelFormat: .minutes)
        case 24: return TimeStep(nanoseconds: 6 * h, labelFormat: .minutes)
        case 25: return TimeStep(nanoseconds: 12 * h, labelFormat: .minutes)
        case 26: return TimeStep(nanoseconds: 1 * d, labelFormat: .weekdayDay)
        case 27: return TimeStep(nanoseconds: 2 * d, labelFormat: .weekdayDay)
        default:
            // Weeks × 1, 2, 5 × 10^k: 7, 14, 35, 70, 140, 350 … 70,000 days.
            let k = index - 28
            let mantissa: Int64 = k % 3 == 0 ? 1 : k % 3 == 1 ? 2 : 5
            var weeks = mantissa
            for _ in 0..<(k / 3) { weeks *= 10 }
            return TimeStep(nanoseconds: 7 * weeks * d, labelFormat: weeks < 10 ? .monthDay : .date)
        }
    }
}
