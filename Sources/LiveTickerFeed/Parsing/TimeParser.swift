import LiveTickerCore
/// Timestamp text to nanoseconds since the Unix epoch, without allocating.
///
/// Accepted forms:
/// - epoch numbers, integer or fractional (`1709285400`, `1709285400123`, `0.002778`,
///   `-5`), in the given unit or detected by magnitude (see ``TimeUnit``); fractional digits are
///   converted exactly (to the nanosecond) from the digits, not through a `Double`; exponent
///   forms (`1.7e9`) go through a `Double`;
/// - ISO-8601 / RFC 3339 and their common relatives: `2024-03-01T09:30:00Z`,
///   `2024-03-01 09:30:00`, `2024-03-01T09:30:00.123456789+01:00`, `2010/01/01 00:00:00`,
///   `2024-03-01` (midnight), offsets `Z`, `±hh:mm`, `±hhmm`, `±hh`; a decimal comma before
///   fractional seconds. Times without an offset are UTC (replays are then the same everywhere).
///
/// Every form is range-checked: results must fit `Int64` nanoseconds (1677-09-21 … 2262-04-11).
enum TimeParser {
    /// Outcome of parsing one timestamp.
    enum Status: UInt8 {
        case ok, malformed, outOfRange
    }

    /// A parsed timestamp and where parsing stopped.
    struct Result {
        var status: Status
        var nanoseconds: Int64
        var end: UnsafePointer<UInt8>
    }

    /// Parses the longest timestamp at `start`; the caller checks that `end` is at the end of
    /// the field. The buffer must hold a byte after the field that is not a digit (the readers
    /// guarantee a newline or NUL) and 8 readable bytes at any position up to it
    /// (``SWARDigits/padding``). O(length).
    /// `commaFraction`: whether `,` may start fractional seconds (`09:30:07,101`); false in a
    /// comma-delimited field, where that comma ends the field.
    @inline(__always)
    static func parse(
        _ start: UnsafePointer<UInt8>, unit: TimeUnit, scratch: ParseScratch, commaFraction: Bool = true
    ) -> Result {
        var p = start
        var negative = false
        if p[0] == ASCII.minus {
            negative = true
            p += 1
        } else if p[0] == ASCII.plus {
            p += 1
        }
        let digitsStart = p
        // Up to 16 digits in two 8-byte steps (epoch ms has 13), then one at a time, checked.
        var chunk = SWARDigits.load(p)
        var n = SWARDigits.leadingDigitCount(chunk)
        var whole = SWARDigits.value(chunk, count: n)
        p += n
        if n == 8 {
            chunk = SWARDigits.load(p)
            n = SWARDigits.leadingDigitCount(chunk)
            whole = whole &* scratch.integerPowersOfTen[n] &+ SWARDigits.value(chunk, count: n)
            p += n
        }
        var overflow = false
        if n == 8 {
            while true {
                let d = ASCII.digit(p[0])
                if d > 9 { break }
                if whole < 1_000_000_000_000_000_000 {
                    whole = whole &* 10 &+ UInt64(d)
                } else {
                    let (times10, o1) = whole.multipliedReportingOverflow(by: 10)
                    let (sum, o2) = times10.addingReportingOverflow(UInt64(d))
                    if o1 || o2 { overflow = true } else { whole = sum }
                }
                p += 1
            }
        }
        let wholeDigits = p - digitsStart
        if !negative {
            if wholeDigits == 4 && (p[0] == ASCII.minus || p[0] == ASCII.slash || (p[0] == ASCII.dot && isDottedYearFirst(p))) {
                return parseCalendar(start, commaFraction: commaFraction)
            }
            if wholeDigits <= 2 && wholeDigits > 0 && (p[0] == ASCII.dot || p[0] == ASCII.slash || p[0] == ASCII.minus) {
                if let result = parseDayMonthYear(start, order: .automatic, commaFraction: commaFraction) { return result }
            }
        }
        var fraction: UInt64 = 0
        var fractionDigits = 0
        if p[0] == ASCII.dot {
            p += 1
            while true {
                let d = ASCII.digit(p[0])
                if d > 9 { break }
                if fractionDigits < 9 {
                    fraction = fraction &* 10 &+ UInt64(d)
                    fractionDigits &+= 1
                }
                p += 1
            }
            // More than 9 fractional digits: the rest is below a nanosecond and dropped.
            if fractionDigits == 9 {
                while ASCII.digit(p[0]) <= 9 { p += 1 }
            }
        }
        if wholeDigits == 0 && fractionDigits == 0 {
            return Result(status: .malformed, nanoseconds: 0, end: UnsafePointer(p))
        }
        if p[0] | 0x20 == ASCII.lowerE {
            return parseScientific(start, unit: unit, scratch: scratch)
        }
        if overflow { return Result(status: .outOfRange, nanoseconds: 0, end: UnsafePointer(p)) }
        let resolved = unit == .auto ? TimeUnit.detect(magnitude: whole) : unit
        let perUnit = UInt64(resolved.nanosecondsPerUnit)
        let (scaled, o1) = whole.multipliedReportingOverflow(by: perUnit)
        var fractionNanoseconds: UInt64 = 0
        if fractionDigits > 0 {
            var divisor: UInt64 = 1
            for _ in 0..<fractionDigits { divisor &*= 10 }
            // fraction < 10⁹ and perUnit ≤ 10⁹, so the product stays below 10¹⁸.
            fractionNanoseconds = fraction &* perUnit / divisor
        }
        let (total, o2) = scaled.addingReportingOverflow(fractionNanoseconds)
        let limit: UInt64 = negative ? 1 << 63 : UInt64(Int64.max)
        if o1 || o2 || total > limit {
            return Result(status: .outOfRange, nanoseconds: 0, end: UnsafePointer(p))
        }
        let nanoseconds = negative ? Int64(truncatingIfNeeded: 0 &- total) : Int64(total)
        return Result(status: .ok, nanoseconds: nanoseconds, end: UnsafePointer(p))
    }

