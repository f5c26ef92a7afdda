#if canImport(Glibc)
import Glibc
#endif

/// Reads CSV ticks from a file descriptor (a file, standard input, a pipe, a followed file) in
/// large chunks with `read(2)` into one fixed buffer, parsing lines in place.
///
/// Memory is bounded by the buffer (``FeedOptions/bufferSize``, 1 MiB by default): a line that
/// does not fit is skipped as it streams past and counted as ``BadLineKind/lineTooLong``; input
/// that runs on for ``FeedOptions/maximumLineRun`` bytes without a newline (`/dev/zero`) ends
/// the read with ``FeedError/noLineBreak(path:bytes:)``. A missing final newline is supplied at
/// the end of input when the last line looks whole (see ``BadLineKind/truncatedLastLine`` for
/// the rule); a line cut off mid-write is counted instead of charted.
///
/// In follow mode (`tail -F`) the end of the file is not the end: the reader polls for appended
/// bytes every ``followPollInterval`` (sleeping in between: an idle file costs a `read`, two
/// `stat`s and a 64-byte `pread` of its head per poll) and holds a partial last line until its
/// newline arrives, however long. A file opened by path is followed through log rotation:
/// truncated in place (it shrank below what was read) or rewritten in place (its first bytes
/// changed), reading starts over at its beginning and its first line may be a header
/// again; moved away or deleted and recreated (the path names another inode), the old file is
/// read to its end, its unterminated last line judged as a finished file's, then the new file is
/// opened and read from its beginning; the path missing, the reader keeps waiting for it. Each
/// is told to ``onFollowEvent`` and counted in the report.
///
/// Not thread-safe: one thread drives a reader (it is a class because it owns a descriptor and
/// buffers).
public final class CSVTickReader: TickBatchReader {
    /// Name used in errors (the path, or `-` for standard input).
    public let name: String
    private var fd: Int32
    // Bytes to read instead of `fd` (in-memory parsing); valid for the reader's whole life,
    // which `parse(bytes:)` guarantees by never letting the reader escape.
    private let memory: UnsafeRawBufferPointer?
    /// Bytes to read instead of `fd` (decompressed gzip).
    private let stream: TickByteStream?
    private var memoryOffset = 0
    private let closeOnDeinit: Bool
    private let follow: Bool
    /// How long follow mode sleeps when the file has no new bytes, in nanoseconds.
    public var followPollInterval: Int64 = 50_000_000
    /// Raised to end follow mode (or a blocking read loop between reads).
    public let stopFlag: StopFlag?
    /// Called on the reading thread when a followed file is truncated, replaced or goes missing
    /// (the caller logs it; the reader prints nothing). Set before the first read.
    public var onFollowEvent: (@Sendable (FollowEvent) -> Void)?
    /// Called on the reading thread each time the reader waits for more input (a followed
    /// file's idle poll; standard input's 100 ms poll while a ``stopFlag`` is set): a live
    /// source publishes there what changed without a tick (bad lines), which ``nextBatch()``
    /// returns no batch for. Set before the first read.
    public var whileWaiting: (() -> Void)?
    /// The path a followed file was opened by, watched for rotation (nil: a descriptor, stdin),
    /// as the C string `stat` and `open` take: made once, since a `String` argument would be
    /// converted (one allocation) at every poll.
    private var followedPath: [CChar]?
    /// Device and inode of the open file, to tell when the followed path names another file.
    private var fileIdentity: (device: UInt64, inode: UInt64)?
    /// Whether the followed path was found missing (told once per disappearance).
    private var pathMissing = false
    /// The followed path names a new file: the old one's last line is parsed first, then the
    /// new file is opened (at the next ``fill()``).
    private var reopenPending = false
    private var truncationsFollowed = 0
    /// Follow mode: the followed file's first bytes as read (up to ``headLength``), to tell a
    /// file rewritten in place (`cat new > file`: truncated and refilled past the offset read
    /// between two polls, so it never looked shorter) from one appended to. Reserved once.
    private var head: [UInt8] = []
    private static let headLength = 64
    /// The compressed input ended early (cut off); what came before was read.
    private var endedEarly = false
    private var replacementsFollowed = 0

