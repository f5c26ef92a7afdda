import CLiveTickerKernels
import LiveTickerCore

/// The fast path of the CSV hot loop for the most common tick file: `time,value[,size]` with
/// plain epoch integers and plain decimals (`1709280000000,101.25,4901`).
///
/// A line is taken here only when every field is in its simplest form: the time is 1–15 digits,
/// each number is an optional `-`, at most 7 integer digits, optionally `.` and at most 7
/// fraction digits, fields are separated by exactly the delimiter and the line ends right after
/// the last needed field with `\n` or `\r\n`. For such a line the result is bit for bit what the
/// general loop computes (the same digit arithmetic, the same single IEEE division as
/// ``DecimalParser``'s exact fast path, the same unit rule and range checks); any other line
/// (spaces, quotes, signs, exponents, missing or extra fields, blank, malformed) is left to the
/// general loop, which reports problems with their line numbers. The point is cost: no per-field
/// dispatch, status codes or spills, about a fifth of the general loop's instructions per line.
extension CSVRecordParser {
    /// Number of leading columns (2: time, value; 3: time, value, size) when `layout` is one
    /// the plain-line path handles, else 0.
    static func plainColumns(_ layout: CSVColumnLayout) -> Int {
        guard layout.symbol == nil, layout.time == 0, layout.value == 1, layout.date == nil, layout.timeForm == .standard,
            !layout.decimalComma, !layout.hasBars, layout.moreValues.isEmpty
        else { return 0 }
        if layout.size == nil { return 2 }
        return layout.size == 2 ? 3 : 0
    }

    /// What ``parsePlainLines(_:stop:columns:delimiter:unit:hasTimeRange:from:to:scratch:ticks:symbols:count:capacity:)`` did.
    struct PlainRun {
        /// Where it stopped: `stop`, or the start of the first line it did not take.
        var next: UnsafePointer<UInt8>
        /// Ticks in the batch now (the `count` it was given plus those it wrote).
        var count: Int
        /// Lines consumed (all delivered or filtered by time).
        var lines = 0
        /// Lines dropped by the time range, and their earliest and latest times.
        var filteredByTime = 0
        var filteredEarliest = Int64.max
        var filteredLatest = Int64.min
    }

