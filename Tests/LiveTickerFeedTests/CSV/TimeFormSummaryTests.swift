import LiveTickerCore
import Testing

@testable import LiveTickerFeed

/// The summary's "read as" line names the time form the first lines showed (it said `epoch …
/// or ISO-8601` for every standard form, a `dd.mm.yyyy` file included), one case per form.
@Suite struct TimeFormSummaryTests {
    static let cases: [(text: String, unit: TimeUnit, says: String)] = [
        ("time,price\n1709285400,1\n", .auto, "times: epoch seconds (by magnitude)"),
        ("time,price\n1709285400.25,1\n", .auto, "times: epoch seconds (by magnitude)"),
        ("time,price\n1709285400123,1\n", .auto, "times: epoch milliseconds (by magnitude)"),
        ("time,price\n1709285400123456,1\n", .auto, "times: epoch microseconds (by magnitude)"),
        ("time,price\n1709285400123456789,1\n", .auto, "times: epoch nanoseconds (by magnitude)"),
        ("time,price\n1709285400123,1\n", .milliseconds, "times: epoch milliseconds"),
        ("ts_ms,price\n1709285400123,1\n", .auto, "times: epoch milliseconds"),
        ("time_s,millivolts\n0.000,-0.245\n", .auto, "times: seconds from 0 (a recording's clock, not dates)"),
        ("time,price\n2024-03-01T09:30:00.123Z,1\n", .auto, "times: ISO-8601 date-time"),
        ("time,price\n2024-03-01 09:30:00+01:00,1\n", .auto, "times: ISO-8601 date-time"),
        ("Date,Close\n2024-03-01,1\n", .auto, "times: ISO-8601 date"),
        ("Zeit;Kurs\n01.03.2024 09:30:07;16.750,00\n", .auto, "times: day.month.year time; decimal comma"),
        ("Datum;Kurs\n1.3.2024;16.750,00\n", .auto, "times: day.month.year; decimal comma"),
        ("Datum;Zeit;Kurs\n01.03.2024;09:30:07;16.750,00\n", .auto, "times: time of day, date day.month.year"),
        ("time,price\n2024.03.01 09:30,1\n", .auto, "times: year.month.day time"),
        ("time,price\n2024/03/01 09:30:00,1\n", .auto, "times: year/month/day time"),
        ("Date,Price\n13/03/2024,1\n", .auto, "times: day/month/year"),
        ("Date,Price\n03/13/2024,1\n", .auto, "times: month/day/year"),
        ("time,price\n20240301T093000,1\n", .auto, "times: compact YYYYMMDD[THHMMSS]"),
        ("time,price\n09:30:00.5,1\n", .auto, "times: time of day"),
        ("{\"T\":1709251200123,\"p\":\"1\"}\n", .auto, "NDJSON: objects: time=T, value=p; times: epoch milliseconds (by magnitude)"),
        ("[{\"time\":\"2024-03-01T09:30:00Z\",\"price\":1}]\n", .auto, "JSON array: objects: time=time, value=price; times: ISO-8601 date-time"),
        ("[[1709251200000,\"1\",\"3\",\"0.5\",\"2\",\"10\"]]\n", .auto, "rows: time=[0], value=[4], size=[5], OHLC bars (open=[1], high=[2], low=[3], close=[4]: one candle per bar, as given); times: epoch milliseconds (by magnitude)"),
        // The line protocol's optional fields the first lines lack are said to be optional.
        ("1709285400,1,2\n", .auto, "no header): time=0, value=1, size=2, symbol=3 if a line has it; times: epoch seconds (by magnitude)"),
        ("1709285400,1\n", .auto, "no header): time=0, value=1, size=2 if a line has it, symbol=3 if a line has it; times:"),
        ("1709285400,1,2,ACME\n", .auto, "no header): time=0, value=1, size=2, symbol=3; times:"),
    ]

    @Test("the read-as line names the time form found", arguments: cases.indices)
    func form(_ index: Int) throws {
        let c = Self.cases[index]
        let description = try Array(c.text.utf8).withUnsafeBytes { raw throws in
            var options = FeedOptions()
            options.timeUnit = c.unit
            let reader = CSVTickReader(memory: raw, options: options)
            var counter = CountingTickSink()
            try reader.read(into: &counter)
            #expect(counter.count == 1, "\(reader.report.summary)")
            return reader.formatDescription
        }
        #expect(description.contains(c.says), "\(c.text): \(description)")
        // `epoch milliseconds (by magnitude)` must not be said of a unit that was given.
        if c.unit != .auto || c.text.hasPrefix("ts_ms") { #expect(!description.contains("by magnitude")) }
        #expect(!description.contains("or ISO-8601"), "\(description)")
    }

    @Test("a --time-format pattern is named as given")
    func pattern() throws {
        let description = try Array("when,price\n01 Mar 2024 09:30 AM,1\n".utf8).withUnsafeBytes { raw throws in
            var options = FeedOptions()
            options.timeFormat = TimePattern("%d %b %Y %I:%M %p")
            let reader = CSVTickReader(memory: raw, options: options)
            var counter = CountingTickSink()
            try reader.read(into: &counter)
            return reader.formatDescription
        }
        #expect(description.contains("times: --time-format %d %b %Y %I:%M %p"), "\(description)")
    }
}
