/// A time zone: the UTC offsets a place has used and when they changed, read from a TZif file
/// (RFC 9636, `/usr/share/zoneinfo/America/New_York`) or made from a fixed offset or a POSIX
/// rule. Maps instants to local time and local civil times back to instants, daylight saving
/// included, without Foundation (whose static `TimeZone` finds no zones without ICU).
///
/// Instants before the first transition use the file's first standard-time type (as Python's
/// `zoneinfo` does), those after the last one the file's POSIX footer rule (New York's table
/// ends in 2037; the footer `EST5EDT,M3.2.0,M11.1.0` goes on forever), or the last type when
/// there is none. Leap-second records (the `right/` zones) are skipped: like every clock on
/// a POSIX system, epoch seconds here have no leap seconds.
///
/// Value type, `Sendable`; every query is O(log transitions) and allocation-free, so the
/// render loop and the candle producer may call it freely.
public struct TimeZoneRules: Sendable, Hashable {
    /// The name it was made from (`America/New_York`, `UTC`, `UTC+01:00`, or a POSIX rule).
    public let identifier: String
    /// Transition instants (seconds since the epoch, UTC), ascending.
    let transitions: [Int64]
    /// For each transition, the index in `types` in effect from it on.
    let transitionTypes: [UInt8]
    /// The local time types the table uses (at least one).
    let types: [LocalTimeType]
    /// The type before the first transition.
    let typeBeforeFirst: LocalTimeType
    /// What happens after the last transition (or always, for a zone without a table).
    let footer: POSIXTimeZoneRule?

    /// UTC: offset 0 at every instant.
    public static let utc = TimeZoneRules(fixedOffsetSeconds: 0, identifier: "UTC")

    /// A zone that is always `offsetSeconds` east of UTC (no daylight saving): what
    /// `--utc-offset +01:00` means. O(1).
    public init(fixedOffsetSeconds offsetSeconds: Int, identifier: String? = nil) {
        let name = identifier ?? Self.offsetName(offsetSeconds)
        let type = LocalTimeType(utcOffset: Int32(offsetSeconds), isDaylightSaving: false, abbreviation: name)
        self.identifier = name
        transitions = []
        transitionTypes = []
        types = [type]
        typeBeforeFirst = type
        footer = nil
    }

    /// A zone following a POSIX TZ rule for all time (a `TZ=EST5EDT,M3.2.0,M11.1.0` value).
    /// O(length of the rule).
    public init(posixRule text: String) throws(TimeZoneError) {
        let rule = try POSIXTimeZoneRule(parsing: text)
        identifier = text
        transitions = []
        transitionTypes = []
        types = [rule.standard]
        typeBeforeFirst = rule.standard
        footer = rule
    }

    init(
        identifier: String, transitions: [Int64], transitionTypes: [UInt8], types: [LocalTimeType],
        footer: POSIXTimeZoneRule?
    ) {
        self.identifier = identifier
        self.transitions = transitions
        self.transitionTypes = transitionTypes
        self.types = types
        self.typeBeforeFirst = types.first(where: { !$0.isDaylightSaving }) ?? types[Int(transitionTypes.first ?? 0)]
        self.footer = footer
    }

    /// Whether the offset never changes (UTC, `--utc-offset`): callers may skip lookups. O(1).
    public var isFixedOffset: Bool {
        transitions.isEmpty && footer?.daylightSaving == nil
    }

    /// The local time type at `utcSeconds` (seconds since 1970-01-01T00:00:00Z). O(log n).
    public func type(atUTCSeconds utcSeconds: Int64) -> LocalTimeType {
        guard let last = transitions.last else { return footer?.type(atUTCSeconds: utcSeconds) ?? types[0] }
        if utcSeconds < transitions[0] { return typeBeforeFirst }
        if utcSeconds > last, let footer { return footer.type(atUTCSeconds: utcSeconds) }
        // The last transition at or before utcSeconds (binary search).
        var low = 0
        var high = transitions.count  // invariant: transitions[low] <= t < transitions[high]
        while high - low > 1 {
            let mid = (low + high) / 2
            if transitions[mid] <= utcSeconds { low = mid } else { high = mid }
        }
        return types[Int(transitionTypes[low])]
    }