    /// `1.7092854e9`-style times: through a `Double`, unit detected on its magnitude.
    static func parseScientific(_ start: UnsafePointer<UInt8>, unit: TimeUnit, scratch: ParseScratch) -> Result {
        guard let (value, end) = DecimalParser.parseFast(start, scratch: scratch), value.isFinite
        else {
            var p = start
            while p[0] > ASCII.space && p[0] != ASCII.comma && p[0] != ASCII.semicolon { p += 1 }
            return Result(status: .malformed, nanoseconds: 0, end: UnsafePointer(p))
        }
        let magnitude = value.magnitude
        let resolved = unit != .auto ? unit : magnitude >= 1e19 ? .nanoseconds : TimeUnit.detect(magnitude: UInt64(magnitude))
        let nanoseconds = (value * Double(resolved.nanosecondsPerUnit)).rounded()
        guard nanoseconds >= -9.223372036854775808e18, nanoseconds < 9.223372036854775808e18 else {
            return Result(status: .outOfRange, nanoseconds: 0, end: end)
        }
        return Result(status: .ok, nanoseconds: Int64(nanoseconds), end: end)
    }

    /// Reads 1 or 2 digits (`maximum` digits at most); nil if none.
    @inline(__always)
    private static func digits(_ p: inout UnsafePointer<UInt8>, minimum: Int, maximum: Int) -> Int64? {
        var value: Int64 = 0
        var count = 0
        while count < maximum {
            let d = ASCII.digit(p[0])
            if d > 9 { break }
            value = value * 10 + Int64(d)
            count += 1
            p += 1
        }
        return count >= minimum ? value : nil
    }

    /// Calendar forms: `YYYY-MM-DD[(T| )hh:mm[:ss[.frac]]][Z|±hh[:mm]]`, `/` or `.` allowed
    /// for `-` (`2010/01/01`, MetaTrader's `2024.03.01`).
    static func parseCalendar(_ start: UnsafePointer<UInt8>, commaFraction: Bool = true) -> Result {
        var p = start
        guard let year = digits(&p, minimum: 4, maximum: 4) else { return Result(status: .malformed, nanoseconds: 0, end: p) }
        let separator = p[0]
        p += 1
        guard let month = digits(&p, minimum: 1, maximum: 2), p[0] == separator else {
            return Result(status: .malformed, nanoseconds: 0, end: p)
        }
        p += 1
        guard let day = digits(&p, minimum: 1, maximum: 2) else { return Result(status: .malformed, nanoseconds: 0, end: p) }
        return finishDateTime(p, year: year, month: month, day: day, commaFraction: commaFraction)
    }

