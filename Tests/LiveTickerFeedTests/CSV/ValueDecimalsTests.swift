import Foundation
import LiveTickerCore
import LiveTickerTestSupport
import Testing

@testable import LiveTickerFeed

/// The decimals a file writes its values with, for a display to show prices as the file does.
@Suite struct ValueDecimalsTests {
    func decimals(_ text: String) throws -> Int? {
        try Array(text.utf8).withUnsafeBytes { raw throws in
            let reader = CSVTickReader(memory: raw, options: FeedOptions())
            var counter = CountingTickSink()
            try reader.read(into: &counter)
            return reader.valueDecimals
        }
    }

    @Test("Yahoo's float32 noise is not taken for digits: 185.639999 is a 2-decimal price")
    func yahooNoise() throws {
        let yahoo = "Date,Open,High,Low,Close,Adj Close,Volume\n2024-01-02,187.149994,188.440002,183.889999,185.639999,185.403412,82488700\n2024-01-03,184.220001,185.880005,183.429993,184.250000,184.015198,58414500\n2024-01-04,182.149994,183.089996,180.880005,181.910004,181.678177,71983600\n"
        #expect(try decimals(yahoo) == 2)
        // Adj Close is not on cents: charted, it shows more.
        let adjusted = "Date,Open,High,Low,Unadjusted,Close,Volume\n2024-01-02,187.149994,188.440002,183.889999,185.639999,185.403412,82488700\n"
        #expect(try decimals(adjusted) == 4)  // 185.403412 is 185.4034 to float32 precision
    }

    @Test("a value of seven digits keeps them: 99999.99 is a 2-decimal price (it showed 100000.0)")
    func sevenDigits() throws {
        #expect(try decimals("time,price\n1,99990.5\n2,99999.99\n") == 2)
        #expect(ValueDecimals.needed(99999.99) == 2)
        #expect(ValueDecimals.needed(9999.999) == 3)
        #expect(ValueDecimals.needed(0.1 + 0.2) == 1)
        #expect(ValueDecimals.needed(-99999.95) == 2)
        // An export's six printed decimals of a float32: 16.5 printed as 16.500001.
        #expect(ValueDecimals.needed(16.500001) == 1)
        #expect(!ValueDecimals.fits(99999.99, decimals: 1) && ValueDecimals.fits(99999.99, decimals: 2))
    }

    /// Every decimal of at most seven significant digits below 10⁶ gives back the decimals it
    /// is written with (trailing zeros aside); every 2-decimal price below 10⁴ printed as an
    /// export prints a float32 (six decimals) gives back 2 or fewer, as the price itself.
    @Test("seven significant digits are kept, float32 noise is not: 20 000 random values each")
    func randomDecimals() {
        var rng = SplitMix64(seed: 51)
        for _ in 0..<20_000 {
            let decimals = Int(rng.next() % 7)
            let digits = 1 + Int(rng.next() % 7)
            guard digits > decimals else { continue }  // below 10⁶: at most six before the point
            var significand: UInt64 = 1
            for _ in 0..<digits { significand *= 10 }
            let whole = (rng.next() % (significand - significand / 10)) + significand / 10
            let text = String(whole).dropLast(decimals) + (decimals > 0 ? "." + String(whole).suffix(decimals) : "")
            let trimmed = decimals == 0 ? 0 : text.split(separator: ".")[1].reversed().drop(while: { $0 == "0" }).count
            let value = Double(text)!
            #expect(ValueDecimals.needed(value) == trimmed, "\(text)")
            #expect(ValueDecimals.needed(-value) == trimmed, "-\(text)")
        }
        for _ in 0..<20_000 {
            let cents = 1 + rng.next() % 999_999
            let price = Double(cents) / 100
            let printed = Double(String(format: "%.6f", Double(Float(price))))!
            let expected = cents % 100 == 0 ? 0 : cents % 10 == 0 ? 1 : 2
            #expect(ValueDecimals.needed(printed) == expected, "\(price) printed as \(printed)")
        }
    }

    @Test("the most any value needs; trailing zeros and integers")
    func most() throws {
        #expect(try decimals("time,price\n1,1.08120\n2,1.08125\n") == 5)
        #expect(try decimals("time,price\n1,101.2500\n2,101.5\n") == 2)
        #expect(try decimals("time,price\n1,101\n2,102\n") == 0)
        #expect(try decimals("time,price\n1,0.00001633\n") == 8)
        #expect(try decimals("Datum;Zeit;Kurs\n01.03.2024;09:30:07;16.750,00\n01.03.2024;09:30:08;16.751,5\n") == 1)
        #expect(try decimals("time,price\n1,\"1,234.56\"\n") == 2)
    }

    @Test("each symbol keeps its own decimals: a setpoint 72.0 beside a pressure 2.062 (the setpoint showed 74.000)")
    func perSymbol() throws {
        let text = "time,symbol,value\n2024-03-01T09:00:00.000Z,boiler.setpoint,72.0\n2024-03-01T09:00:00.000Z,boiler.temperature,69.96\n2024-03-01T09:00:00.000Z,boiler.pressure,2.062\n2024-03-01T09:00:02.000Z,boiler.setpoint,72.5\n"
        try Array(text.utf8).withUnsafeBytes { raw throws in
            let reader = CSVTickReader(memory: raw, options: FeedOptions())
            var counter = CountingTickSink()
            try reader.read(into: &counter)
            #expect(reader.valueDecimals == 3)
            #expect(reader.valueDecimals(ofSymbol: "boiler.setpoint") == 1)
            #expect(reader.valueDecimals(ofSymbol: "boiler.temperature") == 2)
            #expect(reader.valueDecimals(ofSymbol: "boiler.pressure") == 3)
            // A symbol the first lines did not hold takes the column's.
            #expect(reader.valueDecimals(ofSymbol: "boiler.flow") == 3)
        }
    }

    @Test("nothing said: exponents, no numbers, formats other than CSV")
    func unknown() throws {
        #expect(try decimals("time,price\n1,1.5e3\n") == nil)
        #expect(try decimals("time,price\n1,null\n") == nil)
        #expect(try decimals(#"{"p":"61130.99","q":"1","T":1709251200123}"# + "\n") == nil)
    }
}