    /// The first instant after `utcSeconds` at which the local time type may change (a table
    /// transition or a footer-rule change), or nil when the offset never changes again.
    /// Between `utcSeconds` and the result the offset is constant. O(log n).
    public func nextTransition(afterUTCSeconds utcSeconds: Int64) -> Int64? {
        if let last = transitions.last, utcSeconds < last {
            var low = 0
            var high = transitions.count - 1  // invariant: transitions[high] > t
            if transitions[0] > utcSeconds { return transitions[0] }
            while high - low > 1 {  // transitions[low] <= t
                let mid = (low + high) / 2
                if transitions[mid] <= utcSeconds { low = mid } else { high = mid }
            }
            return transitions[high]
        }
        guard let rule = footer, rule.daylightSaving != nil else { return nil }
        return rule.nextChange(afterUTCSeconds: utcSeconds)
    }

    /// Seconds east of UTC at `utcSeconds`. O(log n).
    @inlinable
    public func offset(atUTCSeconds utcSeconds: Int64) -> Int {
        Int(type(atUTCSeconds: utcSeconds).utcOffset)
    }

    /// Seconds east of UTC at an instant in nanoseconds since the epoch. O(log n).
    @inlinable
    public func offset(atEpochNanoseconds time: Int64) -> Int {
        offset(atUTCSeconds: time.floorDivided(by: 1_000_000_000))
    }

    /// Local civil time (as seconds since 1970-01-01T00:00:00 *local*) of an instant. O(log n).
    @inlinable
    public func localSeconds(atUTCSeconds utcSeconds: Int64) -> Int64 {
        utcSeconds &+ Int64(offset(atUTCSeconds: utcSeconds))
    }

    /// The instant (UTC seconds) of a local civil time (seconds since 1970-01-01T00:00:00
    /// local). A time that occurs twice (the hour repeated when clocks go back) gives the
    /// first occurrence; a time that never occurs (the hour skipped when clocks go forward)
    /// is read with the offset before the change, so 02:30 on a spring-forward night in New
    /// York is 03:30 EDT. These are Python's `fold=0` rules (PEP 495). O(log n).
    public func utcSeconds(forLocalSeconds local: Int64) -> Int64 {
        // Try the offsets in effect a day either side: the answer uses one of them (no zone
        // changes its offset twice within two days).
        let early = offset(atUTCSeconds: local &- 86_400 &- 3600)
        let late = offset(atUTCSeconds: local &+ 86_400)
        if early == late { return local &- Int64(early) }
        let withEarly = local &- Int64(early)
        let withLate = local &- Int64(late)
        let earlyValid = offset(atUTCSeconds: withEarly) == early
        let lateValid = offset(atUTCSeconds: withLate) == late
        switch (earlyValid, lateValid) {
        case (true, true): return min(withEarly, withLate)  // repeated: the first occurrence
        case (true, false): return withEarly
        case (false, true): return withLate
        case (false, false): return withEarly  // skipped: read with the offset before the change
        }
    }

    /// The instant (ns since the epoch) of a local civil time in ns since 1970-01-01T00:00
    /// local, by ``utcSeconds(forLocalSeconds:)`` (sub-second part kept). O(log n).
    public func epochNanoseconds(forLocalNanoseconds local: Int64) -> Int64 {
        let seconds = local.floorDivided(by: 1_000_000_000)
        let fraction = local &- seconds &* 1_000_000_000
        return utcSeconds(forLocalSeconds: seconds) &* 1_000_000_000 &+ fraction
    }

    /// `UTC`, `UTC+01:00`, `UTC-05:30`.
    static func offsetName(_ seconds: Int) -> String {
        guard seconds != 0 else { return "UTC" }
        let magnitude = abs(seconds)
        let hours = magnitude / 3600
        let minutes = magnitude / 60 % 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "UTC\(seconds < 0 ? "-" : "+")\(two(hours)):\(two(minutes))"
    }
}

extension Int64 {
    /// Floor division (toward −∞) by a positive divisor. O(1).
    @usableFromInline
    func floorDivided(by divisor: Int64) -> Int64 {
        let q = self / divisor
        return self % divisor < 0 ? q &- 1 : q
    }
}
