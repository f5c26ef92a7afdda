extension BadLine {
    /// The first 80 bytes of `[start, end)` without a trailing `\r`, as printable text for a
    /// message: valid UTF-8 is kept, every other byte and every control character (NUL, escape
    /// sequences, gzip or binary garbage) is written `\xNN`, so an error message never carries
    /// raw bytes to a terminal. `…` marks a cut. O(80); allocates the string.
    static func excerpt(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> String {
        var e = end
        if e > start && e[-1] == ASCII.carriageReturn { e -= 1 }
        let count = min(80, e - start)
        return printable(UnsafeBufferPointer(start: start, count: count)) + (count < e - start ? "…" : "")
    }

    /// `bytes` as printable text: valid UTF-8 scalars from U+0020 on (except U+007F and the C1
    /// controls) as they are, anything else as `\xNN`. O(count); allocates.
    static func printable(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var text = ""
        text.reserveCapacity(bytes.count)
        var i = 0
        let hex = Array("0123456789abcdef".unicodeScalars)
        while i < bytes.count {
            let b = bytes[i]
            if b >= 0x20 && b < 0x7F {
                text.unicodeScalars.append(Unicode.Scalar(b))
                i += 1
                continue
            }
            if b >= 0x80, let base = bytes.baseAddress,
                let length = JSONScanner.utf8SequenceLength(base + i, base + bytes.count)
            {
                let scalars = String(decoding: UnsafeBufferPointer(start: base + i, count: length), as: UTF8.self)
                if let scalar = scalars.unicodeScalars.first, scalar.value >= 0xA0 {
                    text += scalars
                    i += length
                    continue
                }
            }
            text += "\\x"
            text.unicodeScalars.append(hex[Int(b >> 4)])
            text.unicodeScalars.append(hex[Int(b & 15)])
            i += 1
        }
        return text
    }
}
