// Fuzz target for the CSV and binary tick parsers (libFuzzer).
//
// Build and run (Linux, from the package root):
//   swift build --scratch-path .build/fuzz --product LiveTickerFeedFuzz \
//     -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
//   mkdir -p /tmp/feed-corpus && cp Tests/Fuzz/corpus/* /tmp/feed-corpus/
//   .build/fuzz/debug/LiveTickerFeedFuzz /tmp/feed-corpus -max_total_time=30
// (`-runs=N` instead of a time bound also works; a separate scratch path keeps the sanitized
// objects out of the ordinary build.)
// Without those flags the target is an ordinary program that replays the files given as
// arguments through the same function (to reproduce a crash: LiveTickerFeedFuzz crash-FILE).

import LiveTickerCore
import LiveTickerFeed

#if canImport(Glibc)
import Glibc
#endif

/// Runs one fuzz input. The first byte picks the parser and its options, the rest is the file.
/// Invariants checked (a failure crashes, which the fuzzer records): no crash or sanitizer
/// report on any input; the report's tick count equals the ticks delivered; bad lines and
/// blank lines never exceed the lines read; strict mode never delivers a tick after a bad line.
func fuzzOne(_ data: UnsafeRawBufferPointer) {
    guard let selector = data.first else { return }
    let body = UnsafeRawBufferPointer(rebasing: data[1...])
    if selector & 0xF8 == 0xF8 {
        fuzzMessages(body, selector: selector)
    } else if selector & 0x80 != 0 {
        fuzzBinary(body, selector: selector)
    } else {
        fuzzCSV(body, selector: selector)
    }
}

func fuzzCSV(_ body: UnsafeRawBufferPointer, selector: UInt8) {
    var options = FeedOptions()
    options.bufferSize = [256, 300, 1024, 1 << 16][Int(selector & 3)]
    options.batchCapacity = [1, 3, 64, 8192][Int((selector >> 2) & 3)]
    options.header = [.auto, .present, .absent, .auto][Int((selector >> 4) & 3)]
    options.strict = selector & 0x40 != 0
    if selector & 0x30 == 0x30 {
        options.delimiter = UInt8(ascii: ";")
        options.timeUnit = .milliseconds
        options.symbol = "A"
    }
    var sink = CountingTickSink()
    do {
        let (report, symbols) = try CSVTickReader.parse(bytes: body, options: options, into: &sink)
        precondition(report.ticks == sink.count, "report.ticks \(report.ticks) != delivered \(sink.count)")
        precondition(report.bars <= report.ticks, "report.bars \(report.bars) > ticks \(report.ticks)")
        // A JSON array counts its bad records, several of which may share a line (and an
        // unclosed array adds one at the end): the bound holds for line formats only.
        precondition(
            report.badLines + report.blankLines <= report.lines || report.count(of: .malformedJSON) > 0,
            "more bad/blank lines than lines")
        precondition(symbols.count <= SymbolTable.maximumCount)
        // Strict mode throws at the first bad line, so a strict parse that returns saw none.
        precondition(!options.strict || report.badLines == 0, "strict mode returned after a bad line")
        _ = report.summary
    } catch {
        _ = error.description
    }
}

