import LiveTickerTestSupport
import Testing

@testable import LiveTickerScales

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// C's printf as the oracle for correctly rounded fixed and scientific output (tests only).
private func printf(_ format: String, _ args: CVarArg...) -> String {
    var buffer = [CChar](repeating: 0, count: 512)
    _ = withVaList(args) { vsnprintf(&buffer, buffer.count, format, $0) }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// printf's `%.*e`, reshaped to the label form: no `+`, no exponent padding, zeros trimmed.
private func printfScientific(_ value: Double, digits: Int) -> String {
    let s = printf("%.*e", Int32(digits - 1), value)
    let parts = s.split(separator: "e")
    var mantissa = String(parts[0])
    if mantissa.contains(".") {
        while mantissa.hasSuffix("0") { mantissa.removeLast() }
        if mantissa.hasSuffix(".") { mantissa.removeLast() }
    }
    let exponent = Int(parts[1])!
    return "\(mantissa)e\(exponent)"
}

@Suite("LabelText")
struct LabelTextTests {
    @Test("literals, count, bytes and String conversion")
    func basics() {
        let label: LabelText = "12:34:56"
        #expect(label.count == 8)
        #expect(label[2] == UInt8(ascii: ":"))
        #expect(label.description == "12:34:56")
        #expect(label.withUTF8 { Array($0) } == Array("12:34:56".utf8))
        #expect(LabelText().isEmpty)
        #expect(MemoryLayout<LabelText>.size <= 40)
    }

    @Test("appending past 32 bytes truncates and says so")
    func truncation() {
        var label: LabelText = "0123456789012345678901234567890"  // 31
        #expect(!label.isTruncated)
        label.append(UInt8(ascii: "X"))
        #expect(label.count == 32 && !label.isTruncated)
        label.append(UInt8(ascii: "Y"))
        #expect(label.count == 32 && label.isTruncated)
        #expect(label.description == "0123456789012345678901234567890X")
        let long: LabelText = "this caption is much longer than thirty-two bytes"
        #expect(long.count == 32 && long.isTruncated)
    }

    @Test("non-ASCII literal bytes become '?'")
    func nonASCII() {
        let label: LabelText = "€1"
        #expect(label.description == "???1")
    }

    @Test("equality and hashing compare content")
    func equality() {
        var a: LabelText = "101"
        a.append(".25" as StaticString)
        #expect(a == "101.25")
        #expect(a.hashValue == ("101.25" as LabelText).hashValue)
        #expect(a != "101.2")
        a.removeAll()
        #expect(a == LabelText())
    }
}

@Suite("Value labels")
struct ValueLabelTests {
    @Test(
        "fixed: exact strings",
        arguments: [
            (101.25, 2, "101.25"), (-0.001, 3, "-0.001"), (1234567.5, 1, "1234567.5"),
            (0, 2, "0.00"), (-0.0, 1, "0.0"), (0.125, 2, "0.12"), (0.375, 2, "0.38"), (2.675, 2, "2.67"),
            (0.999, 2, "1.00"), (-0.999, 0, "-1"), (9.5, 0, "10"), (8.5, 0, "8"), (-0.004, 2, "0.00"),
            (123, 0, "123"), (100, 4, "100.0000"), (1e-7, 7, "0.0000001"), (999_999_999_999_999, 0, "999999999999999"),
        ] as [(Double, Int, String)])
    func fixed(value: Double, digits: Int, expected: String) {
        #expect(ValueLabel.fixed(value, fractionDigits: digits).description == expected)
    }

    @Test("fixed: non-finite and values too large for fixed form")
    func fixedSpecial() {
        #expect(ValueLabel.fixed(.nan, fractionDigits: 2) == "NaN")
        #expect(ValueLabel.fixed(.infinity, fractionDigits: 2) == "inf")
        #expect(ValueLabel.fixed(-.infinity, fractionDigits: 2) == "-inf")
        #expect(ValueLabel.fixed(1.7e308, fractionDigits: 2) == "1.7e308")
        #expect(ValueLabel.fixed(-1.7e308, fractionDigits: 0) == "-1.7e308")
        #expect(ValueLabel.fixed(Double.greatestFiniteMagnitude, fractionDigits: 2) == "1.79769313486232e308")
        #expect(ValueLabel.fixed(1e15, fractionDigits: 2) == "1e15")
        #expect(ValueLabel.fixed(1, fractionDigits: 99) == "1.000000000000000")
        #expect(ValueLabel.fixed(1, fractionDigits: -3) == "1")
    }

    @Test("fixed agrees with C printf on random values and digit counts")
    func fixedMatchesPrintf() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<20_000 {
            let digits = Int(rng.next() % 10)
            let magnitude = pow10(Int(rng.next() % 20) - 8)
            var value = (rng.nextDouble() - 0.5) * 2 * magnitude
            if rng.next() % 4 == 0 {  // decimal ties and near-ties
                value = (value * pow10(digits + 1)).rounded() / pow10(digits + 1)
            }
            guard abs(value) < 1e15 else { continue }
            var expected = printf("%.*f", Int32(digits), value)
            if expected.hasPrefix("-"), expected.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) {
                expected.removeFirst()  // labels print no sign for a value that rounds to zero
            }
            #expect(ValueLabel.fixed(value, fractionDigits: digits).description == expected, "\(value) \(digits)")
        }
    }

    @Test("scientific: exact strings")
    func scientific() {
        #expect(ValueLabel.scientific(1.7e308, significantDigits: 3) == "1.7e308")
        #expect(ValueLabel.scientific(-2.5e-12, significantDigits: 4) == "-2.5e-12")
        #expect(ValueLabel.scientific(Double.leastNonzeroMagnitude, significantDigits: 2) == "4.9e-324")
        #expect(ValueLabel.scientific(Double.leastNonzeroMagnitude, significantDigits: 1) == "5e-324")
        #expect(ValueLabel.scientific(0, significantDigits: 3) == "0")
        #expect(ValueLabel.scientific(9.99, significantDigits: 2) == "1e1")
        #expect(ValueLabel.scientific(1.5e3, significantDigits: 3, trimZeros: false) == "1.50e3")
        #expect(ValueLabel.scientific(.nan, significantDigits: 3) == "NaN")
        #expect(ValueLabel.scientific(-.infinity, significantDigits: 3) == "-inf")
    }

    @Test("scientific agrees with C printf across the whole exponent range")
    func scientificMatchesPrintf() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<20_000 {
            let value = Double(bitPattern: rng.next() & ~(UInt64(0x7FF) << 52) | (rng.next() % 0x7FF) << 52)
            guard value.isFinite, value != 0 else { continue }
            let digits = 1 + Int(rng.next() % 15)
            #expect(
                ValueLabel.scientific(value, significantDigits: digits).description
                    == printfScientific(value, digits: digits), "\(value) \(digits)")
        }
    }

    @Test(
        "true value: exact strings",
        arguments: [
            (101.25, "101.25"), (-0.001, "-0.001"), (1234567.5, "1234567.5"), (0.1 + 0.2, "0.3"),
            (1.7e308, "1.7e308"), (-1.7e308, "-1.7e308"), (-2.5e-12, "-2.5e-12"), (0, "0"), (-0.0, "0"),
            (Double.leastNonzeroMagnitude, "4.9406565e-324"), (Double.leastNormalMagnitude, "2.2250739e-308"),
            (123456789.123, "123456789"), (1e15, "1e15"), (999_999_999_999_999, "999999999999999"),
            (0.00001234, "0.00001234"), (0.000001234, "1.234e-6"), (1.0 / 3.0, "0.33333333"), (2.0 / 3.0, "0.66666667"),
            (100, "100"), (-42, "-42"), (.nan, "NaN"), (.infinity, "inf"), (-.infinity, "-inf"),
        ] as [(Double, String)])
    func trueValue(value: Double, expected: String) {
        #expect(ValueLabel.trueValue(value).description == expected)
    }

    @Test("true value: significant digit limit")
    func trueValueDigits() {
        #expect(ValueLabel.trueValue(3.14159265358979, maxSignificantDigits: 3) == "3.14")
        #expect(ValueLabel.trueValue(Double.leastNonzeroMagnitude, maxSignificantDigits: 2) == "4.9e-324")
        #expect(ValueLabel.trueValue(0.1, maxSignificantDigits: 15) == "0.1")
        #expect(ValueLabel.trueValue(101.255, maxSignificantDigits: 5) == "101.25")  // 101.2549999…
    }

    @Test("every formatter fits the 32-byte label for extreme inputs")
    func fits() {
        let extremes: [Double] = [
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, -.leastNormalMagnitude,
            -999_999_999_999_999.9, 1e-300, -1.2345678901234e-5,
        ]
        for v in extremes {
            #expect(!ValueLabel.fixed(v, fractionDigits: 15).isTruncated)
            #expect(!ValueLabel.scientific(v, significantDigits: 15, trimZeros: false).isTruncated)
            #expect(!ValueLabel.trueValue(v, maxSignificantDigits: 15).isTruncated)
        }
    }
}