    private var parser: CSVRecordParser
    private let storage: TickBatchStorage
    private let capacity: Int
    // Invariant: `buffer` holds `capacity + 1 + SWARDigits.padding` bytes (one spare for the
    // final newline, then padding so 8-byte digit loads never leave it);
    // [0, filled) are input bytes; [pos, completeEnd) are whole lines not yet parsed.
    private let buffer: UnsafeMutablePointer<UInt8>
    private var filled = 0
    private var pos = 0
    private var completeEnd = 0
    private var skippingOverlongLine = false
    /// Bytes of the over-long line being skipped so far; bounded by `maximumLineRun`.
    private var skippedLineBytes = 0
    private let maximumLineRun: Int
    /// The last complete non-blank line parsed, to judge an unterminated last line against.
    private var previousLine: LineShape?
    private var reachedEnd = false
    private var finished = false
    private var bytesRead = 0
    private var fileOffset = 0
    // Inside ``nextAvailableBatch()``: no waiting, `readsLeft` reads, and `starved` once a read
    // would block or the reads are spent.
    private var waitsForInput = true
    private var readsLeft = 0
    private var starved = false

    /// Opens the CSV file at `path` (`-` for standard input). Throws ``FeedError/cannotOpen(path:errno:)``.
    public convenience init(path: String, options: FeedOptions = FeedOptions(), follow: Bool = false,
        stop: StopFlag? = nil) throws(FeedError)
    {
        if path == "-" {
            self.init(fileDescriptor: 0, name: "-", options: options, follow: follow, closeOnDeinit: false, stop: stop)
            return
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(path: path, errno: errno) }
        self.init(fileDescriptor: fd, name: path, options: options, follow: follow, closeOnDeinit: true, stop: stop)
        if follow {
            followedPath = Array(path.utf8CString)
            fileIdentity = Self.identity(of: fd)
            head.reserveCapacity(Self.headLength)
        }
    }

    /// Reads from an open descriptor; closes it on release when `closeOnDeinit`.
    ///
    /// With a `stop` flag the reader waits for input with `poll(2)` in 100 ms slices and ends
    /// (returns nil) once the flag is raised, so a thread blocked on a quiet pipe or socket can
    /// be stopped. A non-blocking descriptor in a `poll(2)` loop is read with
    /// ``nextAvailableBatch()``. (UDP datagrams are read by the live source's
    /// `DatagramReceiver`, each as its own document.) `prefix`: bytes already read from the
    /// descriptor (a magic-byte peek at standard input), read first.
    public convenience init(fileDescriptor: Int32, name: String, options: FeedOptions = FeedOptions(),
        follow: Bool = false, closeOnDeinit: Bool = false, stop: StopFlag? = nil, prefix: [UInt8] = [])
    {
        self.init(
            fd: fileDescriptor, memory: nil, stream: nil, name: name, options: options, follow: follow,
            closeOnDeinit: closeOnDeinit, stop: stop)
        if !prefix.isEmpty {
            let n = min(prefix.count, capacity)
            prefix.withUnsafeBytes { _ = memcpy(buffer, $0.baseAddress!, n) }
            filled = n
            bytesRead = n
            fileOffset = n
            markParsable(from: 0)
        }
    }

    /// Reads the bytes of `stream` (decompressed gzip, …) as if they were a file; no follow mode.
    public convenience init(stream: TickByteStream, name: String, options: FeedOptions = FeedOptions()) {
        self.init(
            fd: -1, memory: nil, stream: stream, name: name, options: options, follow: false, closeOnDeinit: false,
            stop: nil)
    }

    /// Reads `bytes` (which must outlive the reader) as if they were a file.
    convenience init(memory bytes: UnsafeRawBufferPointer, options: FeedOptions) {
        self.init(
            fd: -1, memory: bytes, stream: nil, name: "<memory>", options: options, follow: false,
            closeOnDeinit: false, stop: nil)
    }

    /// The one place the input and the read buffer are set up; exactly one of `fd` (≥ 0),
    /// `memory` and `stream` is the input. Allocates the buffer once.
    private init(
        fd: Int32, memory: UnsafeRawBufferPointer?, stream: TickByteStream?, name: String, options: FeedOptions,
        follow: Bool, closeOnDeinit: Bool, stop: StopFlag?
    ) {
        self.fd = fd
        self.memory = memory
        self.stream = stream
        self.name = name
        self.follow = follow
        self.closeOnDeinit = closeOnDeinit
        self.stopFlag = stop
        parser = CSVRecordParser(options: options)
        storage = TickBatchStorage(capacity: max(1, options.batchCapacity))
        capacity = max(256, options.bufferSize)
        maximumLineRun = max(capacity, options.maximumLineRun)
        buffer = .allocate(capacity: capacity + 1 + SWARDigits.padding)
        buffer.initialize(repeating: 0, count: capacity + 1 + SWARDigits.padding)
    }

