import LiveTickerTestSupport
import Testing

@testable import LiveTickerScales

/// All tick values of a scale, for assertions.
private func tickValues(_ scale: NiceScale) -> [Double] { Array(scale.ticks) }
private func tickLabels(_ scale: NiceScale) -> [String] {
    (0..<scale.tickCount).map { scale.label(at: $0).description }
}

@Suite("NiceScale (Heckbert 1990)")
struct NiceScaleTests {
    @Test("Heckbert's example: 105…543 with ~5 ticks → 100…600 by 100")
    func heckbertExample() {
        let s = NiceScale(min: 105, max: 543, targetTickCount: 5)
        #expect(s.lower == 100)
        #expect(s.upper == 600)
        #expect(s.step == 100)
        #expect(s.fractionDigits == 0)
        #expect(tickValues(s) == [100, 200, 300, 400, 500, 600])
        #expect(tickLabels(s) == ["100", "200", "300", "400", "500", "600"])
    }

    @Test("0…1 gives 0…1 by 0.2 (labels one decimal, exact)")
    func unitRange() {
        let s = NiceScale(min: 0, max: 1, targetTickCount: 5)
        #expect(s.lower == 0 && s.upper == 1)
        #expect(s.step == 0.2)
        #expect(s.fractionDigits == 1)
        #expect(tickValues(s) == [0, 0.2, 0.4, 0.6, 0.8, 1])
        #expect(tickLabels(s) == ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"])
    }

    @Test("-3.7…12.1 gives -5…15 by 5")
    func mixedSign() {
        let s = NiceScale(min: -3.7, max: 12.1, targetTickCount: 5)
        #expect(s.lower == -5 && s.upper == 15 && s.step == 5)
        #expect(tickLabels(s) == ["-5", "0", "5", "10", "15"])
    }

    @Test("negative range -543…-105 mirrors Heckbert's example")
    func negativeRange() {
        let s = NiceScale(min: -543, max: -105, targetTickCount: 5)
        #expect(s.lower == -600 && s.upper == -100 && s.step == 100)
        #expect(tickLabels(s) == ["-600", "-500", "-400", "-300", "-200", "-100"])
    }

    @Test("bounds given backwards are swapped")
    func backwards() {
        #expect(NiceScale(min: 543, max: 105) == NiceScale(min: 105, max: 543))
    }

    @Test("a range of 0.001 near 1000 uses the full height")
    func thousandthNearThousand() {
        let s = NiceScale(min: 1000, max: 1000.001, targetTickCount: 5)
        #expect(s.step == 0.0002)
        #expect(s.lower == 1000)
        #expect(s.upper == 1000.001)
        #expect(s.tickCount == 6)
        #expect(tickLabels(s) == ["1000.0000", "1000.0002", "1000.0004", "1000.0006", "1000.0008", "1000.0010"])
        // The data spans the whole axis.
        #expect(s.fraction(of: 1000) == 0)
        #expect(abs(s.fraction(of: 1000.001) - 1) < 1e-6)
    }

    @Test("a 1e-3 range near zero: 0…0.001")
    func thousandthNearZero() {
        let s = NiceScale(min: 0, max: 0.001, targetTickCount: 5)
        #expect(s.lower == 0 && s.upper == 0.001 && s.step == 0.0002)
        #expect(tickLabels(s) == ["0.0000", "0.0002", "0.0004", "0.0006", "0.0008", "0.0010"])
    }

    @Test("0.1 steps have no drift: labels 0.1, 0.2, 0.3 …, values are the nearest doubles")
    func noDrift() {
        let s = NiceScale(min: 0, max: 1, targetTickCount: 11)
        #expect(s.step == 0.1)
        #expect(tickValues(s) == [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0])
        #expect(tickLabels(s) == ["0.0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1.0"])
        // Far from zero too: 1e6 + k·0.1.
        let far = NiceScale(min: 1_000_000, max: 1_000_001, targetTickCount: 11)
        #expect(far.tick(at: 3) == 1_000_000.3)
        #expect(far.label(at: 7) == "1000000.7")
    }

