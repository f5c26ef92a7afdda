#if canImport(Glibc)
import Glibc
#endif

/// Writes a `time,price` CSV (epoch milliseconds, one tick per millisecond from 2024-03-01
/// 08:00 UTC; a random walk in cents printed with two decimals): the file the end-to-end
/// sections give to us and to the peers. Formats digits by hand: string interpolation per row
/// would make writing 10 M rows take longer than every measurement on it.
enum PriceFileWriter {
    /// Writes `count` rows to `path`; returns the file's size in bytes, or nil on failure.
    static func write(path: String, count: Int, seed: UInt64 = 11) -> Int? {
        guard let file = fopen(path, "wb") else { return nil }
        defer { fclose(file) }
        var generator = SplitMix64(seed: seed)
        var cents = 10_125
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var used = 0
        var total = 0
        func flush() -> Bool {
            let written = buffer.withUnsafeBytes { fwrite($0.baseAddress, 1, used, file) }
            total += written
            defer { used = 0 }
            return written == used
        }
        for byte in "time,price\n".utf8 { buffer[used] = byte; used += 1 }
        let start = 1_709_280_000_000
        var digits = [UInt8](repeating: 0, count: 24)
        func put(_ value: Int) {
            var v = value
            var n = 0
            repeat {
                digits[n] = UInt8(48 + v % 10)
                v /= 10
                n += 1
            } while v > 0
            while n > 0 { n -= 1; buffer[used] = digits[n]; used += 1 }
        }
        for i in 0..<count {
            cents = max(100, cents + Int((generator.symmetricUnit() * 3).rounded()))
            put(start + i)
            buffer[used] = UInt8(ascii: ","); used += 1
            put(cents / 100)
            buffer[used] = UInt8(ascii: "."); used += 1
            buffer[used] = UInt8(48 + (cents % 100) / 10); used += 1
            buffer[used] = UInt8(48 + cents % 10); used += 1
            buffer[used] = UInt8(ascii: "\n"); used += 1
            if used > buffer.count - 64, !flush() { return nil }
        }
        guard flush() else { return nil }
        return total
    }
}
