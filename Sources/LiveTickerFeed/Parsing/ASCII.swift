/// Byte values the parsers compare against (the input is bytes, not `String`s).
enum ASCII {
    static let nul: UInt8 = 0
    static let tab: UInt8 = 9
    static let newline: UInt8 = 10
    static let carriageReturn: UInt8 = 13
    static let space: UInt8 = 32
    static let quote: UInt8 = 34
    static let plus: UInt8 = 43
    static let comma: UInt8 = 44
    static let minus: UInt8 = 45
    static let dot: UInt8 = 46
    static let slash: UInt8 = 47
    static let zero: UInt8 = 48
    static let colon: UInt8 = 58
    static let semicolon: UInt8 = 59
    static let upperT: UInt8 = 84
    static let upperZ: UInt8 = 90
    static let lowerE: UInt8 = 101
    static let lowerT: UInt8 = 116
    static let lowerZ: UInt8 = 122

    /// The value of a decimal digit byte, or a number > 9 for any other byte (one subtract and
    /// one compare, no table).
    @inline(__always)
    static func digit(_ byte: UInt8) -> UInt8 { byte &- zero }
}