    deinit {
        buffer.deallocate()
        if closeOnDeinit { close(fd) }
    }

    /// Counts so far. O(kinds).
    public var report: FeedReport {
        var report = parser.combinedReport
        report.lines = parser.lineNumber
        report.bytes = bytesRead
        report.truncationsFollowed = truncationsFollowed
        report.endedEarly = endedEarly
        report.replacementsFollowed = replacementsFollowed
        if parser.textFormat == .jsonArray { report.countsRecords = true }
        return report
    }

    /// Symbols seen so far.
    public var symbols: SymbolTable { parser.allSymbols }

    /// What the input holds (CSV, NDJSON, a JSON array, line protocol), once its first line
    /// has been read.
    public var textFormat: TickTextFormat? { parser.sawFirstLine ? parser.textFormat : nil }

    /// E.g. `CSV (',', header): time=Date, value=Close, size=Volume; times: epoch (unit by
    /// magnitude) or ISO-8601; other numeric columns: Open, High, Low`.
    /// Gzip input says so first (`gzip-compressed CSV (…)`).
    public var formatDescription: String {
        guard parser.sawFirstLine else { return "" }
        let compression = stream is GzipByteStream ? "gzip-compressed " : stream is UTF16ByteStream ? "UTF-16 " : ""
        switch parser.textFormat {
        case .csv: return compression + (parser.layout?.summary(delimiter: parser.delimiter) ?? "CSV")
        case .ndjson, .jsonArray, .jsonDocument:
            return compression + "\(parser.textFormat): \(parser.json?.layoutDescription ?? "")"
        case .lineProtocol: return compression + "InfluxDB line protocol: one series per measurement.field{tags}"
        }
    }

    /// Decimals of the value column as written (CSV), once the first lines are read, or the
    /// most a JSON response declares (``JSONTickDecoder/declaredDecimals``).
    public var valueDecimals: Int? {
        parser.textFormat == .csv ? parser.layout?.valueDecimals : parser.json?.declaredDecimals.values.max()
    }

    /// The decimals `name`'s values were written with in the first lines (CSV) or that a JSON
    /// response declares for them, else ``valueDecimals``.
    public func valueDecimals(ofSymbol name: String) -> Int? {
        guard parser.textFormat == .csv else { return parser.json?.declaredDecimals[name] ?? valueDecimals }
        guard let layout = parser.layout else { return nil }
        return layout.valueDecimalsBySymbol[name] ?? layout.valueDecimals
    }

    /// The value columns' header names with `--value a,b,c` (CSV only; see ``TickBatchReader/valueColumnNames``).
    public var valueColumnNames: [String] { parser.textFormat == .csv ? parser.layout?.valueColumnNames ?? [] : [] }

    /// See ``TickBatchReader/valuesAreMeasurements``: by the value column's or key's name.
    public var valuesAreMeasurements: Bool {
        switch parser.textFormat {
        case .lineProtocol: return true
        case .ndjson, .jsonArray, .jsonDocument:
            if parser.json?.responseHoldsMeasurements == true { return true }
            guard let layout = parser.json?.objectLayout, !layout.hasBars, case let .path(keys)? = layout.value else { return false }
            return !CSVColumnAliases.namesPrice(keys.last ?? "")
        case .csv:
            guard let layout = parser.layout, !layout.hasBars, let value = layout.value, value < layout.header.count else { return false }
            return !CSVColumnAliases.namesPrice(layout.header[value])
        }
    }

    /// The fields a JSON input is read by, once its first record has been seen.
    public var jsonLayout: String? { parser.json?.layoutDescription }

    /// The column layout, once the first line has been read.
    public var layout: CSVColumnLayout? { parser.layout }

    /// Whether the input has ended (every batch handed out).
    public var isAtEnd: Bool { finished }