    /// Whether `p` (on the `.` after a 4-digit year) continues `.M[M].D[D]`.
    static func isDottedYearFirst(_ p: UnsafePointer<UInt8>) -> Bool {
        var q = p + 1
        var n = 0
        while ASCII.digit(q[0]) <= 9 && n < 3 { q += 1; n += 1 }
        return (n == 1 || n == 2) && q[0] == ASCII.dot && ASCII.digit(q[1]) <= 9
    }

    /// Which of the first two numbers of `D/M/YYYY`-style dates is the day.
    enum DateOrder: UInt8 {
        /// `.` dates are day first (German, Swiss, Dukascopy); `/` and `-` dates only when one
        /// number is above 12 (otherwise they are ambiguous: nil).
        case automatic
        case dayFirst
        case monthFirst
    }

    /// `D.M.YYYY`, `D/M/YYYY`, `M/D/YYYY`, `D-M-YYYY` (one or two digits each), then an optional
    /// time as in ``parseCalendar(_:commaFraction:)``. Nil when `start` does not begin such a
    /// date, or (`.automatic`) when a `/` or `-` date is ambiguous.
    static func parseDayMonthYear(_ start: UnsafePointer<UInt8>, order: DateOrder, commaFraction: Bool) -> Result? {
        var p = start
        guard let first = digits(&p, minimum: 1, maximum: 2) else { return nil }
        let separator = p[0]
        guard separator == ASCII.dot || separator == ASCII.slash || separator == ASCII.minus else { return nil }
        p += 1
        guard let second = digits(&p, minimum: 1, maximum: 2), p[0] == separator else { return nil }
        p += 1
        let yearStart = p
        guard let written = digits(&p, minimum: 2, maximum: 4), p - yearStart != 3, ASCII.digit(p[0]) > 9 else { return nil }
        let year = fullYear(written, digits: p - yearStart)
        var dayFirst: Bool
        switch order {
        case .dayFirst: dayFirst = true
        case .monthFirst: dayFirst = false
        case .automatic:
            if separator == ASCII.dot {
                dayFirst = true
            } else if first > 12 && second <= 12 {
                dayFirst = true
            } else if second > 12 && first <= 12 {
                dayFirst = false
            } else {
                return nil
            }
        }
        return finishDateTime(
            p, year: year, month: dayFirst ? second : first, day: dayFirst ? first : second, commaFraction: commaFraction)
    }

    /// Compact `YYYYMMDD[(T| )hhmm[ss[.frac]]]` with an optional offset.
    static func parseCompact(_ start: UnsafePointer<UInt8>, commaFraction: Bool) -> Result {
        var p = start
        func fail() -> Result { Result(status: .malformed, nanoseconds: 0, end: p) }
        guard let year = digits(&p, minimum: 4, maximum: 4), let month = digits(&p, minimum: 2, maximum: 2),
            let day = digits(&p, minimum: 2, maximum: 2)
        else { return fail() }
        guard month >= 1, month <= 12, day >= 1, day <= Int64(CivilCalendar.daysIn(month: Int(month), year: year)) else {
            return fail()
        }
        var clock = Clock()
        let t = p[0]
        if (t == ASCII.upperT || t == ASCII.space || t == ASCII.minus || ASCII.digit(t) <= 9) {
            var q = ASCII.digit(t) <= 9 ? p : p + 1
            // The clock may be written with colons after a separator (TrueFX's
            // `20240301 00:00:00.123`).
            let colons = ASCII.digit(t) > 9 && ASCII.digit(q[0]) <= 9 && ASCII.digit(q[1]) <= 9 && q[2] == ASCII.colon
            // No clock after the date: the date alone (after a space, or at the field's end).
            func dateAlone() -> Result { t == ASCII.space || ASCII.digit(t) > 9 ? finish(p, year, month, day, clock) : fail() }
            guard let h = digits(&q, minimum: 2, maximum: 2) else { return dateAlone() }
            if colons { q += 1 }
            guard let m = digits(&q, minimum: 2, maximum: 2) else { return dateAlone() }
            clock.hour = h
            clock.minute = m
            if colons && q[0] == ASCII.colon && ASCII.digit(q[1]) <= 9 { q += 1 }
            if let s = digits(&q, minimum: 2, maximum: 2) {
                clock.second = s
                // HistData's tick files run the milliseconds on with no separator
                // (`20120201 000003660`): digits straight after the seconds are their fraction.
                clock.fraction = ASCII.digit(q[0]) <= 9 ? digitFraction(&q) : fraction(&q, commaFraction: commaFraction)
            }
            p = q
            guard readMeridiem(&p, &clock), clock.hour <= 23, clock.minute <= 59, clock.second <= 60 else { return fail() }
            guard let offset = offset(&p) else { return fail() }
            clock.offsetSeconds = offset
        }
        return finish(p, year, month, day, clock)
    }