    @Test("values of a million and more read compact, one notation per axis: 1.2005B, not 1200500000")
    func compactLabels() {
        let billions = NiceScale(min: 1_200_000_000, max: 1_204_320_000, targetTickCount: 10)
        #expect(billions.labelStyle == .compact(exponent: 9, fractionDigits: 4))
        #expect(tickLabels(billions).allSatisfy { $0.hasSuffix("B") && $0.count <= 7 }, "\(tickLabels(billions))")
        #expect(tickLabels(billions).first == "1.2000B")
        let millions = NiceScale(min: 2_500_000, max: 7_500_000, targetTickCount: 6)
        #expect(tickLabels(millions) == ["2M", "3M", "4M", "5M", "6M", "7M", "8M"])
        #expect(tickLabels(NiceScale(min: 0, max: 3e12, targetTickCount: 4)).allSatisfy { $0.hasSuffix("T") })
        // A step too fine for four digits after the point stays fixed (1000000.7 above), and
        // everything under a million is unchanged.
        #expect(NiceScale(min: 1_000_000, max: 1_000_001, targetTickCount: 11).labelStyle == .fixed(fractionDigits: 1))
        #expect(NiceScale(min: 17_560, max: 17_690).labelStyle == .fixed(fractionDigits: 0))
        #expect(NiceScale.compact(-1_203_500_000, exponent: 9, fractionDigits: 4) == "-1.2035B")
    }