    /// For a live peer: a header naming no usable column is counted as a
    /// ``BadLineKind/badHeader`` line (with every line after it) instead of thrown.
    public var countsBadHeaderAsBadLine: Bool {
        get { parser.badHeadersAreBadLines }
        set { parser.badHeadersAreBadLines = newValue }
    }

    /// For a non-blocking descriptor (`O_NONBLOCK`) served by a `poll(2)` loop: the next batch
    /// from the lines already buffered plus at most one `read`, or nil when that gave no tick
    /// (nothing to read yet, only bad lines, or the end: see ``isAtEnd``). One call never waits
    /// and reads at most one buffer, so one busy peer cannot starve the others.
    public func nextAvailableBatch() throws(FeedError) -> TickBatch? {
        waitsForInput = false
        readsLeft = 1
        starved = false
        defer { waitsForInput = true }
        return try nextBatch()
    }

    /// Forgets the symbol names this reader has seen (a live source maps them onto its own
    /// table, so a peer naming endless symbols costs this reader bounded memory). Ids restart.
    func forgetSymbols() { parser.forgetSymbols() }

    /// The next batch; see ``TickBatchReader/nextBatch()``. Throws at the end of an input that
    /// had no line at all (``FeedError/emptyInput(path:)``), on a missing column, or on the first
    /// bad line in strict mode.
    public func nextBatch() throws(FeedError) -> TickBatch? {
        var count = 0
        while true {
            if pos < completeEnd {
                parser.atEndOfInput = reachedEnd
                pos = try parser.parseLines(buffer, start: pos, end: completeEnd, into: storage, count: &count)
                if count == storage.capacity { return storage.batch(count: count) }
                // A JSON element runs on past the whole lines read so far: read more first.
                if pos < completeEnd && !reachedEnd {
                    if count > 0 { return storage.batch(count: count) }
                    try fill()
                }
                continue
            }
            if count > 0 { return storage.batch(count: count) }
            if finished {
                try parser.finishText()
                return nil
            }
            if starved { return nil }
            try fill()
        }
    }

    /// Makes room, reads once (or, at the end of a followed file, waits), and marks the whole
    /// lines now available.
    private func fill() throws(FeedError) {
        if pos > 0 {
            notePreviousLine(before: pos)
            let rest = filled - pos
            if rest > 0 { memmove(buffer, buffer + pos, rest) }
            filled = rest
            completeEnd = 0
            pos = 0
        }
        if reopenPending { reopenFollowedPath() }
        if reachedEnd {
            finished = true
            if !parser.sawFirstLine && !follow {
                // Cut off before its first line ended: say so, not "empty".
                if endedEarly, let stream { throw .corruptInput(path: name, reason: stream.failureDescription + " before its first line") }
                throw .emptyInput(path: name)
            }
            return
        }
        if filled == capacity {
            if let start = parser.beginLongDocument(buffer, count: filled) {
                // A first line longer than the buffer that opens a JSON object (a REST response
                // on one line, as curl saves it): read as a JSON document as it streams.
                pos = start
                completeEnd = filled
                return
            }
            // No newline in a full buffer: skip this line as it streams past.
            try parser.overlongLine(excerptFrom: buffer, count: filled)
            skippingOverlongLine = true
            skippedLineBytes = filled
            filled = 0
        }
        while true {
            if !waitsForInput {
                guard readsLeft > 0 else {
                    starved = true
                    return
                }
                readsLeft -= 1
            }
            if let stopFlag, memory == nil, stream == nil {
                if stopFlag.isStopped {
                    try endFollowing()
                    return
                }
                var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                if poll(&descriptor, 1, 0) == 0 {
                    whileWaiting?()
                    if poll(&descriptor, 1, 100) == 0 { continue }
                }
            }
            let n = readInput(into: buffer + filled, count: capacity - filled)
            if n < 0 {
                if let stream {
                    guard stream.endedEarly, !follow else { throw .corruptInput(path: name, reason: stream.failureDescription) }
                    // Cut off (a download stopped, a log compressed while written): everything
                    // before the cut is read, and the line the cut went through is counted as
                    // cut off, never charted (a price cut from 101.25 to 101.2 would parse).
                    endedEarly = true
                    reachedEnd = true
                    try endCutOff()
                    return
                }
                if errno == EAGAIN || errno == EWOULDBLOCK, !waitsForInput {
                    starved = true
                    return
                }
                if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
                throw .readFailed(path: name, errno: errno)
            }
            if n == 0 {
                if follow {
                    if stopFlag?.isStopped == true {
                        try endFollowing()
                        return
                    }
                    switch checkFollowedFile() {
                    case .unchanged:
                        whileWaiting?()
                        Self.sleep(nanoseconds: followPollInterval)
                        // Rewritten while idle: its first bytes differ from what was read.
                        if headChanged() { restartTruncatedFile() }
                    case .truncated:
                        restartTruncatedFile()
                    case .replaced:
                        // The old file has ended: its last line is judged as a finished file's.
                        try finishLastLine()
                        reopenPending = true
                        if completeEnd > 0 { return }
                        reopenFollowedPath()
                    }
                    continue
                }
                reachedEnd = true
                try finishLastLine()
                return
            }
            if follow, fileOffset < Self.headLength {
                head.append(contentsOf: UnsafeBufferPointer(start: buffer + filled, count: min(n, Self.headLength - fileOffset)))
            }
            bytesRead += n
            fileOffset += n
            let start = filled
            filled += n
            if skippingOverlongLine {
                guard let newline = memchr(buffer + start, Int32(ASCII.newline), n) else {
                    filled = 0
                    skippedLineBytes += n
                    if skippedLineBytes >= maximumLineRun {
                        finished = true
                        throw .noLineBreak(path: name, bytes: skippedLineBytes)
                    }
                    if stopFlag?.isStopped == true {
                        finished = true
                        return
                    }
                    continue
                }
                let after = newline.assumingMemoryBound(to: UInt8.self) + 1 - buffer
                let rest = filled - after
                if rest > 0 { memmove(buffer, buffer + after, rest) }
                filled = rest
                skippingOverlongLine = false
                skippedLineBytes = 0
                markParsable(from: 0)
                return
            }
            markParsable(from: start)
            return
        }
    }