    /// `h:mm[:ss[.frac]]` alone: nanoseconds since midnight (a time-of-day column; the date is
    /// added from another column or an option).
    ///
    /// Also `hhmm[ss]` as one run of four or six digits (Finam's and AmiBroker's `<TIME>`
    /// beside a `<DATE>`: `093000`).
    static func parseTimeOfDay(_ start: UnsafePointer<UInt8>, commaFraction: Bool) -> Result {
        var p = start
        func fail() -> Result { Result(status: .malformed, nanoseconds: 0, end: p) }
        var run = 0
        while run < 7 && ASCII.digit(p[run]) <= 9 { run += 1 }
        if run == 4 || run == 6 {
            let h = digits(&p, minimum: 2, maximum: 2) ?? 99
            let m = digits(&p, minimum: 2, maximum: 2) ?? 99
            let second = run == 6 ? digits(&p, minimum: 2, maximum: 2) ?? 99 : 0
            let nanos = run == 6 ? fraction(&p, commaFraction: commaFraction) : 0
            guard h <= 24, m <= 59, second <= 60 else { return fail() }
            return Result(status: .ok, nanoseconds: ((h * 60 + m) * 60 + second) * 1_000_000_000 + nanos, end: p)
        }
        guard let h = digits(&p, minimum: 1, maximum: 2), p[0] == ASCII.colon else { return fail() }
        p += 1
        guard let m = digits(&p, minimum: 2, maximum: 2) else { return fail() }
        var second: Int64 = 0
        var nanos: Int64 = 0
        if p[0] == ASCII.colon {
            p += 1
            guard let s = digits(&p, minimum: 2, maximum: 2) else { return fail() }
            second = s
            nanos = fraction(&p, commaFraction: commaFraction)
        }
        guard h <= 24, m <= 59, second <= 60 else { return fail() }
        return Result(status: .ok, nanoseconds: ((h * 60 + m) * 60 + second) * 1_000_000_000 + nanos, end: p)
    }

    /// Time of day and offset parts of a calendar time.
    struct Clock {
        var hour: Int64 = 0, minute: Int64 = 0, second: Int64 = 0, fraction: Int64 = 0, offsetSeconds: Int64 = 0
    }

    /// Fractional seconds after `.` (or `,` when allowed) as nanoseconds; 0 when none.
    @inline(__always)
    static func fraction(_ p: inout UnsafePointer<UInt8>, commaFraction: Bool) -> Int64 {
        guard (p[0] == ASCII.dot || (commaFraction && p[0] == ASCII.comma)) && ASCII.digit(p[1]) <= 9 else { return 0 }
        p += 1
        return digitFraction(&p)
    }

    /// A run of digits read as a fraction of a second with no separator before it (its first
    /// nine digits: `660` is 0.66 s), as nanoseconds.
    @inline(__always)
    static func digitFraction(_ p: inout UnsafePointer<UInt8>) -> Int64 {
        var fraction: Int64 = 0
        var count = 0
        while ASCII.digit(p[0]) <= 9 {
            if count < 9 {
                fraction = fraction * 10 + Int64(ASCII.digit(p[0]))
                count += 1
            }
            p += 1
        }
        while count < 9 {
            fraction *= 10
            count += 1
        }
        return fraction
    }

