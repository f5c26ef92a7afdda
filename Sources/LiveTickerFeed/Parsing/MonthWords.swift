/// The words of ``TimeParser/monthWords``, laid out for looking one up per time field: every
/// word's bytes in one array, and the words sorted by their first letter with where each
/// letter's run starts, so a lookup compares only the words of its letter and length.
struct MonthWords: Sendable {
    /// The longest word in bytes (`dezembro`, `décembre`…: under 14).
    static let longest = 13

    private struct Word: Sendable {
        var offset: Int32
        var length: Int16
        var month: Int16
    }
    private let bytes: [UInt8]
    private let words: [Word]
    /// `words[letterStart[l] ..< letterStart[l + 1]]` begin with ASCII letter `a + l`.
    private let letterStart: [Int32]

    /// Lays out `words` (lower case, each starting with an ASCII letter, at most ``longest``
    /// bytes) with the month each names. Allocates; made once.
    init(_ words: [(bytes: [UInt8], month: Int)]) {
        let sorted = words.sorted { $0.bytes[0] < $1.bytes[0] }
        var bytes: [UInt8] = []
        var laid: [Word] = []
        var starts = [Int32](repeating: Int32(sorted.count), count: 27)
        for (index, word) in sorted.enumerated().reversed() {
            starts[Int(word.bytes[0] &- 0x61)] = Int32(index)
        }
        for l in stride(from: 25, through: 0, by: -1) where starts[l] > starts[l + 1] { starts[l] = starts[l + 1] }
        for word in sorted {
            precondition(word.bytes.count <= Self.longest && (0x61...0x7A).contains(word.bytes[0]), "a month word")
            laid.append(Word(offset: Int32(bytes.count), length: Int16(word.bytes.count), month: Int16(word.month)))
            bytes += word.bytes
        }
        self.bytes = bytes
        self.words = laid
        letterStart = starts
    }

    /// The month of the `length`-byte word at `p`, compared with ASCII letters folded to lower
    /// case and other bytes as they are; nil when it is none of the words. O(words of its first
    /// letter), no allocation.
    func month(of p: UnsafePointer<UInt8>, length: Int) -> Int? {
        let first = p[0] | 0x20
        guard first >= 0x61, first <= 0x7A else { return nil }
        let letter = Int(first &- 0x61)
        return bytes.withUnsafeBufferPointer { bytes in
            words.withUnsafeBufferPointer { words in
                for k in Int(letterStart[letter])..<Int(letterStart[letter &+ 1]) {
                    let word = words[k]
                    guard Int(word.length) == length else { continue }
                    let base = Int(word.offset)
                    var i = 1
                    while i < length {
                        let b = p[i]
                        guard (b < 0x80 ? b | 0x20 : b) == bytes[base &+ i] else { break }
                        i &+= 1
                    }
                    if i == length { return Int(word.month) }
                }
                return nil
            }
        }
    }
}
