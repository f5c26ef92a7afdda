extension BadLine {
    /// The first 80 bytes of `[start, end)` without a trailing `\r`, decoded leniently (invalid
    /// UTF-8 as U+FFFD), `…` marking a cut. Control bytes stay as they are here: the
    /// description escapes them (``MessageText``) when the line is printed. O(80); allocates.
    static func excerpt(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> String {
        var e = end
        if e > start && e[-1] == ASCII.carriageReturn { e -= 1 }
        let count = min(80, e - start)
        let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
        return count < e - start ? text + "…" : text
    }
}
