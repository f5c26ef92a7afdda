// Decimal writing into a LabelText without intermediate strings.
extension LabelText {
    /// Appends the decimal digits of `value`, left-padded with zeros to `minimumWidth`. O(digits).
    mutating func appendDigits(_ value: UInt64, minimumWidth: Int = 1) {
        var digits = 1
        while digits < 20 && value >= integerPowersOfTen[digits] { digits += 1 }
        var width = max(digits, minimumWidth)
        while width > digits {
            append(UInt8(ascii: "0"))
            width -= 1
        }
        var i = digits - 1
        while i >= 0 {
            let d = (value / integerPowersOfTen[i]) % 10
            append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: d))
            i -= 1
        }
    }

    /// Appends a signed integer (a `-` for negatives; Int64.min handled). O(digits).
    mutating func appendInteger(_ value: Int64, minimumWidth: Int = 1) {
        if value < 0 { append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude, minimumWidth: minimumWidth)
    }
}