    /// An optional `Z` or `±hh[:mm]` offset, in seconds east of UTC; nil when malformed.
    @inline(__always)
    static func offset(_ p: inout UnsafePointer<UInt8>) -> Int64? {
        let z = p[0]
        if z == ASCII.upperZ || z == ASCII.lowerZ {
            p += 1
            return 0
        }
        // ` UTC` or ` GMT` written out (ThingSpeak's `2024-03-01 09:30:00 UTC`), the space optional.
        let q = z == ASCII.space ? p + 1 : p
        if (q[0] == 0x55 && q[1] == 0x54 && q[2] == 0x43) || (q[0] == 0x47 && q[1] == 0x4D && q[2] == 0x54) {
            p = q + 3
            return 0
        }
        guard (z == ASCII.plus || z == ASCII.minus) && ASCII.digit(p[1]) <= 9 else { return 0 }
        p += 1
        guard let oh = digits(&p, minimum: 2, maximum: 2) else { return nil }
        var om: Int64 = 0
        if p[0] == ASCII.colon {
            p += 1
            guard let m = digits(&p, minimum: 2, maximum: 2) else { return nil }
            om = m
        } else if let m = digits(&p, minimum: 2, maximum: 2) {
            om = m
        }
        guard oh <= 23, om <= 59 else { return nil }
        return (oh * 3600 + om * 60) * (z == ASCII.minus ? -1 : 1)
    }

    /// After a date (`p` just past its day): validates it and reads an optional
    /// `(T| )h:mm[:ss[.frac]]` and offset.
    static func finishDateTime(
        _ start: UnsafePointer<UInt8>, year: Int64, month: Int64, day: Int64, commaFraction: Bool
    ) -> Result {
        var p = start
        func fail() -> Result { Result(status: .malformed, nanoseconds: 0, end: p) }
        guard month >= 1, month <= 12, day >= 1, day <= Int64(CivilCalendar.daysIn(month: Int(month), year: year)) else {
            return fail()
        }
        var clock = Clock()
        let t = p[0]
        if (t == ASCII.upperT || t == ASCII.lowerT || t == ASCII.space) && ASCII.digit(p[1]) <= 9 {
            p += 1
            guard let h = digits(&p, minimum: 1, maximum: 2), p[0] == ASCII.colon else { return fail() }
            p += 1
            guard let m = digits(&p, minimum: 2, maximum: 2) else { return fail() }
            clock.hour = h
            clock.minute = m
            if p[0] == ASCII.colon {
                p += 1
                guard let s = digits(&p, minimum: 2, maximum: 2) else { return fail() }
                clock.second = s
                clock.fraction = fraction(&p, commaFraction: commaFraction)
            }
            guard readMeridiem(&p, &clock), clock.hour <= 23, clock.minute <= 59, clock.second <= 60 else { return fail() }
            guard let offset = offset(&p) else { return fail() }
            clock.offsetSeconds = offset
        }
        return finish(p, year, month, day, clock)
    }