    @Test(
        "flat series: non-degenerate, finite, value exactly mid-plot",
        arguments: [0.0, 5.0, -1e-300, 101.25, -7e306, 1e307])
    func flat(value: Double) {
        let s = NiceScale(min: value, max: value, targetTickCount: 5)
        #expect(s.lower < s.upper)
        #expect(s.lower.isFinite && s.upper.isFinite && s.step.isFinite && s.step > 0)
        #expect(s.lower <= value && value <= s.upper)
        #expect(abs(s.fraction(of: value) - 0.5) < 1e-9)
        #expect(s.tickCount >= 2)
        for t in s.ticks { #expect(t >= s.lower && t <= s.upper) }
    }

    @Test("flat at 5 is 4.9…5.1 with ticks by 0.05; flat at 0 is -1…1 by 0.5")
    func flatExact() {
        let five = NiceScale(min: 5, max: 5)
        #expect(five.lower == 4.9 && five.upper == 5.1)
        #expect(tickLabels(five) == ["4.90", "4.95", "5.00", "5.05", "5.10"])
        let zero = NiceScale(min: 0, max: 0)
        #expect(zero.lower == -1 && zero.upper == 1)
        #expect(tickLabels(zero) == ["-1.0", "-0.5", "0.0", "0.5", "1.0"])
    }

    @Test("±1.7e308 is clamped to ±1e307: finite step, ticks inside, scientific labels")
    func hugeValues() {
        let s = NiceScale(min: -1.7e308, max: 1.7e308, targetTickCount: 5)
        #expect(s.lower == -1e307 && s.upper == 1e307)
        #expect(s.step == 5e306)
        #expect(s.step.isFinite && (s.upper - s.lower).isFinite)
        for t in s.ticks { #expect(t.isFinite && t >= s.lower && t <= s.upper) }
        #expect(s.labelStyle == .scientific)
        #expect(tickLabels(s) == ["-1e307", "-5e306", "0", "5e306", "1e307"])
        // The extreme values land on the axis ends, not beyond.
        #expect(s.fraction(of: 1.7e308) == 1)
        #expect(s.fraction(of: -Double.greatestFiniteMagnitude) == 0)
    }

    @Test("one huge bound: 0…1.7e308 stays finite")
    func oneHugeBound() {
        let s = NiceScale(min: 0, max: 1.7e308, targetTickCount: 6)
        #expect(s.lower == 0 && s.upper == 1e307 && s.step == 2e306)
        #expect(tickLabels(s) == ["0", "2e306", "4e306", "6e306", "8e306", "1e307"])
    }

    @Test("subnormal ranges give a finite, non-degenerate scale")
    func subnormals() {
        let tiny = Double.leastNonzeroMagnitude
        for (a, b) in [
            (0.0, tiny), (-tiny, tiny), (tiny, 1000 * tiny),
            (Double.leastNormalMagnitude / 4, Double.leastNormalMagnitude),
        ] {
            let s = NiceScale(min: a, max: b)
            #expect(s.lower.isFinite && s.upper.isFinite && s.lower < s.upper)
            #expect(s.step.isNormal && s.step > 0)
            #expect(s.lower <= a && b <= s.upper)
            #expect(s.tickCount >= 2)
        }
    }

    @Test("tiny but normal ranges use scientific labels")
    func tinyRange() {
        let s = NiceScale(min: 0, max: 1e-9, targetTickCount: 5)
        #expect(s.labelStyle == .scientific)
        #expect(tickLabels(s) == ["0", "2e-10", "4e-10", "6e-10", "8e-10", "1e-9"])
        let t = NiceScale(min: 1.5e-200, max: 2.5e-200, targetTickCount: 5)
        #expect(tickLabels(t) == ["1.4e-200", "1.6e-200", "1.8e-200", "2e-200", "2.2e-200", "2.4e-200", "2.6e-200"])
    }

    @Test("NaN bounds are ignored; ±∞ bounds clamp to ±1e307")
    func nonFiniteBounds() {
        #expect(NiceScale(min: .nan, max: 543) == NiceScale(min: 543, max: 543))
        #expect(NiceScale(min: 105, max: .nan) == NiceScale(min: 105, max: 105))
        let none = NiceScale(min: .nan, max: .nan)
        #expect(none.lower == -1 && none.upper == 1)
        let inf = NiceScale(min: -.infinity, max: .infinity)
        #expect(inf.lower == -1e307 && inf.upper == 1e307)
        #expect(inf.step.isFinite)
    }

    @Test("values window: NaN and ±∞ ignored")
    func valuesWindow() {
        let s = NiceScale(values: [.nan, 105, .infinity, 543, -.infinity], targetTickCount: 5)
        #expect(s == NiceScale(min: 105, max: 543))
        let empty = NiceScale(values: [Double.nan, .infinity], targetTickCount: 5)
        #expect(empty.lower == -1 && empty.upper == 1)
    }

    @Test("tight fit keeps the data bounds and puts ticks inside")
    func tight() {
        let s = NiceScale(min: 105, max: 543, targetTickCount: 5, fit: .tight)
        #expect(s.lower == 105 && s.upper == 543)
        #expect(tickValues(s) == [200, 300, 400, 500])
    }

    @Test("target tick count is honoured roughly and clamped to 2...1000")
    func tickCounts() {
        for target in [-5, 0, 1, 2, 3, 7, 10, 25, 5000] {
            let s = NiceScale(min: 0.37, max: 91.3, targetTickCount: target)
            let clamped = min(max(target, 2), 1000)
            #expect(s.tickCount >= 2)
            #expect(s.tickCount <= clamped * 3 + 2)
            #expect(s.lower <= 0.37 && s.upper >= 91.3)
        }
    }

    @Test("random ranges: ticks are the step's multiples, strictly increasing, bounds contain data")
    func randomRanges() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<2000 {
            let centre = (rng.nextDouble() - 0.5) * pow10(Int(rng.next() % 40) - 20)
            let span = rng.nextDouble() * pow10(Int(rng.next() % 30) - 15)
            let a = centre - span / 2
            let b = centre + span / 2
            let s = NiceScale(min: a, max: b, targetTickCount: 2 + Int(rng.next() % 12))
            #expect(s.lower.isFinite && s.upper.isFinite && s.lower < s.upper)
            // Data may poke past a bound by the division's rounding error (a few ulps of a/step steps).
            let slack = s.step * (1e-6 + max(abs(a), abs(b)) / s.step * 1e-15)
            #expect(s.lower <= a + slack && b - slack <= s.upper, "\(a) \(b) \(s)")
            var previous = -Double.infinity
            for t in s.ticks {
                #expect(t > previous)
                previous = t
            }
            #expect(s.tick(at: 0) == s.lower && s.tick(at: s.tickCount - 1) == s.upper || s.lower <= a)
        }
    }
}

@Suite("Value sanitising")
struct ValueSanitizerTests {
    @Test("clamp keeps finite values, clamps huge and infinite, keeps NaN")
    func clamp() {
        #expect(ValueSanitizer.clampForScale(101.25) == 101.25)
        #expect(ValueSanitizer.clampForScale(1.7e308) == 1e307)
        #expect(ValueSanitizer.clampForScale(-1.7e308) == -1e307)
        #expect(ValueSanitizer.clampForScale(.infinity) == 1e307)
        #expect(ValueSanitizer.clampForScale(-.infinity) == -1e307)
        #expect(ValueSanitizer.clampForScale(.nan).isNaN)
        #expect(ValueSanitizer.clampForScale(Double.leastNonzeroMagnitude) == Double.leastNonzeroMagnitude)
    }