/// Message payloads (MQTT, WebSocket) through one ``MessageTickDecoder``: the body is a run of
/// messages separated by 0x00, each `topic 0x01 payload` (no 0x01: the whole record is the
/// payload on the empty topic). Selector bits 0–1 pick the format (auto, json, influx, csv),
/// bit 2 strict mode. Invariants: the report's ticks equal the ticks delivered, symbols stay
/// bounded.
func fuzzMessages(_ body: UnsafeRawBufferPointer, selector: UInt8) {
    var options = FeedOptions()
    options.strict = selector & 4 != 0
    options.batchCapacity = 5
    let format: PayloadFormat = [.auto, .json, .lineProtocol, .csv][Int(selector & 3)]
    let decoder = MessageTickDecoder(options: options, format: format, topicSymbol: selector & 1 != 0 ? .full : .last)
    var sink = CountingTickSink()
    let bytes = body.bindMemory(to: UInt8.self)
    var start = 0
    var arrival: Int64 = 1_709_280_000_000_000_000
    while start <= bytes.count {
        var end = start
        while end < bytes.count && bytes[end] != 0 { end += 1 }
        var split = start
        while split < end && bytes[split] != 1 { split += 1 }
        let record = UnsafeRawBufferPointer(rebasing: body[start..<end])
        let topic = split < end ? UnsafeRawBufferPointer(rebasing: body[start..<split]) : UnsafeRawBufferPointer(rebasing: body[0..<0])
        let payload = split < end ? UnsafeRawBufferPointer(rebasing: body[(split + 1)..<end]) : record
        do {
            try decoder.decode(payload, topic: topic, arrival: arrival, into: &sink)
        } catch {
            _ = error.description
        }
        arrival = arrival &+ 1_000_000
        start = end + 1
    }
    let report = decoder.report
    precondition(report.ticks == sink.count, "message report.ticks \(report.ticks) != delivered \(sink.count)")
    precondition(report.bars <= report.ticks)
    precondition(decoder.symbols.count <= SymbolTable.maximumCount)
    _ = report.summary
}

/// One scratch file reused for every binary input (the binary reader works on files): in
/// `$LIVETICKER_FUZZ_SCRATCH` (run-fuzz makes that directory and removes it afterwards) or
/// `/tmp`, and removed when the process exits normally.
nonisolated(unsafe) var binaryPath: String = ""

func fuzzBinary(_ body: UnsafeRawBufferPointer, selector: UInt8) {
    if binaryPath.isEmpty {
        let directory = getenv("LIVETICKER_FUZZ_SCRATCH").map { String(cString: $0) } ?? "/tmp"
        binaryPath = "\(directory)/liveticker-fuzz-\(getpid()).ltk"
        atexit { _ = unlink(binaryPath) }
    }
    let fd = open(binaryPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { return }
    // Inputs that start with the header of a valid file reach the record and table code; the
    // selector's low bit prepends one so the fuzzer need not discover the magic first.
    if selector & 1 != 0 {
        var header = BinaryTickFormat.Header(hasSymbols: selector & 2 != 0)
        header.flags |= selector & 4 != 0 ? BinaryTickFormat.flagComplete : 0
        header.symbolTableOffset = UInt64(64 + (body.count / 2))
        header.symbolCount = UInt32(selector >> 3 & 0x0F)
        let bytes = header.encoded()
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }
    if body.count > 0 { _ = write(fd, body.baseAddress, body.count) }
    close(fd)
    var options = FeedOptions()
    options.batchCapacity = selector & 8 != 0 ? 2 : 8192
    if selector & 16 != 0 { options.symbol = "A" }
    do {
        let reader = try BinaryTickReader(path: binaryPath, options: options)
        var sink = CountingTickSink()
        let report = try reader.read(into: &sink)
        precondition(report.ticks == sink.count)
        precondition(report.truncatedRecords <= 1)
    } catch {
        _ = error.description
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzOne(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

/// libFuzzer's documented entry for programs that keep their own `main`.
@_silgen_name("LLVMFuzzerRunDriver")
func llvmFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// SwiftPM links every executable with its own `main` (renamed per target), so libFuzzer's
/// `main` is never used: this one hands control to libFuzzer's driver instead.
@main
struct FeedFuzzDriver {
    static func main() {
        var argc = CommandLine.argc
        var argv = Optional(CommandLine.unsafeArgv)
        exit(llvmFuzzerRunDriver(&argc, &argv) { data, size in fuzzerTestOneInput(data, size) })
    }
}
#else
@main
struct FeedFuzzReplay {
    /// Replays each file named on the command line through the fuzz function.
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            let fd = open(path, O_RDONLY)
            guard fd >= 0 else {
                print("cannot open \(path)")
                continue
            }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                bytes += chunk[0..<n]
            }
            close(fd)
            bytes.withUnsafeBytes { fuzzOne($0) }
            print("\(path): ok (\(bytes.count) bytes)")
        }
    }
}
#endif
