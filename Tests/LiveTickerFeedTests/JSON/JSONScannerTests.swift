import Testing

@testable import LiveTickerFeed

#if canImport(Glibc)
import Glibc
#endif

/// The scanner against the accept/reject corpus judged by Python's `json` module in strict
/// settings (`Tests/Oracle/json_corpus.py --check` re-judges it; `--write` regenerates it).
@Suite struct JSONScannerTests {
    static let corpusPath: String = {
        let file = "\(#filePath)"
        let folder = file[..<file.lastIndex(of: "/")!]
        return folder + "/json-corpus.txt"
    }()

    static func readCorpus() throws -> [(accept: Bool, bytes: [UInt8])] {
        let fd = open(corpusPath, O_RDONLY)
        guard fd >= 0 else {
            Issue.record("cannot open the JSON corpus at \(corpusPath)")
            return []
        }
        defer { close(fd) }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n <= 0 { break }
            data += chunk[0..<n]
        }
        func hexValue(_ c: UInt8) -> UInt8 { c <= 57 ? c - 48 : c - 87 }
        var cases: [(Bool, [UInt8])] = []
        for line in data.split(separator: 10, omittingEmptySubsequences: true) {
            let text = Array(line)
            var bytes: [UInt8] = []
            var i = 2
            while i + 1 < text.count {
                bytes.append(hexValue(text[i]) << 4 | hexValue(text[i + 1]))
                i += 2
            }
            cases.append((text[0] == UInt8(ascii: "y"), bytes))
        }
        return cases
    }

    @Test func agreesWithPythonOnTheWholeCorpus() throws {
        let cases = try Self.readCorpus()
        #expect(cases.count > 3000, "the corpus should hold thousands of cases")
        #expect(cases.contains { $0.accept } && cases.contains { !$0.accept })
        var wrong: [String] = []
        for (accept, bytes) in cases where JSONScanner.isValidDocument(bytes) != accept {
            wrong.append("\(accept ? "accepted by Python, rejected" : "rejected by Python, accepted"): \(bytes.map { String(format2: $0) }.joined())")
        }
        #expect(wrong.isEmpty, "\(wrong.count) disagreements, first: \(wrong.prefix(5))")
    }

    @Test func nestingBeyondTheLimitIsRejectedWithoutRecursion() {
        let ok = [UInt8](repeating: 0x5B, count: 512) + [UInt8](repeating: 0x5D, count: 512)
        #expect(JSONScanner.isValidDocument(ok))
        let deep = [UInt8](repeating: 0x5B, count: 513) + [UInt8](repeating: 0x5D, count: 513)
        #expect(!JSONScanner.isValidDocument(deep), "513 levels")
        // Hostile depth: a million open brackets end in a rejection, not a stack overflow.
        #expect(!JSONScanner.isValidDocument([UInt8](repeating: 0x7B, count: 1) + [UInt8](repeating: 0x5B, count: 1_000_000)))
    }

    @Test func neverReadsPastTheEnd() {
        // Every prefix of valid documents is scanned within its bounds (ASan runs would catch a
        // read past them); a strict prefix of an object or array is never valid.
        let document = Array(#"{"a":[1,-2.5e3,"x\u00e9\"",true,null,{"b":false}]}"#.utf8)
        for length in 0..<document.count {
            let prefix = Array(document[..<length])
            #expect(!JSONScanner.isValidDocument(prefix))
        }
        #expect(JSONScanner.isValidDocument(document))
    }
}

extension String {
    init(format2 byte: UInt8) {
        let digits = Array("0123456789abcdef")
        self = String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }
}