    @Test("extent ignores non-finite values and clamps the rest")
    func extent() {
        let values: [Double] = [.nan, 3, -.infinity, 1.7e308, -2, .infinity]
        let e = ValueExtent(of: values)
        #expect(e.count == 3 && e.min == -2 && e.max == 1e307)
        let d = e.domain
        #expect(d.lower == -2 && d.upper == 1e307 && !d.isWidened)
        // Works on a caller-owned buffer too.
        let fromBuffer = values.withUnsafeBufferPointer { ValueExtent(of: $0) }
        #expect(fromBuffer == e)
    }

    @Test("the strided bulk include gives what including one value at a time gives")
    func stridedInclude() {
        // Records of three doubles (a tick's time, value and size), the value in the middle.
        let special: [Double] = [
            .nan, -.nan, .infinity, -.infinity, 1.7e308, -1.7e308, .greatestFiniteMagnitude,
            Double.leastNonzeroMagnitude, -Double.leastNormalMagnitude / 4, 0, 42.5, -3, 1e307, -1e307,
        ]
        var generator = SystemRandomNumberGenerator()
        for count in 0...23 {
            for trial in 0..<40 {
                let values: [Double] = (0..<count).map { _ in
                    trial % 3 == 0 ? special.randomElement(using: &generator)! : Double.random(in: -1e6...1e6, using: &generator)
                }
                let records = values.flatMap { [Double.nan, $0, Double.nan] }
                var bulk = ValueExtent()
                bulk.include(7)  // an extent that already holds a value
                var single = bulk
                records.withUnsafeBytes { raw in
                    bulk.include(doublesAt: raw.baseAddress! + 8, count: count, byteStride: 24)
                }
                for v in values { single.include(v) }
                #expect(bulk == single, "values \(values)")
            }
        }
        var none = ValueExtent()
        [Double.nan, .infinity].withUnsafeBytes { none.include(doublesAt: $0.baseAddress!, count: 2, byteStride: 8) }
        #expect(none.isEmpty && none.domain == .empty)
    }

    @Test("empty and all-NaN extents give the widened -1…1 domain")
    func emptyExtent() {
        #expect(ValueExtent().domain == .empty)
        #expect(ValueExtent(of: [Double.nan, .nan]).domain == .empty)
        #expect(ValueDomain.empty.lower == -1 && ValueDomain.empty.upper == 1)
    }

    @Test("flat domains widen around their centre")
    func flatDomains() {
        let five = ValueDomain(min: 5, max: 5)
        #expect(five.lower == 4.9 && five.upper == 5.1 && five.isWidened)
        let thousand = ValueDomain(min: 1000, max: 1000)
        #expect(thousand.lower == 900 && thousand.upper == 1100)
        let sub = ValueDomain(min: .leastNonzeroMagnitude, max: .leastNonzeroMagnitude)
        #expect(sub.lower == -1 && sub.upper == 1)
        let nearlyFlat = ValueDomain(min: 1e9, max: 1e9.nextUp)
        #expect(nearlyFlat.isWidened && nearlyFlat.span > 1)
        // 0.001 near 1000 is a real range, not flat.
        let real = ValueDomain(min: 1000, max: 1000.001)
        #expect(!real.isWidened && real.lower == 1000 && real.upper == 1000.001)
    }

    @Test("fraction maps lower to 0 and upper to 1, clamping huge values and passing NaN")
    func fraction() {
        let d = ValueDomain(min: -1e307, max: 1e307)
        #expect(d.fraction(of: 0) == 0.5)
        #expect(d.fraction(of: .infinity) == 1)
        #expect(d.fraction(of: .nan).isNaN)
    }
}


func pow10(_ e: Int) -> Double { powerOfTen(e) }
