#if canImport(Glibc)
import Glibc
#endif

/// The value on the first line of the file at `path` that starts with `key`: what follows the
/// key, without the spaces, tabs and colon before it or the blanks after it (`"model name"` in
/// `/proc/cpuinfo` gives `AMD EPYC`, `"VmHWM:"` in `/proc/PID/status` gives `1234 kB`); nil when
/// the file cannot be read or has no such line. For the kernel's `/proc` files, whose lines fit
/// in 512 bytes.
func procField(_ key: String, in path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 512)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard text.hasPrefix(key) else { continue }
        var value = Substring(text.dropFirst(key.count))
        while let first = value.first, first == " " || first == "\t" || first == ":" { value.removeFirst() }
        while let last = value.last, last == " " || last == "\t" || last == "\n" { value.removeLast() }
        return String(value)
    }
    return nil
}
