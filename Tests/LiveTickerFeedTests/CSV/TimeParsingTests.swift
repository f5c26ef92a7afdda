import Testing

@testable import LiveTickerFeed

@Suite("Time parsing")
struct TimeParsingTests {
    func time(_ text: String, unit: TimeUnit = .auto) -> Int64? { TimeParser.parse(text: text, unit: unit) }

    @Test("epoch magnitudes pick s, ms, µs, ns")
    func magnitudes() {
        let s = ns(march1At0930)
        #expect(time("1709285400") == s)
        #expect(time("1709285400123") == s + 123_000_000)
        #expect(time("1709285400123456") == s + 123_456_000)
        #expect(time("1709285400123456789") == s + 123_456_789)
        #expect(time("0") == 0)
        #expect(time("-86400") == -ns(86_400))
    }

    @Test("the documented thresholds are the boundaries")
    func thresholds() {
        #expect(TimeUnit.detect(magnitude: 99_999_999_999) == .seconds)
        #expect(TimeUnit.detect(magnitude: 100_000_000_000) == .milliseconds)
        #expect(TimeUnit.detect(magnitude: 99_999_999_999_999) == .milliseconds)
        #expect(TimeUnit.detect(magnitude: 100_000_000_000_000) == .microseconds)
        #expect(TimeUnit.detect(magnitude: 100_000_000_000_000_000) == .nanoseconds)
        // The hot loop's multiplier (three compares) picks the same unit on both sides of each.
        for boundary: UInt64 in [100_000_000_000, 100_000_000_000_000, 100_000_000_000_000_000] {
            for magnitude in [0, boundary - 1, boundary, boundary + 1, UInt64.max] {
                #expect(
                    TimeUnit.autoNanosecondsPerUnit(magnitude: magnitude)
                        == UInt64(TimeUnit.detect(magnitude: magnitude).nanosecondsPerUnit), "\(magnitude)")
            }
        }
        #expect(time("99999999999") == nil)  // 3170 years of seconds do not fit Int64 ns
        let lowestMilliseconds = time("100000000000")
        #expect(lowestMilliseconds == Int64(100_000_000_000) * 1_000_000, "got \(String(describing: lowestMilliseconds))")
    }

    @Test("a forced unit overrides the magnitude")
    func forcedUnit() {
        #expect(time("5", unit: .milliseconds) == 5_000_000)
        #expect(time("5", unit: .microseconds) == 5_000)
        #expect(time("5", unit: .nanoseconds) == 5)
        #expect(time("1709285400123", unit: .seconds) == nil)
        #expect(TimeUnit(argument: "MS") == .milliseconds)
        #expect(TimeUnit(argument: "µs") == .microseconds)
        #expect(TimeUnit(argument: "fortnights") == nil)
    }

    @Test("fractional epoch values convert exactly to the nanosecond")
    func fractional() {
        #expect(time("0.002778") == 2_778_000)
        #expect(time("1709285400.123456789") == ns(march1At0930) + 123_456_789)
        #expect(time("1709285400.1234567891234") == ns(march1At0930) + 123_456_789)
        #expect(time("1709285400123.5") == ns(march1At0930) + 123_500_000)
        #expect(time("-1.5") == -1_500_000_000)
        #expect(time(".5") == 500_000_000)
        #expect(time("1.7092854e9") == ns(march1At0930))
    }

    @Test("ISO-8601 forms, offsets and fractions")
    func iso() {
        let s = ns(march1At0930)
        #expect(time("2024-03-01T09:30:00Z") == s)
        #expect(time("2024-03-01T09:30:00z") == s)
        #expect(time("2024-03-01 09:30:00") == s)
        #expect(time("2024-03-01T09:30") == s)
        #expect(time("2024-03-01T09:30:00.5Z") == s + 500_000_000)
        #expect(time("2024-03-01T09:30:00.123456789Z") == s + 123_456_789)
        #expect(time("2024-03-01T09:30:00,25") == s + 250_000_000)
        #expect(time("2024-03-01T10:30:00+01:00") == s)
        #expect(time("2024-03-01T04:00:00-05:30") == s)
        #expect(time("2024-03-01T10:30:00+0100") == s)
        #expect(time("2024-03-01T10:30:00+01") == s)
        #expect(time("2024-03-01") == ns(march1At0930 - 9 * 3600 - 30 * 60))
        #expect(time("2010/01/01 00:00:00") == ns(1_262_304_000))
        #expect(time("1970-01-01T00:00:00Z") == 0)
        #expect(time("1969-12-31T23:59:59Z") == -ns(1))
        #expect(time("2024-02-29T00:00:00Z") == ns(1_709_164_800))
    }

    @Test("impossible dates are malformed; dates beyond Int64 ns are out of range")
    func invalidAndOutOfRange() {
        #expect(time("2023-02-29") == nil)
        #expect(time("2024-13-01") == nil)
        #expect(time("2024-03-01T25:00:00") == nil)
        #expect(time("2024-03-01X") == nil)
        #expect(time("0001-01-01T00:00:00Z") == nil)
        #expect(time("9999-12-31T23:59:59Z") == nil)
        #expect(time("2262-04-11T23:47:16.854775807Z") == Int64.max)
        #expect(time("2262-04-11T23:47:16.854775808Z") == nil)
        #expect(time("1677-09-21T00:12:43.145224192Z") == Int64.min)
        #expect(time("99999999999999999999999") == nil)
        #expect(time("") == nil)
        #expect(time("-") == nil)
        #expect(time("12ab") == nil)
    }

    @Test("in a file, a bad time is counted by kind with its line number")
    func inFile() throws {
        let text = """
            time,price
            2024-03-01T09:30:00Z,1
            0001-01-01T00:00:00Z,2
            9999-12-31 00:00:00,3
            2024-02-30T00:00:00Z,4
            "2024-03-01 09:30:01+00:00",5
            ,6

            """
        let p = try parse(text)
        #expect(p.values == [1, 5])
        #expect(p.times == [ns(march1At0930), ns(march1At0930 + 1)])
        #expect(p.report.count(of: .timeOutOfRange) == 2)
        #expect(p.report.count(of: .malformedTime) == 2)
        #expect(p.report.firstBadLines.map(\.line) == [3, 4, 5, 7])
        #expect(p.report.firstBadLines.map(\.kind) == [.timeOutOfRange, .timeOutOfRange, .malformedTime, .malformedTime])
        #expect(p.report.firstBadLines[0].column == "time")
    }

    @Test("Int64 extremes in nanoseconds parse exactly")
    func extremes() {
        #expect(time("9223372036854775807", unit: .nanoseconds) == .max)
        #expect(time("-9223372036854775808", unit: .nanoseconds) == .min)
        #expect(time("9223372036854775808", unit: .nanoseconds) == nil)
    }
}