    /// A date with the month's name (``monthWords``), in any of the orders ``TimeForm/monthName``
    /// names: three parts (a number, the month, a number; the month, two numbers; a four-digit
    /// year, the month, a number) between `-`, `/`, `.` (and spaces after it), spaces and a
    /// comma, then the clock and
    /// offset a calendar date may have. A two-digit year is 1969–2068. Allocates nothing.
    static func parseMonthName(_ start: UnsafePointer<UInt8>, commaFraction: Bool) -> Result {
        var p = start
        func fail() -> Result { Result(status: .malformed, nanoseconds: 0, end: p) }
        // The two numbers in order, with their digit counts, and the month and its place.
        var numbers: (Int64, Int64) = (0, 0)
        var numberDigits: (Int, Int) = (0, 0)
        var numberCount = 0
        var month: Int64 = 0
        var monthAt = -1
        for part in 0..<3 {
            if part > 0 {
                // Separators: `-`, `/`, `.`, or spaces after an optional comma.
                let b = p[0]
                if b == ASCII.minus || b == ASCII.slash {
                    p += 1
                } else if b == ASCII.dot {
                    // `1. März 2024`, `15 janv. 2024`: an abbreviation's or a day's dot, and spaces.
                    p += 1
                    while p[0] == ASCII.space { p += 1 }
                } else {
                    if b == ASCII.comma { p += 1 }
                    guard p[0] == ASCII.space else { return fail() }
                    while p[0] == ASCII.space { p += 1 }
                }
            }
            if ASCII.digit(p[0]) <= 9 {
                let from = p
                guard numberCount < 2, let n = digits(&p, minimum: 1, maximum: 4), ASCII.digit(p[0]) > 9 else { return fail() }
                if numberCount == 0 {
                    numbers.0 = n
                    numberDigits.0 = p - from
                } else {
                    numbers.1 = n
                    numberDigits.1 = p - from
                }
                numberCount += 1
            } else {
                guard monthAt < 0, let (m, length) = monthName(p) else { return fail() }
                month = m
                monthAt = part
                p += length
            }
        }
        guard monthAt >= 0, numberCount == 2 else { return fail() }
        // Mar 01, 2024 and 01-Mar-2024: day then year; 2024-Mar-01: year then day.
        let yearFirst = monthAt == 1 && numberDigits.0 == 4
        let day = yearFirst ? numbers.1 : numbers.0
        let year = yearFirst ? numbers.0 : numbers.1
        let yearDigits = yearFirst ? numberDigits.0 : numberDigits.1
        guard day <= 31, yearDigits == 4 || yearDigits == 2 else { return fail() }
        return finishDateTime(p, year: fullYear(year, digits: yearDigits), month: month, day: day, commaFraction: commaFraction)
    }

    /// The months' names and their usual abbreviations in English, German, French, Spanish,
    /// Italian, Dutch and Portuguese, lower case, with the month each names: what spreadsheet
    /// and bank exports write in those languages (`1. März 2024`, `15 janv. 2024`,
    /// `3-mrt-2024`, `12 dic 2024`). Accented letters are there in UTF-8 and in Latin-1 (a
    /// Windows export) and without the accent (`maerz`, `fevrier`, `aout`). No word names two
    /// months across these languages (`mar` is March in all that use it, `mai` May).
    static let monthWords: MonthWords = {
        let byMonth: [[String]] = [
            ["january", "jan", "januar", "jän", "jänner", "janvier", "janv", "enero", "ene", "gennaio", "gen", "januari",
             "janeiro"],
            ["february", "feb", "februar", "février", "fevrier", "févr", "fevr", "febrero", "febbraio", "februari",
             "fevereiro", "fev"],
            ["march", "mar", "märz", "maerz", "mär", "mrz", "mars", "marzo", "maart", "mrt", "março", "marco"],
            ["april", "apr", "avril", "avr", "abril", "abr", "aprile"],
            ["may", "mai", "mayo", "maggio", "mag", "mei", "maio"],
            ["june", "jun", "juni", "juin", "junio", "giugno", "giu", "junho"],
            ["july", "jul", "juli", "juillet", "juil", "julio", "luglio", "lug", "julho"],
            ["august", "aug", "août", "aout", "agosto", "ago", "augustus"],
            ["september", "sep", "sept", "septembre", "septiembre", "setiembre", "settembre", "set", "setembro"],
            ["october", "oct", "oktober", "okt", "octobre", "octubre", "ottobre", "ott", "outubro", "out"],
            ["november", "nov", "novembre", "noviembre", "novembro"],
            ["december", "dec", "dezember", "dez", "décembre", "decembre", "déc", "diciembre", "dic", "dicembre",
             "dezembro"],
        ]
        var words: [(bytes: [UInt8], month: Int)] = []
        for (index, names) in byMonth.enumerated() {
            for name in names {
                words.append((Array(name.utf8), index + 1))
                // The same word in Latin-1: each accented letter one byte (U+00C0…U+00FF).
                let scalars = name.unicodeScalars
                if scalars.contains(where: { !$0.isASCII }) {
                    words.append((scalars.map { UInt8(truncatingIfNeeded: $0.value) }, index + 1))
                }
            }
        }
        return MonthWords(words)
    }()

