/// A step of a calendar-aware time axis: a count of one calendar unit (5 minutes, 3 hours,
/// 1 day, 1 week, a quarter = 3 months, 10 years).
///
/// The ladder, smallest first: 1, 2, 5, 10, 20, 50, 100, 200, 500 ms; 1, 2, 5, 10, 15, 30 s;
/// 1, 2, 5, 10, 15, 30 min; 1, 2, 3, 6, 12 h; 1, 2 days; 1, 2 weeks; 1, 2, 3, 6 months;
/// 1, 2, 5, 10, 20, 50, 100, 200, 500 years. Every step below a day divides a day, so its ticks
/// sit on the same local clock times every day.
///
/// Value type; O(1), no allocation.
public struct CalendarStep: Sendable, Hashable {
    /// The calendar unit counted.
    public enum Unit: Int, Sendable, Hashable, Comparable {
        case millisecond, second, minute, hour, day, week, month, year

        public static func < (a: Unit, b: Unit) -> Bool { a.rawValue < b.rawValue }
    }

    /// The unit.
    public let unit: Unit
    /// How many units one step spans (≥ 1).
    public let count: Int

    /// A step of `count` × `unit`. O(1).
    public init(_ count: Int, _ unit: Unit) {
        precondition(count >= 1, "a calendar step counts at least one unit")
        self.unit = unit
        self.count = count
    }

    /// The step's length in nanoseconds (exact below a day; days of 24 h, months of 30.436875
    /// days and years of 365.2425 days otherwise), for choosing a step. O(1).
    public var approximateNanoseconds: Int64 {
        let unitLength: Int64
        switch unit {
        case .millisecond: unitLength = 1_000_000
        case .second: unitLength = 1_000_000_000
        case .minute: unitLength = 60_000_000_000
        case .hour: unitLength = 3_600_000_000_000
        case .day: unitLength = 86_400_000_000_000
        case .week: unitLength = 604_800_000_000_000
        case .month: unitLength = 2_629_746_000_000_000
        case .year: unitLength = 31_556_952_000_000_000
        }
        let (length, overflow) = unitLength.multipliedReportingOverflow(by: Int64(count))
        return overflow ? .max : length
    }

    /// The exact length in ns of a step below a day, else nil. O(1).
    var fixedNanoseconds: Int64? { unit < .day ? approximateNanoseconds : nil }

    /// Number of steps on the ladder.
    public static let ladderCount = 43

    /// Ladder step `index` (0 ..< ladderCount), smallest first. O(1).
    public static func ladder(_ index: Int) -> CalendarStep {
        precondition(index >= 0 && index < ladderCount, "no such calendar step")
        return CalendarStep(table[index].0, table[index].1)
    }

    /// The ladder (made once, on first use; never per frame).
    private static let table: [(Int, Unit)] = [
            (1, .millisecond), (2, .millisecond), (5, .millisecond), (10, .millisecond), (20, .millisecond),
            (50, .millisecond), (100, .millisecond), (200, .millisecond), (500, .millisecond),
            (1, .second), (2, .second), (5, .second), (10, .second), (15, .second), (30, .second),
            (1, .minute), (2, .minute), (5, .minute), (10, .minute), (15, .minute), (30, .minute),
            (1, .hour), (2, .hour), (3, .hour), (6, .hour), (12, .hour),
            (1, .day), (2, .day), (1, .week), (2, .week),
            (1, .month), (2, .month), (3, .month), (6, .month),
            (1, .year), (2, .year), (5, .year), (10, .year), (20, .year), (50, .year), (100, .year), (200, .year),
            (500, .year),
        ]

    /// The smallest ladder step at least `nanoseconds` long (the largest when none is). O(ladder).
    public static func smallest(atLeast nanoseconds: Int64) -> CalendarStep {
        for index in 0..<ladderCount {
            let step = ladder(index)
            if step.approximateNanoseconds >= nanoseconds { return step }
        }
        return ladder(ladderCount - 1)
    }
}
