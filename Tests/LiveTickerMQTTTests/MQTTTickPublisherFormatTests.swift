import LiveTickerTestSupport
import Testing

@testable import LiveTickerMQTT

/// The text a publisher writes for each tick's numbers: what a subscriber parses back.
@Suite struct MQTTTickPublisherFormatTests {
    private func integerText(_ value: Int64) -> String {
        var lines: [UInt8] = [0x41]  // something before, which must stay
        MQTTTickPublisher.appendInteger(value, to: &lines)
        #expect(lines.first == 0x41)
        return String(decoding: lines.dropFirst(), as: UTF8.self)
    }

    private func numberText(_ value: Double) -> String {
        var lines: [UInt8] = []
        MQTTTickPublisher.appendNumber(value, to: &lines)
        return String(decoding: lines, as: UTF8.self)
    }

    @Test func integersAreWrittenAsSwiftWritesThem() {
        var values: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, 1_709_251_200_123, 1_709_251_200_123_000_000, .max, .min, .max - 1, .min + 1]
        var generator = SplitMix64(seed: 19)
        for _ in 0..<2000 {
            // Every length: a random value cut to a random number of bits, either sign.
            let bits = Int64.random(in: 0...63, using: &generator)
            values.append(Int64.random(in: .min ... .max, using: &generator) >> bits)
        }
        for value in values {
            #expect(integerText(value) == String(value), "\(value)")
        }
    }

    @Test func numbersReadBackExactly() {
        let values: [Double] = [
            0, 61130.99, 0.004, 4900, 101.25, -3.5, 1e-7, 123_456_789_012, 9_007_199_254_740_991, 9_007_199_254_740_992,
            1.7e308, -1.7976931348623157e308, .leastNonzeroMagnitude, 2.2250738585072014e-308, .infinity, -.infinity,
        ]
        for value in values {
            let text = numberText(value)
            #expect(Double(text) == value, "\(value) written as \(text)")
        }
        #expect(numberText(4900) == "4900")
        #expect(numberText(-2) == "-2")
        #expect(numberText(-0.0) == "-0")
        #expect(numberText(0.0) == "0")
        #expect(numberText(61130.99) == "61130.99")
        #expect(numberText(9_007_199_254_740_991) == "9007199254740991")
        #expect(numberText(.nan) == "nan")
        #expect(Double(numberText(-0.0))?.sign == .minus)
    }
}
