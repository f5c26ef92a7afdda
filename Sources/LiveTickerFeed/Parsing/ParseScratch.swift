import CLiveTickerKernels

#if canImport(Glibc)
import Glibc
#endif

/// Fixed memory the field parsers share: a scratch buffer for unquoting a field or giving
/// `strtod` a NUL-terminated copy, and the table of exact powers of ten. Allocated once per
/// parser, never grown, so the slow paths allocate nothing either.
///
/// Invariant: `bytes` and `symbol` hold `capacity + 1 + SWARDigits.padding` bytes, `lastSymbol` `maximumSymbolLength + 1`, and `powersOfTen` 23 doubles, `integerPowersOfTen` 20 integers, `plainLineEntries` `LTK_CSV_PLAIN_ENTRIES`, owned by this
/// object until `deinit`; only the owning parser's thread touches them.
final class ParseScratch {
    /// Longest field the slow paths accept (quoted fields, numbers for `strtod`, symbols).
    static let capacity = 512

    /// Longest symbol name accepted.
    static let maximumSymbolLength = 255

    let bytes: UnsafeMutablePointer<UInt8>
    /// A quoted symbol, unquoted (kept apart from `bytes`, which later fields of a line reuse).
    let symbol: UnsafeMutablePointer<UInt8>
    /// The previous line's symbol bytes.
    let lastSymbol: UnsafeMutablePointer<UInt8>
    /// 10⁰ … 10²², each exactly representable in a `Double` (Clinger 1990's fast-path bound).
    let powersOfTen: UnsafeMutablePointer<Double>
    /// 10⁰ … 10¹⁹ as integers.
    let integerPowersOfTen: UnsafeMutablePointer<UInt64>
    /// The time column's ``TimeForm/code`` and the date column's (set once from the layout).
    var timeForm: UInt8 = 0
    var dateForm: UInt8 = 0
    /// The `--time-format` pattern, for form code 5.
    var timePattern: TimePattern?
    /// Numbers use a decimal comma and `.` between thousands (`16.750,00`).
    var decimalComma = false
    /// The values of a line's further value columns (`--value a,b,c`), one slot per column
    /// after the first: ``CSVColumnLayout/maximumColumns`` doubles.
    let moreValues: UnsafeMutablePointer<Double>
    /// The plain-line kernel's list of a block's delimiters and newlines
    /// (``ltk_csv_plain_lines``): `LTK_CSV_PLAIN_ENTRIES` entries, 32 KB.
    let plainLineEntries: UnsafeMutablePointer<Int32>

    init() {
        let size = Self.capacity + 1 + SWARDigits.padding
        bytes = .allocate(capacity: size)
        bytes.initialize(repeating: 0, count: size)
        symbol = .allocate(capacity: size)
        symbol.initialize(repeating: 0, count: size)
        lastSymbol = .allocate(capacity: Self.maximumSymbolLength + 1)
        lastSymbol.initialize(repeating: 0, count: Self.maximumSymbolLength + 1)
        powersOfTen = .allocate(capacity: 23)
        integerPowersOfTen = .allocate(capacity: 20)
        moreValues = .allocate(capacity: CSVColumnLayout.maximumColumns)
        moreValues.initialize(repeating: .nan, count: CSVColumnLayout.maximumColumns)
        plainLineEntries = .allocate(capacity: Int(LTK_CSV_PLAIN_ENTRIES))
        plainLineEntries.initialize(repeating: 0, count: Int(LTK_CSV_PLAIN_ENTRIES))
        var integerPower: UInt64 = 1
        for i in 0..<20 {
            (integerPowersOfTen + i).initialize(to: integerPower)
            integerPower = i < 19 ? integerPower &* 10 : integerPower
        }
        var power = 1.0
        for i in 0..<23 {
            (powersOfTen + i).initialize(to: power)
            power *= 10
        }
    }

    deinit {
        bytes.deallocate()
        symbol.deallocate()
        lastSymbol.deallocate()
        powersOfTen.deallocate()
        integerPowersOfTen.deallocate()
        moreValues.deallocate()
        plainLineEntries.deallocate()
    }
}
