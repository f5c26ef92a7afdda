import LiveTickerFeed

#if canImport(Glibc)
import Glibc
#endif

/// A buffered writer to a file descriptor (standard output) that needs no Foundation and
/// allocates its buffer once.
///
/// Commands that print one line per data row (`downsample`) write through this so that a
/// million rows cost a few thousand `write(2)` calls, not a million. Every write is checked,
/// and the CLI owns the process, so a failure ends it at once, as `cat` would: a closed pipe
/// (`| head -1`) quietly (``StandardOutput/exitOnBrokenPipe()``), anything else (a full disk,
/// `/dev/full`) with a message on standard error and exit status 1. Not thread-safe.
public struct StandardOutput: ~Copyable {
    private let descriptor: Int32
    private var buffer: [UInt8]
    private let capacity: Int

    /// A writer for `descriptor` with a `capacity`-byte buffer (allocated once).
    public init(descriptor: Int32, capacity: Int = 1 << 16) {
        self.descriptor = descriptor
        self.capacity = capacity
        self.buffer = []
        self.buffer.reserveCapacity(capacity)
    }

    /// Appends `text`; flushes first when the buffer would overflow. O(text.utf8.count).
    public mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: $0) }
    }

    /// Appends raw bytes; flushes first when the buffer would overflow.
    public mutating func write(bytes: UnsafeBufferPointer<UInt8>) {
        if buffer.count + bytes.count > capacity { flush() }
        if bytes.count >= capacity {
            Self.writeAll(descriptor, UnsafeRawBufferPointer(bytes))
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// Writes everything buffered to the descriptor (retrying on partial writes and EINTR).
    public mutating func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { Self.writeAll(descriptor, $0) }
        buffer.removeAll(keepingCapacity: true)
    }

    deinit {
        if !buffer.isEmpty { buffer.withUnsafeBytes { Self.writeAll(descriptor, $0) } }
    }

    /// Writes all of `bytes` to `descriptor`, retrying short writes and `EINTR`; a failure
    /// ends the process (``failed(_:)``).
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) {
        guard var next = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = Glibc.write(descriptor, next, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                failed(errno)
            }
            next += written
            remaining -= written
        }
    }

    /// Ends the process after a write to standard output failed with `code`: quietly on a
    /// closed pipe, else with a message and status 1.
    public static func failed(_ code: Int32) -> Never {
        if code == EPIPE { exitOnBrokenPipe() }
        printError("liveticker: cannot write standard output: \(String(cString: strerror(code)))")
        _exit(1)
    }

    /// Ends the process the way `cat` ends when its reader has gone (`| head -1`): silently,
    /// killed by SIGPIPE (status 141 in a shell), with its default action restored first
    /// because the program ignores the signal so that sockets and pipes report EPIPE instead.
    public static func exitOnBrokenPipe() -> Never {
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        _exit(128 + SIGPIPE)
    }
}

/// Writes `text` and `terminator` to standard output at once, checked (see ``StandardOutput``:
/// a failed write ends the process). Flushes `print`'s buffer first so both keep their order.
public func printOutput(_ text: String, terminator: String = "\n") {
    if fflush(nil) != 0 { StandardOutput.failed(errno) }
    var line = text + terminator
    line.withUTF8 { StandardOutput.writeAll(1, UnsafeRawBufferPointer($0)) }
}

/// Writes `message` and a newline to standard error, unbuffered. For diagnostics only.
/// Control characters but newlines are escaped (the last line of defence: messages carry names
/// and lines from files and peers) and a message is cut after 16 KiB.
public func printError(_ message: String) {
    var line = MessageText.escaped(message, keepingNewlines: true)
    if line.utf8.count > 16 << 10 { line = String(line.prefix(16 << 10)) + " …(cut)" }
    line += "\n"
    line.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(2, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 { if errno == EINTR { continue } else { return } }
            offset += written
        }
    }
}
