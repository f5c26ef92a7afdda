import LiveTickerCore
import Testing

@testable import LiveTickerFeed

/// Whether a file's values are prices or measurements, from what the file itself says: the
/// chart's header shows a change since the oldest value only for prices by default.
@Suite struct ValueMeaningTests {
    static let cases: [(text: String, measurements: Bool)] = [
        ("time,price,size\n2024-03-01T09:30:00Z,101.25,100\n", false),
        ("Date,Open,High,Low,Close,Adj Close,Volume\n2024-03-01,1,2,0.5,1.5,1.4,10\n", false),
        ("timestamp,bid,ask\n2024-03-01T09:30:00Z,1.0841,1.0843\n", false),
        ("Datum;Schlusskurs\n01.03.2024;17.735,49\n", false),
        ("1709251200123,61130.99,0.004\n", false),  // headerless: unknown, taken as a price
        (#"{"p":"61130.99","q":"0.004","T":1709251200123}"# + "\n", false),
        ("time,symbol,value\n2024-03-01T09:00:00Z,boiler.setpoint,72.0\n", true),
        ("time_s,millivolts\n0.000000,-0.245\n", true),
        ("ts,temp_c\n1709251200,21.5\n", true),
        (#"{"ts":1709251200,"temperature":21.5}"# + "\n", true),
        ("cpu,host=pi usage_idle=96.036 1709251200000000000\n", true),
    ]

    @Test("prices and measurements told apart by the file's own names", arguments: cases.indices)
    func meaning(_ index: Int) throws {
        let c = Self.cases[index]
        let measurements = try Array(c.text.utf8).withUnsafeBytes { raw throws in
            let reader = CSVTickReader(memory: raw, options: FeedOptions())
            var counter = CountingTickSink()
            try reader.read(into: &counter)
            #expect(counter.count >= 1, "\(reader.report.summary)")
            return reader.valuesAreMeasurements
        }
        #expect(measurements == c.measurements, "\(c.text)")
    }
}