    private func readInput(into destination: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        if let stream { return stream.read(into: destination, count: count) }
        guard let memory else { return Glibc.read(fd, destination, count) }
        let n = min(count, memory.count - memoryOffset)
        if n > 0 { memcpy(destination, memory.baseAddress! + memoryOffset, n) }
        memoryOffset += n
        return n
    }

    /// Moves ``completeEnd`` to the end of what the parser can take now: through the last
    /// newline in `[from, filled)` (whole lines), or every byte read while a JSON document is
    /// read (it needs no whole lines). Unchanged when no line ended there.
    private func markParsable(from: Int) {
        if parser.textFormat == .jsonDocument {
            completeEnd = filled
        } else if let last = lastNewline(from: from) {
            completeEnd = last + 1
        }
    }

    /// Index of the last `\n` in [from, filled), scanning backwards (it is usually near the end).
    private func lastNewline(from: Int) -> Int? {
        var i = filled - 1
        while i >= from {
            if buffer[i] == ASCII.newline { return i }
            i -= 1
        }
        return nil
    }

    /// The input has ended (or a followed file was replaced) with `buffer[0, filled)` as its
    /// last line, unterminated: supply the newline (the spare byte is for this) when the line
    /// looks whole, else count it as ``BadLineKind/truncatedLastLine``. A supplied line that
    /// then fails to parse is counted as truncated too (``CSVRecordParser/unterminatedLine``).
    private func finishLastLine() throws(FeedError) {
        if skippingOverlongLine {
            skippingOverlongLine = false
            filled = 0
            return
        }
        guard filled > 0 else { return }
        if parser.textFormat == .csv {
            if isCutShort(count: filled) {
                let count = filled
                filled = 0
                try parser.truncatedLastLine(excerptFrom: buffer, count: count)
                return
            }
            parser.unterminatedLine = parser.lineNumber + 1
        }
        buffer[filled] = ASCII.newline
        filled += 1
        completeEnd = filled
    }

    /// Follow mode is stopped: a partial last line still waiting for its newline is counted as
    /// truncated (it is not charted: its rest may never have been written), then the input ends.
    private func endFollowing() throws(FeedError) {
        finished = true
        guard follow, filled > 0, !skippingOverlongLine, parser.textFormat == .csv else { return }
        let count = filled
        filled = 0
        try parser.truncatedLastLine(excerptFrom: buffer, count: count)
    }