    /// A month's name or abbreviation in one of the languages of ``monthWords`` (ASCII letters
    /// in any case, accented ones as written there) at `p`, not followed by another letter: the
    /// month (1–12) and the word's length in bytes; nil for anything else. Allocates nothing.
    static func monthName(_ p: UnsafePointer<UInt8>) -> (Int64, Int)? {
        // A word: ASCII letters, and bytes of accented letters (UTF-8 or Latin-1).
        var length = 0
        while length < MonthWords.longest &+ 1 {
            let b = p[length]
            guard ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) || b >= 0x80 else { break }
            length &+= 1
        }
        guard length >= 3, length <= MonthWords.longest else { return nil }
        return monthWords.month(of: p, length: length).map { (Int64($0), length) }
    }

    /// A 12-hour clock's ` AM` or ` PM` (any case, not followed by a letter) at `p`, after the
    /// clock (`9:30:00 AM`, `1:31 PM`, as US spreadsheets write it): read past, and the hour
    /// made a 24-hour one (12 AM is midnight, 12 PM noon). False for an hour no 12-hour clock
    /// has; true, reading nothing, when no AM or PM follows.
    @inline(__always)
    static func readMeridiem(_ p: inout UnsafePointer<UInt8>, _ clock: inout Clock) -> Bool {
        guard p[0] == ASCII.space else { return true }
        let first = p[1] | 0x20
        guard first == 0x61 || first == 0x70, p[2] | 0x20 == 0x6D else { return true }
        let next = p[3] | 0x20
        guard next < 0x61 || next > 0x7A else { return true }
        guard clock.hour >= 1, clock.hour <= 12 else { return false }
        clock.hour = clock.hour % 12 + (first == 0x70 ? 12 : 0)
        p += 3
        return true
    }

    /// A year written with `digits` digits: two (`24`) are 1969–2068, as POSIX's `%y` reads
    /// them (Excel's US short date `3/15/24`, Finam's `15/03/24`, `1-Mar-24`); four as written.
    @inline(__always)
    static func fullYear(_ year: Int64, digits: Int) -> Int64 {
        digits == 2 ? year + (year < 69 ? 2000 : 1900) : year
    }

    /// The instant of a validated date and clock, range-checked.
    static func finish(_ p: UnsafePointer<UInt8>, _ year: Int64, _ month: Int64, _ day: Int64, _ clock: Clock) -> Result {
        let days = CivilCalendar.days(fromYear: year, month: Int(month), day: Int(day))
        var seconds = days * 86_400 + clock.hour * 3600 + clock.minute * 60 + clock.second - clock.offsetSeconds
        var nanos = clock.fraction
        // Before the epoch, borrow a second so the product does not overflow at the Int64
        // minimum (1677-09-21T00:12:43.145224192Z must parse).
        if seconds < 0 && nanos > 0 {
            seconds += 1
            nanos -= 1_000_000_000
        }
        let (scaled, o1) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, o2) = scaled.addingReportingOverflow(nanos)
        if o1 || o2 { return Result(status: .outOfRange, nanoseconds: 0, end: p) }
        return Result(status: .ok, nanoseconds: total, end: p)
    }
}

extension TimeParser {
    /// Parses a whole string as a timestamp (for options such as `--from`): any form above, in
    /// `unit`. Nil when malformed or out of range. Allocates a copy of the text.
    static func parse(text: String, unit: TimeUnit = .auto) -> Int64? {
        var bytes = Array(text.utf8)
        let count = bytes.count
        bytes += [UInt8](repeating: 0, count: 1 + SWARDigits.padding)
        let scratch = ParseScratch()
        return bytes.withUnsafeBufferPointer { buffer -> Int64? in
            let start = buffer.baseAddress!
            let result = parse(start, unit: unit, scratch: scratch)
            guard result.status == .ok, result.end == start + count else { return nil }
            return result.nanoseconds
        }
    }
}
