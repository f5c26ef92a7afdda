#if canImport(Glibc)
import Glibc
#endif

/// Fixed memory the field parsers share: a scratch buffer for unquoting a field or giving
/// `strtod` a NUL-terminated copy, and the table of exact powers of ten. Allocated once per
/// parser, never grown, so the slow paths allocate nothing either.
///
/// Invariant: `bytes` and `symbol` hold `capacity + 1` bytes, `lastSymbol` `maximumSymbolLength + 1`, and `powersOfTen` 23 doubles, owned by this
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

    init() {
        bytes = .allocate(capacity: Self.capacity + 1)
        bytes.initialize(repeating: 0, count: Self.capacity + 1)
        symbol = .allocate(capacity: Self.capacity + 1)
        symbol.initialize(repeating: 0, count: Self.capacity + 1)
        lastSymbol = .allocate(capacity: Self.maximumSymbolLength + 1)
        lastSymbol.initialize(repeating: 0, count: Self.maximumSymbolLength + 1)
        powersOfTen = .allocate(capacity: 23)
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
    }
}