    /// Parses plain lines from `p` until `stop`, a line that is not plain, or `capacity` ticks,
    /// writing ticks at `count` (symbol 0). With `hasTimeRange`, lines whose time is outside
    /// `[from, to)` are counted, not written. O(bytes).
    ///
    /// At `kernelLevel` AVX2 or AVX-512 and with no time range, runs of plain lines go to the C
    /// kernel ``ltk_csv_plain_lines`` (four or eight at a time) once ``kernelAfterLines`` lines in
    /// a row were plain here; it takes exactly the lines this loop takes in their one-word forms,
    /// with the same bits, and hands back the first group holding any other line.
    ///
    /// Not inlined, and nothing passed inout: in the general loop's body (dozens of live values)
    /// this loop's counters and pointers were spilled and reloaded per line, 13 % more
    /// instructions per plain line than before that loop grew (callgrind, about 240 → 272 a line over the 7 M lines of the ingest section).
    @inline(never)
    static func parsePlainLines(
        _ start: UnsafePointer<UInt8>, stop: UnsafePointer<UInt8>, columns: Int, delimiter: UInt8, unit: TimeUnit,
        hasTimeRange: Bool, from: Int64, to: Int64, scratch: ParseScratch, ticks: UnsafeMutablePointer<Tick>,
        symbols: UnsafeMutablePointer<SymbolID>, count: Int, capacity: Int, kernelLevel: Int32
    ) -> PlainRun {
        var run = PlainRun(next: start, count: count)
        var p = start
        var n = count
        let powers = UnsafePointer(scratch.powersOfTen)
        let integerPowers = UnsafePointer(scratch.integerPowersOfTen)
        let hasSize = columns == 3
        // Nanoseconds per unit, fixed for the run (0: `.auto`, decided per value by magnitude).
        let multiplier = UInt64(unit.nanosecondsPerUnit)
        var leading = LeadingDigits()
        // The kernel writes Swift `Tick`s and `SymbolID`s as C structs (constants, folded).
        let usesKernel =
            Int(kernelLevel) != LTK_LEVEL_BASELINE && !hasTimeRange && MemoryLayout<Tick>.stride == 24
            && MemoryLayout<Tick>.offset(of: \.value) == 8 && MemoryLayout<Tick>.offset(of: \.size) == 16
            && MemoryLayout<SymbolID>.stride == 4
        var plainInARow = 0
        while p < stop && n < capacity {
            if usesKernel && plainInARow >= kernelAfterLines {
                plainInARow = 0
                var next: UnsafePointer<UInt8>? = p
                let taken = ltk_csv_plain_lines(
                    kernelLevel, p, stop, Int32(columns), delimiter, multiplier, UnsafeMutableRawPointer(ticks + n),
                    UnsafeMutableRawPointer(symbols + n).assumingMemoryBound(to: UInt32.self), capacity &- n,
                    scratch.plainLineEntries, &next)
                if taken > 0, let next {
                    n &+= taken
                    run.lines &+= taken
                    p = next
                    run.next = p
                    continue
                }
            }
            guard let time = plainTime(&p, multiplier: multiplier, integerPowers: integerPowers, leading: &leading),
                p[0] == delimiter
            else { break }
            p += 1
            guard let value = plainDecimal(&p, powers: powers, integerPowers: integerPowers) else { break }
            var size = 0.0
            if hasSize {
                guard p[0] == delimiter else { break }
                p += 1
                guard let s = plainDecimal(&p, powers: powers, integerPowers: integerPowers) else { break }
                size = s
            }
            if p[0] == ASCII.newline {
                p += 1
            } else if p[0] == ASCII.carriageReturn && p[1] == ASCII.newline {
                p += 2
            } else {
                break
            }
            run.next = p
            run.lines &+= 1
            if hasTimeRange && (time < from || time >= to) {
                run.filteredByTime &+= 1
                run.filteredEarliest = min(run.filteredEarliest, time)
                run.filteredLatest = max(run.filteredLatest, time)
                continue
            }
            ticks[n] = Tick(time: time, value: value, size: size)
            symbols[n] = .first
            n &+= 1
            plainInARow &+= 1
        }
        run.count = n
        return run
    }

    /// Plain lines this loop takes in a row before it hands the next ones to the kernel: a
    /// file whose odd lines come often (each sends the general loop one line, then this loop
    /// starts again) then never pays the kernel's scan for a group it refuses.
    static let kernelAfterLines = 16

    /// 1–15 digits of an epoch time in units of `multiplier` nanoseconds (0: `.auto`, by
    /// magnitude), in nanoseconds; nil (leaving the line to the general loop) for anything else
    /// or a time out of range. `leading` remembers the last 8-digit start (see ``LeadingDigits``).
    @inline(__always)
    static func plainTime(
        _ p: inout UnsafePointer<UInt8>, multiplier: UInt64, integerPowers: UnsafePointer<UInt64>,
        leading: inout LeadingDigits
    ) -> Int64? {
        var chunk = SWARDigits.load(p)
        var n = 8
        var whole: UInt64
        if chunk == leading.bytes {
            whole = leading.value
        } else {
            n = SWARDigits.leadingDigitCount(chunk)
            guard n > 0 else { return nil }
            whole = SWARDigits.value(chunk, count: n)
            if n == 8 { leading = LeadingDigits(bytes: chunk, value: whole) }
        }
        p += n
        if n == 8 {
            chunk = SWARDigits.load(p)
            n = SWARDigits.leadingDigitCount(chunk)
            guard n < 8 else { return nil }
            whole = whole &* integerPowers[n] &+ SWARDigits.value(chunk, count: n)
            p += n
        }
        // Three compares, not a switch on the unit (a call or a jump table per line).
        let perUnit = multiplier != 0 ? multiplier : TimeUnit.autoNanosecondsPerUnit(magnitude: whole)
        let (nanoseconds, overflow) = whole.multipliedReportingOverflow(by: perUnit)
        guard !overflow, nanoseconds <= UInt64(Int64.max) else { return nil }
        return Int64(nanoseconds)
    }

