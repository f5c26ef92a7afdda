import LiveTickerCore
import LiveTickerTestSupport
import Testing

@testable import LiveTickerFeed

#if canImport(Glibc)
import Glibc
#endif

/// Result of parsing a CSV text in a test.
struct Parsed {
    var ticks: [Tick]
    var symbols: [SymbolID]
    var report: FeedReport
    var table: SymbolTable
    /// The bars of a bar file (closing ticks are in `ticks` too).
    var bars: [Candle] = []

    var times: [Int64] { ticks.map(\.time) }
    var values: [Double] { ticks.map(\.value) }
    var names: [String] { symbols.map { table.name(of: $0) } }
}

func parse(_ text: String, _ configure: (inout FeedOptions) -> Void = { _ in }) throws -> Parsed {
    try parse(bytes: Array(text.utf8), configure)
}

func parse(bytes: [UInt8], _ configure: (inout FeedOptions) -> Void = { _ in }) throws -> Parsed {
    var options = FeedOptions()
    configure(&options)
    var collector = TickCollector()
    let (report, table) = try CSVTickReader.parse(bytes, options: options, into: &collector)
    return Parsed(ticks: collector.ticks, symbols: collector.symbols, report: report, table: table, bars: collector.bars)
}

/// Seconds since the epoch to nanoseconds.
func ns(_ seconds: Int64) -> Int64 { seconds * 1_000_000_000 }

/// 2024-03-01T09:30:00Z in seconds since the epoch.
let march1At0930: Int64 = 1_709_285_400

/// A unique path under /tmp for a test file, removed by the caller.
func temporaryPath(_ tag: String) -> String {
    "/tmp/liveticker-feed-test-\(getpid())-\(tag)-\(UInt64.random(in: 0...UInt64.max))"
}

func writeFile(_ path: String, _ bytes: [UInt8]) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(fd >= 0)
    bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
            let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
            precondition(n > 0)
            offset += n
        }
    }
    close(fd)
}

func appendFile(_ path: String, _ text: String) {
    let fd = open(path, O_WRONLY | O_APPEND)
    precondition(fd >= 0)
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
    close(fd)
}

/// Writes `bytes` into the FIFO at `path` from a thread of its own (opening it for writing
/// waits for a reader); join the thread once the reader is done.
func feedFIFO(_ path: String, _ bytes: [UInt8]) -> TestThread {
    TestThread {
        let fd = open(path, O_WRONLY)
        guard fd >= 0 else { return }
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }
}