    /// The compressed input ended early: a CSV line still waiting for its newline is counted
    /// as cut off (``BadLineKind/truncatedLastLine``); other text formats judge it as a
    /// finished file's last line.
    private func endCutOff() throws(FeedError) {
        guard filled > 0, !skippingOverlongLine, parser.textFormat == .csv else { return try finishLastLine() }
        let count = filled
        filled = 0
        try parser.truncatedLastLine(excerptFrom: buffer, count: count)
    }

    private enum FollowedFileChange { case unchanged, truncated, replaced }

    /// Follow mode at the end of the file: whether it shrank below what was read, or its path
    /// now names another file (moved away and recreated). A missing path is told once and
    /// waited for. Two `stat` calls.
    private func checkFollowedFile() -> FollowedFileChange {
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) < fileOffset {
            return .truncated
        }
        guard let followedPath else { return .unchanged }
        var now = stat()
        guard stat(followedPath, &now) == 0 else {
            if !pathMissing {
                pathMissing = true
                onFollowEvent?(.missing)
            }
            return .unchanged
        }
        pathMissing = false
        if let id = fileIdentity, id.device == UInt64(now.st_dev), id.inode == UInt64(now.st_ino) { return .unchanged }
        return .replaced
    }

    /// Follow mode, idle at the end of the file: whether its first bytes are no longer the ones
    /// read (one `pread` of at most ``headLength`` bytes into the stack). False for input that
    /// is not a regular file.
    private func headChanged() -> Bool {
        guard !head.isEmpty, followedPath != nil else { return false }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.headLength) { now in
            let got = pread(fd, now.baseAddress, head.count, 0)
            guard got >= 0 else { return false }
            return got < head.count || !head.withUnsafeBufferPointer { memcmp($0.baseAddress!, now.baseAddress!, head.count) == 0 }
        }
    }

    /// Forgets the buffered bytes of the file just left: the next file (or the truncated one
    /// again) is a new document whose first line decides header or data afresh.
    private func beginNextFile() {
        head.removeAll(keepingCapacity: true)
        fileOffset = 0
        filled = 0
        pos = 0
        completeEnd = 0
        skippingOverlongLine = false
        skippedLineBytes = 0
        previousLine = nil
        parser.beginFile()
    }

    /// Follow mode: the file was truncated in place (`: > file`, copy-truncate rotation); start
    /// over from its beginning, dropping any partial line (its bytes are gone).
    private func restartTruncatedFile() {
        lseek(fd, 0, SEEK_SET)
        beginNextFile()
        truncationsFollowed += 1
        onFollowEvent?(.truncated)
    }

    /// Follow mode: the path names a new file; the old one has been read to its end. Opens the
    /// new one and reads it from its beginning. If it is gone again, the old descriptor stays
    /// and the next poll looks again.
    private func reopenFollowedPath() {
        reopenPending = false
        guard let followedPath else { return }
        let newFD = open(followedPath, O_RDONLY | O_CLOEXEC)
        guard newFD >= 0 else { return }
        if closeOnDeinit { close(fd) }
        fd = newFD
        fileIdentity = Self.identity(of: newFD)
        beginNextFile()
        replacementsFollowed += 1
        onFollowEvent?(.replaced)
    }

    /// Device and inode of an open descriptor.
    private static func identity(of fd: Int32) -> (device: UInt64, inode: UInt64)? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    /// What the truncated-last-line rule compares: a line's field count and the form of its
    /// last field.
    private struct LineShape {
        var fields: Int
        /// The last field holds a fraction or exponent mark (`.`, `e`/`E`, or `,` where `,` is
        /// not the delimiter).
        var lastFieldHasMark: Bool
        /// The last field's last byte (0 when empty).
        var lastByte: UInt8
        var isHeader = false
    }

    /// The shape of `[start, start + count)` (no newline): fields split at the delimiter outside
    /// quotes, a trailing `\r` not counted. O(count).
    private func shape(_ start: UnsafePointer<UInt8>, count: Int) -> LineShape? {
        var end = count
        if end > 0 && start[end - 1] == ASCII.carriageReturn { end -= 1 }
        guard end > 0 else { return nil }
        let delimiter = parser.delimiter
        var fields = 1
        var lastStart = 0
        var quoted = false
        for i in 0..<end {
            let b = start[i]
            if b == ASCII.quote {
                quoted.toggle()
            } else if b == delimiter && !quoted {
                fields += 1
                lastStart = i + 1
            }
        }
        var mark = false
        for i in lastStart..<end {
            let b = start[i]
            if b == ASCII.dot || b == ASCII.lowerE || b == 0x45 /* E */ || (b == ASCII.comma && delimiter != ASCII.comma) { mark = true }
        }
        return LineShape(fields: fields, lastFieldHasMark: mark, lastByte: lastStart < end ? start[end - 1] : 0)
    }

    /// Remembers the shape of the last non-blank line in `[0, end)`, which the parser has just
    /// consumed (`end - 1` is its newline). O(line) once per read, not per line.
    private func notePreviousLine(before end: Int) {
        guard let layout = parser.layout else { return }
        var e = end
        while e > 0 && (buffer[e - 1] == ASCII.newline || buffer[e - 1] == ASCII.carriageReturn) { e -= 1 }
        guard e > 0 else { return }
        var s = e
        while s > 0 && buffer[s - 1] != ASCII.newline { s -= 1 }
        guard var line = shape(buffer + s, count: e - s) else { return }
        // The header is the only non-blank line consumed so far: its names say nothing about
        // the form of a value, only how many fields a line has.
        line.isHeader = !layout.header.isEmpty && parser.lineNumber - parser.report.blankLines == 1
        previousLine = line
    }

    /// Whether the unterminated last line `[0, count)` of a finished input was cut off
    /// mid-write rather than written whole without its newline (many exports omit it). Only
    /// the bytes can tell, so the rule looks for the marks a cut leaves: fewer fields than the
    /// line before it (or the header); or, after a data line whose last field ended in a digit
    /// or `Z` (a number or a time), a last field that ends just after a separator (`101.`,
    /// `1e`, `1e-`, `09:30:`, `2024-03-01T`), that lost the fraction or exponent mark the line
    /// before had (`1` of `101.25`, `09:30:07` of `09:30:07.123Z`), or that lost a closing `Z`.
    /// A shorter number of the same form (`9.5` after `10.25`) is whole. A line that passes and
    /// then does not parse is counted as truncated as well. O(line).
    private func isCutShort(count: Int) -> Bool {
        guard let previousLine, let last = shape(buffer, count: count) else { return false }
        if last.fields < previousLine.fields { return true }
        guard !previousLine.isHeader, last.fields == previousLine.fields else { return false }
        let before = previousLine.lastByte
        guard ASCII.digit(before) <= 9 || before == ASCII.upperZ else { return false }
        switch last.lastByte {
        case ASCII.dot, ASCII.lowerE, 0x45 /* E */, ASCII.plus, ASCII.minus, ASCII.colon, ASCII.upperT: return true
        case ASCII.comma where parser.delimiter != ASCII.comma: return true
        default: break
        }
        if previousLine.lastFieldHasMark && !last.lastFieldHasMark { return true }
        return before == ASCII.upperZ && last.lastByte != ASCII.upperZ
    }

    static func sleep(nanoseconds: Int64) {
        var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}

extension CSVTickReader {
    /// Parses CSV ticks held in memory (tests, fuzzing) into `sink`, with the same rules and the
    /// same bounded buffer as a file (so long lines are skipped the same way). O(bytes).
    public static func parse<S: TickSink>(
        bytes: UnsafeRawBufferPointer, options: FeedOptions = FeedOptions(), into sink: inout S
    ) throws(FeedError) -> (report: FeedReport, symbols: SymbolTable) {
        let reader = CSVTickReader(memory: bytes, options: options)
        try reader.read(into: &sink)
        return (reader.report, reader.symbols)
    }

    /// ``parse(bytes:options:into:)`` over an array or string's bytes.
    public static func parse<S: TickSink, Bytes: Collection<UInt8>>(
        _ bytes: Bytes, options: FeedOptions = FeedOptions(), into sink: inout S
    ) throws(FeedError) -> (report: FeedReport, symbols: SymbolTable) {
        let array = Array(bytes)
        var result: Result<(report: FeedReport, symbols: SymbolTable), FeedError>!
        array.withUnsafeBytes { raw in
            do throws(FeedError) {
                result = .success(try parse(bytes: raw, options: options, into: &sink))
            } catch {
                result = .failure(error)
            }
        }
        return try result.get()
    }
}