    /// The first 8 bytes of the last time that began with 8 digits, and their value. Epoch
    /// times in a file share their leading digits for long runs (13-digit milliseconds change
    /// their first 8 digits every 100 s), so comparing one word usually replaces a conversion.
    /// Starts with bytes 0, which no digit word equals.
    struct LeadingDigits {
        var bytes: UInt64 = 0
        var value: UInt64 = 0
    }

    /// `-`? 1–7 integer digits, then optionally `.` and 0–7 fraction digits (at least one digit
    /// in all). The value is computed exactly as ``DecimalParser/parseFast(_:scratch:)`` does
    /// (an exact integer mantissa of at most 14 digits, one division by an exact power of ten),
    /// so it is the correctly rounded double of the text. Nil for any other form.
    ///
    /// When the fraction ends within the 8 bytes that start at the integer digits (`101.25`),
    /// one word holds every digit and one conversion reads them.
    @inline(__always)
    static func plainDecimal(
        _ p: inout UnsafePointer<UInt8>, powers: UnsafePointer<Double>, integerPowers: UnsafePointer<UInt64>
    ) -> Double? {
        let negative = p[0] == ASCII.minus
        if negative { p += 1 }
        let chunk = SWARDigits.load(p)
        let integerDigits = SWARDigits.leadingDigitCount(chunk)
        guard integerDigits < 8 else { return nil }
        var value: Double
        if p[integerDigits] == ASCII.dot {
            // Squeeze the dot out of the word: keep the integer bytes, move the bytes after the
            // dot down by one; the digits then read as one integer (`101.25` → 10125).
            let shift = UInt64(truncatingIfNeeded: integerDigits &* 8)
            let low: UInt64 = shift == 0 ? 0 : ~0 >> (64 &- shift)
            let squeezed = (chunk & low) | ((chunk >> 8) & ~low)
            let digits = SWARDigits.leadingDigitCount(squeezed)
            if digits == 7 && ASCII.digit(p[8]) <= 9 {
                // The fraction runs past the word (rare): the two-step form. It returns the
                // new position rather than taking `p` inout, so `p` stays in a register here
                // (an inout argument to a call that is not inlined puts it in memory).
                guard
                    let long = plainLongDecimal(
                        p, integerDigits: integerDigits, negative: negative, powers: powers,
                        integerPowers: integerPowers)
                else { return nil }
                p = long.next
                return long.value
            }
            guard digits > 0 else { return nil }
            value = SWARDigits.exactDouble(SWARDigits.value(squeezed, count: digits))
            let fractionDigits = digits &- integerDigits
            if fractionDigits > 0 { value /= powers[fractionDigits] }
            p += digits &+ 1
        } else {
            guard integerDigits > 0 else { return nil }
            value = SWARDigits.exactDouble(SWARDigits.value(chunk, count: integerDigits))
            p += integerDigits
        }
        return negative ? -value : value
    }

    /// ``plainDecimal(_:powers:integerPowers:)`` when the fraction does not end within the
    /// integer digits' word: integer digits, `.`, then at most 7 fraction digits in a second
    /// word. Kept out of line so the common form stays small enough to inline. `p` is on the
    /// first integer digit (after any `-`); returns the value and where the number ends.
    @inline(never)
    static func plainLongDecimal(
        _ p: UnsafePointer<UInt8>, integerDigits: Int, negative: Bool, powers: UnsafePointer<Double>,
        integerPowers: UnsafePointer<UInt64>
    ) -> (value: Double, next: UnsafePointer<UInt8>)? {
        let fraction = SWARDigits.load(p + (integerDigits &+ 1))
        let n = SWARDigits.leadingDigitCount(fraction)
        guard n < 8 else { return nil }
        let mantissa =
            SWARDigits.value(SWARDigits.load(p), count: integerDigits) &* integerPowers[n]
            &+ SWARDigits.value(fraction, count: n)
        var value = SWARDigits.exactDouble(mantissa)
        if n > 0 { value /= powers[n] }
        return (negative ? -value : value, p + (integerDigits &+ 1 &+ n))
    }
}
