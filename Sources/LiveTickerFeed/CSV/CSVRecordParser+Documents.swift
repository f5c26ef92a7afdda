#if canImport(Glibc)
import Glibc
#endif

/// Documents: a live listener's input is many small inputs, not one file. Each UDP datagram
/// (and each TCP connection, which has its own parser) may start with its own optional header,
/// and nothing a peer sends may end the listener, so a header that names no usable columns is
/// one counted bad line, and the lines under it are counted too, up to the end of its document.
extension CSVRecordParser {
    /// Starts a new document (the next datagram): its first non-blank line decides header or
    /// data afresh, so one datagram's header never changes how another is read. Line numbers
    /// and counts go on. O(1); allocates nothing.
    mutating func beginDocument() {
        layout = nil
        refusedHeader = false
        heldBid = .nan
        heldAsk = .nan
    }

    /// Starts a new file under the same reader (a followed file truncated or replaced): like
    /// ``beginDocument()``, and its first line may also decide another text format (a JSON
    /// array opens again). The decoders and symbol names are kept. O(1).
    mutating func beginFile() {
        beginDocument()
        // A followed file truncated or replaced numbers its lines from 1 again.
        report.fileFirstLine = lineNumber
        if detectsTextFormats {
            textFormat = .csv
            jsonArrayState = 0
            reportedUnclosedArray = false
            jsonArrayWrapped = false
        }
    }

    /// Counts the refused header line `[start, end)` (``BadLineKind/badHeader``) and marks the
    /// rest of the document as refused. Returns `next`, where parsing goes on.
    mutating func refuseHeader(
        _ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, next: UnsafePointer<UInt8>
    ) throws(FeedError) -> UnsafePointer<UInt8> {
        lineNumber += 1
        refusedHeader = true
        try badLine(.badHeader, line: lineNumber, column: nil, start: start, end: end)
        return next
    }

    /// Counts every non-blank line of `[start, end)` as ``BadLineKind/badHeader`` (blank lines
    /// as blank). Same buffer contract as ``parseLines(_:start:end:into:count:)``. Returns `end`.
    mutating func countRefusedLines(_ base: UnsafeMutablePointer<UInt8>, start: Int, end: Int) throws(FeedError) -> Int {
        var p = UnsafePointer(base + start)
        let stop = UnsafePointer(base + end)
        while p < stop {
            let newline = UnsafePointer(memchr(p, Int32(ASCII.newline), stop - p)!.assumingMemoryBound(to: UInt8.self))
            var contentEnd = newline
            if contentEnd > p && contentEnd[-1] == ASCII.carriageReturn { contentEnd -= 1 }
            lineNumber += 1
            if contentEnd == p {
                report.blankLines += 1
            } else {
                try badLine(.badHeader, line: lineNumber, column: nil, start: p, end: newline)
            }
            p = newline + 1
        }
        return end
    }
}
